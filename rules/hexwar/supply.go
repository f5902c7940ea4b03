package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// Supply lines: every game of the series traces a line from a unit over a
// few hexes of any terrain, then along roads of any length, to a source
// (N44 18.3: 5 hexes; A44 23.3: 4; S43 16.3.1: 5). The tracer is the core's;
// each game says where its lines end (its sources), how far the overland
// part runs, and what closes a step or a road hex to its lines.

// SupplyStatus is what a supply trace finds for a hex. The zero value is
// Isolated, the safe reading for a hex the trace does not list.
type SupplyStatus int

const (
	// Isolated: no line even with an unlimited overland part (N44 18.5.1,
	// A44 23.6, S43 16.5.1).
	Isolated SupplyStatus = iota
	// OutOfSupply: no line, but one with an unlimited overland part.
	OutOfSupply
	// InSupply: a line of at most the overland limit, then roads, to a
	// source.
	InSupply
)

func (s SupplyStatus) String() string {
	switch s {
	case InSupply:
		return "in supply"
	case OutOfSupply:
		return "out of supply"
	}
	return "isolated"
}

// SupplyRules are a game's rules for one side's supply lines in one
// position.
type SupplyRules struct {
	// OffRoad is how many hexes the overland part may run before the line
	// follows a road, counted from the unit, its own hex excluded; a goal
	// within that many hexes needs no road.
	OffRoad int
	// Enemy: the hex numbered i holds an enemy unit, which no line enters
	// (N44 18.3, A44 23.3, S43 16.3.2).
	Enemy []bool
	// Step reports whether a line may go from the hex numbered i into its
	// neighbour j in direction d, both playable, not across an impassable
	// hexside and j not enemy-held (the core checks those); first: i is the
	// unit's own hex. N44 18.3: not two vacant hexes in an enemy ZOC in a
	// row, no ZOC Line; A44 23.3: no empty enemy-ZOC hex but the first
	// entered. Nil allows every such step.
	Step func(i, j int, d hex.Direction, first bool) bool
	// RoadOpen reports whether the road part of a line may enter, or
	// start in, the hex numbered i (N44 18.3: not an enemy-controlled Town
	// or City; A44 23.3 also no enemy ZOC without a friendly unit). Nil
	// opens every hex.
	RoadOpen func(i int) bool
	// Overland reports whether the overland part of a line may go from
	// hex i into its neighbour j in direction d, beyond Step (N44 first
	// edition 18.2: not into flooded ground nor across a major river). Nil
	// allows every step Step does.
	Overland func(i, j int, d hex.Direction) bool
	// OverlandCost is how many hexes entering the hex numbered j from its
	// neighbour i in direction d counts for in the overland part, against
	// OffRoad (S43 16.3.2: a swamp hex 2, unless entered along a road).
	// Nil counts every hex 1 (N44, A44).
	OverlandCost func(i, j int, d hex.Direction) int
	// RoadCut reports whether the road across the hexside in direction d
	// of the hex numbered i is cut for the road part (A44 23.3: a blown
	// bridge counts as no bridge); the overland part may still cross.
	// Nil cuts none.
	RoadCut func(i int, d hex.Direction) bool
}

// Tracer traces one side's supply lines over a board by its rules.
type Tracer struct {
	b *Board
	r SupplyRules
}

// NewTracer is a tracer of lines by r on b.
func NewTracer(b *Board, r SupplyRules) *Tracer {
	if r.Enemy == nil {
		r.Enemy = make([]bool, b.grid.Len())
	}
	return &Tracer{b: b, r: r}
}

// step reports whether a line may go from hex i to its neighbour j in
// direction d.
func (t *Tracer) step(i, j int, d hex.Direction, first bool) bool {
	b := t.b
	if !b.LandAt(i) || !b.LandAt(j) || t.r.Enemy[j] || b.cells[i].sides[d]&b.impassable != 0 {
		return false
	}
	return t.r.Step == nil || t.r.Step(i, j, d, first)
}

// overland is step for the overland part of a line.
func (t *Tracer) overland(i, j int, d hex.Direction, first bool) bool {
	return t.step(i, j, d, first) && (t.r.Overland == nil || t.r.Overland(i, j, d))
}

func (t *Tracer) roadOpen(i int) bool { return t.r.RoadOpen == nil || t.r.RoadOpen(i) }

// roadStep is step along a road, whose part of the line enters only hexes
// RoadOpen allows.
func (t *Tracer) roadStep(i, j int, d hex.Direction) bool {
	if t.b.cells[i].roads[d] == 0 || (t.r.RoadCut != nil && t.r.RoadCut(i, d)) {
		return false
	}
	return t.roadOpen(i) && t.roadOpen(j) && t.step(i, j, d, false)
}

// Distances runs a breadth-first search backwards from the goal hexes (by
// number): the result holds, for each hex, the fewest steps from it to a
// goal, as an inner hex of a line. road limits the steps to the road part.
func (t *Tracer) Distances(goals []int, road bool, limit int) map[int]int {
	dist := t.distances(goals, road, limit)
	out := make(map[int]int, len(t.b.land))
	for i, d := range dist {
		if d >= 0 {
			out[i] = int(d)
		}
	}
	return out
}

// distances is Distances by hex number, -1 for a hex no line reaches: a
// breadth-first search over the grid's numbers, as hex.BFS runs it (the
// same distances, which do not depend on the order hexes are visited in),
// with no map to look each hex up in (issue 18: supply is traced in every
// Supply Phase and for every replacement).
func (t *Tracer) distances(goals []int, road bool, limit int) []int32 {
	grid := t.b.grid
	dist := make([]int32, grid.Len())
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int32, 0, len(t.b.land))
	for _, g := range goals {
		if dist[g] < 0 {
			dist[g] = 0
			queue = append(queue, int32(g))
		}
	}
	for head := 0; head < len(queue); head++ {
		from := int(queue[head])
		d := dist[from]
		if int(d) >= limit {
			continue
		}
		for dir := range hex.DirectionCount {
			to, ok := grid.Neighbor(from, dir)
			if !ok || dist[to] >= 0 {
				continue
			}
			// The search runs backwards: it finds from, one step nearer
			// the goal, and asks whether a line may go from to into it.
			back := dir.Opposite()
			if road && !t.roadStep(to, from, back) || !road && !t.overland(to, from, back, false) {
				continue
			}
			dist[to] = d + 1
			queue = append(queue, int32(to))
		}
	}
	return dist
}

// cost is what entering hex j from its neighbour i counts for in the
// overland part.
func (t *Tracer) cost(i, j int, d hex.Direction) int {
	if t.r.OverlandCost == nil {
		return 1
	}
	return max(t.r.OverlandCost(i, j, d), 1)
}

// overlandDistances is distances for the overland part within OffRoad,
// counting each hex entered at its OverlandCost: with no costs the
// breadth-first search, else a search by buckets of equal distance
// (Dial's), which needs no heap for costs of a few units.
func (t *Tracer) overlandDistances(goals []int) []int32 {
	if t.r.OverlandCost == nil {
		return t.distances(goals, false, t.r.OffRoad)
	}
	grid := t.b.grid
	limit := t.r.OffRoad
	dist := make([]int32, grid.Len())
	for i := range dist {
		dist[i] = -1
	}
	buckets := make([][]int32, limit+1)
	for _, g := range goals {
		if dist[g] < 0 {
			dist[g] = 0
			buckets[0] = append(buckets[0], int32(g))
		}
	}
	for d := range buckets {
		for k := 0; k < len(buckets[d]); k++ {
			from := int(buckets[d][k])
			if int(dist[from]) != d {
				continue // reached again, nearer, after it was queued here
			}
			for dir := range hex.DirectionCount {
				to, ok := grid.Neighbor(from, dir)
				if !ok {
					continue
				}
				// Backwards, as distances: a line goes from to into from.
				back := dir.Opposite()
				if !t.overland(to, from, back, false) {
					continue
				}
				nd := d + t.cost(to, from, back)
				if nd > limit || (dist[to] >= 0 && int(dist[to]) <= nd) {
					continue
				}
				dist[to] = int32(nd)
				buckets[nd] = append(buckets[nd], int32(to))
			}
		}
	}
	return dist
}

// Cells numbers hexes on the board; a hex off the map is left out, as no
// line can reach it.
func (t *Tracer) Cells(hexes []hex.Axial) []int {
	out := make([]int, 0, len(hexes))
	for _, a := range hexes {
		if i, ok := t.b.Cell(a); ok {
			out = append(out, i)
		}
	}
	return out
}

// Statuses gives every playable hex (by number) the status a unit of the
// side would have there, with lines to goals: a hex is read as the first
// hex of a line, held by a friendly unit. Hexes an enemy unit holds are left
// out: no friendly unit can be there, and they read as Isolated.
func (t *Tracer) Statuses(goals []hex.Axial) map[int]SupplyStatus {
	const unlimited = 1 << 30
	b := t.b
	// The road part neither enters nor starts in a hex closed to it, so such
	// a goal never joins it; otherwise a line could walk into the hex
	// overland and leave it by the road.
	all := t.Cells(goals)
	var roadGoals []int
	for _, i := range all {
		if t.roadOpen(i) {
			roadGoals = append(roadGoals, i)
		}
	}
	onRoad := t.distances(roadGoals, true, unlimited)
	var roadHexes []int
	for i, d := range onRoad {
		if d >= 0 {
			roadHexes = append(roadHexes, i)
		}
	}
	offRoad := t.overlandDistances(roadHexes)
	anyLine := t.distances(all, false, unlimited)
	out := make(map[int]SupplyStatus, len(b.land))
	for _, a := range b.land {
		i, _ := b.Cell(a)
		if t.r.Enemy[i] {
			continue
		}
		st := Isolated
		if anyLine[i] >= 0 {
			st = OutOfSupply
		}
		if onRoad[i] >= 0 {
			st = InSupply
		}
		for d := range hex.DirectionCount {
			if st == InSupply {
				break
			}
			n, ok := b.grid.Neighbor(i, d)
			if !ok || !t.overland(i, n, d, true) {
				continue
			}
			if dn := offRoad[n]; dn >= 0 && int(dn)+t.cost(i, n, d) <= t.r.OffRoad {
				st = InSupply
			} else if anyLine[n] >= 0 && st == Isolated {
				st = OutOfSupply
			}
		}
		out[i] = st
	}
	return out
}
