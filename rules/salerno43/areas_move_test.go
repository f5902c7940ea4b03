package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 21.3.2 (L1242): entering an entry area in the Movement Phase costs 1 MP,
// or one hex of Tactical Movement, and the unit stops there: a move's path
// may end in an area next to its last hex ("move UNIT HEX... AREA"), and
// Legal offers it. salerno43/2 took a unit into an area only by 'enter',
// as its whole move from next to it.
func TestMoveEndsInEntryArea_21_3_2(t *testing.T) {
	g := emptyGameIn(t, "", 3, PhaseMovement, Allied)
	g.s.Control = g.keyHexes()
	g.put(t, "141/36", "2102")
	g.put(t, "142/36", "2102")
	const into = "move 141/36 2102 2101 2100 N1"
	if !hasChoice(g, Allied, into) {
		t.Errorf("21.3.2: Legal does not offer %q", into)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "move 141/36 2102 2101 N1", "21.3.2", "not next to N1")
	rulestest.Refused(t, g, rules.Seat(Allied), "move 142/36 2102 2101 2100 N1 tm", "5.4", "not 3")
	ev := rulestest.Apply(t, g, rules.Seat(Allied), into)
	us := g.s.Units[g.index("141/36")]
	if us.Hex != "" || us.Box != boxEntry+"N1" || !slices.Contains(g.s.Entered, "141/36") || !rulestest.HasEvent(ev, "(3 MP)") {
		t.Errorf("21.3.2: the unit is at %q/%q, entered %v, after %v; want it in N1 for 3 MP", us.Hex, us.Box, g.s.Entered, rulestest.EventsText(ev))
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "move 142/36 2102 2101 2100 N1")

	old := emptyGameIn(t, "salerno43/2", 3, PhaseMovement, Allied)
	old.s.Control = old.keyHexes()
	old.put(t, "141/36", "2102")
	if hasChoice(old, Allied, into) {
		t.Errorf("salerno43/2 offers %q", into)
	}
	rulestest.Refused(t, old, rules.Seat(Allied), into, "21.3.2", "by 'enter")
}

// 21.3.2, 6.2: a unit that enters an enemy ZOC stops there, so goes no
// further into the area next to it; one that stands next to the area
// enters it by 'enter'.
func TestMoveIntoEntryArea_StopsInEnemyZOC_21_3_2(t *testing.T) {
	g := emptyGameIn(t, "", 3, PhaseMovement, Allied)
	g.s.Control = g.keyHexes()
	g.put(t, "141/36", "2102")
	g.put(t, "2pz/16", "2000")
	rulestest.Refused(t, g, rules.Seat(Allied), "move 141/36 2102 2101 2100 N1", "6.2", "must stop in 2100")
	rulestest.Refused(t, g, rules.Seat(Allied), "move 141/36 2102 N1", "21.3.2", "by 'enter 141/36 N1'")
	if hasChoice(g, Allied, "move 141/36 2102 2101 2100 N1") {
		t.Error("6.2: Legal offers a move on out of an enemy ZOC entered")
	}
}
