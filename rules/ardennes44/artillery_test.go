package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// 22.1 (L1223): artillery does not move and fire in one turn, save the
// 22.2 shift of firing position (L1227), which is the Nebelwerfers' and
// the Allies' only. From ardennes44/4 a German corps artillery unit that
// moved 1 hex by its printed MA (AMB-27) supports no attack of that turn,
// nor the defence in the Allied player turn after, while a Werfer that
// shifted does; in the Night after, a turn of its own (25.1), it may fire
// again. Under ardennes44/3 the corps artillery shifted and fired.
func TestArtillery_GermanGunMovesOrFires_22_1(t *testing.T) {
	gun, werfer := nb(around(3), 3), nb(around(4), 4)
	for _, tc := range []struct {
		version string
		fires   bool
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{setup: []string{"28/109 " + target, "12/27 " + around(0), "6pza/art-iss " + gun, "6pza/werfer-9 " + werfer}, version: tc.version}
		g := f.game(t, 3, PhaseMovement, German)
		g.enterForTest()
		apply(t, g, German, "move 6pza/art-iss "+gun+" "+nb(gun, 3))
		apply(t, g, German, "move 6pza/werfer-9 "+werfer+" "+nb(werfer, 4))
		g.s.Phase = PhaseCombat
		g.enterForTest()
		attack := "attack " + target + " from " + around(0) + " with 12/27 art "
		_, err := g.Clone().Apply(rules.Seat(German), attack+"6pza/art-iss")
		if tc.fires {
			if err != nil {
				t.Errorf("%q: 6pza/art-iss refused after its shift: %v; want it to fire as before", tc.version, err)
			}
			continue
		}
		refused(t, err, "22.6")
		if !strings.Contains(err.Error(), "22.1") {
			t.Errorf("%q: refused for %v; want 22.1's moving and firing", tc.version, err)
		}
		if _, err := g.Clone().Apply(rules.Seat(German), attack+"6pza/werfer-9"); err != nil {
			t.Errorf("%q: 6pza/werfer-9 shifted its firing position (22.2) and may fire: %v", tc.version, err)
		}
		i, at := g.index["6pza/art-iss"], mustHex(target)
		g.s.Side = Allied // the Allied player turn of the same turn
		if why := g.artilleryMay(i, at, []int{g.index["12/27"]}, true); why == "" {
			t.Errorf("%q: 6pza/art-iss moved in the German player turn and gives defensive support in the Allied one (22.1)", tc.version)
		}
		g.s.Phase = PhaseNightCombat // the Night: a turn of its own (25.1)
		if why := g.artilleryMay(i, at, []int{g.index["12/27"]}, true); why != "" {
			t.Errorf("%q: in the Allied Night Combat Phase 6pza/art-iss may not support: %s; its move was the PM turn's", tc.version, why)
		}
	}
}

// AMB-27 (22.1, 22.2): from ardennes44/4 a German corps artillery unit moves
// its 1 hex by the movement rules on its printed MA 1: into a forest hex (4
// MP) only by Tactical Movement (AMB-12), never 2 hexes without a Prime
// Mover. Under ardennes44/3 it shifted into the forest, whatever the cost.
func TestArtillery_GermanGunMovesOnItsMA_22_1(t *testing.T) {
	gun := "0505"
	forest := nb(gun, hex.Direction(0))
	for _, tc := range []struct {
		version string
		plain   bool // 'move' into the forest, no flag, is accepted
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{terrain: map[string]Terrain{forest: Forest}, setup: []string{"6pza/art-iss " + gun, "28/109 1010"}, version: tc.version}
		g := f.game(t, 3, PhaseMovement, German)
		g.enterForTest()
		_, err := g.Clone().Apply(rules.Seat(German), "move 6pza/art-iss "+gun+" "+forest)
		if tc.plain {
			if err != nil {
				t.Errorf("%q: %v; want the shift into the forest as before", tc.version, err)
			}
			continue
		}
		refused(t, err, "11.1")
		if len(offered(g, "move 6pza/art-iss "+gun+" "+forest+" tactical")) == 0 {
			t.Errorf("%q: the Tactical Movement into %s is not offered (AMB-12)", tc.version, forest)
		}
		apply(t, g.Clone().(*Game), German, "move 6pza/art-iss "+gun+" "+forest+" tactical")
		_, err = g.Apply(rules.Seat(German), "move 6pza/art-iss "+gun+" "+nb(gun, 3)+" "+nb(nb(gun, 3), 3))
		refused(t, err, "22.1")
	}
}

// 25.3.1 (L1490): Night movement is the normal movement rules but for the
// three stacks; 22.3 (L1234) lets German artillery move 5 MP on a Prime
// Mover. From ardennes44/4 a German artillery unit under a Night marker
// takes one at night, offered and accepted; one without a Night marker does
// not move at night. Under ardennes44/3 no Prime Mover moved at night.
func TestArtillery_PrimeMoverAtNight_25_3_1(t *testing.T) {
	gun := "0303"
	far := nb(nb(gun, 0), 0)
	move := "move 6pza/art-iss " + gun + " " + nb(gun, 0) + " " + far + " mover"
	for _, tc := range []struct {
		version string
		night   bool // under a Night marker
		moves   bool
	}{{"", true, true}, {"", false, false}, {"ardennes44/3", true, false}} {
		f := fixture{setup: []string{"6pza/art-iss " + gun, "28/109 1010"}, version: tc.version}
		g := f.game(t, 2, PhaseNightMove, German)
		st(g, "6pza/art-iss").Night = tc.night
		g.enterForTest()
		offers := slices.ContainsFunc(offered(g, "move 6pza/art-iss "), func(c string) bool {
			return strings.HasSuffix(c, " "+far+" mover")
		})
		_, err := g.Apply(rules.Seat(German), move)
		if offers != tc.moves || (err == nil) != tc.moves {
			t.Errorf("%q, Night marker %v: a Prime Mover to %s offered %v, refused %v; want it to move %v (25.3.1, 22.3)", tc.version, tc.night, far, offers, err, tc.moves)
		}
		if tc.moves && (at(g, "6pza/art-iss") != far || !st(g, "6pza/art-iss").Mover) {
			t.Errorf("%q: 6pza/art-iss in %s, Prime Mover %v; want in %s under its marker", tc.version, at(g, "6pza/art-iss"), st(g, "6pza/art-iss").Mover, far)
		}
	}
}

// 22.1 (L1223: Allied artillery "która rusza się więcej niż jeden heks ...
// musi zostać obrócona na Stronę Zużytej", and on its Fired side moves "jak
// jedn. Zmechanizowane"), 22.2: Ready Allied artillery shifts 1 hex and
// stays Ready, or goes further on its Fired side's MA and turns Fired.
// Legal offers both, the longer moves noted, and Apply takes them; it used
// to offer the shifts alone. From ardennes44/7 the longer move may be
// Tactical Movement (11.3), as on a Prime Mover (22.3, L1231): 2 hexes of
// light woods, 8 MP for a mechanized unit, more than v/187's Fired MA of
// 4; ardennes44/6 took the flag and priced the move by the MA all the same.
func TestArtillery_AlliedMovesFurtherOnItsFiredSide_22_1(t *testing.T) {
	const gun = "0404"
	shift, mid := nb(gun, 0), nb(gun, 3)
	far := nb(mid, 3)
	woods := fixture{terrain: map[string]Terrain{mid: LightWoods, far: LightWoods}, setup: []string{"v/187 " + gun}}
	g := fixture{setup: []string{"v/187 " + gun}}.game(t, 3, PhaseMovement, Allied)
	if c, ok := listed(g, "move v/187 "+gun+" "+shift); !ok || strings.Contains(c.Note, "Fired") {
		t.Errorf("the shift to %s: %v %+v, want it offered, staying Ready (22.2)", shift, ok, c)
	}
	long := "move v/187 " + gun + " " + mid + " " + far
	if c, ok := listed(g, long); !ok || !strings.Contains(c.Note, "Fired (22.1)") {
		t.Errorf("%q: %v %+v, want it offered, noted Fired (22.1)", long, ok, c)
	}
	apply(t, g, Allied, long)
	if st(g, "v/187").Face != 1 || at(g, "v/187") != far {
		t.Errorf("v/187 in %s on face %d after %q, want %s on its Fired side", at(g, "v/187"), st(g, "v/187").Face, long, far)
	}

	g = woods.game(t, 3, PhaseMovement, Allied)
	_, err := g.Clone().Apply(rules.Seat(Allied), long)
	refused(t, err, "11.1")
	ev := apply(t, g, Allied, long+" tactical")
	if !st(g, "v/187").Tactical || st(g, "v/187").Face != 1 || !strings.Contains(ev[0].Text, "Tactical Movement") {
		t.Errorf("%q: %v, tactical %v, face %d; want Tactical Movement, Fired", long+" tactical", ev, st(g, "v/187").Tactical, st(g, "v/187").Face)
	}
	woods.version = "ardennes44/6"
	old := woods.game(t, 3, PhaseMovement, Allied)
	_, err = old.Apply(rules.Seat(Allied), long+" tactical")
	refused(t, err, "11.1")
}

// listed is the choice of command that Legal lists for the seat it waits
// for, if any.
func listed(g *Game, command string) (rules.Choice, bool) {
	for _, c := range g.Legal(g.Pending().Seats[0]) {
		if c.Command == command {
			return c, true
		}
	}
	return rules.Choice{}, false
}

// 22.3 (L1234: on a Prime Mover German artillery "może używać Ruchu
// Taktycznego tylko z 5 Punktami Ruchu", OCR-13): from ardennes44/7 a gun
// on a Prime Mover may use Tactical Movement, 2 hexes whatever they cost:
// two hexes of light woods, 8 MP for a mechanized unit, more than the
// Prime Mover's 5. It takes the Prime Mover, Legal offers the move, and
// ardennes44/6 refused the two flags together.
func TestArtillery_TacticalOnAPrimeMover_22_3(t *testing.T) {
	const gun = "0505"
	mid := nb(gun, 3)
	far := nb(mid, 3)
	f := fixture{terrain: map[string]Terrain{mid: LightWoods, far: LightWoods}, setup: []string{"6pza/art-iss " + gun, "28/109 1010"}}
	g := f.game(t, 3, PhaseMovement, German)
	g.enterForTest()
	move := "move 6pza/art-iss " + gun + " " + mid + " " + far
	_, err := g.Clone().Apply(rules.Seat(German), move+" mover")
	refused(t, err, "11.1")
	if _, ok := listed(g, move+" tactical mover"); !ok {
		t.Errorf("%q is not offered", move+" tactical mover")
	}
	ev := apply(t, g, German, move+" tactical mover")
	if us := st(g, "6pza/art-iss"); !us.Mover || !us.Tactical || at(g, "6pza/art-iss") != far || !strings.Contains(ev[0].Text, "Tactical Movement on a Prime Mover") {
		t.Errorf("%v: in %s, Prime Mover %v, tactical %v; want %s by Tactical Movement on a Prime Mover", ev, at(g, "6pza/art-iss"), us.Mover, us.Tactical, far)
	}

	f.version = "ardennes44/6"
	old := f.game(t, 3, PhaseMovement, German)
	old.enterForTest()
	_, err = old.Apply(rules.Seat(German), move+" tactical mover")
	refused(t, err, "11.1")
}
