package hex

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestRingHandWorked(t *testing.T) {
	// Red Blob's ring walk: start at center + radius·dir4 = (-1,1), then one
	// step in each direction 0..5 in turn: +(1,0), +(1,-1), +(0,-1),
	// +(-1,0), +(-1,1).
	want := []Axial{{-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}}
	if got := Ring(Axial{}, 1); !slices.Equal(got, want) {
		t.Errorf("Ring(0, 1) = %v, want %v", got, want)
	}
	if got := Ring(Axial{3, 4}, 0); !slices.Equal(got, []Axial{{3, 4}}) {
		t.Errorf("Ring radius 0 = %v", got)
	}
	if got := Ring(Axial{}, -1); got != nil {
		t.Errorf("Ring radius -1 = %v", got)
	}
}

func TestRingProperties(t *testing.T) {
	center := Axial{7, -3}
	for r := 1; r <= 12; r++ {
		ring := Ring(center, r)
		if len(ring) != 6*r {
			t.Fatalf("ring %d has %d hexes, want %d", r, len(ring), 6*r)
		}
		seen := map[Axial]bool{}
		for i, h := range ring {
			if Distance(center, h) != r {
				t.Fatalf("ring %d: %v at distance %d", r, h, Distance(center, h))
			}
			if Distance(h, ring[(i+1)%len(ring)]) != 1 {
				t.Fatalf("ring %d: %v and the next hex are not adjacent", r, h)
			}
			seen[h] = true
		}
		if len(seen) != 6*r {
			t.Fatalf("ring %d repeats hexes", r)
		}
	}
}

func TestRange(t *testing.T) {
	center := Axial{-2, 5}
	for r := range 8 {
		got := Range(center, r)
		// Brute force: every hex of a square box within distance r.
		var want []Axial
		for q := center.Q - r; q <= center.Q+r; q++ {
			for rr := center.R - r; rr <= center.R+r; rr++ {
				if h := (Axial{q, rr}); Distance(center, h) <= r {
					want = append(want, h)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("Range(%v, %d) = %v, want %v", center, r, got, want)
		}
		if len(got) != 3*r*(r+1)+1 {
			t.Fatalf("Range radius %d has %d hexes", r, len(got))
		}
	}
	if Range(center, -1) != nil {
		t.Error("Range with negative radius is not nil")
	}
}

func TestLineHandWorked(t *testing.T) {
	cases := []struct {
		a, b Axial
		want []Axial
	}{
		{Axial{0, 0}, Axial{0, 0}, []Axial{{0, 0}}},
		{Axial{0, 0}, Axial{3, 0}, []Axial{{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
		// Cube (0,0,0) to (2,-1,-1): the midpoint (1, -0.5, -0.5) lies on
		// the side between (1,0) and (1,-1). Nudged by ε(1,2,-3), r =
		// -0.5+2ε rounds to 0 and s = -0.5-3ε to -1, which sum to zero
		// with q = 1: hex (1,0).
		{Axial{0, 0}, Axial{2, -1}, []Axial{{0, 0}, {1, 0}, {2, -1}}},
		// Reversed, the midpoint is the same point and the nudge the same,
		// so the line passes the same hex.
		{Axial{2, -1}, Axial{0, 0}, []Axial{{2, -1}, {1, 0}, {0, 0}}},
		// Cube (0,0,0) to (1,-2,1): midpoint (0.5, -1, 0.5); q+ε rounds
		// to 1, s-3ε to 0, r = -1: hex (1,-1).
		{Axial{0, 0}, Axial{1, -2}, []Axial{{0, 0}, {1, -1}, {1, -2}}},
		// Cube (0,0,0) to (-3,1,2), N=3: samples (-1, 1/3, 2/3) rounds to
		// (-1,0,1) and (-2, 2/3, 4/3) to (-2,1,1); no ties.
		{Axial{0, 0}, Axial{-3, 1}, []Axial{{0, 0}, {-1, 0}, {-2, 1}, {-3, 1}}},
	}
	for _, c := range cases {
		if got := Line(c.a, c.b); !slices.Equal(got, c.want) {
			t.Errorf("Line(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// floatLine is Red Blob's line drawing as the guide writes it, in floating
// point, as an independent reference for Line's exact arithmetic.
func floatLine(a, b Axial) []Axial {
	n := Distance(a, b)
	const e = 1e-6
	aq, ar, as := float64(a.Q)+e, float64(a.R)+2*e, float64(a.S())-3*e
	bq, br, bs := float64(b.Q)+e, float64(b.R)+2*e, float64(b.S())-3*e
	var out []Axial
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		q, r, s := aq+(bq-aq)*t, ar+(br-ar)*t, as+(bs-as)*t
		rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
		dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
		if dq > dr && dq > ds {
			rq = -rr - rs
		} else if dr > ds {
			rr = -rq - rs
		}
		out = append(out, Axial{int(rq), int(rr)})
	}
	return out
}

func TestLineMatchesFloatReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	check := func(a, b Axial) {
		t.Helper()
		got := Line(a, b)
		if want := floatLine(a, b); !slices.Equal(got, want) {
			t.Fatalf("Line(%v, %v) = %v, float reference %v", a, b, got, want)
		}
		if len(got) != Distance(a, b)+1 || got[0] != a || got[len(got)-1] != b {
			t.Fatalf("Line(%v, %v) = %v: wrong length or ends", a, b, got)
		}
		for i := 1; i < len(got); i++ {
			if Distance(got[i-1], got[i]) != 1 {
				t.Fatalf("Line(%v, %v) = %v: gap at %d", a, b, got, i)
			}
		}
	}
	for range 3000 {
		check(randomHex(rng, 40), randomHex(rng, 40))
	}
	// Lines along hexsides, where every other sample is a tie.
	for _, a := range Range(Axial{}, 3) {
		for _, v := range []Axial{{2, -1}, {1, 1}, {-1, 2}, {-2, 1}, {-1, -1}, {1, -2}} {
			for k := 1; k <= 5; k++ {
				check(a, a.Add(scale(v, k)))
			}
		}
	}
}
