package graph

import (
	"errors"
	"fmt"
)

// ErrTooMany is returned when a search finds more paths than its limit.
var ErrTooMany = errors.New("too many paths")

// Paths lists every simple path of exactly length edges from from to a
// target, under r: each place after from passes, each edge is allowed, and
// the path ends at the first target it meets (no place but its last is a
// target). from itself need not pass, as a piece's own place often would not.
// Paths run from from to the target, in lexicographic order of their places'
// ids, so the same board always gives the same list (rhine44 R17.4 shares
// markers out one path at a time). More than limit paths (when limit > 0)
// is ErrTooMany, with no paths.
func (g *Graph) Paths(from string, target func(id string) bool, length int, r Rules, limit int) ([][]string, error) {
	start, ok := g.index[from]
	if !ok || length < 1 {
		return nil, nil
	}
	// toTarget[i] is the fewest edges from place i to a target through
	// places that pass and are not targets: a bound to prune the search.
	isTarget := make([]bool, len(g.ids))
	var targets []string
	for i, id := range g.ids {
		if target(id) && r.pass(id) {
			isTarget[i] = true
			targets = append(targets, id)
		}
	}
	toTarget := g.distances(targets, Rules{Use: r.Use, Pass: func(id string) bool {
		return r.pass(id) && !target(id)
	}})
	s := pathSearch{g: g, r: r, isTarget: isTarget, toTarget: toTarget, length: length, limit: limit,
		onPath: make([]bool, len(g.ids)), path: []int{start}}
	s.onPath[start] = true
	if err := s.walk(start); err != nil {
		return nil, err
	}
	return s.found, nil
}

type pathSearch struct {
	g        *Graph
	r        Rules
	isTarget []bool
	toTarget []int
	length   int
	limit    int
	onPath   []bool
	path     []int
	found    [][]string
}

func (s *pathSearch) walk(at int) error {
	left := s.length - (len(s.path) - 1) // edges still to take
	for _, a := range s.g.adj[at] {
		y := a.to
		if s.onPath[y] || !s.r.use(s.g.edges[a.edge]) || !s.r.pass(s.g.ids[y]) {
			continue
		}
		if s.isTarget[y] {
			if left == 1 {
				if err := s.keep(y); err != nil {
					return err
				}
			}
			continue
		}
		if left == 1 || s.toTarget[y] < 0 || s.toTarget[y] > left-1 {
			continue
		}
		s.onPath[y] = true
		s.path = append(s.path, y)
		err := s.walk(y)
		s.path = s.path[:len(s.path)-1]
		s.onPath[y] = false
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *pathSearch) keep(last int) error {
	if s.limit > 0 && len(s.found) >= s.limit {
		return fmt.Errorf("%w: more than %d of %d edges from %s", ErrTooMany, s.limit, s.length, s.g.ids[s.path[0]])
	}
	p := make([]string, 0, len(s.path)+1)
	for _, i := range s.path {
		p = append(p, s.g.ids[i])
	}
	s.found = append(s.found, append(p, s.g.ids[last]))
	return nil
}

// Nearest is the fewest edges from from to a target under r, as Paths counts
// them (ending at the first target met); -1 when no target is in reach.
func (g *Graph) Nearest(from string, target func(id string) bool, r Rules) int {
	if _, ok := g.index[from]; !ok {
		return -1
	}
	best := -1
	for j, v := range g.deadEndDistances(from, target, r) {
		if v > 0 && target(g.ids[j]) && (best < 0 || v < best) {
			best = v
		}
	}
	return best
}

// deadEndDistances is a breadth-first search from from in which targets are
// entered but not left.
func (g *Graph) deadEndDistances(from string, target func(id string) bool, r Rules) []int {
	d := make([]int, len(g.ids))
	for i := range d {
		d[i] = -1
	}
	start := g.index[from]
	d[start] = 0
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if i != start && target(g.ids[i]) {
			continue
		}
		for _, a := range g.adj[i] {
			if d[a.to] < 0 && r.use(g.edges[a.edge]) && r.pass(g.ids[a.to]) {
				d[a.to] = d[i] + 1
				queue = append(queue, a.to)
			}
		}
	}
	return d
}

// ShortestPaths lists every path of the fewest edges from from to a target
// (Paths at the length Nearest gives): all of them, in a fixed order, as the
// solo front shift of rhine44 (R17.4) needs. Nil when no target is in reach.
func (g *Graph) ShortestPaths(from string, target func(id string) bool, r Rules, limit int) ([][]string, error) {
	n := g.Nearest(from, target, r)
	if n < 1 {
		return nil, nil
	}
	return g.Paths(from, target, n, r, limit)
}
