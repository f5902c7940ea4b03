package hex

import "slices"

// Grid numbers the hexes of one map 0, 1, 2, … in Axial.Compare order, so
// that what a game knows of each hex can live in slices indexed by number
// instead of maps keyed by hex, and searches can key on small integers. The
// numbers keep the order of their hexes: i < j exactly when Hex(i) comes
// before Hex(j) in Axial.Compare order. A Grid is read-only once made, and
// safe to share.
type Grid struct {
	hexes []Axial
	// box numbers the rectangle of axial coordinates around the hexes:
	// box[(q-minQ)*height+(r-minR)] is a hex's index plus one, 0 if the
	// rectangle's hex is not on the map.
	box        []int32
	minQ, minR int
	width      int
	height     int
	neighbors  [][DirectionCount]int32 // by index and Direction; -1 off the map
}

// NewGrid numbers hexes (duplicates count once). Its memory grows with the
// rectangle around them, which for a map of printed ids is at most 100 by 150
// axial coordinates.
func NewGrid(hexes []Axial) *Grid {
	g := &Grid{hexes: slices.Clone(hexes)}
	SortAxials(g.hexes)
	g.hexes = slices.Compact(g.hexes)
	if len(g.hexes) == 0 {
		return g
	}
	maxQ, maxR := g.hexes[len(g.hexes)-1].Q, g.hexes[0].R
	g.minQ, g.minR = g.hexes[0].Q, g.hexes[0].R
	for _, a := range g.hexes {
		g.minR, maxR = min(g.minR, a.R), max(maxR, a.R)
	}
	g.width, g.height = maxQ-g.minQ+1, maxR-g.minR+1
	g.box = make([]int32, g.width*g.height)
	for i, a := range g.hexes {
		g.box[(a.Q-g.minQ)*g.height+a.R-g.minR] = int32(i + 1)
	}
	g.neighbors = make([][DirectionCount]int32, len(g.hexes))
	for i, a := range g.hexes {
		for d := range DirectionCount {
			n, ok := g.Index(a.Neighbor(d))
			if !ok {
				n = -1
			}
			g.neighbors[i][d] = int32(n)
		}
	}
	return g
}

// Len is the number of hexes.
func (g *Grid) Len() int { return len(g.hexes) }

// Hex is the hex numbered i.
func (g *Grid) Hex(i int) Axial { return g.hexes[i] }

// Hexes lists the hexes in number order, which is Axial.Compare order. The
// slice is the grid's own: do not change it.
func (g *Grid) Hexes() []Axial { return g.hexes }

// Index is the number of hex a; ok is false if a is not on the map.
func (g *Grid) Index(a Axial) (int, bool) {
	q, r := a.Q-g.minQ, a.R-g.minR
	if q < 0 || q >= g.width || r < 0 || r >= g.height {
		return -1, false
	}
	i := int(g.box[q*g.height+r]) - 1
	return i, i >= 0
}

// NeighborsOf is the numbers of the hexes next to hex i, by Direction; -1
// for one not on the map. A search reads a hex's six at once.
func (g *Grid) NeighborsOf(i int) [DirectionCount]int32 { return g.neighbors[i] }

// Neighbor is the number of the hex next to hex i in direction d; ok is
// false if that hex is not on the map.
func (g *Grid) Neighbor(i int, d Direction) (int, bool) {
	n := int(g.neighbors[i][d%DirectionCount])
	return n, n >= 0
}
