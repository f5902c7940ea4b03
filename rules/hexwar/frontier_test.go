package hexwar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFrontier_PopsInKeyOrder: the search's heap gives its nodes back in
// the order of (cost, node), the order Reach settles them in, however
// pushes and pops interleave: random keys pushed, a pop after about one
// push in three, each checked against a sorted list of what waits.
func TestFrontier_PopsInKeyOrder(t *testing.T) {
	rnd := rand.New(rand.NewPCG(18, 4))
	for round := range 200 {
		var q frontier
		var want []uint64 // what waits, as keys
		for range 1 + rnd.IntN(300) {
			if len(want) > 0 && rnd.IntN(3) == 0 {
				slices.Sort(want)
				q2, cost, n := q.pop()
				q = q2
				if got := uint64(cost)<<32 | uint64(n); got != want[0] {
					t.Fatalf("round %d: popped (%d, %d), want (%d, %d)", round, cost, n, want[0]>>32, uint32(want[0]))
				}
				want = want[1:]
				continue
			}
			cost, n := rnd.IntN(64), node(rnd.IntN(1<<20))
			q = q.push(cost, n)
			want = append(want, uint64(cost)<<32|uint64(n))
		}
		slices.Sort(want)
		for _, k := range want {
			q2, cost, n := q.pop()
			q = q2
			if got := uint64(cost)<<32 | uint64(n); got != k {
				t.Fatalf("round %d, draining: popped (%d, %d), want (%d, %d)", round, cost, n, k>>32, uint32(k))
			}
		}
		if len(q) != 0 {
			t.Fatalf("round %d: %d keys left", round, len(q))
		}
	}
}
