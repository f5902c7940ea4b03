package hex

import (
	"math/rand/v2"
	"testing"
)

// TestGridNumbersInHexOrder: every hex of the map gets a number that gives it
// back, numbers follow Axial.Compare, hexes off the map have none, and each
// neighbour number is the neighbour's.
func TestGridNumbersInHexOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for range 20 {
		b := randomBoard(rng, 7, 1, 0.4)
		var on []Axial
		for _, h := range SortedKeys(b) {
			if b[h] > 0 {
				on = append(on, h, h) // duplicates count once
			}
		}
		g := NewGrid(on)
		if g.Len() != len(on)/2 {
			t.Fatalf("Len = %d, want %d", g.Len(), len(on)/2)
		}
		for i := range g.Len() {
			a := g.Hex(i)
			if j, ok := g.Index(a); !ok || j != i {
				t.Fatalf("Index(Hex(%d)=%v) = %d, %v", i, a, j, ok)
			}
			if i > 0 && g.Hex(i-1).Compare(a) >= 0 {
				t.Fatalf("hexes %d and %d out of order: %v, %v", i-1, i, g.Hex(i-1), a)
			}
			for d := range DirectionCount {
				n, ok := g.Neighbor(i, d)
				want, wantOK := g.Index(a.Neighbor(d))
				if ok != wantOK || (ok && n != want) {
					t.Fatalf("Neighbor(%v, %d) = %d, %v; want %d, %v", a, d, n, ok, want, wantOK)
				}
				if !wantOK {
					want = -1
				}
				if all := g.NeighborsOf(i); int(all[d]) != want {
					t.Fatalf("NeighborsOf(%v)[%d] = %d, want %d", a, d, all[d], want)
				}
			}
		}
		for _, h := range Range(Axial{}, 9) {
			_, ok := g.Index(h)
			if ok != (b[h] > 0) {
				t.Fatalf("Index(%v) ok = %v, on the map: %v", h, ok, b[h] > 0)
			}
		}
	}
	if _, ok := NewGrid(nil).Index(Axial{}); ok {
		t.Error("an empty grid has a hex")
	}
}
