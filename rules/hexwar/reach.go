package hexwar

import (
	"cmp"
	"iter"
	"maps"

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
// moving reaches for the first time.
type Reachable struct {
	grid   *hex.Grid
	start  node
	labels map[node]hex.Label[node]
	hexes  map[hex.Axial]node
}

// Has reports whether the search reached a.
func (r Reachable) Has(a hex.Axial) bool { _, ok := r.hexes[a]; return ok }

// Hexes lists the hexes reached, the start included, in Axial order.
func (r Reachable) Hexes() []hex.Axial { return hex.SortedKeys(r.hexes) }

// Unordered yields the hexes reached, the start included, in no fixed order:
// for a caller whose result cannot depend on the order, such as one that
// files each hex in a map, and would only pay for sorting them.
func (r Reachable) Unordered() iter.Seq[hex.Axial] { return maps.Keys(r.hexes) }

// Cost is the least cost of a hex reached.
func (r Reachable) Cost(a hex.Axial) int { return r.labels[r.hexes[a]].Cost }

// Path is one cheapest path to a hex reached, start first.
func (r Reachable) Path(a hex.Axial) []hex.Axial {
	nodes := hex.Path(r.labels, r.start, r.hexes[a])
	path := make([]hex.Axial, len(nodes))
	for k, n := range nodes {
		path[k] = r.grid.Hex(n.cell())
	}
	return path
}

// Reach is Dijkstra's algorithm (hex.Dijkstra) over nodes, within the
// mover's budget. Ties are broken by (cost, hex order, stop), and neighbours
// are relaxed in direction order, so the result never depends on map
// iteration order. Of a hex's two nodes the cheaper is kept, the one not
// stopped on a tie.
func (m *Mover) Reach() Reachable {
	grid := m.Board.grid
	first, ok := grid.Index(m.Start)
	if !ok {
		return Reachable{}
	}
	start := newNode(first, false, false)
	search := hex.Dijkstra[node]{
		Edges: func(from node, edge func(node, int)) {
			if from.stopped() {
				return
			}
			f := from.cell()
			for d := range hex.DirectionCount {
				t, ok := grid.Neighbor(f, d)
				if !ok {
					continue // off the map
				}
				if m.check(f, t, d, from.marked()).OK() {
					edge(newNode(t, m.step.Mark, m.step.Stop), m.step.Cost)
				}
			}
		},
		Compare: cmp.Compare[node],
		Budget:  m.Budget,
	}
	r := Reachable{grid: grid, start: start, labels: search.Reach(start)}
	r.hexes = make(map[hex.Axial]node, len(r.labels))
	for n, l := range r.labels {
		a := grid.Hex(n.cell())
		old, seen := r.hexes[a]
		if !seen || l.Cost < r.labels[old].Cost || (l.Cost == r.labels[old].Cost && n < old) {
			r.hexes[a] = n
		}
	}
	return r
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
