package hex

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// board is a test map: a region of hexes with a terrain cost each; 0 means
// impassable. Cost is the terrain cost of the hex entered.
type board map[Axial]int

func (b board) cost(from, to Axial) (int, bool) {
	c, ok := b[to]
	return c, ok && c > 0
}

func randomBoard(rng *rand.Rand, radius, maxCost int, blocked float64) board {
	b := board{}
	for _, h := range Range(Axial{}, radius) {
		if rng.Float64() < blocked {
			b[h] = 0
		} else {
			b[h] = 1 + rng.IntN(maxCost)
		}
	}
	b[Axial{}] = 1
	return b
}

// bfs is an independent brute force for uniform step costs: plain
// breadth-first search, with stop hexes entered but not left.
func bfs(b board, start Axial, budget int, stop func(Axial) bool) map[Axial]int {
	dist := map[Axial]int{start: 0}
	frontier := []Axial{start}
	for len(frontier) > 0 {
		h := frontier[0]
		frontier = frontier[1:]
		if dist[h] == budget || (h != start && stop != nil && stop(h)) {
			continue
		}
		for _, n := range h.Neighbors() {
			if _, seen := dist[n]; seen {
				continue
			}
			if _, ok := b.cost(h, n); ok {
				dist[n] = dist[h] + 1
				frontier = append(frontier, n)
			}
		}
	}
	return dist
}

// relax is an independent brute force for any costs: Bellman-Ford style
// relaxation over the whole board until nothing improves.
func relax(b board, start Axial, budget int, stop func(Axial) bool) map[Axial]int {
	dist := map[Axial]int{start: 0}
	for changed := true; changed; {
		changed = false
		for _, h := range SortedKeys(b) {
			d, ok := dist[h]
			if !ok || (h != start && stop != nil && stop(h)) {
				continue
			}
			for _, n := range h.Neighbors() {
				c, ok := b.cost(h, n)
				if !ok || d+c > budget {
					continue
				}
				if old, seen := dist[n]; !seen || d+c < old {
					dist[n] = d + c
					changed = true
				}
			}
		}
	}
	return dist
}

func costs(reach map[Axial]Reach) map[Axial]int {
	out := map[Axial]int{}
	for h, r := range reach {
		out[h] = r.Cost
	}
	return out
}

// checkPaths rebuilds every path and checks that it is made of legal steps
// whose costs add up to the reported cost and that it stops nowhere it must
// not pass.
func checkPaths(t *testing.T, b board, start Axial, reach map[Axial]Reach, stop func(Axial) bool) {
	t.Helper()
	for _, goal := range SortedKeys(reach) {
		p := Path(reach, start, goal)
		if len(p) == 0 || p[0] != start || p[len(p)-1] != goal {
			t.Fatalf("path to %v = %v", goal, p)
		}
		total := 0
		for i := 1; i < len(p); i++ {
			c, ok := b.cost(p[i-1], p[i])
			if !ok || Distance(p[i-1], p[i]) != 1 {
				t.Fatalf("path to %v has an illegal step %v->%v", goal, p[i-1], p[i])
			}
			if i > 1 && stop != nil && stop(p[i-1]) {
				t.Fatalf("path to %v leaves stop hex %v", goal, p[i-1])
			}
			total += c
		}
		if total != reach[goal].Cost {
			t.Fatalf("path to %v costs %d, reported %d", goal, total, reach[goal].Cost)
		}
	}
}

func TestReachableUniformMatchesBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 40 {
		b := randomBoard(rng, 9, 1, 0.3)
		budget := rng.IntN(10)
		var stop func(Axial) bool
		if trial%2 == 1 {
			zoc := NewSet()
			for _, h := range SortedKeys(b) {
				if rng.IntN(8) == 0 {
					zoc.Add(h)
				}
			}
			zoc.Add(Axial{}) // the start itself: must not stop the search
			stop = zoc.Has
		}
		reach := Search{Cost: b.cost, Stop: stop, Budget: budget}.Reachable(Axial{})
		if got, want := costs(reach), bfs(b, Axial{}, budget, stop); !maps.Equal(got, want) {
			t.Fatalf("trial %d: Reachable = %v\nBFS = %v", trial, got, want)
		}
		checkPaths(t, b, Axial{}, reach, stop)
	}
}

func TestReachableWeightedMatchesRelaxation(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 40 {
		b := randomBoard(rng, 8, 4, 0.15)
		budget := rng.IntN(15)
		var stop func(Axial) bool
		if trial%2 == 1 {
			stop = func(h Axial) bool { return (h.Q*7+h.R*3)%5 == 0 }
		}
		reach := Search{Cost: b.cost, Stop: stop, Budget: budget}.Reachable(Axial{})
		if got, want := costs(reach), relax(b, Axial{}, budget, stop); !maps.Equal(got, want) {
			t.Fatalf("trial %d: Reachable = %v\nrelaxation = %v", trial, got, want)
		}
		checkPaths(t, b, Axial{}, reach, stop)
	}
}

func TestReachableHandWorked(t *testing.T) {
	// A corridor of six hexes (0,0)..(5,0), all clear terrain (1) except
	// (3,0), rough (2).
	b := board{{0, 0}: 1, {1, 0}: 1, {2, 0}: 1, {3, 0}: 2, {4, 0}: 1, {5, 0}: 1}
	reach := Reachable(Axial{}, 4, b.cost)
	want := map[Axial]Reach{
		{0, 0}: {0, Axial{0, 0}},
		{1, 0}: {1, Axial{0, 0}},
		{2, 0}: {2, Axial{1, 0}},
		{3, 0}: {4, Axial{2, 0}}, // 2 + rough 2 = 4, the whole budget
	}
	if !maps.Equal(reach, want) {
		t.Errorf("Reachable = %v, want %v", reach, want)
	}
	// A zone of control at (2,0) ends movement there.
	zoc := func(h Axial) bool { return h == Axial{2, 0} }
	reach = Search{Cost: b.cost, Stop: zoc, Budget: 10}.Reachable(Axial{})
	if got := SortedKeys(reach); !slices.Equal(got, []Axial{{0, 0}, {1, 0}, {2, 0}}) {
		t.Errorf("with ZOC at (2,0): reached %v", got)
	}
	// Starting in the zone, the unit may leave it.
	reach = Search{Cost: b.cost, Stop: zoc, Budget: 10}.Reachable(Axial{2, 0})
	if len(reach) != 6 || reach[Axial{5, 0}].Cost != 4 || reach[Axial{0, 0}].Cost != 2 {
		t.Errorf("from inside ZOC: %v", reach)
	}
	// A negative budget still has the start.
	if reach := Reachable(Axial{}, -1, b.cost); len(reach) != 1 {
		t.Errorf("negative budget reached %v", reach)
	}
}

func TestReachableTieBreak(t *testing.T) {
	// From (0,0) to (2,-1) on open ground there are two equal paths, via
	// (1,-1) and via (1,0), both cost 2. Hexes settle in (cost, Q, R)
	// order, so (1,-1) settles before (1,0) and becomes the Prev.
	open := func(from, to Axial) (int, bool) { return 1, Distance(Axial{}, to) <= 3 }
	for range 20 { // repeated, so that any map-order dependence shows up
		reach := Reachable(Axial{}, 3, open)
		if got := reach[Axial{2, -1}]; got != (Reach{2, Axial{1, -1}}) {
			t.Fatalf("reach[(2,-1)] = %v, want cost 2 via (1,-1)", got)
		}
		// (0,2): only predecessor at cost 1 is (0,1), the straight line.
		// (-1,2): predecessors (-1,1) and (0,1); (-1,1) settles first.
		if got := reach[Axial{-1, 2}]; got != (Reach{2, Axial{-1, 1}}) {
			t.Fatalf("reach[(-1,2)] = %v, want cost 2 via (-1,1)", got)
		}
	}
}

func TestReachableDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	b := randomBoard(rng, 12, 3, 0.1)
	first := Reachable(Axial{}, 12, b.cost)
	for range 20 {
		if again := Reachable(Axial{}, 12, b.cost); !maps.Equal(first, again) {
			t.Fatal("Reachable gave different results on the same input")
		}
	}
}

func TestShortestPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 30 {
		b := randomBoard(rng, 8, 3, 0.2)
		reach := Reachable(Axial{}, math.MaxInt, b.cost)
		for _, goal := range SortedKeys(b) {
			path, cost, ok := ShortestPath(Axial{}, goal, b.cost, math.MaxInt)
			r, reached := reach[goal]
			if ok != reached {
				t.Fatalf("ShortestPath to %v ok=%v, Reachable has it: %v", goal, ok, reached)
			}
			if !ok {
				if path != nil {
					t.Fatalf("unreachable %v gave path %v", goal, path)
				}
				continue
			}
			if cost != r.Cost || !slices.Equal(path, Path(reach, Axial{}, goal)) {
				t.Fatalf("ShortestPath to %v = %v, %d; Reachable gives %v, %d",
					goal, path, cost, Path(reach, Axial{}, goal), r.Cost)
			}
			// A limit just below the cost must refuse the goal.
			if cost > 0 {
				if _, _, ok := ShortestPath(Axial{}, goal, b.cost, cost-1); ok {
					t.Fatalf("goal %v at cost %d found with limit %d", goal, cost, cost-1)
				}
			}
		}
	}
	if p, c, ok := ShortestPath(Axial{1, 1}, Axial{1, 1}, board{}.cost, 0); !ok || c != 0 || !slices.Equal(p, []Axial{{1, 1}}) {
		t.Errorf("path to self = %v, %d, %v", p, c, ok)
	}
}

func TestPathNotReached(t *testing.T) {
	reach := map[Axial]Reach{{0, 0}: {0, Axial{0, 0}}, {1, 0}: {1, Axial{0, 0}}}
	if p := Path(reach, Axial{}, Axial{5, 5}); p != nil {
		t.Errorf("path to an unreached hex = %v", p)
	}
	// A reach map made from another start leads back to that start, not ours.
	if p := Path(reach, Axial{9, 9}, Axial{1, 0}); p != nil {
		t.Errorf("path from the wrong start = %v", p)
	}
	cyclic := map[Axial]Reach{{0, 0}: {1, Axial{1, 0}}, {1, 0}: {1, Axial{0, 0}}}
	if p := Path(cyclic, Axial{5, 5}, Axial{0, 0}); p != nil {
		t.Errorf("path through a cycle = %v", p)
	}
}

func TestNegativeCostPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("negative cost did not panic")
		}
	}()
	Reachable(Axial{}, 5, func(from, to Axial) (int, bool) { return -1, true })
}
