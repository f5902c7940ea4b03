package normandy44

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Legal implements rules.Game. In a Movement Phase it lists, for every unit
// that may move, each hex it can reach with its least cost and the canonical
// move along the cheapest path; then 'end'. Choice.Cost is in whole MP,
// rounded up; the Note gives the exact cost ("1 1/2 of 4 MP"). In the other phases a player waits
// on, 'end' is the only command.
func (g *Game) Legal(seat rules.Seat) []rules.Choice {
	p := g.Pending()
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return nil
	}
	if g.opt.multi() && g.s.Combat == nil {
		// 24.0: a player commands only his own units and SupP.
		return slices.DeleteFunc(g.legal(), func(c rules.Choice) bool {
			return !strings.Contains(c.Command, "<") && g.checkOwner(seat, c.Command) != nil
		})
	}
	return g.legal()
}

// legal lists the commands of the seat that acts now (Legal).
func (g *Game) legal() []rules.Choice {
	var out []rules.Choice
	if g.s.Combat != nil {
		return g.combatChoices()
	}
	if g.s.Phase == PhaseInvasion && g.s.Invasion != nil {
		return g.invasionChoices() // 20.3.2, 20.3.6: no 'end', the phase passes by itself
	}
	if g.inCombatPhase() {
		out = append(g.attackChoices(), orderChoices(true)...)
		out = append(out, g.strafeChoices()...) // 19.1.4
	}
	if g.s.Phase == PhaseReplacement {
		out = append(g.replacementChoices(), g.buySupPChoices()...)
	}
	if g.s.Phase == PhaseReserveMovement {
		out = append(out, g.reserveMoveChoices()...) // 15.2
	}
	out = append(out, g.reserveChoices()...) // 15.1
	out = append(out, g.ipChoices()...)      // 16.1.3
	out = append(out, g.evacuateChoices()...)
	out = append(out, g.divisionChoices()...)
	// mustLand is mustLand() != "" read from the moves listed here, which
	// are the ones it would work out again: an approach unit or glider of
	// the acting Allied player that can land (20.5.3, 20.2.4).
	mustLand := false
	if g.s.Phase == PhaseMovement {
		ctx := g.moveContext(g.s.Side)
		for i := range g.s.Units {
			switch {
			case g.unit(i).Side != g.s.Side, !g.ownedByActor(i):
			case g.waiting(i):
				out = append(out, g.entryMoves(ctx, i)...)
			case g.s.Units[i].At == "" || g.s.Units[i].At == g.inBritainBox():
				out = append(out, g.landingMoves(ctx, i)...)
			case g.isGlider(i):
				moves := g.gliderMoves(ctx, i) // 20.2.4
				mustLand = mustLand || len(moves) > 0
				out = append(out, moves...)
			case g.isApproach(i):
				moves := g.followUpMoves(ctx, i) // 20.5.2
				mustLand = mustLand || len(moves) > 0
				out = append(out, moves...)
			default:
				out = append(out, g.unitMoves(ctx, i)...)
				out = append(out, g.relocateChoices(ctx, i)...)
			}
		}
	}
	if mustLand {
		return out // 20.5.3, 20.2.4: the units that can land do so first
	}
	return append(out, rules.Choice{Command: "end", Note: "end the " + phaseRules[g.s.Phase].name})
}

// destination is one reachable hex and how to get there.
type destination struct {
	path     []hex.Axial
	cost     int
	budget   int
	tactical bool
	cyclist  bool
	sm       bool
	trucks   bool
}

// unitMoves lists one unit's legal moves, one per reachable hex. A hex reached
// on the unit's MA is listed that way; otherwise by Tactical Movement, the
// cyclists' road rate, and only then by spending a Strategic Move or the
// Trucks marker.
func (g *Game) unitMoves(ctx *moveContext, i int) []rules.Choice {
	m, err := g.newMover(ctx, i, false, false)
	if err != nil {
		return nil
	}
	found := map[hex.Axial]destination{}
	if m.repl {
		// 6.2.4: one hex at most, whatever its cost.
		for _, a := range m.start.Neighbors() {
			if r, bar := m.check(m.start, a); bar.why == stepOK && g.endCheck(ctx, i, a, false) == nil {
				found[a] = destination{path: []hex.Axial{m.start, a}, cost: r.cost, budget: m.budget, tactical: r.cost > m.budget}
			}
		}
		return g.choices(i, found)
	}
	add := func(mv *mover, d destination) {
		r := mv.reach()
		for a := range r.hexes {
			if _, seen := found[a]; seen || a == mv.start {
				continue
			}
			if g.endCheck(ctx, i, a, d.sm) != nil {
				continue
			}
			d.path, d.cost, d.budget = r.path(a), r.cost(a), mv.budget
			found[a] = d
		}
	}
	if !g.s.Units[i].OutOfSupply { // 18.4: Tactical Movement only
		add(m, destination{})
	}
	t := *m
	t.tactical = true
	for a, path := range t.tacticalReach() {
		if _, seen := found[a]; !seen && g.endCheck(ctx, i, a, false) == nil {
			c, _ := t.walk(path)
			found[a] = destination{path: path, cost: c, budget: m.budget, tactical: true}
		}
	}
	if g.s.Units[i].OutOfSupply {
		return g.choices(i, found)
	}
	if c := m.cyclist(false, false); c != nil {
		add(c, destination{cyclist: true})
	}
	if sm, err := g.newMover(ctx, i, true, false); err == nil {
		add(sm, destination{sm: true})
	}
	if tr, err := g.newMover(ctx, i, false, true); err == nil {
		add(tr, destination{trucks: true})
	}
	return g.choices(i, found)
}

// choices turns a unit's destinations into Legal's choices, in hex order.
func (g *Game) choices(i int, found map[hex.Axial]destination) []rules.Choice {
	var out []rules.Choice
	id := g.unit(i).ID
	for _, a := range hex.SortedKeys(found) {
		d := found[a]
		c := Command{Verb: "move", Unit: id, SM: d.sm, Trucks: d.trucks, Path: make([]string, len(d.path))}
		for k, h := range d.path {
			c.Path[k] = g.b.id(h)
		}
		note := mpText(d.cost) + " of " + mpText(d.budget) + " MP"
		switch {
		case d.tactical:
			note = "Tactical Movement (9.10)"
		case d.cyclist:
			note += ", cyclists on the roads (9.9)"
		case d.sm:
			note += ", Strategic Movement (9.8)"
		case d.trucks:
			note += ", on Trucks (9.8.6)"
		}
		out = append(out, rules.Choice{Command: c.String(), Piece: id, Cost: (d.cost + mp - 1) / mp, Note: note})
	}
	return out
}

// node is a search state: a hex, by grid number, and whether the unit had to
// stop on entering it. The same hex may be entered along a road and go on, or
// off the road and stop (a flooded hex, 9.5.1), so the hex alone is not
// enough state. A node is 2 × the hex's number, plus 1 if stopped: nodes
// compare as (hex order, not stopped first), the search's tie-break.
type node int32

func newNode(cell int, stop bool) node {
	if stop {
		return node(2*cell + 1)
	}
	return node(2 * cell)
}

func (n node) cell() int     { return int(n / 2) }
func (n node) stopped() bool { return n%2 == 1 }

// reachable is what a movement search found: each hex reached, the start
// included, with the node that ends one of its cheapest paths. A path is
// rebuilt only when asked for: Legal lists few of the hexes each way of
// moving reaches for the first time.
type reachable struct {
	grid   *hex.Grid
	start  node
	labels map[node]hex.Label[node]
	hexes  map[hex.Axial]node
}

// cost is the least cost of a hex reached.
func (r reachable) cost(a hex.Axial) int { return r.labels[r.hexes[a]].Cost }

// path is one cheapest path to a hex reached, start first.
func (r reachable) path(a hex.Axial) []hex.Axial {
	nodes := hex.Path(r.labels, r.start, r.hexes[a])
	path := make([]hex.Axial, len(nodes))
	for k, n := range nodes {
		path[k] = r.grid.Hex(n.cell())
	}
	return path
}

// reach is Dijkstra's algorithm (hex.Dijkstra) over nodes, within the
// mover's budget. Ties are broken by (cost, hex order, stop), and neighbours
// are relaxed in direction order, so the result never depends on map
// iteration order. Of a hex's two nodes the cheaper is kept, the one not
// stopped on a tie.
func (m *mover) reach() reachable {
	grid := m.g.b.grid
	first, ok := grid.Index(m.start)
	if !ok {
		return reachable{}
	}
	start := newNode(first, false)
	search := hex.Dijkstra[node]{
		Edges: func(from node, edge func(node, int)) {
			if from.stopped() {
				return
			}
			f := from.cell()
			for d := range hex.DirectionCount {
				t, ok := grid.Neighbor(f, d)
				if !ok {
					continue // 9.2: off the map
				}
				if r, bar := m.checkAt(f, t, d); bar.why == stepOK {
					edge(newNode(t, r.stop), r.cost)
				}
			}
		},
		Compare: cmp.Compare[node],
		Budget:  m.budget,
	}
	r := reachable{grid: grid, start: start, labels: search.Reach(start)}
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

// tacticalReach lists the hexes Tactical Movement reaches (9.10): 1 or 2
// hexes whatever their cost, every other movement rule kept.
func (m *mover) tacticalReach() map[hex.Axial][]hex.Axial {
	out := map[hex.Axial][]hex.Axial{}
	for _, a := range m.start.Neighbors() {
		r, bar := m.check(m.start, a)
		if bar.why != stepOK {
			continue
		}
		if _, seen := out[a]; !seen {
			out[a] = []hex.Axial{m.start, a}
		}
		if r.stop {
			continue
		}
		for _, b := range a.Neighbors() {
			if _, seen := out[b]; seen || b == m.start {
				continue
			}
			if _, bar := m.check(a, b); bar.why == stepOK {
				out[b] = []hex.Axial{m.start, a, b}
			}
		}
	}
	return out
}
