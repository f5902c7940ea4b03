package hex

import (
	"iter"
	"maps"
	"slices"
)

// SortAxials sorts hexes in place in Axial.Compare order.
func SortAxials(hexes []Axial) {
	slices.SortFunc(hexes, Axial.Compare)
}

// SortedKeys lists the hexes of a map in Axial.Compare order, for iterating
// over a Reachable result (or any hex-keyed map) deterministically.
func SortedKeys[V any](m map[Axial]V) []Axial {
	return slices.SortedFunc(maps.Keys(m), Axial.Compare)
}

// Set is a set of hexes that iterates in Axial.Compare order, never in map
// order. The zero value is an empty set ready to use. A Set holds a map, so
// copies share their contents; use Clone for an independent copy.
type Set struct{ m map[Axial]struct{} }

// NewSet returns a set holding the given hexes.
func NewSet(hexes ...Axial) Set {
	var s Set
	for _, h := range hexes {
		s.Add(h)
	}
	return s
}

// Add puts h in the set.
func (s *Set) Add(h Axial) {
	if s.m == nil {
		s.m = map[Axial]struct{}{}
	}
	s.m[h] = struct{}{}
}

// Remove takes h out of the set.
func (s *Set) Remove(h Axial) { delete(s.m, h) }

// Has reports whether h is in the set.
func (s Set) Has(h Axial) bool {
	_, ok := s.m[h]
	return ok
}

// Len is the number of hexes in the set.
func (s Set) Len() int { return len(s.m) }

// Sorted lists the hexes in Axial.Compare order.
func (s Set) Sorted() []Axial { return SortedKeys(s.m) }

// All yields the hexes in Axial.Compare order. It iterates over a snapshot,
// so the loop body may change the set.
func (s Set) All() iter.Seq[Axial] { return slices.Values(s.Sorted()) }

// Clone returns an independent copy.
func (s Set) Clone() Set { return Set{maps.Clone(s.m)} }
