package hex

import (
	"math/rand/v2"
	"testing"
)

func TestSideCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		a := randomHex(rng, 500)
		seen := map[Side]bool{}
		for d, s := range a.Sides() {
			n := a.Neighbor(Direction(d))
			back, ok := SideBetween(n, a)
			if !ok || back != s {
				t.Fatalf("side %d of %v: from the neighbour %v, %v", d, a, back, ok)
			}
			if n.Side(Direction(d).Opposite()) != s {
				t.Fatalf("side %d of %v differs seen from %v", d, a, n)
			}
			x, y := s.Hexes()
			if !(x == a && y == n || x == n && y == a) {
				t.Fatalf("side between %v and %v has hexes %v, %v", a, n, x, y)
			}
			if x.Compare(y) >= 0 {
				t.Fatalf("Hexes() = %v, %v: not in Compare order", x, y)
			}
			seen[s] = true
		}
		if len(seen) != 6 {
			t.Fatalf("%v has %d distinct sides", a, len(seen))
		}
		if _, ok := SideBetween(a, a); ok {
			t.Fatal("a hex has a side with itself")
		}
		if _, ok := SideBetween(a, a.Add(Axial{1, 1})); ok {
			t.Fatal("hexes at distance 2 share a side")
		}
	}
}

func TestSideCountInRegion(t *testing.T) {
	// The hexes of a region have 6n sides counted per hex, and each pair of
	// adjacent hexes inside it shares one, so the distinct sides number 6n
	// minus the adjacent pairs (counted here with Distance, not sides).
	hexes := Range(Axial{2, 2}, 3)
	sides := map[Side]bool{}
	for _, h := range hexes {
		for _, s := range h.Sides() {
			sides[s] = true
		}
	}
	pairs := 0
	for i := range hexes {
		for j := i + 1; j < len(hexes); j++ {
			if Distance(hexes[i], hexes[j]) == 1 {
				pairs++
			}
		}
	}
	if want := 6*len(hexes) - pairs; len(sides) != want {
		t.Errorf("%d distinct sides, want %d", len(sides), want)
	}
}

func TestSideCompare(t *testing.T) {
	a := Axial{0, 0}
	s1, _ := SideBetween(a, Axial{0, 1})  // hexes (0,0),(0,1)
	s2, _ := SideBetween(a, Axial{1, -1}) // hexes (0,0),(1,-1)
	s3, _ := SideBetween(a, Axial{1, 0})  // hexes (0,0),(1,0)
	s4, _ := SideBetween(Axial{0, 1}, Axial{1, 1})
	ordered := []Side{s1, s2, s3, s4}
	for i := range ordered {
		for j := range ordered {
			got := ordered[i].Compare(ordered[j])
			if (i < j) != (got < 0) || (i == j) != (got == 0) {
				t.Errorf("%v.Compare(%v) = %d", ordered[i], ordered[j], got)
			}
		}
	}
}
