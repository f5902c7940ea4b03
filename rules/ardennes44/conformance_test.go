package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Ardennes '44 keeps the promises of every engine (rulestest.Conformance) on
// its scenarios, with the optional rules 31-36 and the extended game (S5).
// Legal is checked complete for the moves of one hex, in every way of
// moving, Tactical Movement's of two, and the exits (moveProbes).
func TestConformance(t *testing.T) {
	setup := func(name string, options ...string) rules.Setup {
		return rules.Setup{Scenario: readScenario(t, name), Options: options}
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "six-turn", Setup: setup("six-turn")},
		{Name: "eight-turn roadblocks greif", Setup: setup("eight-turn", OptRoadblocks, OptGreif)},
		{Name: "campaign all options", Setup: setup("campaign", OptInfiltration, OptFuelDumps, OptRoadblocks, OptAttackLimit, OptBodenplatte, OptGreif, OptExtended)},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }, Probes: moveProbes, Reach: moveReach})
}

// moveProbes are, in a Movement Phase, the moves of every unit of seat's on
// the map into each hex next to it, in each way of moving (11.1-11.3, 12.1,
// 22.3), its exits from the map (11.9), and its Tactical Movements of two
// hexes and exits after one (11.3), each reaching its unit's new hex or
// the exit (moveReach).
func moveProbes(rg rules.Game, seat rules.Seat) []rulestest.Probe {
	g := rg.(*Game)
	if g.s.Phase != PhaseMovement && g.s.Phase != PhaseNightMove {
		return nil
	}
	var out []rulestest.Probe
	for i := range g.s.Units {
		a, ok := g.onMap(i)
		if !ok || g.sideOf(i) != Side(seat) {
			continue
		}
		id, from := g.unit(i).ID, g.b.id(a)
		for _, flags := range [][]string{nil, {"tactical"}, {"extended"}, {"sm"}, {"mover"}} {
			for _, b := range a.Neighbors() {
				if _, ok := g.b.Cell(b); ok {
					mc := moveCommand(id, []string{from, g.b.id(b)}, flags...)
					out = append(out, rulestest.Probe{Command: mc, Reaches: id + " " + g.b.id(b)})
				}
			}
			out = append(out, rulestest.Probe{Command: moveCommand(id, []string{from}, append(flags, "exit")...), Reaches: id + " exit"})
		}
		// Tactical Movement's two hexes (11.3), and its exit after one.
		for _, b := range a.Neighbors() {
			if _, ok := g.b.Cell(b); !ok {
				continue
			}
			out = append(out, rulestest.Probe{Command: moveCommand(id, []string{from, g.b.id(b)}, "tactical", "exit"), Reaches: id + " exit"})
			for _, c := range b.Neighbors() {
				if _, ok := g.b.Cell(c); ok && c != a {
					mc := moveCommand(id, []string{from, g.b.id(b), g.b.id(c)}, "tactical")
					out = append(out, rulestest.Probe{Command: mc, Reaches: id + " " + g.b.id(c)})
				}
			}
		}
	}
	return out
}

// moveReach is what a move achieves, in moveProbes' words: its unit's new
// hex, or its exit from the map.
func moveReach(command string) string {
	mc, err := moveGrammar.Parse(command)
	if err != nil {
		return ""
	}
	if mc.Has("exit") {
		return mc.Unit + " exit"
	}
	return mc.Unit + " " + mc.Path[len(mc.Path)-1]
}

// moveCommand is the move of unit along path with flags, as Legal writes it.
func moveCommand(unit string, path []string, flags ...string) string {
	return hexwar.MoveCommand{Unit: unit, Path: path, Flags: flags}.String()
}
