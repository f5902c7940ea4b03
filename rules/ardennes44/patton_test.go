package ardennes44

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Patton's Counterattack (S4): its special rules S4.3 A-G hold at the
// start, its random games end and replay, and its draw (S4.4) is decided.
// The set-up is a stand-in of our own (patton.scn's provenance): the tests
// check the rules, and of the set-up only what S4.3 asks of it.

// pattonAt plays the set-up phases through ('end' for the German set-up and
// the prelude's markers, the prelude's removal rolls) and returns the game
// at the first German Artillery Supply Phase.
func pattonAt(t *testing.T) *Game {
	t.Helper()
	g := newGame(t, "patton")
	apply(t, g, German, "end")
	apply(t, g, Allied, "end")
	for g.s.Phase == PhasePrelude {
		roll(t, g, 6, 6)
	}
	return g
}

// S4.1: ten turns, 22 AM (T13) to 26 PM (T22), the game ending after the
// Allied T22 (AMB-40); S4.2: the German player sets up first.
func TestPatton_S41Turns(t *testing.T) {
	g := newGame(t, "patton")
	if g.sc.FirstTurn != 13 || g.sc.LastTurn != 22 {
		t.Fatalf("turns %d-%d, want 13-22 (S4.1)", g.sc.FirstTurn, g.sc.LastTurn)
	}
	if g.s.Turn != 13 || g.s.Phase != PhaseSetup || g.s.Side != German {
		t.Fatalf("the game opens at turn %d, %s %s; want turn 13, the German set-up (S4.2)", g.s.Turn, g.s.Side, g.s.Phase)
	}
	if got := g.Pending().Phase; !strings.Contains(got, "22 AM") {
		t.Fatalf("the first turn is %q, want 22 AM (S4.1)", got)
	}
}

// S4.2: the German units stand where the scenario sets them up; the
// campaign's free placement in the Division Start Positions (S1.3) is not
// S4's, so 'place' is refused and offered to no one.
func TestPatton_S42FixedSetUp(t *testing.T) {
	g := newGame(t, "patton")
	// 352/916 stands north of Ettelbruck; 1308 is in the 352 VG's S1.3 start position.
	rulestest.Refused(t, g, rules.Seat(German), "place 352/916 1308", "S4.2")
	for _, c := range g.Legal(rules.Seat(German)) {
		if strings.HasPrefix(c.Command, "place ") {
			t.Fatalf("S4's set-up offers %q", c.Command)
		}
	}
	// The prompt says so, rather than the campaign's free set-up.
	if p := g.Pending().Prompt; !strings.Contains(p, "S4.2") || strings.Contains(p, "place") {
		t.Errorf("S4's set-up prompt: %q", p)
	}
}

// S4.3 A: both maps: the set-up has units on the East sheet and on the
// West sheet (columns 41-66 of the stand-in map, zone west-map).
func TestPatton_S43A_BothMaps(t *testing.T) {
	g := newGame(t, "patton")
	east, west := 0, 0
	for i := range g.s.Units {
		a, ok := g.onMap(i)
		if !ok {
			continue
		}
		if g.b.zone(ZoneWestMap, a) {
			west++
		} else {
			east++
		}
	}
	if east == 0 || west == 0 {
		t.Fatalf("%d units set up on the East sheet and %d on the West; S4.3 A uses both", east, west)
	}
}

// S4.3 B: after the set-up the Allied player places six Traffic markers
// anywhere, a seventh is refused, and two removal rolls follow (24.3.2).
func TestPatton_S43B_PreludeTraffic(t *testing.T) {
	g := newGame(t, "patton")
	apply(t, g, German, "end")
	if g.s.Phase != PhasePrelude || g.s.Side != Allied {
		t.Fatalf("after the German set-up: %s %s, want the Allied prelude (S4.3 B)", g.s.Side, g.s.Phase)
	}
	// Anywhere: on a German-held hex and next to another marker, which
	// 24.4 forbids in a Traffic Phase.
	hexes := []string{"3030", "3129", "2026", "3413", "3414", "6025", "6233"}
	for _, h := range hexes[:6] {
		apply(t, g, Allied, "traffic "+h)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "traffic "+hexes[6], "24.4")
	apply(t, g, Allied, "end")
	rolls := 0
	for g.s.Phase == PhasePrelude {
		if d := g.Pending().Dice; d == nil || len(d.Sides) != 2 {
			t.Fatalf("the prelude waits for %+v, want two dice (24.3.2)", d)
		}
		roll(t, g, 1, 2) // takes off #1 then #2, then #3 and #4
		rolls++
		if rolls > 2 {
			break
		}
	}
	if rolls != 2 {
		t.Fatalf("%d removal rolls, want 2 (S4.3 B)", rolls)
	}
	if n := g.markersOn(Allied); n != 4 {
		t.Fatalf("%d markers left after two rolls of 1-2, want 4", n)
	}
}

// S4.3 C: every German artillery unit starts Fired (the Allied ones Ready),
// and the German player flips three in his first Artillery Phase (5.2).
func TestPatton_S43C_GermanArtilleryFired(t *testing.T) {
	g := newGame(t, "patton")
	var german []string
	for i, u := range g.sc.Units {
		if !u.Arty() || !inPlay(g.s.Units[i].At) {
			continue
		}
		fired := g.s.Units[i].Face == 1
		if u.Side == German {
			german = append(german, u.ID)
			if !fired {
				t.Errorf("%s starts Ready; S4.3 C: all German artillery starts Fired", u.ID)
			}
		} else if fired {
			t.Errorf("Allied %s starts Fired; S4.3 C fires only the German artillery", u.ID)
		}
	}
	if len(german) < 4 {
		t.Fatalf("%d German artillery units set up; the test needs four", len(german))
	}
	g = pattonAt(t)
	if g.s.Phase != PhaseArtillery || g.s.Side != German {
		t.Fatalf("at %s %s, want the German Artillery Supply Phase", g.s.Side, g.s.Phase)
	}
	for _, id := range german[:3] {
		apply(t, g, German, "ready "+id)
	}
	rulestest.Refused(t, g, rules.Seat(German), "ready "+german[3], "5.2")
}

// S4.3 D: the German player rolls both Fuel Shortage columns at the start:
// the first Fuel Shortage Phase asks two dice (6.1, turn 13 being past
// turn 7).
func TestPatton_S43D_BothFuelTables(t *testing.T) {
	g := pattonAt(t)
	apply(t, g, German, "end")
	if g.s.Phase != PhaseFuel || g.s.Side != German {
		t.Fatalf("after the Artillery Phase: %s %s, want the German Fuel Shortage Phase", g.s.Side, g.s.Phase)
	}
	d := g.Pending().Dice
	if d == nil || len(d.Sides) != 2 || !strings.Contains(d.For, "columns 1 and 2") {
		t.Fatalf("the Fuel Shortage Phase waits for %+v, want both columns (S4.3 D, 6.1)", d)
	}
}

// S4.3 E: the La Roche, Ortho and both Trois-Ponts bridges start blown, and
// no other (the campaign's #1-4 of S1.4 are not S4's).
func TestPatton_S43E_BlownBridges(t *testing.T) {
	g := newGame(t, "patton")
	var blown []string
	for _, b := range g.s.Bridges {
		if !b.Working {
			blown = append(blown, b.Side)
		}
	}
	want := []string{"2928/3029", "2929/3029", "3618/3718", "3821/3921"} // Trois-Ponts x2, Ortho, La Roche
	if !slices.Equal(blown, want) {
		t.Fatalf("blown at the start: %v, want %v (S4.3 E)", blown, want)
	}
	for _, s := range want {
		if g.b.named[s].Name == "" {
			t.Errorf("%s is no bridge the map names", s)
		}
	}
}

// S4.3 F: the only units out of supply at the start are the three KG Peiper
// units, with 3 Surrender Points, and every Allied unit in the Bastogne
// pocket, with 1 (AMB-57); the stand-in set-up cuts both off, so no supply
// path (23.3) leads from them, and one leads from every other unit but one:
// on the stand-in map the roads south-west of Bastogne reach the German
// network only through Bastogne itself, so the ring's unit in 3613 (26/78)
// has none and falls out of supply at its first Supply Phase (patton.scn
// says so beside it).
func TestPatton_S43F_IsolatedGroups(t *testing.T) {
	noRoad := map[string]bool{"26/78": true}
	g := newGame(t, "patton")
	peiper := []string{"1ss/kgp-pz", "1ss/kgp-tiger", "1ss/kgp-2pg"}
	bastogne := []string{"101/501", "101/502", "101/506", "101/327", "10arm/ccb", "158eng"}
	want := map[string]int{}
	for _, id := range peiper {
		want[id] = 3
	}
	for _, id := range bastogne {
		want[id] = 1
	}
	for _, grp := range g.s.Groups {
		for _, id := range grp.Units {
			if want[id] != grp.Points {
				t.Errorf("%s starts in a group of %d Surrender Points, want %d (S4.3 F)", id, grp.Points, want[id])
			}
		}
	}
	if len(g.s.Groups) != 2 {
		t.Fatalf("%d isolated groups at the start, want 2 (S4.3 F)", len(g.s.Groups))
	}
	for _, side := range []Side{German, Allied} {
		st := g.supplyStatuses(side)
		for i := range g.s.Units {
			a, on := g.onMap(i)
			if !on || g.sideOf(i) != side {
				continue
			}
			id := g.s.Units[i].ID
			k, _ := g.b.Cell(a)
			oos := want[id] > 0
			if g.s.Units[i].OOS != oos {
				t.Errorf("%s starts with OOS %v, want %v (S4.3 F)", id, g.s.Units[i].OOS, oos)
			}
			if supplied := st[k] == hexwar.InSupply; supplied == (oos || noRoad[id]) {
				t.Errorf("%s in %s: a supply path %v; S4.3 F has it out of supply: %v", id, g.s.Units[i].At, supplied, oos)
			}
		}
	}
}

// S4.3 G: after the set-up (and the prelude's markers, S4.3 B) the game
// opens with the German Artillery Supply Phase.
func TestPatton_S43G_FirstPhase(t *testing.T) {
	g := pattonAt(t)
	if g.s.Turn != 13 || g.s.Phase != PhaseArtillery || g.s.Side != German {
		t.Fatalf("play opens at turn %d, %s %s; want turn 13, the German Artillery Supply Phase (S4.3 G)", g.s.Turn, g.s.Side, g.s.Phase)
	}
}

// S4.4: at the end, a draw when the Allies cannot trace Road Supply from
// both Bastogne hexes; once the ring is broken the campaign's conditions
// decide (30.3 a: no German victory is an Allied one).
func TestPatton_S44BastogneDraw(t *testing.T) {
	g := newGame(t, "patton")
	g.s.Turn, g.s.Phase, g.s.Side = 22, PhaseVictory, Allied
	if g.bastogneSupplied() {
		t.Fatal("the stand-in set-up's Bastogne has Road Supply; S4's pocket is cut off")
	}
	ev := g.endGame()
	if !g.s.Over || !rulestest.HasEvent(ev, "Draw (S4.4)") {
		t.Fatalf("the end with Bastogne cut off: over %v, %q; want a draw (S4.4)", g.s.Over, rulestest.EventsText(ev))
	}

	g = newGame(t, "patton")
	g.s.Turn, g.s.Phase, g.s.Side = 22, PhaseVictory, Allied
	for i := range g.s.Units { // the ring around Bastogne is gone
		if a, on := g.onMap(i); on && g.sideOf(i) == German && hex.Distance(a, g.b.ids["3413"]) <= 3 {
			g.s.Units[i].At = ""
		}
	}
	if !g.bastogneSupplied() {
		t.Fatal("with no German unit within 3 hexes Bastogne still lacks Road Supply")
	}
	ev = g.endGame()
	if !g.s.Over || rulestest.HasEvent(ev, "Draw") || !rulestest.HasEvent(ev, "Allied victory") {
		t.Fatalf("the end with Bastogne relieved: %q; want the campaign's Allied victory (S4.4, 30.3 a)", rulestest.EventsText(ev))
	}
}

// Random players play S4 to its end; a replay of their inputs gives the
// same state hash after every one (the engine is deterministic), and the
// game ends with turn 22 (S4.1) or earlier by a sudden victory.
func TestPatton_RandomGameEndsAndReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole ten-turn game on both maps")
	}
	start := newGame(t, "patton")
	g := start.Clone()
	var hashes []string
	inputs := rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(4, 22)), 0, func(_, after rules.Game, _ rulestest.Input) {
		hashes = append(hashes, after.Hash())
	})
	end := g.(*Game)
	if !end.s.Over || end.s.Turn > 22 {
		t.Fatalf("the game stops at turn %d, over %v; S4.1 ends it after turn 22", end.s.Turn, end.s.Over)
	}
	_, again := rulestest.Replay(t, start, inputs)
	rulestest.SameHashes(t, inputs, hashes, again)
	t.Logf("%d inputs, to turn %d: %s", len(inputs), end.s.Turn, end.s.Result)
}

// [special] control gives a side hexes at the start outside the AMB-42
// default: S4's salient towns are German though no start position holds
// them (Clervaux, Wiltz), while Bastogne's own hexes stay Allied.
func TestPatton_StartControl(t *testing.T) {
	g := newGame(t, "patton")
	occ := g.occupancy()
	for id, want := range map[string]Side{"2416": German, "2712": German, "3612": German, "3413": Allied, "4623": Allied} {
		if got := g.controller(occ, id); got != want {
			t.Errorf("%s starts under %s control, want %s ([special] control, AMB-42)", id, got, want)
		}
	}
	text := strings.Replace(string(readScenario(t, "patton")), "control german 1506", "control german 3017 1506", 1)
	if _, err := New([]byte(text), nil); err == nil || !strings.Contains(err.Error(), "3017") { // clear, no victory hex
		t.Fatalf("control of a clear hex: %v, want an error naming it", err)
	}
}

// S5.2 (L1918: "Takie jak w Kampanii tylko, że Niemcy także wygrywają
// jeśli ..."): Patton's counterattack continued to 30 PM is decided by the
// campaign's conditions and S5.2's, which know no draw: at the end of
// turn 30 with Bastogne still cut off and the Germans short of 4
// West-map victory hexes, the Allies win (30.3 a), where S4.4's draw
// decided the game ending on turn 22. ardennes44/4 called it a draw.
func TestPatton_ExtendedGameHasNoBastogneDraw_S5_2(t *testing.T) {
	for _, tc := range []struct {
		version, want string
	}{{"", "Allied victory (30.3 a)"}, {"ardennes44/4", "Draw (S4.4)"}} {
		rg, err := startGame(readScenario(t, "patton"), []string{OptExtended}, tc.version)
		if err != nil {
			t.Fatal(err)
		}
		g := rg.(*Game)
		g.s.Turn, g.s.Phase, g.s.Side = 30, PhaseVictory, Allied
		if g.bastogneSupplied() || g.extendedWin() != "" {
			t.Fatalf("%q: Bastogne supplied %v, S5.2 win %q: want the pocket cut off and no German win", tc.version, g.bastogneSupplied(), g.extendedWin())
		}
		ev := g.endGame()
		if !g.s.Over || !rulestest.HasEvent(ev, tc.want) {
			t.Errorf("%q: the end of the extended game: %q; want %s", tc.version, rulestest.EventsText(ev), tc.want)
		}
	}
}
