package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 20.1-20.4: the turn track's replacements are spent in the Preparation
// Phase: a step to a reduced unit in supply, or an eliminated unit back at
// its lowest step; one a unit a turn; a Replacement marker after.
func TestReplacements_20(t *testing.T) {
	g := emptyGame(t, 3, PhasePrep, Allied)
	g.s.Repl = g.turnRepl(Allied) // the stand-in track: turn 3, one Allied infantry replacement
	if g.s.Repl != [3]int{0, 1, 0} {
		t.Fatalf("20.1.1: turn 3's Allied replacements are %v, want one infantry", g.s.Repl)
	}
	bh := g.put(t, "bh-red", "2616")
	_ = bh
	reg := g.put(t, "142/36", "2616")
	g.s.Units[reg].Lost = 1
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 751tk floating-reserve", "20.1.2", "armor")
	ev := rulestest.Apply(t, g, rules.Seat(Allied), "replace 142/36")
	if g.s.Units[reg].Lost != 0 || !g.s.Units[reg].Repl || !rulestest.HasEvent(ev, "gains a step") {
		t.Fatalf("20.2: 142/36 gains its step and a Replacement marker: %+v", g.s.Units[reg])
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 141/36 floating-reserve", "20.1.2", "infantry")

	// An eliminated regiment returns to the Floating Reserve at its lowest
	// step, its REM counter (20.3.1, 20.3.4).
	g.s.Repl = [3]int{0, 1, 0}
	g.s.Units[g.index("141/36")] = unitState{ID: "141/36", Box: BoxEliminated}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 141/36 N1", "20.3.1", "Floating Reserve")
	rulestest.Apply(t, g, rules.Seat(Allied), "replace 141/36 floating-reserve")
	if us := g.s.Units[g.index("141/36")]; us.Box != BoxFloating || us.Lost != 2 {
		t.Errorf("20.3.4: 141/36 returns as its REM counter in the Floating Reserve: %+v", us)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 142/36", "20.2", "this turn")
}

// 20.4: no attack is made from the hex of a unit with a Replacement marker.
func TestReplacementMarker_20_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	g.put(t, "1-64/16", "2617")
	i := g.put(t, "142/36", "2616")
	g.put(t, "1-141/36", "2616")
	g.s.Units[i].Repl = true
	rulestest.Refused(t, g, rules.Seat(Allied), "attack 2617 with 1-141/36 maf 36", "20.4", "Replacement marker")
}
