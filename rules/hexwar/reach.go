package hexwar

import (
	"fmt"
	"iter"

	"github.com/pbem-referee/pbem/rules/hex"
)

// node is a search state: a hex, by number, whether the path to it carries
// the mark (Step.Mark) and whether the unit had to stop on entering it. The
// same hex may be entered along a road and go on, or off the road and stop
// (Normandy's flooded hex, 9.5.1), or across a mountain hexside or not (S43
// 5.6: one a phase), so the hex alone is not enough state. A node is 4 × the
// hex's number, plus 2 if marked, plus 1 if stopped: nodes compare as (hex
// order, unmarked first, not stopped first), the search's tie-break.
type node int32

func newNode(cell int, marked, stop bool) node {
	n := node(4 * cell)
	if marked {
		n += 2
	}
	if stop {
		n++
	}
	return n
}

func (n node) cell() int     { return int(n / 4) }
func (n node) marked() bool  { return n%4 >= 2 }
func (n node) stopped() bool { return n%2 == 1 }

// Reachable is what a movement search found: each hex reached, the start
// included, with the node that ends one of its cheapest paths. A path is
// rebuilt only when asked for: a game lists few of the hexes each way of
// moving reaches for the first time. Its labels are slices by node, as the
// grid numbers hexes: Legal runs several searches for every unit (issue 18).
type Reachable struct {
	grid  *hex.Grid
	start node
	cost  []int32 // by node: the least cost found, -1 for a node not reached
	prev  []node  // by node: the node before it on a cheapest path
	best  []node  // by cell: the node a hex was reached by, -1 for none
}

// Has reports whether the search reached a.
func (r Reachable) Has(a hex.Axial) bool { _, ok := r.node(a); return ok }

func (r Reachable) node(a hex.Axial) (node, bool) {
	if r.grid == nil {
		return 0, false
	}
	c, ok := r.grid.Index(a)
	if !ok || r.best[c] < 0 {
		return 0, false
	}
	return r.best[c], true
}

// Hexes lists the hexes reached, the start included, in Axial order.
func (r Reachable) Hexes() []hex.Axial {
	var out []hex.Axial
	for c, n := range r.best {
		if n >= 0 {
			out = append(out, r.grid.Hex(c))
		}
	}
	return out
}

// Unordered yields the hexes reached, the start included, in no fixed order:
// for a caller whose result cannot depend on the order, such as one that
// files each hex in a map.
func (r Reachable) Unordered() iter.Seq[hex.Axial] {
	return func(yield func(hex.Axial) bool) {
		for c, n := range r.best {
			if n >= 0 && !yield(r.grid.Hex(c)) {
				return
			}
		}
	}
}

// Cost is the least cost of a hex reached.
func (r Reachable) Cost(a hex.Axial) int {
	n, ok := r.node(a)
	if !ok {
		return 0
	}
	return int(r.cost[n])
}

// Path is one cheapest path to a hex reached, start first.
func (r Reachable) Path(a hex.Axial) []hex.Axial {
	goal, ok := r.node(a)
	if !ok {
		return []hex.Axial{}
	}
	// A path has fewer steps than there are nodes; the bound keeps a
	// corrupted label from looping, as hex.Path does.
	steps := 0
	for n := goal; n != r.start; steps++ {
		if r.cost[n] < 0 || r.prev[n] == n || steps >= len(r.prev) {
			return []hex.Axial{}
		}
		n = r.prev[n]
	}
	path := make([]hex.Axial, steps+1)
	for n, i := goal, steps; i >= 0; i-- {
		path[i] = r.grid.Hex(n.cell())
		n = r.prev[n]
	}
	return path
}

// Reach is Dijkstra's algorithm over nodes, within the mover's budget, as
// hex.Dijkstra runs it: nodes settle in the order of (cost, node), a node's
// label improves only when strictly cheaper, and neighbours are relaxed in
// direction order, so the result never depends on map iteration order and
// each node's Prev is the first settled of its least-cost predecessors. Of a
// hex's nodes the cheapest is kept, the lowest (unmarked, then not stopped)
// on a tie.
func (m *Mover) Reach() Reachable {
	grid := m.Board.grid
	first, ok := grid.Index(m.Start)
	if !ok {
		return Reachable{}
	}
	start := newNode(first, false, false)
	nodes := 4 * grid.Len()
	r := Reachable{grid: grid, start: start, cost: make([]int32, nodes), prev: make([]node, nodes), best: make([]node, grid.Len())}
	for i := range r.cost {
		r.cost[i] = -1
	}
	r.cost[start], r.prev[start] = 0, start
	q := nodeQueue{{0, start}}
	for len(q) > 0 {
		cur := q.pop()
		if r.cost[cur.node] != cur.cost || cur.node.stopped() {
			continue // a stale entry, or a node the unit must stop in
		}
		f := cur.node.cell()
		for d := range hex.DirectionCount {
			t, ok := grid.Neighbor(f, d)
			if !ok || !m.check(f, t, d, cur.node.marked()).OK() {
				continue // off the map, or barred
			}
			to, c := newNode(t, m.step.Mark, m.step.Stop), m.step.Cost
			if c < 0 {
				panic(fmt.Sprintf("hexwar: negative step cost %d into %v", c, grid.Hex(t)))
			}
			if c > m.Budget-int(cur.cost) { // over the budget, without overflow
				continue
			}
			total := cur.cost + int32(c)
			if old := r.cost[to]; old >= 0 && old <= total {
				continue
			}
			r.cost[to], r.prev[to] = total, cur.node
			q.push(queued{total, to})
		}
	}
	for c := range r.best {
		r.best[c] = -1
		for k := range node(4) {
			if n := node(4*c) + k; r.cost[n] >= 0 && (r.best[c] < 0 || r.cost[n] < r.cost[r.best[c]]) {
				r.best[c] = n
			}
		}
	}
	return r
}

// queued is a node in the search's frontier at a tentative cost.
type queued struct {
	cost int32
	node node
}

// nodeQueue is a binary min-heap in the search's order: cheaper first, then
// the lower node.
type nodeQueue []queued

func (a queued) before(b queued) bool {
	return a.cost < b.cost || a.cost == b.cost && a.node < b.node
}

func (q *nodeQueue) push(it queued) {
	*q = append(*q, it)
	h := *q
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *nodeQueue) pop() queued {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].before(h[m]) {
			m = l
		}
		if r < len(h) && h[r].before(h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return top
}

// TacticalReach lists the hexes Tactical Movement reaches (N44 9.10, A44
// 11.3, S43 5.4): 1 or 2 hexes whatever their cost, every other movement
// rule kept, each with the path to it.
func (m *Mover) TacticalReach() map[hex.Axial][]hex.Axial {
	out := map[hex.Axial][]hex.Axial{}
	for _, a := range m.Start.Neighbors() {
		s, bar := m.Check(m.Start, a)
		if !bar.OK() {
			continue
		}
		if _, seen := out[a]; !seen {
			out[a] = []hex.Axial{m.Start, a}
		}
		if s.Stop {
			continue
		}
		for _, b := range a.Neighbors() {
			if _, seen := out[b]; seen || b == m.Start {
				continue
			}
			if _, bar := m.CheckAfter(a, b, s.Mark); bar.OK() {
				out[b] = []hex.Axial{m.Start, a, b}
			}
		}
	}
	return out
}
