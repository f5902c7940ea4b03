package hex

import (
	"math/rand/v2"
	"testing"
)

// randomHex draws from a fixed-seed source so failures reproduce.
func randomHex(rng *rand.Rand, span int) Axial {
	return Axial{rng.IntN(2*span+1) - span, rng.IntN(2*span+1) - span}
}

func TestDistanceTable(t *testing.T) {
	// Worked by hand as the largest cube difference max(|dq|, |dr|, |ds|),
	// the other of Red Blob's two equivalent distance formulas.
	cases := []struct {
		a, b Axial
		want int
	}{
		{Axial{0, 0}, Axial{0, 0}, 0},
		{Axial{0, 0}, Axial{1, 0}, 1},
		{Axial{0, 0}, Axial{2, -1}, 2},  // cube (2,-1,-1)
		{Axial{0, 0}, Axial{3, -3}, 3},  // cube (3,-3,0)
		{Axial{1, 2}, Axial{-2, 4}, 3},  // diff (-3,2,1)
		{Axial{0, 0}, Axial{-4, 1}, 4},  // cube (-4,1,3)
		{Axial{5, 5}, Axial{5, -5}, 10}, // straight along r
	}
	for _, c := range cases {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestDistanceProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		a, b, c := randomHex(rng, 60), randomHex(rng, 60), randomHex(rng, 60)
		ab := Distance(a, b)
		if ab != Distance(b, a) {
			t.Fatalf("Distance not symmetric for %v, %v", a, b)
		}
		if (ab == 0) != (a == b) {
			t.Fatalf("Distance(%v, %v) = %d", a, b, ab)
		}
		if ab > Distance(a, c)+Distance(c, b) {
			t.Fatalf("triangle inequality fails for %v, %v via %v", a, b, c)
		}
		d := b.Sub(a)
		if want := max(abs(d.Q), abs(d.R), abs(d.S())); ab != want {
			t.Fatalf("Distance(%v, %v) = %d, cube max gives %d", a, b, ab, want)
		}
	}
}

func TestNeighborsAndDirections(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		a := randomHex(rng, 1000)
		seen := map[Axial]bool{}
		for d, n := range a.Neighbors() {
			dir := Direction(d)
			if Distance(a, n) != 1 {
				t.Fatalf("neighbour %v of %v at distance %d", n, a, Distance(a, n))
			}
			if n != a.Neighbor(dir) {
				t.Fatalf("Neighbors()[%d] != Neighbor(%d)", d, d)
			}
			if n.Neighbor(dir.Opposite()) != a {
				t.Fatalf("opposite of %d does not lead back", d)
			}
			if got, ok := DirectionTo(a, n); !ok || got != dir {
				t.Fatalf("DirectionTo(%v, %v) = %v, %v; want %d", a, n, got, ok, d)
			}
			seen[n] = true
		}
		if len(seen) != 6 {
			t.Fatalf("%v has %d distinct neighbours", a, len(seen))
		}
		if _, ok := DirectionTo(a, a); ok {
			t.Fatalf("DirectionTo(a, a) reported adjacent")
		}
		if _, ok := DirectionTo(a, a.Add(Axial{2, -1})); ok {
			t.Fatalf("DirectionTo at distance 2 reported adjacent")
		}
	}
	// Every offset near a hex: a direction exactly for the six at distance 1,
	// the diagonal offsets (1,1) and (-1,-1) included among those that are
	// not.
	for dq := -3; dq <= 3; dq++ {
		for dr := -3; dr <= 3; dr++ {
			a := Axial{5, -7}
			b := a.Add(Axial{dq, dr})
			d, ok := DirectionTo(a, b)
			if ok != (Distance(a, b) == 1) || ok && a.Neighbor(d) != b {
				t.Errorf("DirectionTo(%v, %v) = %d, %v", a, b, d, ok)
			}
		}
	}
	// Opposites, by the table in the Direction doc: 0<->3, 1<->4, 2<->5.
	for d, want := range []Direction{3, 4, 5, 0, 1, 2} {
		if got := Direction(d).Opposite(); got != want {
			t.Errorf("Direction(%d).Opposite() = %d, want %d", d, got, want)
		}
	}
}

func TestAxialCompare(t *testing.T) {
	ordered := []Axial{{-1, 5}, {0, -2}, {0, 0}, {0, 3}, {1, -7}}
	for i := range ordered {
		for j := range ordered {
			got := ordered[i].Compare(ordered[j])
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got != want {
				t.Errorf("%v.Compare(%v) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
}
