package hex

import "fmt"

// Cost prices one step between adjacent hexes; ok false means the step is
// impossible (prohibited terrain, off the map, an enemy unit). Because it
// sees both hexes it sees the hexside too, so rivers, bridges and roads are
// the caller's to price. A negative cost is a bug in the caller and panics.
// If some steps are free, the cost function must refuse hexes off the map,
// or the search never ends.
//
// The price of a step may depend only on its two hexes: rules whose cost
// depends on the path so far (road movement that must be continuous, "may
// always move one hex", zone-of-control hops counted per move) are out of
// scope here and belong to the caller, for instance by searching a richer
// state than the hex.
type Cost func(from, to Axial) (cost int, ok bool)

// Search finds least-cost movement from a hex.
type Search struct {
	// Cost prices each step; required.
	Cost Cost
	// Stop, if set, marks hexes that may be entered but not left, such as
	// enemy zones of control. The start hex is never stopped: a unit may
	// leave the hex it began in.
	Stop func(Axial) bool
	// Budget is the most a path may cost in total.
	Budget int
}

// Reach is how a hex is reached: the least total cost and the hex before it
// on one least-cost path (the start is its own Prev).
type Reach struct {
	Cost int
	Prev Axial
}

// Reachable returns every hex reachable from start within the budget, start
// included at cost 0, by Dijkstra's algorithm.
//
// The result is deterministic, never depending on map order: hexes are
// settled in order of (cost, Axial.Compare), neighbours are relaxed in
// Direction order, and a hex's Prev is the first settled of its least-cost
// predecessors.
func (s Search) Reachable(start Axial) map[Axial]Reach {
	reach, _ := s.run(start, nil)
	return reach
}

// ShortestPath returns a least-cost path from start to goal within the budget,
// both ends included, with its cost; ok is false if goal is not reachable.
// The path is the one Path(s.Reachable(start), start, goal) gives, but the
// search stops as soon as goal is settled.
func (s Search) ShortestPath(start, goal Axial) (path []Axial, cost int, ok bool) {
	reach, found := s.run(start, &goal)
	if !found {
		return nil, 0, false
	}
	return Path(reach, start, goal), reach[goal].Cost, true
}

// Reachable is Search{Cost: cost, Budget: budget}.Reachable(start).
func Reachable(start Axial, budget int, cost Cost) map[Axial]Reach {
	return Search{Cost: cost, Budget: budget}.Reachable(start)
}

// ShortestPath is Search{Cost: cost, Budget: limit}.ShortestPath(start, goal);
// pass math.MaxInt for no limit.
func ShortestPath(start, goal Axial, cost Cost, limit int) ([]Axial, int, bool) {
	return Search{Cost: cost, Budget: limit}.ShortestPath(start, goal)
}

// Path rebuilds the path from start to goal out of a Reachable result, both
// ends included; nil if goal was not reached (or reach was not made from
// start).
func Path(reach map[Axial]Reach, start, goal Axial) []Axial {
	if _, ok := reach[goal]; !ok {
		return nil
	}
	var back []Axial
	// A well-formed reach map leads back to start in fewer than len(reach)
	// steps; the bound keeps a foreign or corrupted map from looping.
	for h := goal; len(back) <= len(reach); {
		back = append(back, h)
		if h == start {
			for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
				back[i], back[j] = back[j], back[i]
			}
			return back
		}
		r, ok := reach[h]
		if !ok || r.Prev == h {
			return nil
		}
		h = r.Prev
	}
	return nil
}

// run is Dijkstra from start; with a goal it stops once the goal is settled
// and reports whether it was.
func (s Search) run(start Axial, goal *Axial) (map[Axial]Reach, bool) {
	if s.Cost == nil {
		panic("hex: Search.Cost is nil")
	}
	reach := map[Axial]Reach{start: {0, start}}
	settled := map[Axial]bool{}
	q := queue{{0, start}}
	for len(q) > 0 {
		it := q.pop()
		if settled[it.hex] || reach[it.hex].Cost != it.cost {
			continue // a stale entry, superseded by a cheaper one
		}
		settled[it.hex] = true
		if goal != nil && it.hex == *goal {
			return reach, true
		}
		if it.hex != start && s.Stop != nil && s.Stop(it.hex) {
			continue
		}
		for _, n := range it.hex.Neighbors() {
			if settled[n] {
				continue
			}
			c, ok := s.Cost(it.hex, n)
			if !ok {
				continue
			}
			if c < 0 {
				panic(fmt.Sprintf("hex: negative cost %d from %v to %v", c, it.hex, n))
			}
			if c > s.Budget-it.cost { // it.cost+c > Budget, without overflow
				continue
			}
			total := it.cost + c
			if old, seen := reach[n]; seen && old.Cost <= total {
				continue
			}
			reach[n] = Reach{total, it.hex}
			q.push(item{total, n})
		}
	}
	// Every hex put in reach is popped and settled eventually, so a goal
	// that was reached has already returned above.
	return reach, false
}
