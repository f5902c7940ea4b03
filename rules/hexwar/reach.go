package hexwar

import (
	"cmp"
	"fmt"
	"iter"
	"math/bits"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scratch"
)

// node is a search state: a hex, by number, whether the path to it carries
// the mark (Step.Mark) and whether the unit had to stop on entering it. The
// same hex may be entered along a road and go on, or off the road and stop
// (Normandy's flooded hex, 9.5.1), or across a mountain hexside or not (S43
// 5.6: one a phase), so the hex alone is not enough state. A node is 4 × the
// hex's number, plus 2 if marked, plus 1 if stopped: nodes compare as (hex
// order, unmarked first, not stopped first), the search's tie-break.
type node uint32

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
// moving reaches for the first time. It holds only the nodes reached, in
// node order: Legal runs several searches for every unit (issue 18), each
// reaching a few hundred of the map's thousands of nodes.
type Reachable struct {
	grid   *hex.Grid
	start  node
	labels []label // every node reached, in node order
	best   []int32 // each hex reached, in hex order: its node's place in labels
	bestOf []int32 // by place in labels: the node's hex's number in best, if best holds the node; else -1
}

// label is a node reached, at its least cost, and the place in labels of
// the node before it on a cheapest path.
type label struct {
	node node
	cost int32
	prev int32
}

// Has reports whether the search reached a.
func (r Reachable) Has(a hex.Axial) bool { _, ok := r.label(a); return ok }

// label is the label of the node hex a was reached by.
func (r Reachable) label(a hex.Axial) (label, bool) {
	if r.grid == nil {
		return label{}, false
	}
	c, ok := r.grid.Index(a)
	if !ok {
		return label{}, false
	}
	k, found := slices.BinarySearchFunc(r.best, c, func(b int32, c int) int { return cmp.Compare(r.labels[b].node.cell(), c) })
	if !found {
		return label{}, false
	}
	return r.labels[r.best[k]], true
}

// Hexes lists the hexes reached, the start included, in Axial order.
func (r Reachable) Hexes() []hex.Axial {
	if len(r.best) == 0 {
		return nil
	}
	out := make([]hex.Axial, len(r.best))
	for k, b := range r.best {
		out[k] = r.grid.Hex(r.labels[b].node.cell())
	}
	return out
}

// Unordered yields the hexes reached, the start included, in no fixed order:
// for a caller whose result cannot depend on the order, such as one that
// files each hex in a map.
func (r Reachable) Unordered() iter.Seq[hex.Axial] {
	return func(yield func(hex.Axial) bool) {
		for _, b := range r.best {
			if !yield(r.grid.Hex(r.labels[b].node.cell())) {
				return
			}
		}
	}
}

// Len is the number of hexes reached, the start included: the hexes of
// HexAt's numbers.
func (r Reachable) Len() int { return len(r.best) }

// HexAt is the hex reached numbered k (0 <= k < Len), in Axial order: a
// caller that lists every hex reached (Legal) reads its cost and path by
// that number, without looking the hex up again.
func (r Reachable) HexAt(k int) hex.Axial { return r.grid.Hex(r.labels[r.best[k]].node.cell()) }

// CellAt is the grid's number of the hex reached numbered k (Board.IDAt).
func (r Reachable) CellAt(k int) int { return r.labels[r.best[k]].node.cell() }

// CostAt is the least cost of the hex numbered k.
func (r Reachable) CostAt(k int) int { return int(r.labels[r.best[k]].cost) }

// Cost is the least cost of a hex reached.
func (r Reachable) Cost(a hex.Axial) int {
	l, _ := r.label(a)
	return int(l.cost)
}

// Path is one cheapest path to a hex reached, start first.
func (r Reachable) Path(a hex.Axial) []hex.Axial {
	if path := r.AppendPath(nil, a); path != nil {
		return path
	}
	return []hex.Axial{}
}

// AppendPath appends Path(a) to dst: a caller listing hundreds of paths
// (Legal) keeps them end to end in one slice. It returns dst unchanged if a
// was not reached.
func (r Reachable) AppendPath(dst []hex.Axial, a hex.Axial) []hex.Axial {
	goal, ok := r.label(a)
	if !ok {
		return dst
	}
	return r.appendPath(dst, goal)
}

// AppendCellPathAt appends the path to the hex numbered k (HexAt), start
// first, as the hexes' numbers on the grid (Board.IDAt): Legal writes the
// ids of thousands of paths and reads nothing else of their hexes.
func (r Reachable) AppendCellPathAt(dst []int32, k int) []int32 {
	// Walked once, from the goal back to the start, and turned round: the
	// labels are Reach's own, and a path has fewer steps than there are
	// labels, which bounds the walk all the same.
	base := len(dst)
	labels := r.labels
	l := labels[r.best[k]]
	for steps := 0; ; steps++ {
		dst = append(dst, int32(l.node.cell()))
		if l.node == r.start || steps >= len(labels) {
			break
		}
		l = labels[l.prev]
	}
	slices.Reverse(dst[base:])
	return dst
}

// ParentAt is the number (HexAt) of the hex before the hex numbered k on
// its path, when that path is the path to that hex and one step more: a
// caller that writes many paths (Legal) writes such a path as the one
// before it and one hex. It is -1 for the start, and when the path comes
// through another of that hex's nodes than its cheapest (a path that
// carries the mark through a hex reached cheaper without it).
func (r Reachable) ParentAt(k int) int {
	l := r.labels[r.best[k]]
	if l.node == r.start {
		return -1
	}
	return int(r.bestOf[l.prev])
}

// appendPath appends the path to the node of label goal.
func (r Reachable) appendPath(dst []hex.Axial, goal label) []hex.Axial {
	steps, ok := r.steps(goal)
	if !ok {
		return dst
	}
	dst = slices.Grow(dst, steps+1)
	path := dst[len(dst) : len(dst)+steps+1]
	for l, i := goal, steps; i >= 0; i-- {
		path[i] = r.grid.Hex(l.node.cell())
		l = r.labels[l.prev]
	}
	return dst[:len(dst)+steps+1]
}

// steps counts the steps of the path to the node of label goal. A path has
// fewer steps than there are nodes; the bound keeps a corrupted label from
// looping, as hex.Path does: ok is then false.
func (r Reachable) steps(goal label) (steps int, ok bool) {
	for l := goal; l.node != r.start; steps++ {
		if l.prev < 0 || int(l.prev) >= len(r.labels) || r.labels[l.prev] == l || steps >= len(r.labels) {
			return 0, false
		}
		l = r.labels[l.prev]
	}
	return steps, true
}

// reachScratch is a search's working memory, by node over the whole grid,
// kept between searches (reachScratches): a node's cost is -1 until the
// search reaches it, and set back to -1 once the search is done.
type reachScratch struct {
	cost    []int32
	prev    []node
	place   []int32 // by node: its place in the result's labels
	reached []node  // the nodes whose cost this search set, in node order
	// seen has a bit for each node whose cost this search set: reached is
	// read off it, in node order, rather than sorted.
	seen []uint64
	q    frontier
}

// frontier is the search's heap of the nodes waiting at a tentative cost,
// each as the key cost<<32 | node, so that keys compare as (cost, node),
// the order in which Reach settles nodes, without a call: the searches
// push and pop some ten thousand nodes a Legal (issue 18). It is passed
// and returned by value, a search's own variable: a slice written back
// through a pointer on every push and pop is a write the collector
// watches.
type frontier []uint64

// push is q with n waiting at cost.
func (q frontier) push(cost int, n node) frontier {
	x := uint64(cost)<<32 | uint64(n)
	h := append(q, x)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= x {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
	return h
}

// pop takes the least node, and its cost, off q.
func (q frontier) pop() (rest frontier, cost int, n node) {
	h := q
	top := h[0]
	last := len(h) - 1
	x := h[last]
	h = h[:last]
	// The last key goes down from the root's place into the hole its
	// lesser child leaves, written once where it stops.
	i, size := 0, len(h)
	for {
		l := 2*i + 1
		if l+1 >= size {
			// One child at most: the heap's last level.
			if l < size && h[l] < x {
				h[i] = h[l]
				i = l
			}
			break
		}
		// The lesser child, without a branch: which of two keys is less
		// is as good as random, so a branch on it is mispredicted half
		// the time.
		_, borrow := bits.Sub64(h[l+1], h[l], 0)
		m := l + int(borrow)
		c := h[m]
		if x <= c {
			break
		}
		h[i] = c
		i = m
	}
	if size > 0 { // else x was the top itself
		h[i] = x
	}
	return h, int(top >> 32), node(uint32(top))
}

// reachScratches keeps searches' working memory for the next ones: the
// labels of a grid of a few thousand hexes are some hundred kilobytes,
// which each search would otherwise allocate and clear.
var reachScratches scratch.Shelf[reachScratch]

func getReachScratch(nodes int) *reachScratch {
	sc := reachScratches.Get()
	if sc == nil || len(sc.cost) != nodes {
		sc = &reachScratch{cost: make([]int32, nodes), prev: make([]node, nodes), place: make([]int32, nodes), seen: make([]uint64, (nodes+63)/64)}
		for i := range sc.cost {
			sc.cost[i] = -1
		}
	}
	return sc
}

// Reach is Dijkstra's algorithm over nodes, within the mover's budget, as
// hex.Dijkstra runs it: nodes settle in the order of (cost, node), a node's
// label improves only when strictly cheaper, and neighbours are relaxed in
// direction order, so the result never depends on map iteration order and
// each node's Prev is the first settled of its least-cost predecessors. Of a
// hex's nodes the cheapest is kept, the lowest (unmarked, then not stopped)
// on a tie.
func (m *Mover) Reach() Reachable { return m.ReachIn(nil) }

// ReachBuffer keeps the memory of a search's result for the next one: a
// caller that runs many searches (Legal, several a unit) and is done with
// each result before it asks for the next lends one to ReachIn.
type ReachBuffer struct {
	labels       []label
	best, bestOf []int32
}

// ReachIn is Reach, its result kept in buf, which it overwrites: the result
// of the search before is lost. A nil buf is Reach.
func (m *Mover) ReachIn(buf *ReachBuffer) Reachable {
	grid := m.Board.grid
	first, ok := grid.Index(m.Start)
	if !ok {
		return Reachable{}
	}
	start := newNode(first, false, false)
	// The scratch goes back only once it is clean again: a search that
	// panics drops it.
	sc := getReachScratch(4 * grid.Len())
	cost, prev := sc.cost, sc.prev
	cost[start], prev[start] = 0, start
	sc.seen[start/64] |= 1 << (start % 64)
	q := sc.q[:0].push(0, start)
	// Steps cost 0 or more, so a step into a hex whose node of the path's
	// mark, unstopped, costs no more than the node expanded leads nowhere
	// cheaper, and is passed over unchecked: its node would not improve,
	// its stopped node would be no hex's cheapest and lead nowhere. A step
	// that may mark an unmarked path leads to another node. Of a Legal's
	// searches' steps, two in five go back into such a hex (issue 18).
	marks := m.marks()
	// What is left of the budget under the cheapest step buys none: such
	// a node is not expanded (a sixth of a Legal's nodes).
	least := m.cheapestStep()
	for len(q) > 0 {
		var c int
		var n node
		q, c, n = q.pop()
		if cost[n] != int32(c) || n.stopped() || m.Budget-c < least {
			continue // a stale entry, a node the unit must stop in, or one with no step left
		}
		f, marked := n.cell(), n.marked()
		passOver, same := marked || !marks, newNode(0, marked, false)
		for d, t := range grid.NeighborsOf(f) {
			if t < 0 {
				continue // off the map
			}
			// old >= 0 && old <= c in one comparison: a node not reached
			// costs -1, the greatest as unsigned.
			if old := cost[same+node(4*t)]; passOver && uint32(old) <= uint32(c) {
				continue
			}
			ok, mark, stop, step := m.searchStep(f, int(t), hex.Direction(d), marked, first)
			if !ok {
				continue // barred
			}
			to := newNode(int(t), mark, stop)
			if step < 0 {
				panic(fmt.Sprintf("hexwar: negative step cost %d into %v", step, grid.Hex(int(t))))
			}
			if step > m.Budget-c { // over the budget, without overflow
				continue
			}
			total := int32(c + step)
			old := cost[to]
			if uint32(old) <= uint32(total) { // reached, no dearer
				continue
			}
			if old < 0 {
				sc.seen[to/64] |= 1 << (to % 64)
			}
			cost[to], prev[to] = total, n
			q = q.push(int(total), to)
		}
	}
	sc.q = q
	sc.reached = sc.reached[:0]
	for w, word := range sc.seen {
		for ; word != 0; word &= word - 1 {
			sc.reached = append(sc.reached, node(w*64+bits.TrailingZeros64(word)))
		}
		sc.seen[w] = 0
	}
	r := Reachable{grid: grid, start: start}
	if buf != nil {
		r.labels, r.best = slices.Grow(buf.labels[:0], len(sc.reached))[:len(sc.reached)], slices.Grow(buf.best[:0], len(sc.reached))
		r.bestOf = slices.Grow(buf.bestOf[:0], len(sc.reached))[:len(sc.reached)]
	} else {
		r.labels, r.best, r.bestOf = make([]label, len(sc.reached)), make([]int32, 0, len(sc.reached)), make([]int32, len(sc.reached))
	}
	for k, n := range sc.reached {
		sc.place[n] = int32(k)
	}
	for k, n := range sc.reached {
		r.labels[k] = label{n, cost[n], sc.place[prev[n]]}
		cost[n] = -1
		// A hex's nodes are next to each other in node order: the first
		// of the cheapest is kept.
		if len(r.best) > 0 {
			if b := &r.best[len(r.best)-1]; r.labels[*b].node.cell() == n.cell() {
				if r.labels[k].cost < r.labels[*b].cost {
					*b = int32(k)
				}
				continue
			}
		}
		r.best = append(r.best, int32(k))
	}
	reachScratches.Put(sc)
	for k := range r.bestOf {
		r.bestOf[k] = -1
	}
	for k, b := range r.best {
		r.bestOf[b] = int32(k)
	}
	if buf != nil {
		buf.labels, buf.best, buf.bestOf = r.labels, r.best, r.bestOf
	}
	return r
}

// TacticalReach lists the hexes Tactical Movement reaches (N44 9.10, A44
// 11.3, S43 5.4): 1 or 2 hexes whatever their cost, every other movement
// rule kept, each with its shortest path: a hex next to the start by its own
// step.
func (m *Mover) TacticalReach() map[hex.Axial][]hex.Axial {
	out := map[hex.Axial][]hex.Axial{}
	for _, p := range m.AppendTactical(nil) {
		out[p.To()] = p.Path()
	}
	return out
}

// TacticalPath is a path of Tactical Movement: the start and 1 or 2 hexes.
type TacticalPath struct {
	hexes [3]hex.Axial
	n     int
}

// Path is the path, start first.
func (p TacticalPath) Path() []hex.Axial { return append([]hex.Axial(nil), p.hexes[:p.n]...) }

// AppendPath appends the path, start first, to dst.
func (p TacticalPath) AppendPath(dst []hex.Axial) []hex.Axial { return append(dst, p.hexes[:p.n]...) }

// To is the hex the path ends in.
func (p TacticalPath) To() hex.Axial { return p.hexes[p.n-1] }

// AppendTactical appends to dst what TacticalReach lists, one path a hex,
// the shortest, with no map: Legal asks it of every unit (issue 18). The
// second steps go through the mover's memo, if any (stepmemo.go).
func (m *Mover) AppendTactical(dst []TacticalPath) []TacticalPath {
	// Whether a path is listed to each hex within two of the start, by
	// its offset from it.
	var listed [25]bool
	seen := func(a hex.Axial) *bool { return &listed[(a.Q-m.Start.Q+2)*5+a.R-m.Start.R+2] }
	grid := m.Board.grid
	start, _ := grid.Index(m.Start)
	// Every hex next to the start by its own step first, before any second
	// step: the next hexes of the ring are next to each other, so a second
	// step would list one of them by a path of two, which a move limited to
	// 1 hex (A44 31, AMB-12) may not take.
	type goOn struct {
		a    hex.Axial
		mark bool
	}
	var firsts [hex.DirectionCount]goOn
	n := 0
	for _, a := range m.Start.Neighbors() {
		s, bar := m.Check(m.Start, a)
		if !bar.OK() {
			continue
		}
		*seen(a) = true
		dst = append(dst, TacticalPath{hexes: [3]hex.Axial{m.Start, a}, n: 2})
		if !s.Stop {
			firsts[n] = goOn{a, s.Mark}
			n++
		}
	}
	for _, first := range firsts[:n] {
		a := first.a
		f, _ := grid.Index(a) // on the map: the step into it was allowed
		for d, b := range a.Neighbors() {
			if b == m.Start || *seen(b) {
				continue
			}
			if t, ok := grid.Neighbor(f, hex.Direction(d)); ok {
				if ok, _, _, _ := m.searchStep(f, t, hex.Direction(d), first.mark, start); ok {
					*seen(b) = true
					dst = append(dst, TacticalPath{hexes: [3]hex.Axial{m.Start, a, b}, n: 3})
				}
			}
		}
	}
	return dst
}
