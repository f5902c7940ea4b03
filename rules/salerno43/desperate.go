package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Desperate Defense (11.5): a stack that qualifies for a DD and would be
// eliminated by retreating, or would be out of supply at the end of its
// retreat from the port or BH hex it loses (11.5.2), may declare it: it
// rolls the DD as usual, but a failure is ignored, the lead unit loses a
// step, and the defender rolls again, with a new lead if he likes and the
// same defensive support, until it holds or every defender is eliminated
// (11.5.1, 11.5.3). The commands:
//
//	despd | no-despd             the declaration, after the lead's choice
//	                             and before the first die (11.5.3 step 1)
//	order despd always|never     standing: declare whenever allowed, the
//	                             best lead after each failure; or never
//	dd UNIT                      the lead of the next attempt, where more
//	                             than one may lead (11.5.3 step 3)
//
// A Delay the stack could not retreat from is a failure too, and a second
// one in the same Desperate Defense holds as "1H" (11.6.1, delay.go); a
// Delay in a DD not declared desperate makes it so.
//
// 11.5.4: where some units can retreat and others cannot (an MA-0 BH or
// garrison with infantry), the rest make the Desperate Defense, led by one
// of them, and those that can retreat must: if the defense holds they
// retreat on their own, after it (retreat-part HEX..., the owner's path);
// if it fails the series' retreat takes them and eliminates the rest.

// The Desperate Defense's decisions and commands.
const (
	DecDespD      combat.DecisionKind = "despd"
	DecDespDLead  combat.DecisionKind = "despd-lead"
	CmdDespD      combat.CommandKind  = "despd"
	CmdNoDespD    combat.CommandKind  = "no-despd"
	CmdOrderDespD combat.CommandKind  = "order despd"
)

// despStageName names the Desperate Defense's losses among the combat's.
const despStageName = "despd"

// despState is a combat's Desperate Defense so far.
type despState struct {
	asked, declared bool
	// failed are the attempts that failed, in order; each cost its lead a
	// step.
	failed []combat.DDOutcome
	// leadNeeded: a failure has been settled and the next lead is to be
	// chosen; over: no defender may lead again, so the stack retreats
	// (and is eliminated).
	leadNeeded, over bool
	// eligible caches 11.5.2's answer, which reads the map once.
	eligible *bool
	// movers are the units that must retreat while the rest stand
	// (11.5.4); part is their path once the defense held, partDone when
	// it has been chosen (none: they had no path and are eliminated).
	movers   []string
	part     []string
	partDone bool
}

// despEligible is 11.5.2: the whole stack would be eliminated by
// retreating (no legal path; A-17 reads the Delay's own case at its die),
// or it holds a port or BH hex whose loss leaves the units out of supply
// at the end of every retreat they may take.
func (c *Combat) despEligible() bool {
	if c.desp.eligible != nil {
		return *c.desp.eligible
	}
	ok := c.retreatEliminates() || c.retreatLeavesOOS() || c.splitStand() != nil
	c.desp.eligible = &ok
	return ok
}

// splitStand is 11.5.4's case: some survivors can retreat and others
// cannot, and the lead is one of those who cannot; it returns the units
// that can, nil otherwise.
func (c *Combat) splitStand() []string {
	movers, lost := c.RetreatUnits()
	if c.in.g.ver.despLostOnEveryPath {
		movers, lost = c.lostOnEveryPath(movers, lost)
	}
	if len(movers) == 0 || len(lost) == 0 || c.DD == nil || !slices.Contains(lost, c.DD.Units[0]) {
		return nil
	}
	var out []string
	for _, u := range movers {
		out = append(out, u.ID)
	}
	return out
}

// lostOnEveryPath moves to lost the movers that every retreat eliminates
// (11.5.2, 11.5.4: "Pojazdy bez odwrotu"; a vehicle before an unbridged
// river, 12.3.1): they cannot retreat. With no path at all it is
// retreatEliminates' case, and nothing moves.
func (c *Combat) lostOnEveryPath(movers []combat.RetreatUnit, lost []string) ([]combat.RetreatUnit, []string) {
	origin, _ := c.Layout.Parse(c.Origin)
	paths := combat.RetreatPaths(origin, c.Result.Retreat, movers, c.RetreatMap)
	if len(paths) == 0 {
		return movers, lost
	}
	var can []combat.RetreatUnit
	for _, u := range movers {
		if slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return !slices.Contains(p.MechLost, u.ID) }) {
			can = append(can, u)
		} else {
			lost = append(lost, u.ID)
		}
	}
	return can, lost
}

// retreatEliminates: every survivor would be eliminated by the result's
// retreat (12.2, 12.5).
func (c *Combat) retreatEliminates() bool {
	movers, _ := c.RetreatUnits()
	if len(movers) == 0 {
		return true
	}
	origin, _ := c.Layout.Parse(c.Origin)
	for _, p := range combat.RetreatPaths(origin, c.Result.Retreat, movers, c.RetreatMap) {
		if len(p.MechLost) < len(movers) {
			return false
		}
	}
	return true
}

// retreatLeavesOOS is 11.5.2's second case: the defenders hold a port or a
// BH hex, and once it is the attacker's every retreat ends where they
// trace no line of supply (16.3).
func (c *Combat) retreatLeavesOOS() bool {
	g := c.in.g
	id := g.b.ID(c.in.target)
	if _, port := g.b.ports[id]; !port && !g.beachheadAt(c.in.target) {
		return false
	}
	movers, _ := c.RetreatUnits()
	paths := combat.RetreatPaths(c.in.target, c.Result.Retreat, movers, c.RetreatMap)
	if len(paths) == 0 {
		return false // retreatEliminates' case
	}
	w := g.Clone().(*Game)
	w.cur = nil
	for _, i := range c.in.defenders {
		w.s.Units[i].Hex, w.s.Units[i].Box = "", "" // gone from the hex, a BH with them
	}
	w.setControl(id, c.in.attacker)
	sup := w.supplyStatuses(other(c.in.attacker))
	for _, p := range paths {
		if p.Exited {
			return false // into a friendly entry area: in supply (16.2.1)
		}
		end := p.Hexes[len(p.Hexes)-1]
		if k, ok := g.b.CellOf(g.b.ID(end)); ok && sup.los[k] == hexwar.InSupply {
			return false
		}
	}
	return true
}

// despStage is the declaration and, after each failed attempt, the step
// its lead loses and the choice of the next lead (11.5.3). It stands
// between the series' DD decision and its die.
func (c *Combat) despStage(d *combat.Determined) combat.Stage {
	return combat.Stage{Name: "despd",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if !c.Retreating() || c.DD == nil || c.DD.Kind != combat.CmdDD || c.Hold != "" {
				return combat.Await{}, false
			}
			if !c.desp.asked && c.DDOut == nil && !c.desp.declared {
				if !c.despEligible() {
					return combat.Await{}, false
				}
				return combat.Await{Decision: DecDespD, Side: c.Defender, Choices: []string{string(CmdDespD), string(CmdNoDespD)}, Rule: "11.5.2"}, true
			}
			c.settleFailure()
			if !c.desp.leadNeeded {
				return combat.Await{}, false
			}
			leads := slices.DeleteFunc(combat.Leads(c.Survivors()), func(u combat.Unit) bool { return slices.Contains(c.desp.movers, u.ID) })
			switch len(leads) {
			case 0:
				c.desp.leadNeeded, c.desp.over = false, true
				return combat.Await{}, false
			case 1:
				c.nextLead(leads[0].ID)
				return combat.Await{}, false
			}
			var ch []string
			for _, l := range leads {
				ch = append(ch, combat.Command{Kind: combat.CmdDD, Units: []string{l.ID}}.String())
			}
			return combat.Await{Decision: DecDespDLead, Side: c.Defender, Choices: ch, Rule: "11.5.3"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			if a.Decision == DecDespDLead {
				c.nextLead(cmd.Units[0])
				return nil
			}
			c.desp.asked = true
			c.desp.declared = cmd.Kind == CmdDespD
			if c.desp.declared && !c.retreatEliminates() {
				c.desp.movers = c.splitStand() // 11.5.4
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderDespD)
			switch {
			case a.Decision == DecDespDLead:
				if ok && ord.Mode == combat.ModeAlways {
					return combat.Command{Kind: combat.CmdDD, Units: []string{d.BestLead(c.Combat)}}, true
				}
				if dd, ok := o.Find(a.Side, combat.CmdOrderDD); ok && dd.Mode == combat.ModeAlways {
					return combat.Command{Kind: combat.CmdDD, Units: []string{d.BestLead(c.Combat)}}, true
				}
				return combat.Command{}, false
			case !ok:
				// 'order dd always' stands whatever it costs: desperately
				// where it may.
				if dd, ok := o.Find(a.Side, combat.CmdOrderDD); ok && dd.Mode == combat.ModeAlways {
					return combat.Command{Kind: CmdDespD}, true
				}
				return combat.Command{}, false
			case ord.Mode == combat.ModeNever:
				return combat.Command{Kind: CmdNoDespD}, true
			}
			return combat.Command{Kind: CmdDespD}, true
		},
	}
}

// settleFailure ends a failed attempt of a Desperate Defense once its
// result is known (and picked, 11.4.3): the result is ignored, the lead
// loses a step, and the next lead is to be chosen (11.5.3 step 2). A Delay
// the stack cannot retreat from declares the defense if it was not.
func (c *Combat) settleFailure() {
	o := c.DDOut
	if o == nil || o.Result.Success || o.Result.Tags&TagDelay != 0 || !c.ddPickSettled() {
		return // a Delay the stack can retreat from is played (11.5.3 step 5, 11.6.1)
	}
	if !c.desp.declared && o.Result.Tags&TagDelayFail == 0 {
		return
	}
	c.desp.declared, c.desp.asked = true, true
	c.desp.failed = append(c.desp.failed, *o)
	c.Lost = append(c.Lost, combat.Loss{Unit: o.Lead, Defender: true, Stage: despStageName})
	c.DDOut, c.ddPicked = nil, false
	c.desp.leadNeeded = true
}

// nextLead names the lead of the next attempt, with the support declared
// for the first (11.5.3 step 4).
func (c *Combat) nextLead(id string) {
	cmd := *c.DD
	cmd.Units = []string{id}
	c.DD = &cmd
	c.desp.leadNeeded = false
}

// delaysFailed counts the Delays read as failures in this Desperate
// Defense so far (11.6.1: the second holds as "1H").
func (c *Combat) delaysFailed() int {
	n := 0
	for _, o := range c.desp.failed {
		if o.Result.Tags&TagDelayFail != 0 {
			n++
		}
	}
	return n
}

// despRollStage is the series' DD die, held back while a Desperate
// Defense waits for its next lead or has none left.
func (c *Combat) despRollStage(roll combat.Stage) combat.Stage {
	await := roll.Await
	roll.Await = func(cc *combat.Combat) (combat.Await, bool) {
		if c.desp.leadNeeded || c.desp.over {
			return combat.Await{}, false
		}
		return await(cc)
	}
	return roll
}

// DespLoss are the steps the Desperate Defense's failed attempts cost, one
// id a step (11.5.3).
func (c *Combat) DespLoss() []string { return c.StageLosses(despStageName, true) }

// despWords narrates the failed attempts: each lead, column, die and cell,
// and the step it cost.
func (c *Combat) despWords(d *combat.Determined) string {
	switch {
	case c.desp.asked && !c.desp.declared:
		return "; no Desperate Defense"
	case !c.desp.declared:
		return ""
	}
	var parts []string
	for _, o := range c.desp.failed {
		cell := d.Cell(o.Result)
		parts = append(parts, fmt.Sprintf("lead %s, %s column, die %d%+d = %d: %s, %s -1", o.Lead, o.Heading, o.Roll, o.DRM, o.Modified, cell, o.Lead))
	}
	s := "; Desperate Defense (11.5)"
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, "; ")
	}
	if c.desp.over && len(c.Survivors()) > 0 {
		s += "; no unit left to lead"
	}
	return s
}

// ddPickSettled: the DD's result is known, the defender's pick made where
// the cell offers two (11.4.3).
func (c *Combat) ddPickSettled() bool { return c.ddPicked || len(c.ddCell()) < 2 }

// CmdPartRetreat is the retreat of 11.5.4's units that can retreat, once
// the rest have held.
const (
	DecPartRetreat combat.DecisionKind = "retreat-part"
	CmdPartRetreat combat.CommandKind  = "retreat-part"
)

// partMovers are 11.5.4's units that must retreat and still stand.
func (c *Combat) partMovers() []combat.RetreatUnit {
	var out []combat.RetreatUnit
	for _, u := range c.Survivors() {
		if slices.Contains(c.desp.movers, u.ID) {
			out = append(out, combat.RetreatUnit{ID: u.ID, Strength: u.Strength, Steps: u.Steps, MA: u.MA, Mechanized: u.Mechanized})
		}
	}
	return out
}

// partStage is 11.5.4's retreat of the units that can retreat, once the
// Desperate Defense of the rest has held: the owner picks their path, as a
// stack, of the result's length; with none they are eliminated (12.2).
func (c *Combat) partStage() combat.Stage {
	return combat.Stage{Name: "retreat-part",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if len(c.desp.movers) == 0 || c.Hold == "" || c.desp.partDone {
				return combat.Await{}, false
			}
			var ch []string
			for _, p := range c.partPaths() {
				ch = append(ch, combat.Command{Kind: CmdPartRetreat, Hexes: c.PathText(p)}.String())
			}
			if len(ch) == 0 {
				c.desp.partDone = true
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecPartRetreat, Side: c.Defender, Choices: ch, Rule: "11.5.4"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.desp.part, c.desp.partDone = cmd.Hexes, true
			return nil
		},
		ByOrder: combat.LoneChoice,
		Words: func(_ *combat.Combat) string {
			switch {
			case !c.desp.partDone:
				return ""
			case len(c.desp.part) == 0:
				return "; " + strings.Join(c.desp.movers, ", ") + " cannot retreat: eliminated (11.5.4, 12.2)"
			}
			return fmt.Sprintf("; %s retreat %s (11.5.4)", strings.Join(c.desp.movers, ", "), strings.Join(c.desp.part, " "))
		},
	}
}

// partPaths are the legal retreats of 11.5.4's movers on the map, none
// off it nor eliminating them all.
func (c *Combat) partPaths() []combat.RetreatPath {
	movers := c.partMovers()
	if len(movers) == 0 {
		return nil
	}
	origin, _ := c.Layout.Parse(c.Origin)
	var out []combat.RetreatPath
	for _, p := range combat.RetreatPaths(origin, c.Result.Retreat, movers, c.RetreatMap) {
		if !p.Exited && len(p.MechLost) < len(movers) {
			out = append(out, p)
		}
	}
	return out
}

// placePart puts 11.5.4's retreat on the map.
func (g *Game) placePart(c *Combat, final bool) []string {
	if !c.desp.partDone {
		return nil
	}
	var notes []string
	var path []hex.Axial
	for _, id := range c.desp.part {
		h, _ := g.b.Hex(id)
		path = append(path, h)
	}
	for _, id := range c.desp.movers {
		i := g.index(id)
		if !g.alive(i) {
			continue
		}
		if len(path) == 0 {
			g.eliminate(i)
			notes = append(notes, id+" eliminated: no retreat (11.5.4, 12.2)")
			continue
		}
		g.s.Units[i].Hex = c.desp.part[len(c.desp.part)-1]
		if final {
			g.s.Retreated = append(g.s.Retreated, id) // 12.5
			notes = append(notes, fmt.Sprintf("%s retreats to %s (11.5.4), %s%s", id, g.s.Units[i].Hex, g.retreatMark(i, c), g.retreatHalfEff(i, c.in.target, path)))
		}
	}
	return notes
}
