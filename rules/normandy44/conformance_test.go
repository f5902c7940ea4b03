package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/hexwartest"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Normandy '44 keeps the promises of every engine (rulestest.Conformance) on
// its three scenarios (S1 campaign, S2 seven-turn, S3 Cherbourg), with the
// players options of 24.0, the optional rules of 25.x and the other readings
// of AMBIG-24 and AMBIG-25, under the current rules version and under
// normandy44/4 and /5, which old games are played to their end under; and in the
// first edition (variant ed1) on the three, with its optional rules (28.x)
// and the other reading of AMBIG-24, under the current version only. Legal
// is checked complete for the moves of one hex, in every way of moving
// (moveProbes), onto the map (entryProbes, landingProbes), and for the
// commands of the other verbs that name a unit, a hex near the player's
// units or a number of SupP (verbProbes), each family sampled on its own.
func TestConformance(t *testing.T) {
	read := func(name string) []byte { return readFile(t, "../../scenarios/normandy44/"+name+".scn") }
	cherbourg, campaign, sevenTurn := read("cherbourg"), read("campaign"), read("seven-turn")
	setup := func(scenario []byte, options ...string) rules.Setup {
		return rules.Setup{Scenario: scenario, Options: options}
	}
	ed1 := func(scenario []byte, options ...string) rules.Setup {
		return rules.Setup{Scenario: scenario, Variant: "ed1", Options: options}
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "cherbourg", Setup: setup(cherbourg)},
		{Name: "cherbourg players=3-allied", Setup: setup(cherbourg, "players=3-allied")},
		{Name: "cherbourg players=3-german", Setup: setup(cherbourg, "players=3-german")},
		{Name: "cherbourg players=4", Setup: setup(cherbourg, "players=4")},
		{Name: "seven-turn coastal-batteries", Setup: setup(sevenTurn, "coastal-batteries", "random-storm")},
		{Name: "campaign historical-storms", Setup: setup(campaign, "historical-storms")},
		{Name: "cherbourg retreat-step-once one-hex-per-retreat", Setup: setup(cherbourg, optRetreatStepOnce, optOneHexPerRetreat)},
		{Name: "cherbourg normandy44/4", Setup: rules.Setup{Scenario: read("past/cherbourg-1"), Version: "normandy44/4"}},
		{Name: "cherbourg normandy44/5", Setup: rules.Setup{Scenario: cherbourg, Version: "normandy44/5"}},
		{Name: "ed1 cherbourg", Setup: ed1(cherbourg)},
		{Name: "ed1 cherbourg players=4", Setup: ed1(cherbourg, "players=4")},
		{Name: "ed1 seven-turn flank-fire coastal-batteries", Setup: ed1(sevenTurn, "flank-fire", "coastal-batteries")},
		{Name: "ed1 campaign historical-storms", Setup: ed1(campaign, "historical-storms")},
		{Name: "ed1 cherbourg retreat-step-once", Setup: ed1(cherbourg, optRetreatStepOnce)},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }, Probes: []func(rules.Game, rules.Seat) []string{
		unitProbes(movesOnMap, moveProbes), unitProbes(movesEntry, entryProbes), unitProbes(movesOther, landingProbes), verbProbes,
	}, Reach: rulestest.ReachOrSelf(moveReach)})
}

// verbProbes are, for a seat of the phasing side and every unit of that
// side, the commands of each verb that names a unit alone (replace, rebuild, evacuate, entrench,
// reserve, unreserve) or a unit on the map and a hex next to it or its own
// (relocate, mobilize, rebuild); the removal of an IP from each hex next to
// one of its units (16.1.2); and the SupP allotted to the Cherbourg
// Fortress (5.2) and bought (21.1.3), 0 to 4.
func verbProbes(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	if seatSide(seat) != g.s.Side {
		return nil // the phasing side's commands, probed for its seats
	}
	var out []string
	add := func(c Command) { out = append(out, c.String()) }
	near := map[hex.Axial]bool{}
	for i := range g.s.Units {
		if g.unit(i).Side != g.s.Side {
			continue
		}
		id := g.unit(i).ID
		for _, verb := range []string{"replace", "evacuate", "entrench", "rebuild"} {
			add(Command{Verb: verb, Unit: id})
		}
		for _, verb := range []string{"reserve", "unreserve"} {
			add(Command{Verb: verb, Units: []string{id}})
		}
		a, on := g.onMap(i)
		if !on {
			continue
		}
		hexes := a.Neighbors()
		for _, b := range append(hexes[:], a) {
			if _, ok := g.b.cell(b); !ok {
				continue
			}
			near[b] = true
			for _, verb := range []string{"relocate", "mobilize", "rebuild"} {
				add(Command{Verb: verb, Unit: id, Path: []string{g.b.id(b)}})
			}
		}
	}
	for _, a := range hex.SortedKeys(near) {
		add(Command{Verb: "remove-ip", Path: []string{g.b.id(a)}})
	}
	for n := 0; n <= 4; n++ {
		add(Command{Verb: "allot", Path: []string{"cherbourg-fortress"}, N: n})
		add(Command{Verb: "buy-supp", Path: []string{"us"}, N: n})
		add(Command{Verb: "buy-supp", Path: []string{"gb"}, N: n})
	}
	return out
}

// unitProbes is a family of probes: f's of every unit of kind, in a
// Movement Phase.
func unitProbes(kind movesKind, f func(g *Game, i int) []string) func(rules.Game, rules.Seat) []string {
	return func(rg rules.Game, _ rules.Seat) []string {
		g := rg.(*Game)
		if g.s.Phase != PhaseMovement && g.s.Phase != PhaseReserveMovement {
			return nil
		}
		var out []string
		for i := range g.s.Units {
			if g.movesKind(i) == kind {
				out = append(out, f(g, i)...)
			}
		}
		return out
	}
}

// moveProbes are the moves of unit i, on the map, into each hex next to
// it: on its MA or by Tactical Movement (9.1, 9.10), by Strategic Movement
// and on the Trucks marker (9.8), each reaching its new hex (moveReach). A
// seat that does not own the unit (24.0) is refused it, and so Legal need
// not list it for that seat.
func moveProbes(g *Game, i int) []string {
	a, ok := g.onMap(i)
	if !ok {
		return nil
	}
	return hexwartest.Steps(g.b.Board, g.unit(i).ID, a, moveFlagSets)
}

// moveFlagSets are the ways of moving the probes try: on the MA (or by
// Tactical Movement, which the move's cost decides), by Strategic
// Movement and on the Trucks marker.
var moveFlagSets = [][]string{nil, {flagSM}, {flagTrucks}}

// entryProbes are the moves of unit i, waiting to enter the map, onto
// each of the scenario's entry hexes and the hex it waits at, if any, and
// from there 1 hex on (6.6), in each way of moving.
func entryProbes(g *Game, i int) []string {
	var ids []string
	for _, p := range g.sc.Places {
		if p.Kind == PlaceEntry {
			ids = append(ids, p.Hex)
		}
	}
	if id, ok := strings.CutPrefix(g.s.Units[i].At, waitAt); ok {
		ids = append(ids, id)
	}
	var entries []hex.Axial
	for _, id := range ids {
		if a, ok := g.b.Hex(id); ok {
			entries = append(entries, a)
		}
	}
	return hexwartest.Onto(g.b.Board, g.unit(i).ID, entries, moveFlagSets)
}

// landingProbes are the landings of unit i, In Britain, in an approach box
// or a glider (6.5, 20.5, 20.2.4), on each beach and Mulberry hex of the
// map, and from there 1 hex on (6.5.2, 9.10).
func landingProbes(g *Game, i int) []string {
	hexes := slices.Concat(hex.SortedKeys(g.sup.beach), hex.SortedKeys(g.sup.mulberry))
	return hexwartest.Onto(g.b.Board, g.unit(i).ID, hexes, [][]string{nil})
}

// moveReach is what a move achieves (Options.Reach): its unit's new
// hex.
func moveReach(command string) string {
	mc, err := moveGrammar.Parse(command)
	if err != nil {
		return ""
	}
	return hexwartest.Reach(mc)
}
