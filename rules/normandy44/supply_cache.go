package normandy44

import "strconv"

// traceCache keeps the latest supply traces of a game, each with all that
// it read from the state (supplyKey) and whether its lines must reach the
// map edge. In a Replacement Phase Legal lists the choices after each
// command, and each 'replace' or 'rebuild' checks its unit's line, while
// what the trace reads seldom changes between them: a step regained changes
// it only when it gives the unit a ZOC (8.1). The German Repl trace (6.2.3)
// is also the one that tells in the Initial Phase just before whether
// Cherbourg is cut off (5.2). Clone drops it.
type traceCache struct {
	kept []keptTrace // newest last, keptTraces at most
}

type keptTrace struct {
	key   string
	lines map[string]SupplyStatus
}

// keptTraces is one of each kind: a side's lines to its sources, and the
// German lines to the map edge.
const keptTraces = 3

// replLine is the trace for Repl in the game's edition (replLineAfresh),
// kept while what it reads stays as it is.
func (g *Game) replLine(side Side) map[string]SupplyStatus {
	return g.keptTrace(side, side == German && g.ed.cherbourgOnlySupplyNoRepl)
}

// cherbourgCutOffNow is cherbourgCutOff in the current position, from a kept
// trace.
func (g *Game) cherbourgCutOffNow() bool {
	return g.sup.cherbourgCutOffIn(g.keptTrace(German, true))
}

// keptTrace is traceSupply of side's view, its lines to the map edge only
// if edgeOnly (18.2), kept while what it reads stays as it is (supplyKey).
// The map it gives is shared: no caller changes it.
func (g *Game) keptTrace(side Side, edgeOnly bool) map[string]SupplyStatus {
	key := string(keyFlag(edgeOnly)) + g.supplyKey(side)
	if g.traces == nil {
		g.traces = new(traceCache)
	}
	c := g.traces
	for k := len(c.kept) - 1; k >= 0; k-- {
		if c.kept[k].key == key {
			return c.kept[k].lines
		}
	}
	v := g.supplyView(side)
	v.EdgeOnly = edgeOnly
	lines := traceSupply(g.sup, v)
	if len(c.kept) == keptTraces {
		c.kept = append(c.kept[:0], c.kept[1:]...)
	}
	c.kept = append(c.kept, keptTrace{key: key, lines: lines})
	return lines
}

// supplyKey is all that a supply trace of side reads from the state
// (supplyView, traceSupply); the rest is the map's and the scenario's. Of
// each unit on the map (a trace sees no other): its hex, whether it is
// eliminated, Scattered, and whether it has a ZOC (enemy units block a
// line, 18.3; their ZOC and ZOC Lines, 8.1, 8.5.1, 20.2.3; an engineer
// opens its beach, 21.1.1); the control of hexes
// (2.2.5: sources, enemy towns, 18.3); the Mulberries (21.1.3).
func (g *Game) supplyKey(side Side) string {
	b := make([]byte, 0, 16*len(g.s.Units)+8*len(g.s.Control)+64)
	b = append(b, side...)
	b = append(b, ';')
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); !ok {
			// Waiting, in a box or eliminated: no trace sees it.
			b = append(b, '-', ';')
			continue
		}
		b = append(b, us.At...)
		b = append(b, keyFlag(us.Gone), keyFlag(us.Scattered), keyFlag(g.hasZOC(i)), ';')
	}
	for _, c := range g.s.Control {
		b = append(b, c.Hex...)
		b = append(b, '=')
		b = append(b, c.Side...)
		b = append(b, ';')
	}
	for _, m := range g.s.Mulberries {
		b = append(b, m.Army...)
		b = strconv.AppendInt(b, int64(m.Ready), 10)
		b = append(b, keyFlag(m.Complete), keyFlag(m.Lost), ';')
	}
	return string(b)
}
