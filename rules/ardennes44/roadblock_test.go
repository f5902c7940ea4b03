package ardennes44

import (
	"strings"
	"testing"
)

// 33.3 (L1770-1772: a Roadblock comes off "pod koniec wrogiej Fazy Ruchu lub
// Fazy Walki (wliczając Tury Nocne), w której to jedn. wroga kończy swój
// Ruch w tym heksie lub przez niego przechodzi"): a German unit advancing
// after combat into the hex of an Allied Roadblock takes it off at the end
// of the German Combat Phase. ardennes44/4 lifted only the Roadblocks a
// unit passed in a Movement Phase, and left this one on.
func TestRoadblock_LiftedByAnAdvance_33_3(t *testing.T) {
	for _, tc := range []struct {
		version string
		left    int
	}{{"", 0}, {"ardennes44/4", 1}} {
		g := fixture{version: tc.version, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}.game(t, 3, PhaseCombat, German, OptRoadblocks)
		g.s.Roadblocks = []marker{{Side: Allied, Hex: target}}
		attackFrom(t, g, "12/27")
		roll(t, g, 6) // 5:2 = 2-1, whose 6 is DR2
		retreatFirst(t, g)
		decide(t, g, "advance 12/27 "+target)
		if g.s.Combat != nil && len(offered(g, "advance-done")) > 0 {
			decide(t, g, "advance-done")
		}
		if at(g, "12/27") != target || g.s.Combat != nil {
			t.Fatalf("%q: 12/27 in %s, combat over %v: want it advanced into %s", tc.version, at(g, "12/27"), g.s.Combat == nil, target)
		}
		g.endCombatPhase()
		if n := len(g.s.Roadblocks); n != tc.left {
			t.Errorf("%q: %d Roadblocks left after the German Combat Phase in which 12/27 advanced into the Allied one in %s, want %d (33.3)", tc.version, n, target, tc.left)
		}
	}
}

// 33.3 (L1770-1772), 20.3: an Allied unit withdrawing by a disengagement
// in its Combat Phase into the hex of a German Roadblock takes it off at
// the end of that phase; ardennes44/4 left it on.
func TestRoadblock_LiftedByAWithdrawal_33_3(t *testing.T) {
	for _, tc := range []struct {
		version string
		left    int
	}{{"", 0}, {"ardennes44/4", 1}} {
		g := fixture{version: tc.version, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}.game(t, 3, PhaseCombat, Allied, OptRoadblocks)
		g.enterForTest()
		apply(t, g, Allied, "disengage 4/8/2")
		roll(t, g, 1) // Yes
		ws := offered(g, "withdraw 4/8/2 ")
		if len(ws) == 0 {
			t.Fatalf("%q: no withdrawal offered after a Yes: %s", tc.version, g.Pending().Prompt)
		}
		words := strings.Fields(ws[0])
		end := words[len(words)-1]
		g.s.Roadblocks = []marker{{Side: German, Hex: end}}
		apply(t, g, Allied, ws[0])
		if at(g, "4/8/2") != end {
			t.Fatalf("%q: 4/8/2 in %s, want it withdrawn into %s", tc.version, at(g, "4/8/2"), end)
		}
		g.endCombatPhase()
		if n := len(g.s.Roadblocks); n != tc.left {
			t.Errorf("%q: %d Roadblocks left after the Allied Combat Phase in which 4/8/2 withdrew into the German one in %s, want %d (33.3)", tc.version, n, end, tc.left)
		}
	}
}

// 33.1 (L1757: Roadblocks "Kontrolują heks, w którym się znajdują
// (30.1)"), 33.2 (L1764: one may stand in "pustym heksem kontrolowanym
// przez wroga"): an Allied Roadblock in an empty victory hex the Germans
// were the last to pass through controls it, so the Germans do not, though
// it has their Road Supply (30.1.2). ardennes44/4 counted it German.
func TestRoadblock_ControlsVictoryHex_33_1(t *testing.T) {
	const v = "0601"
	for _, tc := range []struct {
		version string
		held    bool
	}{{"", false}, {"ardennes44/4", true}} {
		g := fixture{version: tc.version, cols: 12, rows: 4, places: []string{"source 0101 german", "victory " + v + " east"},
			roads: [][]string{{"primary", "0101", "0201", "0301", "0401", "0501", v}}}.game(t, 3, PhaseVictory, Allied, OptRoadblocks)
		g.setControl(v, German) // the last to pass through
		if n, _ := g.victoryCount("east"); n != 1 {
			t.Fatalf("%q: the Germans hold %d victory hexes, want %s", tc.version, n, v)
		}
		g.s.Roadblocks = []marker{{Side: Allied, Hex: v}}
		if n, _ := g.victoryCount("east"); (n == 1) != tc.held {
			t.Errorf("%q: with the Allied Roadblock in %s the Germans hold %d victory hexes, want held %v (33.1)", tc.version, v, n, tc.held)
		}
	}
}
