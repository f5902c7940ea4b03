package ardennes44

import (
	"maps"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/hexwartest"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Ardennes '44 keeps the promises of every engine (rulestest.Conformance) on
// its scenarios, with the optional rules 31-36 and the extended game (S5).
// Legal is checked complete for the moves of one hex, in every way of
// moving, Tactical Movement's of two, and the exits (moveProbes), onto the
// map (entryProbes), and for the commands of the other verbs that name a
// unit, a hex or a hexside near the player's units (verbProbes), each
// family sampled on its own.
func TestConformance(t *testing.T) {
	setup := func(name string, options ...string) rules.Setup {
		return rules.Setup{Scenario: readScenario(t, name), Options: options}
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "six-turn", Setup: setup("six-turn")},
		{Name: "eight-turn roadblocks greif", Setup: setup("eight-turn", OptRoadblocks, OptGreif)},
		{Name: "campaign all options", Setup: setup("campaign", OptInfiltration, OptFuelDumps, OptRoadblocks, OptAttackLimit, OptBodenplatte, OptGreif, OptExtended)},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }, Probes: []func(rules.Game, rules.Seat) []string{
		unitProbes(true, moveProbes), unitProbes(false, entryProbes), verbProbes,
	}, Reach: rulestest.ReachOrSelf(moveReach)})
}

// verbProbes are, for every unit of seat's, the commands of each verb that
// names a unit alone (load, unmark, entrench, breakdown and 'breakdown
// UNIT two', recombine, ready...) or a unit and a hex next to it or its
// own (place, drop, rebuild, withdraw); and for each hex next to one of its
// units on the map, the commands of each verb that names a hex (night,
// roadblock, lift, dump) or a hexside from it (blow, repair, greif). Two
// verbs are left out, as Legal offers a choice of them by design: 'traffic
// HEX', which takes any hex (24.4) and which Legal offers where a marker
// hinders the enemy (trafficHexes), and 'place' into the hex the unit
// stands in at the set-up, which changes nothing.
func verbProbes(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	var out []string
	add := func(c Command) { out = append(out, c.String()) }
	verbs := slices.Sorted(maps.Keys(syntaxes))
	near := map[hex.Axial]bool{}
	for i := range g.s.Units {
		if g.sideOf(i) != Side(seat) {
			continue
		}
		id := g.unit(i).ID
		a, on := g.onMap(i)
		for _, verb := range verbs {
			switch slots := syntaxes[verb]; {
			case len(slots) == 1 && (slots[0] == slotUnit || slots[0] == slotUnits):
				add(Command{Verb: verb, Args: []string{id}})
			case len(slots) == 2 && slots[0] == slotUnit && slots[1] == slotTwo:
				add(Command{Verb: verb, Args: []string{id}})
				add(Command{Verb: verb, Args: []string{id, "two"}})
			case len(slots) >= 2 && slots[0] == slotUnit && slots[1] == slotHex && on:
				hexes := a.Neighbors()
				for _, b := range append(hexes[:], a) {
					if _, ok := g.b.Cell(b); ok && !(verb == "place" && b == a) {
						add(Command{Verb: verb, Args: []string{id, g.b.id(b)}})
					}
				}
			}
		}
		if on {
			near[a] = true
			for _, b := range a.Neighbors() {
				near[b] = true
			}
		}
	}
	for _, a := range hex.SortedKeys(near) {
		if _, ok := g.b.Cell(a); !ok {
			continue
		}
		for _, verb := range verbs {
			switch slots := syntaxes[verb]; {
			case verb == "traffic":
			case len(slots) >= 1 && slots[0] == slotHex:
				add(Command{Verb: verb, Args: []string{g.b.id(a)}})
			case len(slots) == 1 && slots[0] == slotSide:
				for _, b := range a.Neighbors() {
					if _, ok := g.b.Cell(b); ok {
						add(Command{Verb: verb, Args: []string{g.b.id(a) + "/" + g.b.id(b)}})
					}
				}
			}
		}
	}
	return out
}

// moveFlagSets are the ways of moving the probes try: by the MA, Tactical,
// Extended and Strategic Movement, on a Prime Mover, and Tactical on one.
var moveFlagSets = [][]string{nil, {"tactical"}, {"extended"}, {"sm"}, {"mover"}, {"tactical", "mover"}}

// unitProbes is a family of probes: f's of every unit of seat's, in a
// Movement Phase, those on the map (onMap) or off it.
func unitProbes(onMap bool, f func(g *Game, i int) []string) func(rules.Game, rules.Seat) []string {
	return func(rg rules.Game, seat rules.Seat) []string {
		g := rg.(*Game)
		if g.s.Phase != PhaseMovement && g.s.Phase != PhaseNightMove {
			return nil
		}
		var out []string
		for i := range g.s.Units {
			if _, on := g.onMap(i); on == onMap && g.sideOf(i) == Side(seat) {
				out = append(out, f(g, i)...)
			}
		}
		return out
	}
}

// moveProbes are the moves of unit i, on the map, into each hex next to
// it, in each way of moving (11.1-11.3, 12.1, 22.3), its exits from the
// map (11.9), and its Tactical Movements of two hexes and exits after one
// (11.3), each reaching its new hex or the exit (moveReach).
func moveProbes(g *Game, i int) []string {
	a, _ := g.onMap(i)
	id, from := g.unit(i).ID, g.b.id(a)
	out := hexwartest.Steps(g.b.Board, id, a, moveFlagSets)
	for _, flags := range moveFlagSets {
		out = append(out, moveCommand(id, []string{from}, append(flags, "exit")...))
	}
	// Tactical Movement's two hexes (11.3), and its exit after one.
	out = append(out, hexwartest.TwoHexes(g.b.Board, id, a, "tactical")...)
	for _, b := range a.Neighbors() {
		if g.b.OnMap(b) {
			out = append(out, moveCommand(id, []string{from, g.b.id(b)}, "tactical", "exit"))
		}
	}
	return out
}

// entryProbes are the moves of unit i, waiting to enter the map, onto
// each of the scenario's entry hexes, and from there 1 hex on (13.1), in
// each way of moving; an Allied unit waiting at the edge's roads (S3.3)
// comes on at any of them.
func entryProbes(g *Game, i int) []string {
	if !waiting(g.s.Units[i].At) {
		return nil
	}
	var entries []hex.Axial
	for _, e := range g.sc.Entries {
		entries = append(entries, g.b.ids[e.Hex])
	}
	if g.s.Units[i].At == waitEdge {
		for _, a := range g.b.LandHexes() {
			if g.edgeRoadHex(a) {
				entries = append(entries, a)
			}
		}
	}
	return hexwartest.Onto(g.b.Board, g.unit(i).ID, entries, moveFlagSets)
}

// moveReach is what a move achieves (Options.Reach): its unit's new
// hex, or its exit from the map.
func moveReach(command string) string {
	mc, err := moveGrammar.Parse(command)
	if err != nil {
		return ""
	}
	if mc.Has("exit") {
		return mc.Unit + " exit"
	}
	return hexwartest.Reach(mc)
}

// moveCommand is the move of unit along path with flags, as Legal writes it.
func moveCommand(unit string, path []string, flags ...string) string {
	return hexwar.MoveCommand{Unit: unit, Path: path, Flags: flags}.String()
}
