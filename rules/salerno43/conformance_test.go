package salerno43

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/hexwartest"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Salerno '43 keeps the promises of every engine (rulestest.Conformance) on
// Avalanche, without options and with the optional rules 25.1-25.3. Legal
// is checked complete for the moves of one hex and into an entry area next
// to the unit, in every way of moving, and Tactical Movement's of two
// (moveProbes), onto the map from an entry area (areaFamily), and for the
// commands of the other verbs that name a unit, an entry area or a hex near
// the player's units (verbProbes), each family sampled on its own.
func TestConformance(t *testing.T) {
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "avalanche", Setup: rules.Setup{Scenario: readShipped(t, "avalanche")}},
		{Name: "campaign", Setup: rules.Setup{Scenario: readShipped(t, "campaign")}},
		{Name: "avalanche all options", Setup: rules.Setup{Scenario: readShipped(t, "avalanche"),
			Options: []string{OptDisengagement, OptRecon, OptPortSupply}}},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }, Probes: []func(rules.Game, rules.Seat) []string{moveProbes, areaFamily, verbProbes},
		Reach: rulestest.ReachOrSelf(moveReach)})
}

// verbProbes are, for every unit of seat's, the commands of each verb that
// names a unit alone (ready, shatter, lose, eliminate, replace, disengage,
// disengage-lose), a unit and an entry area (place, enter, replace) or a
// unit on the map and a hex next to it or its own (drop, embark, inland,
// sail, and the first hex of an advance); and for each hex next to one of
// its units, the commands of each verb that names a hex (disengage,
// disengage-to). 'disengage HEX' of a hex of one unit is left out: it is
// that unit's 'disengage UNIT', which Legal offers.
func verbProbes(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	var out []string
	add := func(c Command) { out = append(out, c.String()) }
	verbs := slices.Sorted(maps.Keys(syntaxes))
	near := map[hex.Axial]bool{}
	stack := map[hex.Axial]int{}
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != Side(seat) {
			continue
		}
		id := us.ID
		a, on := g.b.Hex(us.Hex)
		on = on && us.Hex != ""
		for _, verb := range verbs {
			slots := syntaxes[verb]
			switch {
			case len(slots) == 1 && (slots[0] == slotUnit || slots[0] == slotPiece):
				add(Command{Verb: verb, Args: []string{id}})
			case len(slots) >= 2 && slots[0] == slotUnit && slots[1] == slotOptWhere:
				add(Command{Verb: verb, Args: []string{id}})
				for _, ar := range entryAreas {
					add(Command{Verb: verb, Args: []string{id, ar}})
				}
			case len(slots) >= 2 && slots[0] == slotUnit && slots[1] == slotArea:
				for _, ar := range entryAreas {
					add(Command{Verb: verb, Args: []string{id, ar}})
				}
			case len(slots) >= 2 && slots[0] == slotUnit && (slots[1] == slotHex || slots[1] == slotWhereSea) && on:
				hexes := a.Neighbors()
				for _, b := range append(hexes[:], a) {
					if _, ok := g.b.Cell(b); ok {
						add(Command{Verb: verb, Args: []string{id, g.b.ID(b)}})
					}
				}
			}
		}
		if on {
			stack[a]++
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
			slots := syntaxes[verb]
			if len(slots) >= 1 && (slots[0] == slotHex || slots[0] == slotPiece) && !(verb == "disengage" && stack[a] == 1) {
				add(Command{Verb: verb, Args: []string{g.b.ID(a)}})
			}
		}
	}
	return out
}

// moveProbes are, in a Movement Phase, the moves of every unit of seat's on
// the map into each hex next to it and into each entry area its hex is in
// (21.3.2), on its MA, by Extended and Tactical Movement and on a truck
// (5.1-5.5), and its Tactical Movements of two hexes (5.4), each reaching
// its unit's new hex or area (moveReach).
func moveProbes(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	if g.s.Phase != PhaseMovement {
		return nil
	}
	var out []string
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != Side(seat) {
			continue
		}
		a, ok := g.b.Hex(us.Hex)
		if us.Hex == "" || !ok {
			continue
		}
		out = append(out, hexwartest.Steps(g.b.Board, us.ID, a, moveFlagSets)...)
		for _, flags := range moveFlagSets {
			for _, area := range entryAreas {
				if g.b.inArea(area, a) {
					out = append(out, hexwar.MoveCommand{Unit: us.ID, Path: []string{us.Hex}, End: area, Flags: flags}.String())
				}
			}
		}
		out = append(out, hexwartest.TwoHexes(g.b.Board, us.ID, a, "tm")...) // 5.4
	}
	return out
}

// areaFamily is, in a Movement Phase, the moves of every unit of seat's in
// an entry area onto each of the area's hexes and from there 1 hex on
// (21.3), in each way of moving.
func areaFamily(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	if g.s.Phase != PhaseMovement {
		return nil
	}
	var out []string
	for i, us := range g.s.Units {
		if area, ok := strings.CutPrefix(us.Box, boxEntry); ok && g.sc.Units[i].Side == Side(seat) {
			out = append(out, hexwartest.Onto(g.b.Board, us.ID, g.b.areas[area], moveFlagSets)...)
		}
	}
	return out
}

// moveFlagSets are the ways of moving the probes try: on the MA, by
// Tactical and Extended Movement, and on a truck (5.1-5.5).
var moveFlagSets = [][]string{nil, {"tm"}, {"ext"}, {"truck"}}

// moveReach is what a move achieves (Options.Reach): its unit's new
// hex, or the entry area it ends in.
func moveReach(command string) string {
	mc, err := moveGrammar.Parse(command)
	if err != nil {
		return ""
	}
	return hexwartest.Reach(mc)
}
