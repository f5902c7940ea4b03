package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// seaGame is an Allied Movement Phase with the ports of Salerno (2608,
// capacity 3), Vietri (2507) and Maiori (2306), both of capacity 1, in
// Allied hands (18.4.4; the stand-in map's capacities).
func seaGame(t *testing.T, turn int) *Game {
	t.Helper()
	g := emptyGame(t, turn, PhaseMovement, Allied)
	g.s.Control = []string{"2306", "2507", "2608"}
	return g
}

// nextAlliedMovement moves g to the next turn's Allied Movement Phase: the
// capacities and LP of the turn spent, the phase entered again.
func nextAlliedMovement(t *testing.T, g *Game) []rules.Event {
	t.Helper()
	g.leaveStage()
	g.s.Phase = PhaseSupply
	g.leaveStage()
	g.s.Turn++
	g.s.Phase = PhaseMovement
	return g.enterMovement()
}

// 18.4.4 (digest 18.4.4, A-29): a 3-LP regiment lands at Vietri, a port of
// capacity 1, over two turns: it sets out with a 2-Turn Naval Transport
// marker, taking Vietri's capacity of the turn, and lands there next turn,
// its 3 LP counting against that turn's 12 (18.4.3).
func TestTwoTurnTransport_18_4_4(t *testing.T) {
	g := seaGame(t, 3)
	reg := g.index("139/46") // 5-7-3 sp=3: 3 LP (18.4.3)
	g.s.Units[reg].Box = BoxFloating
	g.s.Units[g.index("2cdo")].Box = BoxFloating // sp=1: 1 LP
	rulestest.Refused(t, g, rules.Seat(Allied), "land 139/46 2507", "18.4.4", "3 LP")
	rulestest.Refused(t, g, rules.Seat(Allied), "embark 2cdo 2507", "18.4.4", "2 or 3 LP")
	rulestest.Refused(t, g, rules.Seat(Allied), "embark 139/46 2608", "18.4.4", "capacity is 3")
	rulestest.Refused(t, g, rules.Seat(Allied), "embark 139/46 2207", "18.4.4", "no port the Allies hold")
	legal := g.Legal(rules.Seat(Allied))
	for _, want := range []string{"embark 139/46 2507", "embark 139/46 2306"} {
		if !slices.ContainsFunc(legal, func(c rules.Choice) bool { return c.Command == want }) {
			t.Errorf("18.4.4: Legal offers %q", want)
		}
	}
	if slices.ContainsFunc(legal, func(c rules.Choice) bool { return strings.HasPrefix(c.Command, "embark 2cdo") }) {
		t.Error("18.4.4: a 1-LP unit lands at once; Legal offers it no two-turn transport")
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "embark 139/46 2507")
	if us := g.s.Units[reg]; us.Box != boxTwoTurn+"2507" || us.Hex != "" || g.capacityLeft("2507") != 0 || g.s.LP != 0 {
		t.Fatalf("18.4.4, A-29: 139/46 waits at sea beside 2507, Vietri's capacity spent, no LP yet: %+v, left %d, LP %d", us, g.capacityLeft("2507"), g.s.LP)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "land 139/46 2507", "18.4.4", "later Movement Phase")
	rulestest.Refused(t, g, rules.Seat(Allied), "land 2cdo 2507", "18.4.4", "")
	if u := g.Units(rules.Seat(German))[reg]; !slices.Contains(u.Markers, "2-Turn Naval Transport to 2507 (18.4.4)") {
		t.Errorf("18.4.4: the counter shows its marker: %v", u.Markers)
	}
	if err := scene.CheckGame(g); err != nil {
		t.Errorf("18.4.4: the scene shows the unit at sea: %v", err)
	}

	nextAlliedMovement(t, g)
	rulestest.Refused(t, g, rules.Seat(Allied), "land 139/46 2306", "18.4.4", "lands only there")
	if !slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return c.Command == "land 139/46 2507" }) {
		t.Error("18.4.4: the next turn Legal offers the landing at 2507")
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "land 139/46 2507")
	if us := g.s.Units[reg]; us.Hex != "2507" || us.Box != "" || g.s.LP != 3 || g.capacityLeft("2507") != 0 {
		t.Errorf("18.4.4: 139/46 lands at 2507 for 3 LP (18.4.3), Vietri's capacity spent: %+v, LP %d", us, g.s.LP)
	}
}

// 18.4.4: if the Germans take the port before the unit lands, it goes to
// the Floating Reserve and its move ends. Here it set out from Salerno by a
// sea move from land (18.4.5), its 3 LP of the 3 a turn.
func TestTwoTurnTransportPortLost_18_4_4(t *testing.T) {
	g := seaGame(t, 3)
	reg := g.put(t, "139/46", "2608")
	rulestest.Apply(t, g, rules.Seat(Allied), "embark 139/46 2306")
	if g.s.SeaLP != 3 || g.capacityLeft("2608") != 0 {
		t.Errorf("18.4.5: the sea move from Salerno counts 3 LP of the 3 and Salerno's capacity: %d LP, %d left", g.s.SeaLP, g.capacityLeft("2608"))
	}
	g.s.Control = []string{"2507", "2608"} // the Germans take Maiori
	events := nextAlliedMovement(t, g)
	if us := g.s.Units[reg]; us.Box != BoxFloating || !slices.Contains(g.s.Moved, us.ID) {
		t.Fatalf("18.4.4: 139/46 goes to the Floating Reserve, its move over: %+v", us)
	}
	if !slices.ContainsFunc(events, func(e rules.Event) bool { return strings.Contains(e.Text, "(18.4.4)") }) {
		t.Errorf("18.4.4: an event says so: %v", events)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "land 139/46 2608", "5.1", "has moved")
}
