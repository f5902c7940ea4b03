package hex

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// muddy is a search state richer than the hex, as a movement search needs
// when the same hex may be entered in two ways: stuck is true when the unit
// entered a mud hex off the road and must stop there.
type muddy struct {
	h     Axial
	stuck bool
}

func compareMuddy(a, b muddy) int {
	if c := a.h.Compare(b.h); c != 0 {
		return c
	}
	switch {
	case a.stuck == b.stuck:
		return 0
	case !a.stuck:
		return -1
	}
	return 1
}

// mudBoard is a test map: terrain costs (0 impassable), mud hexes that stop a
// unit entering them off the road, and roads that cost 1 whatever the hex.
type mudBoard struct {
	cost  board
	mud   map[Axial]bool
	roads map[Side]bool
}

// step prices one step: along a road 1, otherwise the hex's cost, and a mud
// hex entered off road stops the unit.
func (b mudBoard) step(from, to Axial) (cost int, stuck, ok bool) {
	c, ok := b.cost.cost(from, to)
	if !ok {
		return 0, false, false
	}
	if s, _ := SideBetween(from, to); b.roads[s] {
		return 1, false, true
	}
	return c, b.mud[to], true
}

func (b mudBoard) edges(from muddy, edge func(muddy, int)) {
	if from.stuck {
		return
	}
	for _, n := range from.h.Neighbors() {
		if c, stuck, ok := b.step(from.h, n); ok {
			edge(muddy{n, stuck}, c)
		}
	}
}

func randomMudBoard(rng *rand.Rand) mudBoard {
	b := mudBoard{cost: randomBoard(rng, 6, 3, 0.1), mud: map[Axial]bool{}, roads: map[Side]bool{}}
	for _, h := range SortedKeys(b.cost) {
		if rng.IntN(4) == 0 {
			b.mud[h] = true
		}
		for _, s := range h.Sides() {
			if rng.IntN(6) == 0 {
				b.roads[s] = true
			}
		}
	}
	return b
}

// bruteMud finds each hex's least cost by trying every simple path within the
// budget: no queue, no pruning.
func bruteMud(b mudBoard, budget int) map[Axial]int {
	best := map[Axial]int{{}: 0}
	on := map[Axial]bool{{}: true}
	var walk func(at Axial, cost int)
	walk = func(at Axial, cost int) {
		for _, n := range at.Neighbors() {
			c, stuck, ok := b.step(at, n)
			if !ok || on[n] || cost+c > budget {
				continue
			}
			if old, seen := best[n]; !seen || cost+c < old {
				best[n] = cost + c
			}
			if !stuck {
				on[n] = true
				walk(n, cost+c)
				on[n] = false
			}
		}
	}
	walk(Axial{}, 0)
	return best
}

// TestDijkstraRicherNodesMatchesBruteForce: over (hex, stuck) states the
// least cost of each hex, taken over both of its states, is what trying every
// path finds, and every path the search gives steps legally at its cost and
// goes on from no stuck hex.
func TestDijkstraRicherNodesMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 30 {
		b := randomMudBoard(rng)
		budget := rng.IntN(9)
		d := Dijkstra[muddy]{Edges: b.edges, Compare: compareMuddy, Budget: budget}
		reach := d.Reach(muddy{})
		got := map[Axial]int{}
		for n, l := range reach {
			if old, seen := got[n.h]; !seen || l.Cost < old {
				got[n.h] = l.Cost
			}
			p := Path(reach, muddy{}, n)
			total := 0
			for i := 1; i < len(p); i++ {
				c, stuck, ok := b.step(p[i-1].h, p[i].h)
				if !ok || stuck != p[i].stuck || p[i-1].stuck {
					t.Fatalf("trial %d: path to %v has an illegal step %v->%v", trial, n, p[i-1], p[i])
				}
				total += c
			}
			if total != l.Cost {
				t.Fatalf("trial %d: path to %v costs %d, reported %d", trial, n, total, l.Cost)
			}
		}
		if want := bruteMud(b, budget); !maps.Equal(got, want) {
			t.Fatalf("trial %d: Dijkstra = %v\nbrute force = %v", trial, got, want)
		}
	}
}

// TestDijkstraTieBreakFollowsCompare: of two predecessors at equal cost, the
// one first in Compare order settles first and becomes the Prev, whichever
// order Edges lists them in.
func TestDijkstraTieBreakFollowsCompare(t *testing.T) {
	// 0 -> 1 -> 3 and 0 -> 2 -> 3, every step costing 1.
	graph := map[int][]int{0: {2, 1}, 1: {3}, 2: {3}}
	edges := func(from int, edge func(int, int)) {
		for _, to := range graph[from] {
			edge(to, 1)
		}
	}
	up := Dijkstra[int]{Edges: edges, Compare: cmp.Compare[int], Budget: 10}
	if got := up.Reach(0)[3]; got != (Label[int]{2, 1}) {
		t.Errorf("ascending: reach[3] = %v, want cost 2 via 1", got)
	}
	down := up
	down.Compare = func(a, b int) int { return cmp.Compare(b, a) }
	if got := down.Reach(0)[3]; got != (Label[int]{2, 2}) {
		t.Errorf("descending: reach[3] = %v, want cost 2 via 2", got)
	}
}

// TestDijkstraPathTo: PathTo gives the path and cost Reach and Path give, and
// nothing beyond the budget.
func TestDijkstraPathTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	b := randomMudBoard(rng)
	d := Dijkstra[muddy]{Edges: b.edges, Compare: compareMuddy, Budget: 8}
	reach := d.Reach(muddy{})
	for _, n := range slices.SortedFunc(maps.Keys(reach), compareMuddy) {
		path, cost, ok := d.PathTo(muddy{}, n)
		if !ok || cost != reach[n].Cost || !slices.Equal(path, Path(reach, muddy{}, n)) {
			t.Fatalf("PathTo %v = %v, %d, %v; Reach gives %v, %d", n, path, cost, ok, Path(reach, muddy{}, n), reach[n].Cost)
		}
	}
	if _, _, ok := d.PathTo(muddy{}, muddy{Axial{40, 40}, false}); ok {
		t.Error("PathTo found a hex off the board")
	}
}
