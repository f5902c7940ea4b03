package hex

import "fmt"

// Label is how a search reached a node: its least total cost, and the node
// before it on one least-cost path (the start is its own Prev).
type Label[N comparable] struct {
	Cost int
	Prev N
}

// Dijkstra is a least-cost search over any graph whose nodes are comparable
// values: hexes (Search is that case), or richer states where the rules need
// more than the hex, such as a hex and whether the unit had to stop on
// entering it.
//
// Its results never depend on map order: nodes settle in the order of (cost,
// Compare), edges are relaxed in the order Edges gives them, and a node's Prev
// is the first settled of its least-cost predecessors.
type Dijkstra[N comparable] struct {
	// Edges calls edge for every step out of from that may be taken, in a
	// fixed order, with the node it enters and its cost. A negative cost is a
	// bug in the caller and panics. To end movement in a node (a zone of
	// control), give it no edges. Required.
	Edges func(from N, edge func(to N, cost int))
	// Compare orders nodes of equal cost, as cmp.Compare does; it must be a
	// total order for the result to be deterministic. Required.
	Compare func(a, b N) int
	// Budget is the most a path may cost in total.
	Budget int
}

// Reach returns every node reachable from start within the budget, start
// included at cost 0.
func (d Dijkstra[N]) Reach(start N) map[N]Label[N] {
	reach, _ := d.run(start, nil)
	return reach
}

// PathTo returns a least-cost path from start to goal within the budget, both
// ends included, with its cost; ok is false if goal is not reachable. It is
// the path Path(d.Reach(start), start, goal) gives, but the search stops as
// soon as goal is settled.
func (d Dijkstra[N]) PathTo(start, goal N) (path []N, cost int, ok bool) {
	reach, found := d.run(start, &goal)
	if !found {
		return nil, 0, false
	}
	return Path(reach, start, goal), reach[goal].Cost, true
}

// run is the search from start; with a goal it stops once the goal is
// settled and reports whether it was.
//
// No node is marked settled: an entry popped at a cost above its label's is
// stale and skipped, and a settled node's label never improves, because costs
// are not negative and a relaxation must be strictly cheaper. So each node is
// expanded once, at its least cost.
func (d Dijkstra[N]) run(start N, goal *N) (map[N]Label[N], bool) {
	if d.Edges == nil || d.Compare == nil {
		panic("hex: Dijkstra.Edges and Compare are required")
	}
	reach := map[N]Label[N]{start: {0, start}}
	q := queue[N]{items: []item[N]{{0, start}}, compare: d.Compare}
	var cur item[N]
	edge := func(to N, c int) {
		if c < 0 {
			panic(fmt.Sprintf("hex: negative cost %d from %v to %v", c, cur.node, to))
		}
		if c > d.Budget-cur.cost { // cur.cost+c > Budget, without overflow
			return
		}
		total := cur.cost + c
		if old, seen := reach[to]; seen && old.Cost <= total {
			return
		}
		reach[to] = Label[N]{total, cur.node}
		q.push(item[N]{total, to})
	}
	for len(q.items) > 0 {
		cur = q.pop()
		if reach[cur.node].Cost != cur.cost {
			continue // a stale entry, superseded by a cheaper one
		}
		if goal != nil && cur.node == *goal {
			return reach, true
		}
		d.Edges(cur.node, edge)
	}
	// Every node put in reach is popped eventually, so a goal that was
	// reached has already returned above.
	return reach, false
}

// Path rebuilds the path from start to goal out of a search's result, both
// ends included; nil if goal was not reached (or reach was not made from
// start).
func Path[N comparable](reach map[N]Label[N], start, goal N) []N {
	if _, ok := reach[goal]; !ok {
		return nil
	}
	// A well-formed reach map leads back to start in fewer than len(reach)
	// steps; the bound keeps a foreign or corrupted map from looping. The
	// first walk counts the nodes, so that the path is allocated once.
	steps := 0
	for n := goal; n != start; steps++ {
		r, ok := reach[n]
		if !ok || r.Prev == n || steps >= len(reach) {
			return nil
		}
		n = r.Prev
	}
	path := make([]N, steps+1)
	for n, i := goal, steps; i >= 0; i-- {
		path[i] = n
		n = reach[n].Prev
	}
	return path
}
