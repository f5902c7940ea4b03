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
}

// Distances returns the fewest steps from the nearest of starts to every
// node within the limit, the starts included at 0.
func (s BFS[N]) Distances(starts ...N) map[N]int {
	if s.Neighbors == nil {
		panic("hex: BFS.Neighbors is required")
	}
	dist := make(map[N]int, len(starts))
	frontier := make([]N, 0, len(starts))
	for _, n := range starts {
		if _, seen := dist[n]; !seen {
			dist[n] = 0
			frontier = append(frontier, n)
		}
	}
	var from N
	var d int
	visit := func(to N) {
		if _, seen := dist[to]; seen {
			return
		}
		if s.Step == nil || s.Step(from, to) {
			dist[to] = d + 1
			frontier = append(frontier, to)
		}
	}
	// frontier is a queue in one slice: head moves on, nodes join at the end.
	for head := 0; head < len(frontier); head++ {
		from = frontier[head]
		if d = dist[from]; d >= s.Limit {
			continue
		}
		s.Neighbors(from, visit)
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
