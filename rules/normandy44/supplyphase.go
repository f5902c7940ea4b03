package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The Supply Phase (3.0 B7, 18.1-18.5) wired to the state: supply.go traces
// lines over a SupplyView that this file fills from the position.

// supplyView is the position as side's supply lines see it (18.3): enemy
// units, enemy ZOC and ZOC Lines (8.x), and control (2.2.5: the occupant, else
// the side that last held a Town, City or fortification).
func (g *Game) supplyView(side Side) SupplyView {
	// The enemy's ZOC and ZOC Lines as side's moves see them, kept while
	// they stand (moveContext).
	ctx := g.moveContext(side)
	enemy := otherSide(side)
	ezoc, lines := ctx.EZOC, ctx.Bonds
	kept := g.controlMap()
	held := g.heldBy()
	sideOf := func(a hex.Axial) Side {
		if i, ok := g.b.cell(a); ok {
			return held[i]
		}
		return ""
	}
	return SupplyView{
		Side:         side,
		EnemyUnit:    func(a hex.Axial) bool { return sideOf(a) == enemy },
		FriendlyUnit: func(a hex.Axial) bool { return sideOf(a) == side },
		EnemyZOC:     ezoc.Has,
		EnemyZOCLine: func(from, to hex.Axial) bool {
			// A line into a hex its own side holds is not blocked: friends
			// there negate a hex line and stand beside a hexside one (8.5.3).
			return lines.Blocks(from, to, sideOf(to) == side)
		},
		Control:   func(a hex.Axial) Side { return hexwar.Controller(sideOf(a), kept[g.b.id(a)]) },
		OpenBeach: g.openBeachAt,
		Mulberry:  g.mulberryAt,
	}
}

// heldBy is the side whose units stand in each hex of the map, by grid
// number ("" for none): sideAt for every hex at once.
func (g *Game) heldBy() []Side {
	held := make([]Side, g.b.grid.Len())
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok {
			if c, _ := g.b.cell(a); held[c] == "" {
				held[c] = g.unit(i).Side
			}
		}
	}
	return held
}

// openBeach reports whether the beach of a beach hex is open (21.1.1): an
// Allied engineer of that beach stands on one of its hexes. The engineer is
// the one whose counter names the beach (17.8).
func (g *Game) openBeach(id string) bool {
	a, ok := g.b.ids[id]
	return ok && g.openBeachAt(a)
}

// openBeachAt is openBeach for a hex.
func (g *Game) openBeachAt(a hex.Axial) bool {
	beach := g.sup.beach[a]
	if beach == "" {
		return false
	}
	for i := range g.s.Units {
		u := g.unit(i)
		if u.Type != Engineer || u.Side != Allied || u.Beach != beach {
			continue
		}
		if b, ok := g.onMap(i); ok && g.sup.beach[b] == beach {
			return true
		}
	}
	return false
}

// marker is the out-of-supply marker a unit carries (18.1).
func (us *unitState) marker() SupplyMarker {
	switch {
	case us.Isolated:
		return MarkerIsolated
	case us.OutOfSupply:
		return MarkerOutOfSupply
	}
	return MarkerNone
}

func (us *unitState) setMarker(m SupplyMarker) {
	us.OutOfSupply, us.Isolated = m != MarkerNone, m == MarkerIsolated
}

// supplyPhase (3.0 B7 a, 18.1) checks every unit of the phasing side: a unit
// that cannot trace a line (18.3) is marked out of supply, a marked one is
// flipped to Isolated, one that can trace loses its marker. Isolated HQs cut
// off from every friendly combat unit are eliminated (18.5.4); the units that
// must roll for attrition (18.5.1) wait for their dice.
func (g *Game) supplyPhase() []rules.Event {
	side := g.s.Side
	seat := rules.Seat(side)
	v := g.supplyView(side)
	st := traceSupply(g.sup, v)
	var events []rules.Event
	changed := 0
	for i := range g.s.Units {
		if _, ok := g.onMap(i); !ok || g.unit(i).Side != side {
			continue
		}
		us := &g.s.Units[i]
		had := us.marker()
		next := nextSupplyMarker(had, st[us.At] == InSupply)
		us.setMarker(next)
		if next == had {
			continue
		}
		changed++
		var text string
		switch next {
		case MarkerNone:
			text = fmt.Sprintf("%s at %s traces supply again: marker removed (18.1)", us.ID, us.At)
		case MarkerOutOfSupply:
			text = fmt.Sprintf("%s at %s cannot trace a supply line: out of supply (18.1, 18.3)", us.ID, us.At)
		default:
			text = fmt.Sprintf("%s at %s is still cut off: its marker flips to Isolated (18.1)", us.ID, us.At)
		}
		events = append(events, rules.Event{Seat: seat, Text: text})
	}
	if changed == 0 {
		events = append(events, rules.Event{Seat: seat, Text: fmt.Sprintf("%s Supply Phase: no supply marker changes (18.1)", sideWord(side))})
	}
	events = append(events, g.hqCutOffs(v, st)...)
	g.s.Attrition = nil
	at := g.unitsAt()
	for i := range g.s.Units {
		if c, ok := g.attritionCase(i, v, st, at); ok && attritionDue(c) {
			g.s.Attrition = append(g.s.Attrition, c.Unit)
		}
	}
	return events
}

// hqCutOffs eliminates the phasing side's Isolated HQs that cannot trace a
// line to a friendly non-HQ combat unit (18.5.4); in the first edition to
// any other friendly unit (18.5, IT L1264, D36). ENGINE NOTE: "Isolated" is
// read as for attrition (AMBIG-32): the red marker and no line at all.
func (g *Game) hqCutOffs(v SupplyView, st map[string]SupplyStatus) []rules.Event {
	var events []rules.Event
	var toUnits map[string]SupplyStatus
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if _, ok := g.onMap(i); !ok || g.unit(i).Side != v.Side || g.unit(i).Type != HQ || !us.Isolated || st[us.At] != Isolated {
			continue
		}
		what := "every friendly combat unit"
		switch {
		case !g.ed.isolatedHQNeedsNonHQCombatUnit:
			// Any friendly unit but the HQ itself, so a trace of its own.
			what = "every other friendly unit"
			toUnits = traceLineTo(g.sup, v, func(id string) bool {
				return slices.ContainsFunc(g.s.Units, func(o unitState) bool {
					j := g.index[o.ID]
					return j != i && o.At == id && !o.Gone && g.unit(j).Side == v.Side
				})
			})
		case toUnits == nil:
			at := g.unitsAt()
			toUnits = traceLineTo(g.sup, v, func(id string) bool { return g.holdsIn(at, id, v.Side, isNonHQCombat) })
		}
		if hqCutOff(us.At, toUnits) {
			events = append(events, rules.Event{Seat: rules.Seat(v.Side),
				Text: fmt.Sprintf("%s at %s is Isolated and cut off from %s: eliminated (18.5.4)", us.ID, us.At, what)})
			g.eliminate(i)
		}
	}
	return events
}

func isNonHQCombat(u *Unit) bool { return u.Type != HQ && u.Type != Strongpoint }
func isCombat(u *Unit) bool      { return u.Type != Strongpoint }
func isStrongpoint(u *Unit) bool { return u.Type == Strongpoint }
func isHQ(u *Unit) bool          { return u.Type == HQ }
func isAnyUnit(u *Unit) bool     { return true }

// holds reports whether a unit of side for which ok is true stands in a hex.
func (g *Game) holds(id string, side Side, ok func(*Unit) bool) bool {
	return g.holdsIn(nil, id, side, ok)
}

// unitsAt lists the units not eliminated by where they stand (a hex id or a
// box), in index order, for holdsIn: the Supply Phase asks holds about every
// unit's neighbours (issue 18).
func (g *Game) unitsAt() map[string][]int {
	at := make(map[string][]int, len(g.s.Units))
	for j := range g.s.Units {
		if !g.s.Units[j].Gone {
			at[g.s.Units[j].At] = append(at[g.s.Units[j].At], j)
		}
	}
	return at
}

// holdsIn is holds read from unitsAt's lists, or from the units themselves
// when at is nil.
func (g *Game) holdsIn(at map[string][]int, id string, side Side, ok func(*Unit) bool) bool {
	if at != nil {
		for _, j := range at[id] {
			if g.unit(j).Side == side && ok(g.unit(j)) {
				return true
			}
		}
		return false
	}
	for j := range g.s.Units {
		if g.s.Units[j].At == id && !g.s.Units[j].Gone && g.unit(j).Side == side && ok(g.unit(j)) {
			return true
		}
	}
	return false
}

// attritionCase gathers what 18.5 asks about unit i now, at the units'
// places (unitsAt); ok is false for a unit that is not on the map.
func (g *Game) attritionCase(i int, v SupplyView, st map[string]SupplyStatus, at map[string][]int) (AttritionCase, bool) {
	a, ok := g.onMap(i)
	if !ok || g.unit(i).Side != v.Side {
		return AttritionCase{}, false
	}
	u, us := g.unit(i), &g.s.Units[i]
	c := AttritionCase{Unit: u.ID, Quality: u.Quality, HQ: u.Type == HQ, Strongpoint: u.Type == Strongpoint,
		Marker: us.marker(), Status: st[us.At], MaxDRM: g.ed.attritionMaxDRM}
	for _, j := range at[us.At] {
		// 18.5.3: any other combat unit of the side in the hex shelters a
		// strongpoint; HQs count, as 18.5.4 calls them combat units.
		if j != i && g.unit(j).Side == u.Side && isCombat(g.unit(j)) {
			c.StackedCombatUnit = true
		}
	}
	for _, n := range a.Neighbors() {
		if g.holdsIn(at, g.b.id(n), otherSide(u.Side), isAnyUnit) {
			c.AdjacentEnemy = true
		}
	}
	if !c.Marker.red() || c.Status != Isolated || !c.AdjacentEnemy || c.Strongpoint {
		return c, true // the +2 refuge matters only to a unit that rolls
	}
	refuge := traceLineTo(g.sup, v, func(id string) bool { return g.refuge(at, id, v.Side) })
	c.Refuge = refuge[us.At] == InSupply
	return c, true
}

func (m SupplyMarker) red() bool { return m == MarkerIsolated }

// refuge reports whether a hex ends a line that earns the +2 attrition DRM
// (18.5.2): a friendly-controlled City, a friendly strongpoint (German), a
// coastal hex (Allied) or a friendly HQ.
func (g *Game) refuge(at map[string][]int, id string, side Side) bool {
	i, ok := g.b.cellOf(id)
	if !ok {
		return false
	}
	h := g.b.info[i]
	if h.Terrain == City && g.controlMap()[id] == side {
		return true
	}
	if side == German && g.holdsIn(at, id, side, isStrongpoint) {
		return true
	}
	if side == Allied && h.Coastal {
		return true
	}
	return g.holdsIn(at, id, side, isHQ)
}

// attritionNeed is the dice need of the Supply Phase: one die for each unit
// that rolls (18.5.1), all in one request, since every input was fixed when
// the markers were set and no decision comes between the rolls (DESIGN.md,
// Dice: one epoch), and the owner rolls (digest 6.1 R7).
func (g *Game) attritionNeed() *rules.DiceNeed {
	if len(g.s.Attrition) == 0 {
		return nil
	}
	sides := make([]int, len(g.s.Attrition))
	for k := range sides {
		sides[k] = 6
	}
	return &rules.DiceNeed{By: rules.Seat(g.s.Side),
		For:   fmt.Sprintf("isolation attrition, one die each for %s (18.5)", strings.Join(g.s.Attrition, ", ")),
		Sides: sides}
}

// rollAttrition resolves the attrition dice in the order of the need. A
// strongpoint left without a combat unit by these losses rolls at once
// (18.5.3): a second need, since its roll was not due when the first was made.
func (g *Game) rollAttrition(values []int) ([]rules.Event, error) {
	if len(values) != len(g.s.Attrition) {
		return nil, fmt.Errorf("%w: %d attrition dice are awaited, have %d", rules.ErrIllegal, len(g.s.Attrition), len(values))
	}
	for _, v := range values {
		if v < 1 || v > 6 {
			return nil, fmt.Errorf("%w: an attrition die is 1 to 6, have %v", rules.ErrIllegal, values)
		}
	}
	side := g.s.Side
	v := g.supplyView(side)
	st := traceSupply(g.sup, v)
	var events []rules.Event
	at := g.unitsAt()
	rolled := slices.Clone(g.s.Attrition)
	onlyStrongpoints := true
	for k, id := range rolled {
		i := g.index[id]
		if !isStrongpoint(g.unit(i)) {
			onlyStrongpoints = false
		}
		c, ok := g.attritionCase(i, v, st, at)
		if !ok {
			continue
		}
		loss, ev := attrition(values[k], c)
		for e := range ev {
			ev[e].Seat = rules.Seat(side)
		}
		events = append(events, ev...)
		if loss > 0 {
			events = append(events, g.loseStep(i, "18.5.1"))
			// A unit gone changes the lines of the others (18.3).
			v = g.supplyView(side)
			st = traceSupply(g.sup, v)
			at = g.unitsAt()
		}
	}
	g.s.Attrition = nil
	if !onlyStrongpoints {
		for i := range g.s.Units {
			if !isStrongpoint(g.unit(i)) || slices.Contains(rolled, g.unit(i).ID) {
				continue
			}
			if c, ok := g.attritionCase(i, v, st, at); ok && attritionDue(c) {
				g.s.Attrition = append(g.s.Attrition, c.Unit)
				events = append(events, rules.Event{Seat: rules.Seat(side),
					Text: fmt.Sprintf("%s is left without a combat unit and must roll for attrition at once (18.5.3)", c.Unit)})
			}
		}
	}
	if len(g.s.Attrition) > 0 {
		return events, nil
	}
	events = append(events, g.ipSupplyEnd()...) // 16.1.5: the end of the Supply Phase
	g.nextStage()
	return append(events, g.enterPhase()...), nil
}

// loseStep takes one step from unit i (2.3.5): it flips to its next step, or
// is eliminated from its last. An Ost unit is removed from play by any step
// loss (17.1, L1131), as combat removes it (combat.Unit.Fragile), where its
// rules version plays it so outside combat too.
func (g *Game) loseStep(i int, rule string) rules.Event {
	us := &g.s.Units[i]
	seat := rules.Seat(g.unit(i).Side)
	if g.unit(i).Type == Ost && g.ver.ostAttrition {
		at := us.At
		g.eliminate(i)
		return rules.Event{Seat: seat, Text: fmt.Sprintf("%s at %s loses a step and, an Ost unit, is removed from play (%s, 17.1)", us.ID, at, rule)}
	}
	if us.Step+1 < len(g.unit(i).Steps) {
		us.Step++
		return rules.Event{Seat: seat, Text: fmt.Sprintf("%s loses a step (%s)", us.ID, rule)}
	}
	at := us.At
	g.eliminate(i)
	return rules.Event{Seat: seat, Text: fmt.Sprintf("%s at %s loses its last step and is eliminated (%s)", us.ID, at, rule)}
}

// eliminate takes unit i off the map; the hexes it controlled keep their
// controller (2.2.5).
func (g *Game) eliminate(i int) {
	us := g.s.Units[i]
	// 20.2.2: an S2 unit's one-step limit outlives its elimination; the
	// rebuild decides whether its one step is then back (rebuild.go).
	g.s.Units[i] = unitState{ID: us.ID, Gone: true, Step: us.Step, RecoverOne: us.RecoverOne}
}
