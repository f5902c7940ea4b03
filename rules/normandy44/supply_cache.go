package normandy44

import "strconv"

// replLineCache is one side's Repl trace (replLine) in one position. In a
// Replacement Phase Legal lists the choices after each command, and each
// 'replace' or 'rebuild' checks its unit's line, while what the trace reads
// seldom changes between them: a step regained changes it only when it gives
// the unit a ZOC (8.1). Clone drops it.
type replLineCache struct {
	key   string
	lines map[string]SupplyStatus
}

// replLine is the trace for Repl in the game's edition, kept while what it
// reads stays as it is (supplyKey).
func (g *Game) replLine(side Side) map[string]SupplyStatus {
	key := g.supplyKey(side)
	if c := g.replLines; c != nil && c.key == key {
		return c.lines
	}
	lines := g.replLineAfresh(side)
	g.replLines = &replLineCache{key: key, lines: lines}
	return lines
}

// supplyKey is all that a supply trace of side reads from the state
// (supplyView, traceSupply); the rest is the map's and the scenario's. Of
// each unit: its hex, whether it is eliminated, Scattered, and whether it
// has a ZOC (enemy units block a line, 18.3; their ZOC and ZOC Lines, 8.1,
// 8.5.1, 20.2.3; an engineer opens its beach, 21.1.1); the control of hexes
// (2.2.5: sources, enemy towns, 18.3); the Mulberries (21.1.3).
func (g *Game) supplyKey(side Side) string {
	b := make([]byte, 0, 16*len(g.s.Units)+8*len(g.s.Control)+64)
	b = append(b, side...)
	b = append(b, ';')
	for i, us := range g.s.Units {
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
