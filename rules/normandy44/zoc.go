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

// zocHexes are the hexes where owner's units have a ZOC (8.1), keyed by hex.
// A ZOC does not reach all-sea hexes nor across impassable hexsides (8.5.6).
func (g *Game) zocHexes(owner Side) hex.Set { return g.zocHexesBut(owner, nil) }

// zocHexesBut is zocHexes without the ZOC that skip says a unit in from does
// not project into to (16.3: across the Cherbourg line, retreatZOC).
func (g *Game) zocHexesBut(owner Side, skip func(from, to hex.Axial) bool) hex.Set {
	var set hex.Set
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
	var set hex.Set
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.unit(i).Side == owner && g.hasZOC(i) {
			set.Add(a)
		}
	}
	return set.Sorted()
}

// zocLines are the ZOC Lines of one side (8.5): the hexes a Hex Line runs
// through and the hexsides Hexside Lines run along, after negation.
type zocLines struct {
	hexes hex.Set
	sides map[hex.Side]bool
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
	if l.hexes.Has(to) {
		return true
	}
	s, _ := hex.SideBetween(from, to)
	return l.sides[s]
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
	l := zocLines{sides: map[hex.Side]bool{}}
	var src []hex.Axial
	for _, a := range g.zocSources(owner) {
		if g.lineSource(occ[a], owner) {
			src = append(src, a)
		}
	}
	srcSet := hex.NewSet(src...)
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
		s, _ := hex.SideBetween(x, y)
		l.sides[s] = true
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
