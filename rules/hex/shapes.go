package hex

// Ring lists the 6·radius hexes at exactly radius steps from center (just
// center for radius 0, nil for a negative radius). Following Red Blob
// ("Rings"), it starts radius steps out in direction 4 and walks the six
// sides in direction order, so the order is fixed.
func Ring(center Axial, radius int) []Axial {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Axial{center}
	}
	out := make([]Axial, 0, 6*radius)
	h := center.Add(scale(Direction(4).Vector(), radius))
	for d := range DirectionCount {
		for range radius {
			out = append(out, h)
			h = h.Neighbor(d)
		}
	}
	return out
}

// Range lists every hex within radius steps of center, center included,
// 3r(r+1)+1 hexes in Axial.Compare order (nil for a negative radius). The
// bounds are Red Blob's ("Range"): -N ≤ q, r, s ≤ N relative to center.
func Range(center Axial, radius int) []Axial {
	if radius < 0 {
		return nil
	}
	out := make([]Axial, 0, 3*radius*(radius+1)+1)
	for dq := -radius; dq <= radius; dq++ {
		lo, hi := max(-radius, -dq-radius), min(radius, -dq+radius)
		for dr := lo; dr <= hi; dr++ {
			out = append(out, Axial{center.Q + dq, center.R + dr})
		}
	}
	return out
}

func scale(a Axial, k int) Axial { return Axial{a.Q * k, a.R * k} }

// Line lists the Distance(a, b)+1 hexes on the straight line from a to b,
// both ends included, each adjacent to the next.
//
// It is Red Blob's line drawing ("Line drawing"): sample the segment at
// N+1 evenly spaced points and round each to its hex in cube coordinates.
// Where the segment runs exactly along a hexside a sample is equidistant from
// two hexes; Red Blob breaks the tie by nudging both ends by the cube vector
// ε·(1, 2, -3). We do the same, but exactly: coordinates are kept as integers
// scaled by N and the nudge as a separate infinitesimal, so the result never
// depends on floating-point rounding and is the same on every machine.
func Line(a, b Axial) []Axial {
	n := Distance(a, b)
	if n == 0 {
		return []Axial{a}
	}
	out := make([]Axial, 0, n+1)
	// Sample i, scaled by n, is a·n + (b-a)·i in each cube coordinate.
	aq, ar, as := a.Q*n, a.R*n, a.S()*n
	dq, dr, ds := b.Q-a.Q, b.R-a.R, b.S()-a.S()
	for i := 0; i <= n; i++ {
		out = append(out, cubeRound(
			nudged{aq + dq*i, 1},
			nudged{ar + dr*i, 2},
			nudged{as + ds*i, -3},
			n))
	}
	return out
}

// nudged is the real number x/n + eps·ε for an infinitesimal ε > 0, where n
// is the common scale passed alongside.
type nudged struct{ x, eps int }

// round is the integer nearest to v (exact halves cannot occur: eps ≠ 0
// always tips them) and the distance |round - v| in the same scaled form.
func (v nudged) round(n int) (int, nudged) {
	// floor(v + 1/2) = floor((2x + n) / 2n), with the nudge deciding when
	// (2x + n) / 2n is a whole number.
	num, den := 2*v.x+n, 2*n
	r := floorDiv(num, den)
	if num%den == 0 && v.eps < 0 {
		r--
	}
	diff := nudged{r*n - v.x, -v.eps}
	if diff.x < 0 || (diff.x == 0 && diff.eps < 0) {
		diff = nudged{-diff.x, -diff.eps}
	}
	return r, diff
}

func (v nudged) greater(w nudged) bool {
	return v.x > w.x || (v.x == w.x && v.eps > w.eps)
}

// cubeRound is Red Blob's cube rounding ("Rounding"): round each coordinate,
// then recompute the one that moved furthest from the other two so that
// q+r+s = 0 holds again.
func cubeRound(q, r, s nudged, n int) Axial {
	rq, dq := q.round(n)
	rr, dr := r.round(n)
	rs, ds := s.round(n)
	switch {
	case dq.greater(dr) && dq.greater(ds):
		rq = -rr - rs
	case dr.greater(ds):
		rr = -rq - rs
	}
	return Axial{rq, rr}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
