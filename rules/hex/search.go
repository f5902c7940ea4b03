package hex

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
// scope here: search a richer state than the hex with Dijkstra instead.
type Cost func(from, to Axial) (cost int, ok bool)

// Search finds least-cost movement from a hex: Dijkstra over hexes.
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
type Reach = Label[Axial]

// Reachable returns every hex reachable from start within the budget, start
// included at cost 0, by Dijkstra's algorithm.
//
// The result is deterministic, never depending on map order: hexes are
// settled in order of (cost, Axial.Compare), neighbours are relaxed in
// Direction order, and a hex's Prev is the first settled of its least-cost
// predecessors.
func (s Search) Reachable(start Axial) map[Axial]Reach {
	return s.dijkstra(start).Reach(start)
}

// ShortestPath returns a least-cost path from start to goal within the budget,
// both ends included, with its cost; ok is false if goal is not reachable.
// The path is the one Path(s.Reachable(start), start, goal) gives, but the
// search stops as soon as goal is settled.
func (s Search) ShortestPath(start, goal Axial) (path []Axial, cost int, ok bool) {
	return s.dijkstra(start).PathTo(start, goal)
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

// dijkstra is the search from start as a Dijkstra over hexes: the six
// neighbours in Direction order, priced by Cost, none out of a Stop hex but
// the start.
func (s Search) dijkstra(start Axial) Dijkstra[Axial] {
	if s.Cost == nil {
		panic("hex: Search.Cost is nil")
	}
	edges := func(from Axial, edge func(Axial, int)) {
		if from != start && s.Stop != nil && s.Stop(from) {
			return
		}
		for _, n := range from.Neighbors() {
			if c, ok := s.Cost(from, n); ok {
				edge(n, c)
			}
		}
	}
	return Dijkstra[Axial]{Edges: edges, Compare: Axial.Compare, Budget: s.Budget}
}
