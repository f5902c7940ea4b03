package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// HexSet is a set of a board's hexes, a flag per hex number: what the
// searches ask of a position (enemy zones of control, bonds, hexes next to
// the enemy) thousands of times, without hashing. The zero value is an empty
// set that holds nothing; Add needs a set made by NewHexSet.
type HexSet struct {
	b  *Board
	in []bool
}

// NewHexSet is an empty set of b's hexes.
func (b *Board) NewHexSet() HexSet { return HexSet{b, make([]bool, b.grid.Len())} }

// Has reports whether a is in the set.
func (s HexSet) Has(a hex.Axial) bool {
	if s.in == nil {
		return false
	}
	i, ok := s.b.Cell(a)
	return ok && s.in[i]
}

// HasAt reports whether the hex numbered i is in the set.
func (s HexSet) HasAt(i int) bool { return s.in != nil && s.in[i] }

// Add puts a in the set; a hex off the map is left out.
func (s HexSet) Add(a hex.Axial) {
	if i, ok := s.b.Cell(a); ok {
		s.in[i] = true
	}
}

// AddAt puts the hex numbered i in the set.
func (s HexSet) AddAt(i int) { s.in[i] = true }

// Sorted lists the hexes of the set in Axial.Compare order (the grid's).
func (s HexSet) Sorted() []hex.Axial {
	var out []hex.Axial
	for i, in := range s.in {
		if in {
			out = append(out, s.b.grid.Hex(i))
		}
	}
	return out
}
