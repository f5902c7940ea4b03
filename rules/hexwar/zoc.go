package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// Zones of control and ZOC bonds: the same geometry in every game of the
// series (N44 8.1-8.5 "ZOC Lines", A44 9-10 "Control Lines", S43 6-7); each
// game says who exerts and who forms them, what anchors a bond and what
// terrain breaks one.

// ZOCRules say whose units exert a zone of control and where it reaches.
type ZOCRules struct {
	// Exerts reports whether unit i exerts a zone of control (N44 8.1: not
	// strongpoints nor units of strength 1; S43 13.3.2: not Shattered
	// units).
	Exerts func(i int) bool
	// Reaches reports whether unit i's zone reaches from its hex into a
	// neighbour, which is on the map and playable and not across an
	// impassable hexside (the core checks those); nil reaches everywhere
	// else. A44 9.3: a silhouette vehicle's zone does not reach into or
	// out of forest without a road; S43 6.1: a vehicle's not across a
	// mountain hexside without a road or pass.
	Reaches func(i int, from, to hex.Axial) bool
}

// ZOC is the set of hexes in a zone of control of side's units. A zone never
// reaches an unplayable hex nor across an impassable hexside (N44 8.5.6).
func ZOC(b *Board, pos Position, side Side, r ZOCRules) HexSet {
	set := b.NewHexSet()
	for i := range pos.Units() {
		a, ok := pos.Hex(i)
		if !ok || pos.Side(i) != side || (r.Exerts != nil && !r.Exerts(i)) {
			continue
		}
		for d := range hex.DirectionCount {
			n := a.Neighbor(d)
			k, on := b.Cell(n)
			if !on || set.in[k] || !b.LandAt(k) || b.Impassable(a, n) {
				continue
			}
			if r.Reaches == nil || r.Reaches(i, a, n) {
				set.in[k] = true
			}
		}
	}
	return set
}

// SameZOC reports whether one unit of side exerts its zone of control into
// both of two adjacent hexes: a unit standing in one of their two common
// neighbours whose zone reaches both (N44 14.3.1: no advance from one hex in
// an enemy unit's zone into another hex of the same unit's zone). occ is
// Occupants(pos).
func SameZOC(b *Board, pos Position, occ map[hex.Axial][]int, side Side, r ZOCRules, from, to hex.Axial) bool {
	d, ok := hex.DirectionTo(from, to)
	if !ok {
		return false
	}
	reaches := func(i int, a, n hex.Axial) bool {
		k, on := b.Cell(n)
		return on && b.LandAt(k) && !b.Impassable(a, n) && (r.Reaches == nil || r.Reaches(i, a, n))
	}
	for _, c := range []hex.Axial{from.Neighbor((d + 5) % hex.DirectionCount), from.Neighbor((d + 1) % hex.DirectionCount)} {
		for _, i := range occ[c] {
			if pos.Side(i) == side && (r.Exerts == nil || r.Exerts(i)) && reaches(i, c, from) && reaches(i, c, to) {
				return true
			}
		}
	}
	return false
}

// BondRules are a game's rules for ZOC bonds: who forms them, what anchors
// a hexside bond at its open end, and what terrain breaks one.
type BondRules struct {
	// Forms reports whether unit i forms bonds (N44 8.5.1: a unit with a
	// zone of control, not Scattered, 20.2.3; A44 10.1: non-artillery in
	// Good Order, not under SM; S43 7.1).
	Forms func(i int) bool
	// Anchor reports whether the vertex of x, y and z anchors a hexside
	// bond along x|y for a unit next to x and y: z is the third hex of the
	// vertex, off the map or not (N44 8.5.5: the south and east edges, the
	// coast, marsh, impassable hexsides; A44 10.6: the side's own map
	// edges; S43 7.5: friendly entry areas). Nil anchors nothing.
	Anchor func(x, y, z hex.Axial) bool
	// HexBreaks reports whether terrain breaks a hex bond from path[0]
	// through path[1] to path[2] (N44 8.5.6: all sea or an impassable
	// hexside; A44 10.5.1: two river or wooded-rough hexsides; S43 7.6.1:
	// two road-less mountain hexsides). Nil breaks none.
	HexBreaks func(path [3]hex.Axial) bool
	// SideBreaks is HexBreaks for a hexside bond from path[0] to path[2],
	// routed through path[1], one of the two hexes along the bond: the bond
	// stands if either route not through an enemy-held hex stands (A44
	// 10.5.2, S43 7.6.1). Nil: a hexside bond has no route to break (N44).
	SideBreaks func(path [3]hex.Axial) bool
}

// Bonds are one side's ZOC bonds, after negation: the hexes a hex bond runs
// through and the hexsides hexside bonds run along.
type Bonds struct {
	b     *Board
	hexes HexSet
	// sides has, by hex number, a bit per direction for each hexside of
	// the hex that a bond runs along; each hexside is in both its hexes.
	sides []uint8
}

// NewBonds computes side's bonds in the position; held is Held(b, pos).
//
//   - A hex bond joins two bond-forming stacks in a straight line two hexes
//     apart; it runs through the middle hex, and an enemy unit there
//     negates it (N44 8.5.3, A44 10.3, S43 7.3).
//   - A hexside bond joins two such stacks two hexes apart and offset; it
//     runs along the hexside between their two common neighbours, both
//     playable, and is negated when enemy units hold both of them.
//   - A stack also forms a hexside bond to an anchor (BondRules.Anchor).
func NewBonds(b *Board, pos Position, held []Side, side Side, r BondRules) Bonds {
	l := Bonds{b: b, hexes: b.NewHexSet(), sides: make([]uint8, b.grid.Len())}
	src := b.NewHexSet()
	var srcs []hex.Axial
	for i := range pos.Units() {
		if a, ok := pos.Hex(i); ok && pos.Side(i) == side && (r.Forms == nil || r.Forms(i)) && !src.Has(a) {
			src.Add(a)
			srcs = append(srcs, a)
		}
	}
	enemyAt := func(a hex.Axial) bool {
		k, ok := b.Cell(a)
		return ok && held[k] != "" && held[k] != side
	}
	addSide := func(x, y hex.Axial) {
		i, okX := b.Cell(x)
		j, okY := b.Cell(y)
		if !okX || !okY || !b.LandAt(i) || !b.LandAt(j) || (enemyAt(x) && enemyAt(y)) {
			return
		}
		d, _ := hex.DirectionTo(x, y)
		l.sides[i] |= 1 << d
		l.sides[j] |= 1 << d.Opposite()
	}
	sideStands := func(a, x, y, z hex.Axial) bool {
		if r.SideBreaks == nil {
			return true
		}
		for _, via := range [2]hex.Axial{x, y} {
			if !enemyAt(via) && !r.SideBreaks([3]hex.Axial{a, via, z}) {
				return true
			}
		}
		return false
	}
	for _, a := range srcs {
		for d := range hex.DirectionCount {
			// Straight: two steps in direction d.
			m := a.Neighbor(d)
			z := m.Neighbor(d)
			if src.Has(z) && a.Compare(z) < 0 && !enemyAt(m) && (r.HexBreaks == nil || !r.HexBreaks([3]hex.Axial{a, m, z})) {
				l.hexes.Add(m)
			}
			// Offset: one step in d, one in d+1. The common neighbours
			// of a and z are a+d and a+(d+1).
			e := (d + 1) % hex.DirectionCount
			x, y := a.Neighbor(d), a.Neighbor(e)
			z = x.Neighbor(e)
			switch {
			case src.Has(z):
				if a.Compare(z) < 0 && sideStands(a, x, y, z) {
					addSide(x, y)
				}
			case r.Anchor != nil && r.Anchor(x, y, z):
				addSide(x, y)
			}
		}
	}
	return l
}

// Hex reports whether a hex bond runs through a.
func (l Bonds) Hex(a hex.Axial) bool { return l.hexes.Has(a) }

// Side reports whether a hexside bond runs along the hexside between
// adjacent hexes x and y.
func (l Bonds) Side(x, y hex.Axial) bool {
	if l.sides == nil {
		return false
	}
	i, ok := l.b.Cell(x)
	d, adjacent := hex.DirectionTo(x, y)
	return ok && adjacent && l.sides[i]&(1<<d) != 0
}

// Blocks reports whether the bonds forbid an enemy step from one hex to an
// adjacent one: entering a bond hex or crossing a bond hexside (N44 8.5.2,
// A44 10.2, S43 7.2). A step into a hex held by the mover's friends is
// never blocked: friends there negate a hex bond through it, and the mover
// and its friends then stand on both sides of a hexside bond.
func (l Bonds) Blocks(from, to hex.Axial, friendsAt bool) bool {
	if friendsAt {
		return false
	}
	return l.hexes.Has(to) || l.Side(from, to)
}

// BlocksAt is Blocks for a step from the hex numbered f to its neighbour t
// in direction d; f is -1 for a hex off the map.
func (l Bonds) BlocksAt(f, t int, d hex.Direction, friendsAt bool) bool {
	if friendsAt {
		return false
	}
	return l.hexes.HasAt(t) || (f >= 0 && l.sides != nil && l.sides[f]&(1<<d) != 0)
}
