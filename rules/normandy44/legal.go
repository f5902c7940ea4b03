package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Legal implements rules.Game. In a Movement Phase it lists, for every unit
// that may move, each hex it can reach with its least cost and the canonical
// move along the cheapest path; then 'end'. Choice.Cost is in whole MP,
// rounded up; the Note gives the exact cost ("1 1/2 of 4 MP"). In the other phases a player waits
// on, 'end' is the only command.
//
// Its notes are in the game's edition's numbers (renumber.go).
func (g *Game) Legal(seat rules.Seat) []rules.Choice { return g.speakChoices(g.seatChoices(seat)) }

// seatChoices is Legal in the engine's own numbers.
func (g *Game) seatChoices(seat rules.Seat) []rules.Choice {
	p := g.pendingSeats()
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return nil
	}
	if g.opt.multi() {
		// 24.0: a player commands only his own units and SupP; in a
		// combat, the decisions are the side's, his Reserve markers his.
		return slices.DeleteFunc(procedures.Choices(g), func(c rules.Choice) bool {
			owned := g.s.Combat == nil || strings.HasPrefix(c.Command, "unreserve ")
			return owned && !strings.Contains(c.Command, "<") && g.checkOwner(seat, c.Command) != nil
		})
	}
	return procedures.Choices(g)
}

// legal lists the commands of the phase's procedure: those of the seat that
// acts now when no interrupt is under way (Legal).
func (g *Game) legal() []rules.Choice {
	var out []rules.Choice
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
	mustLand, mustBack := false, false
	if g.s.Phase == PhaseMovement {
		// The position is read for the moves only if a unit's must be
		// listed afresh (legal_cache.go).
		var c *moveContext
		ctx := func() *moveContext {
			if c == nil {
				c = g.moveContext(g.s.Side)
			}
			return c
		}
		cache := g.moveCacheFor()
		// Each unit's moves are a slice of their own (the cache keeps
		// them): they are joined once, at the end, rather than grown into
		// out unit by unit, which copied thousands of choices again and
		// again.
		byUnit := make([]moveBlock, 0, len(g.s.Units))
		listed := 0
		join := func(moves []rules.Choice) {
			if len(moves) > 0 {
				byUnit = append(byUnit, moveBlock{choices: moves})
				listed += len(moves)
			}
		}
		joinList := func(l moveList) {
			if len(l.moves) > 0 {
				byUnit = append(byUnit, moveBlock{list: l})
				listed += len(l.moves)
			}
		}
		// The units Legal lists itself share the searches of entering
		// units with those listed on other goroutines (listMissing).
		shared := new(listing)
		own := &lister{listing: shared}
		defer own.done()
		kinds := make([]movesKind, len(g.s.Units))
		for i := range kinds {
			kinds[i] = g.movesKind(i)
		}
		g.listMissing(cache, kinds, ctx, shared)
		for i, kind := range kinds {
			switch kind {
			case movesNone:
			case movesEntry:
				joinList(g.cachedMoves(cache, i, true, func(e *extent) moveList { return g.entryMovesFrom(ctx(), own, i, e) }))
			case movesOther:
				switch {
				case g.s.Units[i].At == "" || g.s.Units[i].At == g.inBritainBox():
					join(g.landingMoves(ctx(), i))
				case g.isGlider(i):
					moves := g.gliderMoves(ctx(), i) // 20.2.4
					mustLand = mustLand || len(moves) > 0
					join(moves)
				case g.isApproach(i):
					moves := g.followUpMoves(ctx(), i) // 20.5.2
					mustLand = mustLand || len(moves) > 0
					join(moves)
				}
			case movesOnMap:
				moves := g.cachedMoves(cache, i, false, func(e *extent) moveList { return g.unitMovesFrom(ctx(), own, i, e) })
				// S3.3, 22.1.2: a unit out of bounds moves back first.
				mustBack = mustBack || (len(moves.moves) > 0 && g.ver.rangeInCombat && !g.s.Units[i].Moved && g.outOfBounds(i) != "")
				joinList(moves)
				if slices.Contains(g.unit(i).Marks, MarkCotentin) { // relocateChoices has none for another
					join(g.relocateChoices(ctx(), i))
				}
			}
		}
		out = joinMoves(slices.Grow(out, listed+1), byUnit, listed) // and 'end'

	}
	if mustLand || mustBack {
		return out // 20.5.3, 20.2.4: the units that can land do so first; S3.3, 22.1.2: as those that must move back
	}
	return append(out, rules.Choice{Command: "end", Note: "end the " + phaseRules[g.s.Phase].Name})
}

// moveBlock is one unit's moves in Legal: a kept list of moves on or onto
// the map, or the choices of another kind.
type moveBlock struct {
	list    moveList
	choices []rules.Choice
}

func (b moveBlock) len() int { return len(b.list.moves) + len(b.choices) }

// destination is how a unit reaches one hex (its path is filed beside it,
// destinations.go).
type destination struct {
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
	return g.unitMovesFrom(ctx, nil, i, &extent{b: g.b}).choices()
}

// unitMovesFrom is unitMoves, noting in e the hexes its searches reach
// (legal_cache.go), its movers lent l's step memos.
func (g *Game) unitMovesFrom(ctx *moveContext, l *lister, i int, e *extent) moveList {
	if a, ok := g.onMap(i); ok {
		e.reached(a)
	}
	m, err := g.newMover(ctx, i, false, false)
	if err != nil {
		return moveList{}
	}
	found := newDestinations(g.b)
	if m.repl {
		// 6.2.4: one hex at most, whatever its cost.
		for _, a := range m.Start.Neighbors() {
			e.reached(a)
			if st, bar := m.Check(m.Start, a); bar.OK() && g.endCheck(ctx, i, a, false) == nil {
				found.put(a, destination{cost: st.Cost, budget: m.Budget, tactical: st.Cost > m.Budget},
					func(dst []int32) []int32 { return g.b.appendCells(dst, m.Start, a) })
			}
		}
		return found.moves(g, i)
	}
	l.lend(m)
	add := func(mv *mover, d destination) {
		r := mv.ReachIn(&found.reach)
		found.beginSearch(r)
		defer found.endSearch()
		// Each hex is filed once, by hex: the order cannot matter.
		start, _ := g.b.cell(mv.Start)
		for k := range r.Len() {
			c := r.CellAt(k)
			e.reachedCell(c)
			if found.hasCell(c) || c == start {
				continue
			}
			if !g.endAllowedAt(ctx, i, c, d.sm) {
				continue
			}
			d.cost, d.budget = r.CostAt(k), mv.Budget
			found.putAt(c, d, k)
		}
	}
	tacticalOnly := g.tacticalOnly(i) != "" // 18.4, 13.6: Tactical Movement only
	if !tacticalOnly {
		add(m, destination{})
	}
	if g.s.Phase == PhaseReserveMovement && !g.ed.reserveTactical {
		return found.moves(g, i) // 15.2 (D14): half the MA only
	}
	// A tactical move is listed only to a hex no other way reaches: none
	// is looked for when every hex within two (9.10) is reached already.
	if !found.hasAround(m.Start, 2) {
		t := *m
		t.Tactical = true
		var paths [18]hexwar.TacticalPath // 6 hexes at 1, 12 at 2
		for _, p := range t.AppendTactical(paths[:0]) {
			a := p.To()
			e.reached(a)
			if !found.has(a) && g.endCheck(ctx, i, a, false) == nil {
				path := p.AppendPath(found.walk[:0])
				found.walk = path
				c, _ := t.Walk(path)
				found.put(a, destination{cost: c, budget: m.Budget, tactical: true}, func(dst []int32) []int32 { return g.b.appendCells(dst, path...) })
			}
		}
	}
	if tacticalOnly {
		return found.moves(g, i)
	}
	if c := m.cyclist(false, false); c != nil {
		l.lendCyclist(c)
		add(c, destination{cyclist: true})
	}
	// Strategic Movement is for mechanized units (9.8.1), Trucks for the
	// others (9.8.6): the way the unit cannot use is not asked for, as its
	// refusal's words would be written only to be dropped.
	if g.mechanized(i) {
		if sm, err := g.newMover(ctx, i, true, false); err == nil {
			l.lend(sm)
			add(sm, destination{sm: true})
		}
	} else if tr, err := g.newMover(ctx, i, false, true); err == nil {
		l.lend(tr)
		add(tr, destination{trucks: true})
	}
	return found.moves(g, i)
}
