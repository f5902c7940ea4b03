package hex

// BFS is a breadth-first search over any graph whose nodes are comparable
// values: the fewest steps to each node, where every step counts one. Its
// result is a set of distances, which do not depend on the order nodes are
// visited in.
type BFS[N comparable] struct {
	// Neighbors calls yield for every node next to n. Required.
	Neighbors func(n N, yield func(N))
	// Step reports whether the search may go from a node to a neighbour; nil
	// allows every step. It is asked only about neighbours not yet reached,
	// so it may be the costly part.
	Step func(from, to N) bool
	// Limit is the most steps a node may be from the nearest start.
	Limit int
	// Expect, if set, is about how many nodes the search will reach: it only
	// sizes the result, so that a search over a whole map does not grow it
	// step by step.
	Expect int
}

// Distances returns the fewest steps from the nearest of starts to every
// node within the limit, the starts included at 0.
func (s BFS[N]) Distances(starts ...N) map[N]int {
	if s.Neighbors == nil {
		panic("hex: BFS.Neighbors is required")
	}
	dist := make(map[N]int, max(len(starts), s.Expect))
	// frontier is a queue in one slice, each node with its distance: head
	// moves on, nodes join at the end.
	type queued struct {
		n N
		d int
	}
	frontier := make([]queued, 0, max(len(starts), s.Expect))
	for _, n := range starts {
		if _, seen := dist[n]; !seen {
			dist[n] = 0
			frontier = append(frontier, queued{n, 0})
		}
	}
	var from queued
	visit := func(to N) {
		if _, seen := dist[to]; seen {
			return
		}
		if s.Step == nil || s.Step(from.n, to) {
			dist[to] = from.d + 1
			frontier = append(frontier, queued{to, from.d + 1})
		}
	}
	for head := 0; head < len(frontier); head++ {
		if from = frontier[head]; from.d < s.Limit {
			s.Neighbors(from.n, visit)
		}
	}
	return dist
}

// Neighbors yields the six hexes next to a in Direction order; it is BFS's
// Neighbors for hexes.
func Neighbors(a Axial, yield func(Axial)) {
	for d := range DirectionCount {
		yield(a.Neighbor(d))
	}
}
