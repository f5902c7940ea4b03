package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 23.1.4: two 5th Army units with 6 attack or more enter N1, supplied: 5
// VP; they never leave; 21.5: only Germans move between N1 and N2.
func TestNorthEdgeVP_23_1_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.s.Control = g.keyHexes() // the Allies hold the road to Salerno's port
	g.put(t, "141/36", "2100")
	g.put(t, "142/36", "2200")
	rulestest.Refused(t, g, rules.Seat(Allied), "enter 141/36 N2", "21.3.2", "not next to N2")
	rulestest.Apply(t, g, rules.Seat(Allied), "enter 141/36 N1")
	if len(g.s.North) != 0 {
		t.Fatal("23.1.4: one unit is not enough")
	}
	ev := rulestest.Apply(t, g, rules.Seat(Allied), "enter 142/36 N1")
	if !rulestest.HasEvent(ev, "5 VP") || len(g.s.North) != 1 {
		t.Fatalf("23.1.4: two units of 10 attack in N1 score 5 VP: %v", rulestest.EventsText(ev))
	}
	with := g.vp()
	g.s.North = nil
	if without := g.vp(); with-without != 5 {
		t.Errorf("23.1.4: N1 counts %d VP, want 5", with-without)
	}
	g.s.North = []string{"N1"}
	g.s.Moved = nil
	rulestest.Refused(t, g, rules.Seat(Allied), "move 141/36 2100 2101", "23.1.4", "never leave")
	rulestest.Refused(t, g, rules.Seat(Allied), "enter 141/36 N2", "23.1.4", "never leave")
}
