// Package graph is a point-to-point board: places (nodes) joined by lines
// (edges) that carry colours, as 1944: Race to the Rhine joins its fields by
// coloured arrows. Two places are adjacent when any line joins them, in
// either direction (rhine44 R10.4: arrows work both ways; its legend, L166:
// "two fields are adjacent if an arrow of any colour, in any direction,
// connects them").
//
// The searches take the rules as functions: which places a search may pass
// through and which lines it may use, so that one board serves movement
// (lines of a player's colour), connection to a point (lines of any colour
// through uncontrolled places) and supply lines alike. Every result is in a
// fixed order, places by id, so that a game built on it is deterministic.
//
// The package is pure: no I/O, no randomness.
package graph

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Edge is a line between two places, with its colours: one colour for a
// single arrow, two for a double arrow, or a colour such as "black" that no
// player uses. A and B are in either order; direction means nothing.
type Edge struct {
	A, B    string
	Colours []string
}

// Has reports whether the edge carries colour.
func (e Edge) Has(colour string) bool { return slices.Contains(e.Colours, colour) }

// Other is the end of the edge that is not id.
func (e Edge) Other(id string) string {
	if e.A == id {
		return e.B
	}
	return e.A
}

// String is "a-b (red+white)".
func (e Edge) String() string {
	return fmt.Sprintf("%s-%s (%s)", e.A, e.B, strings.Join(e.Colours, "+"))
}

// Graph is a board of places and the edges between them. It does not change
// once made; a game keeps what changes (markers, control) itself.
type Graph struct {
	ids   []string       // sorted
	index map[string]int // id -> position in ids
	adj   [][]arc        // per node, its arcs sorted by the other end's index
	edges []Edge         // in the order given
}

// arc is one end's view of an edge.
type arc struct {
	to   int
	edge int // index into edges
}

// ErrInvalid is wrapped by every problem New finds.
var ErrInvalid = errors.New("invalid board")

// New makes a graph of nodes (ids, in any order) and edges. It refuses an
// empty or repeated id, an edge to an unknown place or to its own start, two
// edges between the same pair of places (one edge carries all the colours of
// the pair), and an edge without a colour.
func New(nodes []string, edges []Edge) (*Graph, error) {
	g := &Graph{ids: slices.Clone(nodes), index: map[string]int{}}
	slices.Sort(g.ids)
	var problems []string
	for i, id := range g.ids {
		if id == "" {
			problems = append(problems, "a place without an id")
			continue
		}
		if i > 0 && g.ids[i-1] == id {
			problems = append(problems, fmt.Sprintf("place %q given twice", id))
			continue
		}
		g.index[id] = i
	}
	g.adj = make([][]arc, len(g.ids))
	pairs := map[[2]int]bool{}
	for _, e := range edges {
		a, okA := g.index[e.A]
		b, okB := g.index[e.B]
		switch {
		case !okA || !okB:
			problems = append(problems, fmt.Sprintf("edge %s: %s and %s are not both places of the board", e, e.A, e.B))
			continue
		case a == b:
			problems = append(problems, fmt.Sprintf("edge %s joins a place to itself", e))
			continue
		case len(e.Colours) == 0:
			problems = append(problems, fmt.Sprintf("edge %s-%s has no colour", e.A, e.B))
			continue
		}
		key := [2]int{min(a, b), max(a, b)}
		if pairs[key] {
			problems = append(problems, fmt.Sprintf("edge %s: %s and %s are already joined (give one edge all the colours of a pair)", e, e.A, e.B))
			continue
		}
		pairs[key] = true
		k := len(g.edges)
		g.edges = append(g.edges, Edge{A: e.A, B: e.B, Colours: slices.Clone(e.Colours)})
		g.adj[a] = append(g.adj[a], arc{to: b, edge: k})
		g.adj[b] = append(g.adj[b], arc{to: a, edge: k})
	}
	for i := range g.adj {
		slices.SortFunc(g.adj[i], func(x, y arc) int { return x.to - y.to })
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%w: %s", ErrInvalid, strings.Join(problems, "; "))
	}
	return g, nil
}

// Nodes lists the places, sorted by id.
func (g *Graph) Nodes() []string { return slices.Clone(g.ids) }

// Has reports whether id is a place of the board.
func (g *Graph) Has(id string) bool {
	_, ok := g.index[id]
	return ok
}

// Edges lists the edges in the order they were given.
func (g *Graph) Edges() []Edge {
	out := make([]Edge, len(g.edges))
	for i, e := range g.edges {
		out[i] = Edge{A: e.A, B: e.B, Colours: slices.Clone(e.Colours)}
	}
	return out
}

// Edge is the edge between a and b, if any.
func (g *Graph) Edge(a, b string) (Edge, bool) {
	i, okA := g.index[a]
	j, okB := g.index[b]
	if !okA || !okB {
		return Edge{}, false
	}
	for _, r := range g.adj[i] {
		if r.to == j {
			return g.edges[r.edge], true
		}
	}
	return Edge{}, false
}

// Adjacent reports whether an edge of any colour joins a and b.
func (g *Graph) Adjacent(a, b string) bool {
	_, ok := g.Edge(a, b)
	return ok
}

// Neighbours lists the places joined to id by an edge that use allows (any
// edge when use is nil), sorted by id.
func (g *Graph) Neighbours(id string, use func(Edge) bool) []string {
	i, ok := g.index[id]
	if !ok {
		return nil
	}
	var out []string
	for _, r := range g.adj[i] {
		if use == nil || use(g.edges[r.edge]) {
			out = append(out, g.ids[r.to])
		}
	}
	return out
}

// Rules say where a search may go: Pass reports whether it may enter (and go
// on from) a place, Use whether it may follow an edge. Nil allows all.
type Rules struct {
	Pass func(id string) bool
	Use  func(e Edge) bool
}

func (r Rules) pass(id string) bool { return r.Pass == nil || r.Pass(id) }
func (r Rules) use(e Edge) bool     { return r.Use == nil || r.Use(e) }

// Reach is the set of places reachable from the starts by edges r allows,
// through places it lets pass. A start is in the set only if it may pass.
func (g *Graph) Reach(starts []string, r Rules) map[string]bool {
	seen := make([]bool, len(g.ids))
	var queue []int
	for _, s := range starts {
		if i, ok := g.index[s]; ok && !seen[i] && r.pass(s) {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, a := range g.adj[i] {
			if !seen[a.to] && r.use(g.edges[a.edge]) && r.pass(g.ids[a.to]) {
				seen[a.to] = true
				queue = append(queue, a.to)
			}
		}
	}
	out := map[string]bool{}
	for i, ok := range seen {
		if ok {
			out[g.ids[i]] = true
		}
	}
	return out
}

// Distances are the fewest edges from the starts to each place reachable
// under r; the starts themselves are at 0 whether or not they may pass.
func (g *Graph) Distances(starts []string, r Rules) map[string]int {
	d := g.distances(starts, r)
	out := map[string]int{}
	for i, v := range d {
		if v >= 0 {
			out[g.ids[i]] = v
		}
	}
	return out
}

// distances is Distances by index, -1 for a place out of reach.
func (g *Graph) distances(starts []string, r Rules) []int {
	d := make([]int, len(g.ids))
	for i := range d {
		d[i] = -1
	}
	var queue []int
	for _, s := range starts {
		if i, ok := g.index[s]; ok && d[i] < 0 {
			d[i] = 0
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, a := range g.adj[i] {
			if d[a.to] < 0 && r.use(g.edges[a.edge]) && r.pass(g.ids[a.to]) {
				d[a.to] = d[i] + 1
				queue = append(queue, a.to)
			}
		}
	}
	return d
}

// Path reports whether a chain of places joins a to b under r: a and b
// included, every place passes and every edge is allowed. A place alone is a
// path to itself when it passes.
func (g *Graph) Path(a, b string, r Rules) bool {
	if !r.pass(a) || !r.pass(b) {
		return false
	}
	return g.Reach([]string{a}, r)[b]
}
