package hex

import (
	"slices"
	"testing"
)

func TestSet(t *testing.T) {
	var s Set // the zero value must be usable
	if s.Len() != 0 || s.Has(Axial{}) || s.Sorted() != nil {
		t.Fatal("zero Set is not empty")
	}
	for _, h := range []Axial{{3, 1}, {-2, 7}, {3, -1}, {0, 0}, {3, 1}} {
		s.Add(h)
	}
	want := []Axial{{-2, 7}, {0, 0}, {3, -1}, {3, 1}}
	if got := s.Sorted(); !slices.Equal(got, want) {
		t.Errorf("Sorted = %v, want %v", got, want)
	}
	if got := slices.Collect(s.All()); !slices.Equal(got, want) {
		t.Errorf("All = %v, want %v", got, want)
	}
	c := s.Clone()
	s.Remove(Axial{0, 0})
	if s.Has(Axial{0, 0}) || s.Len() != 3 {
		t.Error("Remove did not remove")
	}
	if !c.Has(Axial{0, 0}) || c.Len() != 4 {
		t.Error("Clone shares storage with the original")
	}
	// Removing during iteration is allowed and does not disturb the loop.
	var seen []Axial
	for h := range c.All() {
		c.Remove(Axial{3, 1})
		seen = append(seen, h)
	}
	if !slices.Equal(seen, want) {
		t.Errorf("iteration while removing saw %v", seen)
	}
	if n := NewSet(Axial{1, 1}, Axial{1, 1}); n.Len() != 1 {
		t.Errorf("NewSet with a duplicate has %d hexes", n.Len())
	}
}

func TestSortHelpers(t *testing.T) {
	hs := []Axial{{2, 0}, {-1, 3}, {2, -5}, {-1, -3}}
	SortAxials(hs)
	want := []Axial{{-1, -3}, {-1, 3}, {2, -5}, {2, 0}}
	if !slices.Equal(hs, want) {
		t.Errorf("SortAxials = %v, want %v", hs, want)
	}
	m := map[Axial]string{{2, 0}: "a", {-1, 3}: "b", {2, -5}: "c", {-1, -3}: "d"}
	if got := SortedKeys(m); !slices.Equal(got, want) {
		t.Errorf("SortedKeys = %v, want %v", got, want)
	}
}
