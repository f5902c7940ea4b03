package normandy44

import (
	"container/heap"
	"fmt"
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
			if r, err := m.step(m.start, a); err == nil && g.endCheck(ctx, i, a, false) == nil {
				found[a] = destination{path: []hex.Axial{m.start, a}, cost: r.cost, budget: m.budget, tactical: r.cost > m.budget}
			}
		}
		return g.choices(i, found)
	}
	add := func(mv *mover, d destination) {
		for a, r := range mv.reach() {
			if _, seen := found[a]; seen || a == mv.start {
				continue
			}
			if g.endCheck(ctx, i, a, d.sm) != nil {
				continue
			}
			d.path, d.cost, d.budget = r.path, r.cost, mv.budget
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
		c := Command{Verb: "move", Unit: id, SM: d.sm, Trucks: d.trucks}
		for _, h := range d.path {
			c.Path = append(c.Path, g.b.id(h))
		}
		note := fmt.Sprintf("%s of %s MP", mpText(d.cost), mpText(d.budget))
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

// reached is a hex's least cost and one cheapest path to it.
type reached struct {
	cost int
	path []hex.Axial
}

// node is a search state: a hex, and whether the unit had to stop on entering
// it. The same hex may be entered along a road and go on, or off the road and
// stop (a flooded hex, 9.5.1), so the hex alone is not enough state for
// rules/hex's Search, whose Stop sees only the hex.
type node struct {
	h    hex.Axial
	stop bool
}

type label struct {
	cost int
	prev node
}

// reach is Dijkstra's algorithm over nodes, within the mover's budget. Ties
// are broken by (cost, hex order, stop), and neighbours are relaxed in
// direction order, so the result never depends on map iteration order.
func (m *mover) reach() map[hex.Axial]reached {
	start := node{h: m.start}
	labels := map[node]label{start: {0, start}}
	done := map[node]bool{}
	q := &nodeQueue{{0, start}}
	for q.Len() > 0 {
		it := heap.Pop(q).(queued)
		if done[it.n] || labels[it.n].cost != it.cost {
			continue
		}
		done[it.n] = true
		if it.n.stop {
			continue
		}
		for _, to := range it.n.h.Neighbors() {
			r, err := m.step(it.n.h, to)
			if err != nil || r.cost > m.budget-it.cost {
				continue
			}
			nn := node{to, r.stop}
			c := it.cost + r.cost
			if old, seen := labels[nn]; seen && old.cost <= c {
				continue
			}
			labels[nn] = label{c, it.n}
			heap.Push(q, queued{c, nn})
		}
	}
	out := map[hex.Axial]reached{}
	for _, n := range sortedNodes(labels) {
		l := labels[n]
		if old, seen := out[n.h]; seen && old.cost <= l.cost {
			continue
		}
		var back []hex.Axial
		for k := n; ; k = labels[k].prev {
			back = append(back, k.h)
			if k == start {
				break
			}
		}
		for a, b := 0, len(back)-1; a < b; a, b = a+1, b-1 {
			back[a], back[b] = back[b], back[a]
		}
		out[n.h] = reached{l.cost, back}
	}
	return out
}

// tacticalReach lists the hexes Tactical Movement reaches (9.10): 1 or 2
// hexes whatever their cost, every other movement rule kept.
func (m *mover) tacticalReach() map[hex.Axial][]hex.Axial {
	out := map[hex.Axial][]hex.Axial{}
	for _, a := range m.start.Neighbors() {
		r, err := m.step(m.start, a)
		if err != nil {
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
			if _, err := m.step(a, b); err == nil {
				out[b] = []hex.Axial{m.start, a, b}
			}
		}
	}
	return out
}

func sortedNodes(m map[node]label) []node {
	var ns []node
	for n := range m {
		ns = append(ns, n)
	}
	slices.SortFunc(ns, func(a, b node) int {
		if (queued{0, a}).less(queued{0, b}) {
			return -1
		}
		if (queued{0, b}).less(queued{0, a}) {
			return 1
		}
		return 0
	})
	return ns
}

// queued is a node waiting in the search queue.
type queued struct {
	cost int
	n    node
}

func (a queued) less(b queued) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	if c := a.n.h.Compare(b.n.h); c != 0 {
		return c < 0
	}
	return !a.n.stop && b.n.stop
}

type nodeQueue []queued

func (q nodeQueue) Len() int           { return len(q) }
func (q nodeQueue) Less(i, j int) bool { return q[i].less(q[j]) }
func (q nodeQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *nodeQueue) Push(x any)        { *q = append(*q, x.(queued)) }
func (q *nodeQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
