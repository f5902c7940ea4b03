package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// The Traffic Phase (24.3): Traffic (Allied) and Greif (German) markers
// placed, then 2d6 that take own markers off by their numbers; from turn 8
// a German marker goes for good each PM turn (24.6); the Roadblocks of
// optional rule 33; and the S4 prelude's markers (S4.3 B).

// Rule turns.
const (
	germanMarkersFrom = 3 // 24.5, 33.4
	trafficGoneFrom   = 8 // 24.6
	roadblocksPerSide = 2 // 33.0
	roadblockReach    = 4 // 33.2
)

// enterTraffic opens the phase: the German marker removed for good (24.6,
// AMB-6: before the placement), Roadblocks without Road Supply lifted
// (33.3); the roll comes at once when nothing is left to place.
func (g *Game) enterTraffic() []rules.Event {
	side := g.s.Side
	var events []rules.Event
	if side == German && g.s.Turn >= trafficGoneFrom && pm(g.s.Turn) && g.s.TrafficGone < g.sc.Special.Traffic[German] {
		g.s.TrafficGone++
		n := g.s.TrafficGone
		g.s.Traffic = slices.DeleteFunc(g.s.Traffic, func(m marker) bool { return m.Side == German && m.N == n })
		events = append(events, rules.Event{Seat: rules.Seat(German), Text: fmt.Sprintf("Greif marker #%d is removed for good (24.6)", n)})
	}
	var lifted []string
	g.s.Roadblocks = slices.DeleteFunc(g.s.Roadblocks, func(m marker) bool {
		if m.Side == side && !g.roadSupplied(g.b.ids[m.Hex], side) {
			lifted = append(lifted, m.Hex)
			return true
		}
		return false
	})
	if len(lifted) > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: "Roadblocks without Road Supply lifted (33.3): " + strings.Join(lifted, ", ")})
	}
	g.s.TrafficRoll = false
	if len(reading(g, g.trafficChoices)) == 0 {
		g.s.TrafficRoll = g.markersOn(side) > 0
	}
	return events
}

// trafficAwaits: the phase waits for its placements or its roll.
func (g *Game) trafficAwaits() bool {
	if g.s.Done {
		return g.s.Dice != ""
	}
	return g.s.Dice != "" || g.s.TrafficRoll || len(reading(g, g.trafficChoices)) > 0
}

func (g *Game) trafficPrompt() string {
	if g.s.Phase == PhasePrelude {
		return fmt.Sprintf("place Traffic markers anywhere ('traffic HEX', S4.3 B), %d left, then 'end'", g.sc.Special.PreludeTraffic-g.markersOn(Allied))
	}
	return "place Traffic or Greif markers ('traffic HEX', 24.3.1) and Roadblocks ('roadblock HEX [FROM]', 33.2), then 'end' for the removal dice (24.3.2)"
}

// markersOn counts side's Traffic or Greif markers on the map.
func (g *Game) markersOn(side Side) int {
	n := 0
	for _, m := range g.s.Traffic {
		if m.Side == side {
			n++
		}
	}
	return n
}

// freeMarker is the lowest-numbered marker of side in its box, 0 for none
// (24.3.1, 24.5, 24.6).
func (g *Game) freeMarker(side Side) int {
	if g.s.Phase == PhasePrelude {
		if g.markersOn(Allied) >= g.sc.Special.PreludeTraffic {
			return 0
		}
	} else if side == German && g.s.Turn < germanMarkersFrom {
		return 0
	}
	first := 1
	if side == German {
		first = g.s.TrafficGone + 1
	}
	for n := first; n <= g.sc.Special.Traffic[side]; n++ {
		if !slices.ContainsFunc(g.s.Traffic, func(m marker) bool { return m.Side == side && m.N == n }) {
			return n
		}
	}
	return 0
}

// trafficBar says why side may not place a marker in a now (24.4): not on
// or next to an own marker; the Allies not in a St-Vith bottleneck hex; the
// prelude's markers anywhere (S4.3 B).
func (g *Game) trafficBar(side Side, a hex.Axial) string {
	if g.freeMarker(side) == 0 {
		return "no marker is left in the box (24.5, 24.6)"
	}
	if g.s.Phase == PhasePrelude {
		if slices.ContainsFunc(g.s.Traffic, func(m marker) bool { return m.Hex == g.b.id(a) }) {
			return "a marker is there already"
		}
		return ""
	}
	for _, m := range g.s.Traffic {
		if m.Side == side && hex.Distance(g.b.ids[m.Hex], a) <= 1 {
			return "on or next to an own marker (" + m.Hex + ")"
		}
	}
	if side == Allied && g.b.bottleneck[g.b.id(a)] {
		return "not in a St-Vith bottleneck hex"
	}
	return ""
}

// placeTraffic is 'traffic HEX' (24.3.1, S4.3 B).
func (g *Game) placeTraffic(c Command) ([]rules.Event, error) {
	side := g.s.Side
	a, ok := g.b.ids[c.Args[0]]
	if !ok {
		return nil, rules.Refuse("24.4", "%s is not a hex of the map", c.Args[0])
	}
	if g.s.TrafficRoll {
		return nil, rules.Refuse("24.3.2", "markers are placed before the removal dice")
	}
	if why := g.trafficBar(side, a); why != "" {
		return nil, rules.Refuse("24.4", "%s", why)
	}
	n := g.freeMarker(side)
	g.s.Traffic = append(g.s.Traffic, marker{Side: side, N: n, Hex: c.Args[0]})
	slices.SortFunc(g.s.Traffic, func(x, y marker) int {
		if x.Side != y.Side {
			return strings.Compare(string(x.Side), string(y.Side))
		}
		return x.N - y.N
	})
	kind := "Traffic"
	if side == German {
		kind = "Greif"
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: fmt.Sprintf("%s marker #%d in %s (24.3.1)", kind, n, c.Args[0])}}, nil
}

// rollTraffic takes off side's markers whose numbers came up; a double
// takes one (24.3.2). The prelude rolls as many times as S4.3 B says.
func (g *Game) rollTraffic(values []int) []rules.Event {
	side := g.s.Side
	var off []string
	for k, v := range values {
		if k == 1 && v == values[0] {
			break
		}
		if j := slices.IndexFunc(g.s.Traffic, func(m marker) bool { return m.Side == side && m.N == v }); j >= 0 {
			off = append(off, fmt.Sprintf("#%d (%s)", v, g.s.Traffic[j].Hex))
			g.s.Traffic = slices.Delete(g.s.Traffic, j, j+1)
		}
	}
	text := fmt.Sprintf("Traffic dice %d and %d (24.3.2): ", values[0], values[1])
	if len(off) == 0 {
		text += "no marker comes off"
	} else {
		text += "off " + strings.Join(off, ", ")
	}
	g.s.TrafficRoll, g.s.Done = false, true
	if g.s.Phase == PhasePrelude {
		g.s.Rolls--
		g.s.TrafficRoll = g.s.Rolls > 0
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: text}}
}

// roadblocksOpen: option 33's Roadblocks are the Allies' from their first
// Traffic Phase, the Germans' from turn 3 (33.4).
func (g *Game) roadblocksOpen(side Side) bool {
	return g.opt.roadblocks && g.s.Phase == PhaseTraffic && (side == Allied || g.s.Turn >= germanMarkersFrom)
}

// roadblockBar says why side may not put a Roadblock in a (33.2): a road
// hex within 4 road hexes of an own unit, with a supply path; not on or
// next to an enemy unit, an own Traffic marker or another Roadblock.
func (g *Game) roadblockBar(side Side, a hex.Axial, from string) string {
	occ := g.occupancy()
	id := g.b.id(a)
	switch {
	case !g.roadsblocksLeft(side, from):
		return "both Roadblocks are on the map"
	case !g.roadHex(a):
		return id + " is not a road hex"
	case g.sideAt(occ, a) == side.Other() || g.nextToEnemy(a, side, occ):
		return "on or next to an enemy unit"
	}
	for _, m := range g.s.Traffic {
		if m.Side == side && hex.Distance(g.b.ids[m.Hex], a) <= 1 {
			return "on or next to an own Traffic marker (" + m.Hex + ")"
		}
	}
	for _, m := range g.s.Roadblocks {
		if m.Hex != from && hex.Distance(g.b.ids[m.Hex], a) <= 1 {
			return "on or next to a Roadblock (" + m.Hex + ")"
		}
	}
	k, _ := g.b.Cell(a)
	if !g.suppliedCells(side)[k] {
		return id + " has no supply path"
	}
	if !g.roadNear(side, a) {
		return fmt.Sprintf("no own unit within %d road hexes", roadblockReach)
	}
	return ""
}

func (g *Game) roadsblocksLeft(side Side, from string) bool {
	n := 0
	for _, m := range g.s.Roadblocks {
		if m.Side == side && m.Hex != from {
			n++
		}
	}
	return n < roadblocksPerSide
}

// roadNear: an own unit stands within 4 consecutive road hexes of a (33.2).
func (g *Game) roadNear(side Side, a hex.Axial) bool {
	occ := g.occupancy()
	seen := map[hex.Axial]bool{a: true}
	frontier := []hex.Axial{a}
	for d := 0; d <= roadblockReach; d++ {
		var next []hex.Axial
		for _, x := range frontier {
			if g.sideAt(occ, x) == side {
				return true
			}
			for _, n := range x.Neighbors() {
				if !seen[n] && g.b.OnMap(n) && g.b.road(x, n) != "" && !g.bridgeOut(g.b.sideID(x, n)) {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		frontier = next
	}
	return false
}

// roadblock is 'roadblock HEX [FROM]' (33.2).
func (g *Game) roadblock(c Command) ([]rules.Event, error) {
	side := g.s.Side
	if !g.roadblocksOpen(side) {
		return nil, rules.Refuse("33.4", "no Roadblocks now (optional rule 33; the Germans from turn 3)")
	}
	a, ok := g.b.ids[c.Args[0]]
	if !ok {
		return nil, rules.Refuse("33.2", "%s is not a hex of the map", c.Args[0])
	}
	from := ""
	if len(c.Args) == 2 {
		from = c.Args[1]
		if !g.roadblockAt(from, side) {
			return nil, rules.Refuse("33.2", "no Roadblock of yours is in %s", from)
		}
	}
	if why := g.roadblockBar(side, a, from); why != "" {
		return nil, rules.Refuse("33.2", "%s", why)
	}
	g.s.Roadblocks = slices.DeleteFunc(g.s.Roadblocks, func(m marker) bool { return m.Side == side && m.Hex == from })
	g.s.Roadblocks = append(g.s.Roadblocks, marker{Side: side, Hex: c.Args[0]})
	slices.SortFunc(g.s.Roadblocks, func(x, y marker) int { return strings.Compare(x.Hex, y.Hex) })
	text := "Roadblock in " + c.Args[0] + " (33.2)"
	if from != "" {
		text = "Roadblock moved from " + from + " to " + c.Args[0] + " (33.2)"
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: text}}, nil
}

// lift is 'lift HEX': a Roadblock off at its owner's word (33.3).
func (g *Game) lift(c Command) ([]rules.Event, error) {
	if !g.roadblockAt(c.Args[0], g.s.Side) {
		return nil, rules.Refuse("33.3", "no Roadblock of yours is in %s", c.Args[0])
	}
	g.s.Roadblocks = slices.DeleteFunc(g.s.Roadblocks, func(m marker) bool { return m.Side == g.s.Side && m.Hex == c.Args[0] })
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "Roadblock in " + c.Args[0] + " lifted (33.3)"}}, nil
}

// roadblockAt reports whether side has a Roadblock in hex id.
func (g *Game) roadblockAt(id string, side Side) bool {
	return slices.ContainsFunc(g.s.Roadblocks, func(m marker) bool { return m.Hex == id && m.Side == side })
}

// passRoadblocks marks the enemy Roadblocks a unit of side entered or
// passed through; they come off at the end of the phase (33.3).
func (g *Game) passRoadblocks(side Side, path []hex.Axial) {
	for k := range g.s.Roadblocks {
		m := &g.s.Roadblocks[k]
		if m.Side != side && slices.Contains(path, g.b.ids[m.Hex]) {
			m.Passed = true
		}
	}
}

// passRoadblocksInCombat marks the enemy Roadblocks in the hexes a unit of
// side advanced or withdrew through in its Combat Phase, from ardennes44/5
// (33.3, L1770: "Fazy Ruchu lub Fazy Walki"); before, a Combat Phase lifted
// none.
func (g *Game) passRoadblocksInCombat(side Side, hexes []string) {
	if !g.ver.roadblockCombatMoves {
		return
	}
	var path []hex.Axial
	for _, h := range hexes {
		if a, ok := g.b.ids[h]; ok {
			path = append(path, a)
		}
	}
	g.passRoadblocks(side, path)
}

// liftPassedRoadblocks takes off the Roadblocks the enemy passed (33.3).
func (g *Game) liftPassedRoadblocks() []rules.Event {
	var off []string
	g.s.Roadblocks = slices.DeleteFunc(g.s.Roadblocks, func(m marker) bool {
		if m.Passed {
			off = append(off, m.Hex)
			return true
		}
		return false
	})
	if len(off) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "Roadblocks the enemy passed are lifted (33.3): " + strings.Join(off, ", ")}}
}

// trafficChoices lists the phase's placements.
func (g *Game) trafficChoices() []rules.Choice {
	side := g.s.Side
	var out []rules.Choice
	if g.s.TrafficRoll {
		return nil
	}
	if g.freeMarker(side) > 0 {
		for _, a := range g.trafficHexes(side) {
			out = append(out, rules.Choice{Command: "traffic " + g.b.id(a), Note: "+2 MP to enemy units entering (24.2)"})
		}
	}
	if g.roadblocksOpen(side) {
		for _, a := range g.roadblockHexes(side) {
			out = append(out, rules.Choice{Command: "roadblock " + g.b.id(a), Note: "a Roadblock (33.1)"})
		}
		for _, m := range g.s.Roadblocks {
			if m.Side == side {
				out = append(out, rules.Choice{Command: "lift " + m.Hex, Note: "lift the Roadblock (33.3)"})
			}
		}
	}
	return out
}

// trafficHexes are the useful hexes for a marker: road hexes next to an
// enemy unit's road, where it hinders; the rule allows any hex (24.4),
// 'traffic HEX' takes any.
func (g *Game) trafficHexes(side Side) []hex.Axial {
	occ := g.occupancy()
	var out []hex.Axial
	for _, a := range g.b.LandHexes() {
		if !g.roadHex(a) || g.trafficBar(side, a) != "" {
			continue
		}
		near := false
		for _, n := range a.Neighbors() {
			for _, m := range n.Neighbors() {
				if g.sideAt(occ, m) == side.Other() {
					near = true
				}
			}
		}
		if near {
			out = append(out, a)
		}
	}
	return out
}

// roadblockHexes are the hexes a Roadblock may go to now (33.2).
func (g *Game) roadblockHexes(side Side) []hex.Axial {
	if !g.roadsblocksLeft(side, "") {
		return nil
	}
	var out []hex.Axial
	occ := g.occupancy()
	for a := range occ {
		if g.sideAt(occ, a) != side {
			continue
		}
		for _, n := range a.Neighbors() {
			if g.b.OnMap(n) && g.b.road(a, n) != "" && !slices.Contains(out, n) && g.roadblockBar(side, n, "") == "" {
				out = append(out, n)
			}
		}
	}
	hex.SortAxials(out)
	return out
}
