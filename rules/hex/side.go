package hex

import "fmt"

// Side is the hexside between two adjacent hexes, where rivers, roads and
// bridges run. It is canonical: the side between a and b equals the side
// between b and a, so Side is usable as a map key. The zero value is the
// side between (0,0) and (1,0).
type Side struct {
	// Every side is stored as a hex and one of directions 0, 1 and 5, whose
	// neighbours come later in Axial.Compare order; a hex's other three
	// sides are stored from the neighbour across them. So Hexes gives the
	// earlier hex first, which on flat-top maps is the lower printed id.
	hex Axial
	dir Direction
}

// Side is the hexside of a in direction d.
func (a Axial) Side(d Direction) Side {
	d %= DirectionCount
	if d >= 2 && d <= 4 {
		return Side{a.Neighbor(d), d.Opposite()}
	}
	return Side{a, d}
}

// Sides lists the six hexsides of a, indexed by Direction.
func (a Axial) Sides() [6]Side {
	var s [6]Side
	for d := range DirectionCount {
		s[d] = a.Side(d)
	}
	return s
}

// SideBetween is the hexside shared by a and b; ok is false unless they are
// adjacent.
func SideBetween(a, b Axial) (Side, bool) {
	d, ok := DirectionTo(a, b)
	if !ok {
		return Side{}, false
	}
	return a.Side(d), true
}

// Hexes returns the two hexes the side separates, earlier in Axial.Compare
// order first.
func (s Side) Hexes() (Axial, Axial) { return s.hex, s.hex.Neighbor(s.dir) }

// Compare orders sides by their first hex, then their second.
func (s Side) Compare(t Side) int {
	if c := s.hex.Compare(t.hex); c != 0 {
		return c
	}
	_, a := s.Hexes()
	_, b := t.Hexes()
	return a.Compare(b)
}

// String is for diagnostics; players see Layout.SideID.
func (s Side) String() string {
	a, b := s.Hexes()
	return fmt.Sprintf("%v|%v", a, b)
}
