package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// A combat's outcome put on the map (10.0-14.0): step losses and REM
// counters (10.3, 10.4), retreats and the states they bring (10.1, 13.0),
// Dis (10.1), the DD's own effects (11.4), advances (14.0), control
// (16.3.4) and the support spent (9.4-11.3).

// outcomeGame is a copy of the game with the combat's outcome so far on it:
// the map the attackers advance over.
func (g *Game) outcomeGame(c *Combat) *Game {
	w := g.Clone().(*Game)
	w.cur = nil
	w.placeOutcome(c, false)
	return w
}

// placeOutcome applies the combat so far to g's units; final adds the
// markers and the rest.
func (g *Game) placeOutcome(c *Combat, final bool) []string {
	var notes []string
	if c.varLost != "" {
		if i := g.index(c.varLost); g.alive(i) {
			g.eliminate(i)
			notes = append(notes, c.varLost+" eliminated: strength 0 (19.3)")
		}
	}
	left := map[string]int{}
	for _, u := range c.AttackersLeft() {
		left[u.ID] = u.Steps
	}
	for _, u := range c.Attackers {
		if lost := u.Steps - left[u.ID]; lost > 0 {
			notes = append(notes, g.loseSteps(g.index(u.ID), lost)...)
		}
	}
	surv := c.Survivors()
	if loss := c.RetreatLosses(); len(loss) > 0 {
		surv = combat.AfterLosses(surv, loss)
	}
	steps := map[string]int{}
	for _, u := range surv {
		if !slices.Contains(c.Eliminated, u.ID) {
			steps[u.ID] = u.Steps
		}
	}
	var standing []int
	for _, u := range c.Defenders {
		i := g.index(u.ID)
		n, ok := steps[u.ID]
		if !ok {
			if g.alive(i) {
				g.eliminate(i)
				notes = append(notes, u.ID+" eliminated")
			}
			continue
		}
		if lost := u.Steps - n; lost > 0 {
			notes = append(notes, g.loseSteps(i, lost)...)
		}
		if g.alive(i) {
			standing = append(standing, i)
		}
	}
	// Each part of the retreat, the whole stack's unless it split (12.1.2),
	// moves its units along its path.
	for _, mv := range c.Moves {
		var part []int
		for _, i := range standing {
			if slices.Contains(mv.Units, g.s.Units[i].ID) {
				part = append(part, i)
			}
		}
		hexes := mv.Path.Hexes
		switch {
		case mv.Path.Exited:
			notes = append(notes, g.retreatIntoArea(c, hexes, part, final)...)
		case len(hexes) > 0:
			end := g.b.ID(hexes[len(hexes)-1])
			for _, i := range part {
				g.s.Units[i].Hex = end
				if final {
					g.s.Retreated = append(g.s.Retreated, g.s.Units[i].ID) // 12.5
					notes = append(notes, fmt.Sprintf("%s retreats to %s, %s%s", g.s.Units[i].ID, end, g.retreatMark(i, c), g.retreatHalfEff(i, c.in.target, hexes)))
				}
			}
		}
	}
	for _, a := range c.Advances {
		if a.Kind != combat.CmdAdvance {
			continue
		}
		i := g.index(a.Units[0])
		half := false
		for _, h := range a.Hexes {
			from, on := g.axial(i)
			to, _ := g.b.Hex(h)
			half = half || (on && g.halfEffCrossing(i, from, to))
			g.s.Units[i].Hex, g.s.Units[i].Box = h, "" // 21.3.4: from an entry area onto the map
			g.setControl(h, c.in.attacker)
		}
		if final {
			w := fmt.Sprintf("%s advances %s", a.Units[0], strings.Join(a.Hexes, "-"))
			// 14.5, 5.7, A-48: ½ Eff for a road-less mountain crossing.
			if to, ok := g.axial(i); ok && half && g.nextToEnemy(to, c.in.attacker) {
				g.s.Units[i].HalfEff = true
				w += ", ½ Eff (14.5)"
			}
			notes = append(notes, w)
		}
	}
	notes = append(notes, g.placePart(c, final)...)
	notes = append(notes, g.placeSHRetreats(c, final)...)
	if final {
		notes = append(notes, g.finalEffects(c, standing)...)
	}
	return notes
}

// retreatMark marks a retreated unit (10.1, 13.2, 13.3): DG after a
// retreat that allows a DD, Shattered after DS and DR4; a DG unit that
// retreats again is Shattered.
func (g *Game) retreatMark(i int, c *Combat) string {
	us := &g.s.Units[i]
	if c.Result.Tags&TagShatter != 0 || us.Status != GoodOrder {
		us.Status = Shattered
		return "Shattered (10.1, 13.3)"
	}
	us.Status = Disorganized
	return "DG (10.1, 13.2)"
}

// finalEffects are Dis (10.1), the DD's own effects (11.4.1), and the
// defensive support spent (9.4, 11.3).
func (g *Game) finalEffects(c *Combat, standing []int) []string {
	var notes []string
	if c.Result.Tags&TagDis != 0 {
		for _, i := range standing {
			us := &g.s.Units[i]
			if g.disSpares(i) {
				continue
			}
			if us.Status == GoodOrder {
				us.Status = Disorganized
				notes = append(notes, us.ID+" DG (Dis, 10.1)")
			} else {
				us.Status = Shattered // 10.1: and it retreats 2 hexes (disRetreats, shattered.go)
				notes = append(notes, us.ID+" Shattered (Dis, 10.1)")
			}
		}
	}
	if o := c.DDOut; o != nil {
		if o.Result.Success && o.Result.Tags&TagUrban != 0 {
			if n := g.placeUrban(c); n != "" {
				notes = append(notes, n)
			}
		}
		if o.Result.Tags&TagDisLead != 0 {
			if i := g.index(o.Lead); g.alive(i) && !g.sc.Units[i].Beachhead() {
				g.s.Units[i].Status = Disorganized
				notes = append(notes, o.Lead+" DG (1/dis H, 11.4.1)")
			}
		}
		if c.DD != nil && c.DD.Support {
			if src := c.ddSource(); src != "" {
				g.spendSupport(src)
				notes = append(notes, "defensive support "+src+" used (11.3)")
			}
			if c.ddValiant() {
				g.useValiant()
				notes = append(notes, "Valiant and Warspite used (19.4)")
			}
		}
	}
	if c.in.defAir {
		g.useMarker(c.defAirNeed())
		notes = append(notes, "defensive air used (9.4)")
	}
	return notes
}

// disSpares: a Dis result leaves unit i as it is, a BH unit being always
// in Good Order (18.1.3).
func (g *Game) disSpares(i int) bool {
	return g.ver.bhGoodOrder && g.sc.Units[i].Beachhead()
}

// spendSupport flips an ASU or a marker to USED.
func (g *Game) spendSupport(src string) {
	if i := g.index(src); i >= 0 {
		g.s.Units[i].Used = true
		return
	}
	g.useMarker(src)
}

// finishCombat puts the outcome on the map and closes the combat.
func (g *Game) finishCombat() []rules.Event {
	c := g.combat()
	n := g.s.Combat.N
	summary := c.Event()
	// The markers the combat spends are read from the position before the
	// outcome changes it.
	defAir := c.in.defAir && c.defAirNeed() != ""
	if !defAir {
		c.in.defAir = false
	}
	g.recordCombat(c)
	notes := g.placeOutcome(c, true)
	if bt := g.breakthroughAfter(c); bt != "" {
		notes = append(notes, bt)
	}
	if w := g.excessWords(); w != "" {
		notes = append(notes, w) // 4.4: before salerno43/4 an advance may end over the limit (14.1)
	}
	notes = append(notes, g.urbanCheck()...) // 11.6.3
	g.s.Combat, g.cur = nil, nil
	text := fmt.Sprintf("Combat %d: %s", n, summary)
	if len(notes) > 0 {
		text += "; " + strings.Join(notes, "; ")
	}
	return []rules.Event{{Seat: rules.Seat(c.Attacker), Text: text}}
}

// retreatIntoArea ends a retreat along hexes off the map in the entry area
// beyond (21.4): a friendly area takes the units, DG or SH; an enemy one
// eliminates them.
func (g *Game) retreatIntoArea(c *Combat, hexes []hex.Axial, standing []int, final bool) []string {
	var notes []string
	last := c.in.target
	if len(hexes) > 1 {
		last = hexes[len(hexes)-2]
	}
	area := g.areaOf(last)
	side := other(c.in.attacker)
	for _, i := range standing {
		us := &g.s.Units[i]
		if !g.friendlyArea(side, area) {
			g.eliminate(i)
			notes = append(notes, fmt.Sprintf("%s retreats into the enemy area %s: eliminated (21.4)", us.ID, area))
			continue
		}
		us.Hex, us.Box = "", boxEntry+area
		if final {
			notes = append(notes, fmt.Sprintf("%s retreats into %s, %s (21.4)", us.ID, area, g.retreatMark(i, c)))
		}
	}
	return notes
}
