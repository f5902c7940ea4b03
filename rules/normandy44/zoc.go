package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
)

// hasZOC reports whether a unit exerts a zone of control (8.1): strongpoints
// and units of current strength 1 do not (AMBIG-8, AMBIG-55: the strength of
// the current step side, parenthesized or not), nor counters marked no-zoc.
func (g *Game) hasZOC(i int) bool {
	u := g.unit(i)
	return u.Type != Strongpoint && g.strength(i) != 1 && !slices.Contains(u.Marks, MarkNoZOC)
}

// zocHexes are the hexes where owner's units have a ZOC (8.1). A ZOC does not
// reach all-sea hexes nor across impassable hexsides (8.5.6).
func (g *Game) zocHexes(owner Side) hexSet { return g.zocHexesBut(owner, nil) }

// zocHexesBut is zocHexes without the ZOC that skip says a unit in from does
// not project into to (16.3: across the Cherbourg line, retreatZOC).
func (g *Game) zocHexesBut(owner Side, skip func(from, to hex.Axial) bool) hexSet {
	set := g.b.newHexSet()
	for _, a := range g.zocSources(owner) {
		for _, n := range a.Neighbors() {
			if g.b.land(n) && !g.b.feature(a, n, Impassable) && (skip == nil || !skip(a, n)) {
				set.Add(n)
			}
		}
	}
	return set
}

// zocSources lists the hexes holding at least one of owner's units with a ZOC,
// in Axial order.
func (g *Game) zocSources(owner Side) []hex.Axial {
	var out []hex.Axial
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.unit(i).Side == owner && g.hasZOC(i) {
			out = append(out, a)
		}
	}
	hex.SortAxials(out)
	return slices.Compact(out)
}

// zocLines are the ZOC Lines of one side (8.5): the hexes a Hex Line runs
// through and the hexsides Hexside Lines run along, after negation.
type zocLines struct {
	b     *board
	hexes hexSet
	// sides has, by grid number, a bit per direction for each hexside of
	// the hex that a line runs along; each hexside is in both its hexes.
	sides []uint8
}

// onSide reports whether a Hexside Line runs along the hexside between
// adjacent hexes x and y.
func (l zocLines) onSide(x, y hex.Axial) bool {
	if l.sides == nil {
		return false
	}
	i, ok := l.b.cell(x)
	d, adjacent := hex.DirectionTo(x, y)
	return ok && adjacent && l.sides[i]&(1<<d) != 0
}

// blocks reports whether the lines forbid an enemy step from one hex to an
// adjacent one (8.5.2): entering a line hex or crossing a line hexside. A
// step into a hex held by the mover's friends is never blocked: the mover
// and its friends then stand on both sides of a hexside line (8.5.3), and
// friends in a hex negate a hex line through it.
func (l zocLines) blocks(from, to hex.Axial, friendsAt bool) bool {
	if friendsAt {
		return false
	}
	return l.hexes.Has(to) || l.onSide(from, to)
}

// blocksAt is blocks for a step from the hex numbered f to its neighbour t in
// direction d; f is -1 for a hex off the map.
func (l zocLines) blocksAt(f, t int, d hex.Direction, friendsAt bool) bool {
	if friendsAt {
		return false
	}
	return l.hexes.HasAt(t) || (f >= 0 && l.sides != nil && l.sides[f]&(1<<d) != 0)
}

// lines computes owner's ZOC Lines (8.5.1), reading AMBIG-9 as the digest
// proposes:
//   - a Hex Line joins two ZOC-holding stacks in a straight line two hexes
//     apart; it runs through the middle hex, which must lie in both units'
//     ZOC, and an enemy unit there negates it (8.5.3);
//   - a Hexside Line joins two such stacks two hexes apart and offset; it runs
//     along the hexside between their two common neighbours, both land
//     hexes, and is negated when enemy units hold both of them (8.5.3);
//   - a stack also forms a Hexside Line to an anchor (8.5.5): the far vertex
//     of that hexside lies on the south or east map edge (never the west), on
//     the coastline (an all-sea hex), on a marsh hex, or on an impassable
//     hexside.
//
// Scattered units form no lines and are no link in one (20.2.3): a hex
// counts only through a unit with a ZOC that is not Scattered.
func (g *Game) lines(owner Side, occ map[hex.Axial][]int) zocLines {
	l := zocLines{b: g.b, hexes: g.b.newHexSet(), sides: make([]uint8, g.b.grid.Len())}
	var src []hex.Axial
	for _, a := range g.zocSources(owner) {
		if g.lineSource(occ[a], owner) {
			src = append(src, a)
		}
	}
	srcSet := g.b.newHexSet()
	for _, a := range src {
		srcSet.Add(a)
	}
	enemyAt := func(a hex.Axial) bool {
		s := g.sideAt(occ, a)
		return s != "" && s != owner
	}
	reaches := func(from, to hex.Axial) bool {
		return g.b.land(to) && !g.b.feature(from, to, Impassable)
	}
	addSide := func(x, y hex.Axial) {
		if !g.b.land(x) || !g.b.land(y) || (enemyAt(x) && enemyAt(y)) {
			return
		}
		// Both are land, so both are on the map.
		i, _ := g.b.cell(x)
		j, _ := g.b.cell(y)
		d, _ := hex.DirectionTo(x, y)
		l.sides[i] |= 1 << d
		l.sides[j] |= 1 << d.Opposite()
	}
	for _, a := range src {
		for d := range hex.DirectionCount {
			// Straight: two steps in direction d.
			m := a.Neighbor(d)
			b := m.Neighbor(d)
			if srcSet.Has(b) && a.Compare(b) < 0 && reaches(a, m) && reaches(b, m) && !enemyAt(m) {
				l.hexes.Add(m)
			}
			// Offset: one step in d, one in d+1. The common neighbours
			// of a and z are a+d and a+(d+1).
			x, y := a.Neighbor(d), a.Neighbor((d+1)%hex.DirectionCount)
			z := x.Neighbor((d + 1) % hex.DirectionCount)
			switch {
			case srcSet.Has(z):
				if a.Compare(z) < 0 {
					addSide(x, y)
				}
			case g.anchor(x, y, z):
				addSide(x, y)
			}
		}
	}
	return l
}

// anchor reports whether the vertex shared by x, y and z anchors a Hexside
// Line along x|y (8.5.5).
func (g *Game) anchor(x, y, z hex.Axial) bool {
	if !g.b.onMap(z) {
		return !g.b.westOf(z)
	}
	t := g.b.terrain(z)
	return t == Sea || t == Marsh || g.b.feature(x, z, Impassable) || g.b.feature(y, z, Impassable)
}
