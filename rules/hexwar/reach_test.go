package hexwar

import (
	"cmp"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// referenceReach is Reach as it was before the search kept its labels in
// slices by node (issue 18): hex.Dijkstra over nodes, each hex's node the
// cheapest, the lowest on a tie. It returns each hex reached with its cost
// and path.
func referenceReach(m *Mover) map[hex.Axial]reached {
	grid := m.Board.grid
	first, ok := grid.Index(m.Start)
	if !ok {
		return nil
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
				if ok && m.check(f, t, d, from.marked()).OK() {
					edge(newNode(t, m.step.Mark, m.step.Stop), m.step.Cost)
				}
			}
		},
		Compare: cmp.Compare[node],
		Budget:  m.Budget,
	}
	labels := search.Reach(start)
	best := map[hex.Axial]node{}
	for n, l := range labels {
		a := grid.Hex(n.cell())
		old, seen := best[a]
		if !seen || l.Cost < labels[old].Cost || (l.Cost == labels[old].Cost && n < old) {
			best[a] = n
		}
	}
	out := map[hex.Axial]reached{}
	for a, n := range best {
		var path []hex.Axial
		for _, p := range hex.Path(labels, start, n) {
			path = append(path, grid.Hex(p.cell()))
		}
		out[a] = reached{labels[n].Cost, path}
	}
	return out
}

type reached struct {
	cost int
	path []hex.Axial
}

// streamKey is a rule whose mark opens a way rather than closing one: only
// a path that crossed a stream enters marsh. A search may pass over a step
// into a hex reached no dearer only if the step cannot mark the path.
var streamKey = StepRule{
	Check: func(m *Mover, s *Step) int {
		if s.Road == "" && s.Sides.Has(m.Board, "stream") {
			s.Mark = true
		}
		if m.Board.TerrainAt(s.To) == "marsh" && !s.Mark {
			return 1
		}
		return 0
	},
	Refuse: func(int, hex.Axial, hex.Axial) error { return rules.Refuse("R-key", "marsh only after a stream") },
	Marks:  true,
}

// woodsForAThird is a rule that prices a step under the chart: woods cost
// a third of an MP, less than any road. A search stops where what is left
// of the budget buys no step at the chart's cheapest rate, unless a rule
// Discounts.
var woodsForAThird = StepRule{
	Price: func(m *Mover, s *Step) int {
		if m.Board.TerrainAt(s.To) == "woods" {
			s.Cost = MP / 3 / 2
		}
		return 0
	},
	Discounts: true,
}

// TestReachAsDijkstra: the search by slices finds what hex.Dijkstra found,
// to the same path of the same cost for every hex, from every hex of the
// cost map, mechanized or not, with enemy units about, with rules that
// mark the path (so that a hex has several nodes) and one that prices a
// step under the chart's cheapest rate, at budgets that cut
// searches short: the listed moves, and so Legal, do not change; the paths
// by hex number too (AppendCellPathAt).
func TestReachAsDijkstra(t *testing.T) {
	b := costMap.board(t)
	compared, parents := 0, 0
	for _, id := range b.grid.Hexes() {
		start := b.ID(id)
		for _, mech := range []bool{false, true} {
			for _, budget := range []int{2 * MP, 5 * MP} {
				for _, rule := range []*StepRule{nil, &oneStream, &streamKey, &woodsForAThird} {
					p := pos(b, "allied "+start, "german 0306", "german 0505", "allied 0108")
					m := mover(t, b, p, 0, mech, budget)
					if rule != nil {
						m.Rules = []StepRule{*rule}
					}
					want, got := referenceReach(m), m.Reach()
					hexes := got.Hexes()
					if !slices.IsSortedFunc(hexes, hex.Axial.Compare) || len(hexes) != len(want) {
						t.Fatalf("from %s (mech %v, budget %d): %d hexes %v, want %d in Axial order", start, mech, budget, len(hexes), hexes, len(want))
					}
					for _, a := range hexes {
						w, ok := want[a]
						if !ok || got.Cost(a) != w.cost || !slices.Equal(got.Path(a), w.path) {
							t.Fatalf("from %s to %s (mech %v, budget %d): cost %d path %v, want %v %d %v",
								start, b.ID(a), mech, budget, got.Cost(a), got.Path(a), ok, w.cost, w.path)
						}
						compared++
					}
					// The paths by hex number (Legal's) are the same paths.
					for k := range got.Len() {
						var cells []hex.Axial
						for _, c := range got.AppendCellPathAt(nil, k) {
							cells = append(cells, b.grid.Hex(int(c)))
						}
						if a := got.HexAt(k); !slices.Equal(cells, want[a].path) {
							t.Fatalf("from %s to %s: path by number %v, want %v", start, b.ID(a), cells, want[a].path)
						}
					}
					// A path whose parent is named is its parent's and one
					// hex more.
					for k := range got.Len() {
						path := want[got.HexAt(k)].path
						if p := got.ParentAt(k); p >= 0 {
							parent := want[got.HexAt(p)].path
							if !slices.Equal(parent, path[:len(path)-1]) {
								t.Fatalf("from %s to %s: parent %s's path %v, not the path %v without its last hex", start, b.ID(got.HexAt(k)), b.ID(got.HexAt(p)), parent, path)
							}
							parents++
						}
					}
					unordered := 0
					for a := range got.Unordered() {
						if !got.Has(a) {
							t.Fatalf("from %s: Unordered yields %s, which Has denies", start, b.ID(a))
						}
						unordered++
					}
					if unordered != len(hexes) {
						t.Fatalf("from %s: Unordered yields %d hexes, Hexes %d", start, unordered, len(hexes))
					}
				}
			}
		}
	}
	if compared < 2000 || parents < 1000 {
		t.Fatalf("only %d destinations compared, %d parents", compared, parents)
	}
	if r := (&Mover{Board: b, Start: hex.Axial{Q: 99, R: 99}}).Reach(); r.Has(hex.Axial{Q: 99, R: 99}) || len(r.Hexes()) != 0 || len(r.Path(hex.Axial{Q: 99, R: 99})) != 0 {
		t.Error("a search from off the map reaches something")
	}
}
