package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// A combat's outcome put on the map (16.0-19.0): step losses and Remnants
// (16.4), retreats with the states they bring (17.0, 18.2), ENG (16.5), the
// Attacker's Advantage (16.6), advances (19.0), the support spent, the
// bridges blown, and a Breakthrough's chance (19.4).

// outcomeGame is a copy of the game with the combat's outcome so far on it:
// the map the attackers advance over.
func (g *Game) outcomeGame(c *Combat) *Game {
	w := g.Clone().(*Game)
	w.cur = nil
	w.placeOutcome(c, false)
	return w
}

// loseSteps takes n steps from unit i (16.4): a full side flips; a reduced
// side of 2 steps underlined becomes a Remnant of the unit's type, which
// takes its place and its results; anything else goes to the dead pile. It
// returns the unit that stands for it now, -1 when none does.
func (g *Game) loseSteps(i, n int) (int, []string) {
	var notes []string
	for ; n > 0 && i >= 0; n-- {
		u, us := g.unit(i), &g.s.Units[i]
		switch {
		case us.Face == 0 && len(u.Faces) == 2 && u.Faces[1].Steps < u.Faces[0].Steps && !u.Arty():
			us.Face = 1
			notes = append(notes, u.ID+" -1")
		case us.Face == 1 && u.WhiteLine:
			r := g.remnantFor(i)
			g.eliminate(i)
			if r < 0 {
				notes = append(notes, u.ID+" eliminated (no Remnant left, 16.4)")
				return -1, notes
			}
			rs := &g.s.Units[r]
			rs.At, rs.Status, rs.ENG, rs.OOS, rs.Isolated, rs.RetreatedIn, rs.Arrived = us.At, us.Status, us.ENG, us.OOS, us.Isolated, us.RetreatedIn, g.s.Turn
			notes = append(notes, fmt.Sprintf("%s becomes Remnant %s (16.4)", u.ID, rs.ID))
			i = r
		default:
			g.eliminate(i)
			notes = append(notes, u.ID+" eliminated")
			return -1, notes
		}
	}
	return i, notes
}

// remnantFor is a Remnant counter not in play of unit i's type, of its
// nation if one is left, -1 for none (16.4, 25.2.3).
func (g *Game) remnantFor(i int) int { return g.poolCounter(i, MarkRemnant, g.unit(i).Type) }

// eliminate puts unit i in the dead pile (16.4), its markers off.
func (g *Game) eliminate(i int) {
	us := &g.s.Units[i]
	at := us.At
	id := us.ID
	*us = unitState{ID: id, At: deadBox}
	if g.unit(i).Has(MarkRemnant) || g.unit(i).Has(MarkBreakdown) {
		us.At = poolBox // a Remnant or breakdown counter goes back to the mix
	}
	if g.unit(i).Type == SupplyDepot {
		us.At = poolBox
		g.dumpTaken(at) // 32.2
	}
	g.removeEmptyIP(at)
}

// removeEmptyIP removes an IP whose hex has been left (15.8.4).
func (g *Game) removeEmptyIP(at string) {
	if a, ok := g.b.ids[at]; ok && len(g.occupancy()[a]) == 0 {
		g.s.IPs = slices.DeleteFunc(g.s.IPs, func(m ipMarker) bool { return m.Hex == at })
	}
}

// placeOutcome applies the combat so far to g's units: losses, the
// retreat, the advances; final adds the markers and the rest.
func (g *Game) placeOutcome(c *Combat, final bool) []string {
	var notes []string
	// The attackers' losses.
	left := map[string]int{}
	for _, u := range c.AttackersLeft() {
		left[u.ID] = u.Steps
	}
	for _, u := range c.Attackers {
		i := g.index[u.ID]
		lost := u.Steps - left[u.ID]
		if lost > 0 {
			_, n := g.loseSteps(i, lost)
			notes = append(notes, n...)
		}
	}
	// The defenders' losses, eliminations and retreat.
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
	var standing []int            // the units that stand for the defenders now
	standsFor := map[int]string{} // a Remnant's defender, by the Remnant's index
	for _, u := range c.Defenders {
		i := g.index[u.ID]
		n, ok := steps[u.ID]
		if !ok {
			g.eliminate(i)
			notes = append(notes, u.ID+" eliminated")
			continue
		}
		if lost := u.Steps - n; lost > 0 {
			var ns []string
			i, ns = g.loseSteps(i, lost)
			notes = append(notes, ns...)
			if i < 0 {
				continue
			}
		}
		standing = append(standing, i)
		standsFor[i] = u.ID
	}
	if c.Retreated() {
		notes = append(notes, g.retreatUnits(c, standing, standsFor, final)...)
	}
	for _, s := range c.Splits {
		notes = append(notes, g.placeSplit(s))
	}
	for _, a := range c.Advances {
		if a.Kind != combat.CmdAdvance {
			continue
		}
		i := g.index[a.Units[0]]
		for _, h := range a.Hexes {
			g.setControl(h, c.in.attacker) // 30.1.2
		}
		g.passRoadblocksInCombat(c.in.attacker, a.Hexes)
		from := g.s.Units[i].At
		g.s.Units[i].At = a.Hexes[len(a.Hexes)-1]
		g.removeEmptyIP(from)
	}
	if !final {
		return notes
	}
	held := c.Result.Retreat == 0 || c.Hold != ""
	if held && (c.Result.Tags.Has(TagENG) || (c.DDOut != nil && c.DDOut.Result.Success)) {
		for _, i := range standing {
			if g.s.Units[i].At == c.Origin {
				g.s.Units[i].ENG = true // 16.5, 16.7.3
			}
		}
		if len(standing) > 0 {
			notes = append(notes, "defenders Engaged (16.5)")
		}
	}
	return notes
}

// placeSplit puts on the map a breakdown made before the advance (26.2):
// the counters its parts name, beside their parent.
func (g *Game) placeSplit(s combat.SplitMove) string {
	parent := s.Command.Units[0]
	var made []int
	for _, p := range s.Parts {
		if p.ID != parent {
			made = append(made, g.index[p.ID])
		}
	}
	return g.placeBreakdown(g.index[parent], made, len(s.Command.Units) == 2)
}

// retreatUnits moves the defenders along the chosen retreat (17.1), each
// part of a stack that split along its own path, and gives them the state
// it brings (18.2): Disrupted after 2 hexes, Broken after 3 or 4, Broken if
// already Disrupted, Broken again after hexes added against overstacking
// (17.4); ENG (17.8) and Night markers (25.3.7) come off; artillery is Fired
// (17.7); a US engineer made Broken is eliminated (27.1). standsFor names
// the defender each unit of standing stands for (a Remnant, 16.4).
func (g *Game) retreatUnits(c *Combat, standing []int, standsFor map[int]string, final bool) []string {
	var notes []string
	for _, i := range standing {
		us := &g.s.Units[i]
		mv, ok := c.RetreatOf(standsFor[i])
		if !ok || us.At != c.Origin {
			continue
		}
		p := mv.Path
		if p.Exited {
			from := c.in.target
			if k := len(p.Hexes) - 2; k >= 0 {
				from = p.Hexes[k]
			}
			us.At = offPrefix + g.b.areaOf(from)
		} else {
			us.At = g.b.id(p.Hexes[len(p.Hexes)-1])
		}
		us.RetreatedIn = true
		if !final {
			continue
		}
		crossings := 0
		prev := c.in.target
		for _, a := range p.Hexes {
			if g.b.OnMap(a) {
				g.setControl(g.b.id(a), g.sideOf(i))
				if g.b.feature(prev, a, ArmyBoundary) {
					crossings++
				}
			}
			prev = a
		}
		us.ENG, us.SM, us.Trucks = false, false, false
		if g.retreatTakesNight(i) {
			us.Night = false // 25.3.7
		}
		if g.unit(i).Arty() {
			us.Face, us.Mover = 1, false // 17.7
		}
		g.markBoundary(i, crossings)
		if g.retreatBreaks(c, p, us.Status) {
			us.Status = statusBroken
		} else {
			us.Status = statusDisrupted
		}
		us.Repl = false // 25.2.4
		if g.unit(i).Type == Engineer && us.Status == statusBroken {
			c.brokenLost = append(c.brokenLost, scene.Loss{Side: c.Defender, Unit: g.unit(i).ID, Steps: g.steps(i), Why: "an engineer made Broken (27.1)"})
			g.eliminate(i) // 27.1
			notes = append(notes, g.unit(i).ID+" eliminated, an engineer made Broken (27.1)")
		}
	}
	g.removeEmptyIP(c.Origin) // 15.8.4
	// 16.6 d: an Attacker's Advantage whose units are forced to retreat
	// comes off.
	g.s.AA = slices.DeleteFunc(g.s.AA, func(m aaMarker) bool { return m.Hex == c.Origin })
	return notes
}

// markBoundary records a German retreat over army boundaries before turn
// 5: across one, the unit does not rally until it crosses back (11.10.2,
// L563), by a retreat too, each crossing taking it over the line or back
// (under boundaryBackOnRetreat); older versions only marked it.
func (g *Game) markBoundary(i, crossings int) {
	us := &g.s.Units[i]
	if crossings == 0 || g.sideOf(i) != German || g.s.Turn >= boundariesLifted {
		return
	}
	if !g.ver.boundaryBackOnRetreat {
		us.Boundary = true
		return
	}
	us.Boundary = us.Boundary != (crossings%2 == 1)
}

// retreatTakesNight: a German unit under a Night marker forced to retreat
// in the Allied PM turn loses its marker (25.3.7, L1509); in the Allied
// Night turn it keeps it, to come off in its own Night turn (under
// nightOffInPMOnly).
func (g *Game) retreatTakesNight(i int) bool {
	if g.sideOf(i) != German || !g.s.Units[i].Night || g.s.Side != Allied {
		return false
	}
	return !g.ver.nightOffInPMOnly || !g.night()
}

// finishCombat puts the outcome on the map and closes the combat.
func (g *Game) finishCombat() []rules.Event {
	c := g.combat()
	text := fmt.Sprintf("Combat %d: %s", g.s.Combat.N, c.Event())
	notes := g.placeOutcome(c, true)
	side := c.in.attacker
	// The support spent (22.5, 22.8), the bridges blown (7.4, 7.7).
	for _, id := range c.in.art {
		g.s.Units[g.index[id]].Face = 1
	}
	if c.defArt != "" && c.defArt != "-" {
		g.s.Units[g.index[c.defArt]].Face = 1
	}
	for k, sd := range c.bridges[:c.rolled] {
		if sd == g.sc.Special.Ouren && c.ouren != "" {
			g.s.Ouren = c.ouren
		} else if c.demolish[k] {
			g.s.Tried = append(g.s.Tried, string(side.Other())+":"+sd)
			g.greifInCombat(sd)
		}
	}
	for _, t := range c.advTries {
		if t.ouren {
			g.s.Ouren = c.ouren // 7.7: checked once
			continue
		}
		g.s.Tried = append(g.s.Tried, string(side.Other())+":"+t.side) // 7.2, AMB-8
		g.greifInCombat(t.side)
	}
	for _, sd := range c.in.blown {
		g.blowBridge(sd)
	}
	g.dumpTriedInCombat(c) // 32.3
	// 12.6: an SM marker comes off a unit attacked.
	for _, i := range c.in.defenders {
		us := &g.s.Units[i]
		if us.At != deadBox && us.At != poolBox {
			us.SM, us.Trucks = false, false
		}
	}
	if c.in.attack.Surprise {
		g.s.Pz150 = pz150Detected // 27.8.3
	}
	// 16.6 d: an Attacker's Advantage whose units are forced to retreat
	// comes off "even if a successful Determined Defense cancels the
	// retreat" (L928, ardennes44/4; before, only when they moved:
	// retreatUnits).
	if g.ver.aaOffWhenForcedToRetreat && c.Retreating() {
		g.s.AA = slices.DeleteFunc(g.s.AA, func(m aaMarker) bool { return m.Hex == c.Origin })
	}
	// 16.6 a: an Attacker's Advantage is spent by the attack it helped.
	if n, _ := c.in.aaShift(); n > 0 {
		g.s.AA = slices.DeleteFunc(g.s.AA, func(m aaMarker) bool { return m.Target == c.Origin })
	}
	if c.aaHex != "" && c.aaHex != "-" {
		var ids []string
		for _, i := range c.in.attackers {
			if g.s.Units[i].At == c.aaHex {
				ids = append(ids, g.unit(i).ID)
			}
		}
		if len(ids) > 0 {
			g.s.AA = append(g.s.AA, aaMarker{Hex: c.aaHex, Target: c.Origin, Units: ids, Turn: g.s.CombatPhases})
		}
	}
	// 14.1: the breakdown units of an attacker attacked with it (26.2).
	for _, s := range c.Splits {
		for _, p := range s.Parts {
			if !slices.Contains(g.s.Attacked, p.ID) {
				g.s.Attacked = append(g.s.Attacked, p.ID)
			}
		}
	}
	// 19.4: after a DS the Breakthrough Group may attack again, the
	// breakdown units of its attackers among them.
	if c.Result.Tags.Has(TagBreakthrough) {
		for _, u := range c.Advancers() {
			i := g.index[u.ID]
			if _, ok := g.onMap(i); !ok || g.s.Units[i].OOS || g.unit(i).Arty() {
				continue // 19.5: no Breakthrough out of supply
			}
			n := 0
			for _, a := range c.Advances {
				if a.Kind == combat.CmdAdvance && a.Units[0] == u.ID {
					n = len(a.Hexes)
				}
			}
			g.s.Breakthrough = append(g.s.Breakthrough, btUnit{ID: u.ID, Advanced: n})
		}
		if len(g.s.Breakthrough) > 0 {
			notes = append(notes, "a Breakthrough may follow (19.4)")
		}
	}
	if len(notes) > 0 {
		text += "; " + strings.Join(notes, "; ")
	}
	g.recordCombat(c)
	g.s.Orders = slices.DeleteFunc(g.s.Orders, func(r orderRecord) bool {
		return strings.HasPrefix(r.Text, "if-retreat ") || strings.HasPrefix(r.Text, "if-blown ")
	})
	g.s.Combat, g.cur = nil, nil
	return []rules.Event{{Seat: rules.Seat(side), Text: text}}
}

// breakthroughMoved holds a Breakthrough Group to what it may have
// advanced (19.4.1): a mechanized group its full advance, a group with a
// non-mechanized unit 1 hex. AMB-51: an all-mechanized group's full
// advance includes the road bonus (19.1.3), so nothing holds it here.
func (g *Game) breakthroughMoved(with []int) error {
	mixed := slices.ContainsFunc(with, func(i int) bool { return !g.unit(i).Mech() })
	if !mixed {
		return nil
	}
	for _, b := range g.s.Breakthrough {
		if b.Advanced > 1 && slices.ContainsFunc(with, func(i int) bool { return g.unit(i).ID == b.ID }) {
			return rules.Refuse("19.4.1", "a Breakthrough Group with non-mechanized units moves 1 hex before it attacks; %s advanced %d", b.ID, b.Advanced)
		}
	}
	return nil
}
