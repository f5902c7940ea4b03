package ardennes44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// finishCombatForTest plays the combat under way to its end: every die a
// 1, every decision the first offered.
func finishCombatForTest(t *testing.T, g *Game) {
	t.Helper()
	for k := 0; g.s.Combat != nil; k++ {
		if k > 40 {
			t.Fatalf("the combat does not end: %s", g.Pending().Prompt)
		}
		p := g.Pending()
		if p.Dice != nil {
			vals := make([]int, len(p.Dice.Sides))
			for j := range vals {
				vals[j] = 1
			}
			roll(t, g, vals...)
			continue
		}
		apply(t, g, Side(p.Seats[0]), g.Legal(p.Seats[0])[0].Command)
	}
}

// 36 (L1803: the Greif Commando "Zapewnia od karę +2 DRM dla próby
// Wysadzenia tego Mostu. Jest on usuwany po tym jak został użyty."): the
// +2 serves one attempt, the one the Allies make against a German attack
// across the bridge in the German Combat Phase (7.4) too; after it the
// marker is gone and a later attempt there has only 7.5's +1.
// ardennes44/4 took it off only after an attempt in a Bridge Phase, so
// every attempt against an attack kept the +2.
func TestGreif_UsedUpByAnAttemptAgainstAnAttack_36(t *testing.T) {
	sd := sideKey("0606", "0607")
	for _, tc := range []struct {
		version string
		want    string
		drm     int
	}{{"", greifUsed, 1}, {"ardennes44/4", sd, 3}} {
		g := nightBridge(tc.version).game(t, 3, PhaseCombat, German, OptGreif)
		g.s.Greif = sd
		g.enterForTest()
		if drm := g.demolitionDRM(Allied, sd, true); drm != 3 {
			t.Fatalf("%q: demolition DRM %+d with the Greif Commando, want +3 (7.5, 36)", tc.version, drm)
		}
		apply(t, g, German, "attack 0606 from 0607 with 12/27")
		decide(t, g, string(CmdDemolish))
		roll(t, g, 6) // 6+3: it stands (7.2)
		finishCombatForTest(t, g)
		if g.bridgeOut(sd) {
			t.Fatalf("%q: %s blown by 6+3", tc.version, sd)
		}
		if g.s.Greif != tc.want {
			t.Errorf("%q: the Greif Commando %q after the Allied attempt against the attack, want %q", tc.version, g.s.Greif, tc.want)
		}
		if drm := g.demolitionDRM(Allied, sd, true); drm != tc.drm {
			t.Errorf("%q: the next attempt at %s has %+d, want %+d", tc.version, sd, drm, tc.drm)
		}
	}
}

// 36, 7.4: an attempt against an advance across the bridge uses the
// Greif Commando up as well.
func TestGreif_UsedUpByAnAttemptAgainstAnAdvance_36(t *testing.T) {
	g, a, b := advanceBridge(t, "")
	sd := sideKey(a, b)
	g.s.Greif = sd
	decide(t, g, "advance 12/27 "+b)
	decide(t, g, string(CmdDemolish))
	roll(t, g, 6) // 6+3: it stands
	finishCombatForTest(t, g)
	if g.s.Greif != greifUsed {
		t.Errorf("the Greif Commando %q after the attempt against the advance, want it used (36)", g.s.Greif)
	}
}

// 36 (L1803: "Raz na grę, w każdym momencie przed Turą 7 (19 AM), gracz
// Niemiecki może umieścić znacznik Grief Commando na jednym z heksydów z
// mostem"), 7.3 (L330): an Allied demolition declared in the Allied Bridge
// Phase waits for the German player, to whom Legal offers the Greif on
// that bridge or a pass; with it the Allies' 3 is a 5 and the bridge
// stands, the Greif used; with the pass a 3 blows it. Under ardennes44/5
// the Allies rolled at once, and the German could not place it.
func TestGreif_PlacedAsTheAlliesTryToBlowABridge_36(t *testing.T) {
	sd := sideKey("0606", "0607")
	bridgePhase := func(version string) *Game {
		g := nightBridge(version).game(t, 3, PhaseBridge, Allied, OptGreif)
		g.enterForTest()
		apply(t, g, Allied, "blow "+sd)
		return g
	}
	for _, tc := range []struct {
		answer string
		greif  string
		blown  bool
	}{{"greif " + sd, greifUsed, false}, {"no-greif", "", true}} {
		g := bridgePhase("")
		if p := g.Pending(); p.Dice != nil || !slices.Equal(p.Seats, []rules.Seat{rules.Seat(German)}) {
			t.Fatalf("after the Allied 'blow %s': pending %+v, want the German player's answer (36)", sd, p)
		}
		var offered []string
		for _, c := range g.Legal(rules.Seat(German)) {
			offered = append(offered, c.Command)
		}
		if !slices.Equal(offered, []string{"greif " + sd, "no-greif"}) {
			t.Errorf("Legal offers the German player %v, want the Greif on %s and a pass (36)", offered, sd)
		}
		if len(g.Legal(rules.Seat(Allied))) > 0 {
			t.Errorf("Legal offers the Allies %v while the German answer is awaited", g.Legal(rules.Seat(Allied)))
		}
		apply(t, g, German, tc.answer)
		if p := g.Pending(); p.Dice == nil || p.Seats[0] != rules.Seat(Allied) {
			t.Fatalf("%s: pending %+v, want the Allied die (7.3)", tc.answer, p)
		}
		roll(t, g, 3)
		if g.bridgeOut(sd) != tc.blown || g.s.Greif != tc.greif {
			t.Errorf("%s, a 3: bridge blown %v, Greif %q; want blown %v, Greif %q (36: +2, used up)", tc.answer, g.bridgeOut(sd), g.s.Greif, tc.blown, tc.greif)
		}
	}

	old := bridgePhase("ardennes44/5")
	if p := old.Pending(); p.Dice == nil || p.Seats[0] != rules.Seat(Allied) {
		t.Fatalf("ardennes44/5: pending %+v, want the Allied die at once as it played", p)
	}
	roll(t, old, 3)
	if !old.bridgeOut(sd) {
		t.Errorf("ardennes44/5: %s stands after a 3, want it blown as it played", sd)
	}
}

// 36 (L1803), digest 6.3's standing orders: the German player may answer
// the Allied Bridge Phase demolitions ahead, 'order greif always' putting
// the unused Greif Commando on the bridge tried (+2: the Allies' 3 is a 5,
// the bridge stands) and 'order greif never' letting the die roll (a 3
// blows it), so that a game by mail spends no exchange on the question.
// Legal offers the orders to the German player in his Combat Phase; the
// Allies cannot give them.
func TestGreif_StandingOrderAnswersTheAlliedDemolition_36(t *testing.T) {
	sd := sideKey("0606", "0607")
	for _, tc := range []struct {
		order string
		greif string
		blown bool
	}{{"order greif always", greifUsed, false}, {"order greif never", "", true}} {
		ordered := nightBridge("").game(t, 3, PhaseCombat, German, OptGreif)
		if !slices.ContainsFunc(ordered.Legal(rules.Seat(German)), func(c rules.Choice) bool { return c.Command == tc.order }) {
			t.Errorf("German Combat Phase: Legal does not offer %q (36)", tc.order)
		}
		apply(t, ordered, German, tc.order)

		g := nightBridge("").game(t, 3, PhaseBridge, Allied, OptGreif)
		g.s.Orders = ordered.s.Orders // the standing order stays in force into the Allied turn
		g.enterForTest()
		apply(t, g, Allied, "blow "+sd)
		if p := g.Pending(); p.Dice == nil || p.Seats[0] != rules.Seat(Allied) {
			t.Fatalf("%s: pending %+v, want the Allied die at once (7.3)", tc.order, p)
		}
		roll(t, g, 3)
		if g.bridgeOut(sd) != tc.blown || g.s.Greif != tc.greif {
			t.Errorf("%s, a 3: bridge blown %v, Greif %q; want blown %v, Greif %q (36)", tc.order, g.bridgeOut(sd), g.s.Greif, tc.blown, tc.greif)
		}
	}

	allied := nightBridge("").game(t, 3, PhaseCombat, Allied, OptGreif)
	_, err := allied.Apply(rules.Seat(Allied), "order greif never")
	refused(t, err, "36")
}
