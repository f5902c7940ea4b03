package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 12.1.2 (L703): "a stack of retreating units may split and retreat into
// different hexes". Under salerno43/2; salerno43/1 retreated the stack
// whole.

// splitStack is the German stack 1-64/16 and 2-64/16 in 4010, attacked
// from the west by the three regiments of the 36th, 15 against 12, 1-1; a 6
// is DR2, and no DD is declared. version "" is the current one.
func splitStack(t *testing.T, version string) *Game {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseCombat, Allied)
	g.put(t, "1-64/16", "4010")
	g.put(t, "2-64/16", "4010")
	g.put(t, "141/36", "3909")
	g.put(t, "142/36", "3910")
	g.put(t, "143/36", "4009")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 4010 with 141/36 142/36 143/36 maf 36")
	for {
		a := g.combat().Await()
		switch {
		case a.Roll != "":
			rulestest.Roll(t, g, 6)
		case a.Decision == combat.DecDD:
			rulestest.Apply(t, g, rules.Seat(German), "no-dd")
		case a.Decision == combat.DecRetreat:
			if c := g.combat(); c.Result.Code != "DR2" {
				t.Fatalf("result %s at %s, want DR2", c.Result.Code, c.Odds)
			}
			return g
		default:
			t.Fatalf("the combat waits for %s, want the German retreat", a.Decision)
		}
	}
}

// The stack may retreat whole, or each unit on its own, through 4110 to
// 4211, 4210 or 4111, or through a vacant hex of the attackers' ZOC, 4109
// or 4011, and on (12.1.3 priority 3 under salerno43/3). Once 1-64/16 has
// gone to 4211, 2-64/16 retreats alone, to 4111: the stack ends in two
// hexes, each unit DG (13.2) and among the units retreated this phase
// (12.5).
func TestRetreatSplit_EachUnitItsOwnHex_12_1_2(t *testing.T) {
	g := splitStack(t, "")
	paths := []string{"4110 4211", "4110 4210", "4110 4111", "4109 4210", "4109 4209", "4011 4111", "4011 4012"}
	var want []string
	for _, who := range []string{"", "1-64/16 ", "2-64/16 "} {
		for _, p := range paths {
			want = append(want, "retreat "+who+p)
		}
	}
	whole := want[:len(paths)]
	if got := g.combat().Await().Choices; !slices.Equal(got, want) {
		t.Fatalf("retreats %q, want %q (12.1.2)", got, want)
	}
	rulestest.Apply(t, g, rules.Seat(German), "retreat 1-64/16 4110 4211")
	if got := g.combat().Await().Choices; !slices.Equal(got, whole) {
		t.Fatalf("2-64/16's retreats %q, want %q", got, whole)
	}
	rulestest.Apply(t, g, rules.Seat(German), "retreat 4110 4111")
	rulestest.Apply(t, g, rules.Seat(Allied), "advance-done")
	if g.s.Combat != nil {
		t.Fatalf("the combat still waits for %s", g.combat().Await().Decision)
	}
	for id, hex := range map[string]string{"1-64/16": "4211", "2-64/16": "4111"} {
		if us := g.s.Units[g.index(id)]; us.Hex != hex || us.Status != Disorganized || !slices.Contains(g.s.Retreated, id) {
			t.Errorf("%s: %+v, retreated %v; want in %s, DG, retreated (12.1.2, 13.2, 12.5)", id, us, g.s.Retreated, hex)
		}
	}
}

// salerno43/1 replays as it was played: the stack retreats whole, and only
// its paths together are offered.
func TestRetreatSplit_Version1RetreatsTheStackWhole_12_1_2(t *testing.T) {
	g := splitStack(t, "salerno43/1")
	if got, want := g.combat().Await().Choices, []string{"retreat 4110 4211", "retreat 4110 4210", "retreat 4110 4111"}; !slices.Equal(got, want) {
		t.Fatalf("retreats %q under salerno43/1, want %q", got, want)
	}
	rulestest.Refused(t, g, rules.Seat(German), "retreat 1-64/16 4110 4211", "12.1", "")
}
