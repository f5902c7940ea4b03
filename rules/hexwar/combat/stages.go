package combat

import (
	"fmt"
	"slices"
	"strings"
)

// The series' stages, in the order a game lists them (Normandy '44 10.5,
// 12-14; Ardennes '44 14.4 step 6; Salerno '43 8.3): the CRT, the losses,
// the Determined Defense, the retreat, the advance. A game puts its own
// stages among them (Normandy '44: the Jabos before the CRT, 12.6 and the
// Desperate Defense around the Determined Defense).

// CRTStage rolls the CRT on the final column, or gives the automatic result
// of a column without a die.
func CRTStage(crt *CRT, rule string) Stage {
	return Stage{Name: "crt",
		Await: func(c *Combat) (Await, bool) {
			if c.Rolled {
				return Await{}, false
			}
			if _, auto := c.Odds.Automatic(); auto {
				c.Rolled, c.Result = true, crt.Lookup(c.Odds.Final, 0, 0) // no die
				return Await{}, false
			}
			return Await{Roll: RollCRT, Side: c.Attacker, Rule: rule}, true
		},
		Roll: func(c *Combat, die int) error {
			c.Rolled, c.Roll, c.Result = true, die, crt.Lookup(c.Odds.Final, die, 0)
			return nil
		},
		Words: func(c *Combat) string {
			switch {
			case !c.Rolled:
				return ""
			case c.Roll > 0:
				return fmt.Sprintf("; die %d: %s", c.Roll, c.Result)
			}
			return ": " + c.Result.String()
		},
	}
}

// LossStages are the CRT's losses, the attacker's then the defenders'.
func LossStages(lr LossRules) []Stage {
	return []Stage{
		{Name: "attacker-loss",
			Await: func(c *Combat) (Await, bool) {
				if !c.Rolled || c.attDone {
					return Await{}, false
				}
				if lc, ok := lr.AttackerLoss(c); ok {
					return Await{Decision: DecAttackerLoss, Side: lc.Chooser, Steps: lc.Steps, Choices: lc.Units, Rule: lc.Rule}, true
				}
				c.attDone = true
				return Await{}, false
			},
			Decide: func(c *Combat, a Await, cmd Command) error {
				if err := a.Losses(cmd, c.Attackers); err != nil {
					return err
				}
				c.AttLoss, c.attDone = cmd.Units, true
				return nil
			},
			ByOrder: LossByOrder,
			Words:   func(c *Combat) string { return lossWords("attacker", c.AttLoss) },
		},
		{Name: "defender-loss",
			Await: func(c *Combat) (Await, bool) {
				if !c.Rolled || c.defDone {
					return Await{}, false
				}
				if lc, ok := lr.DefenderLoss(c); ok {
					return Await{Decision: DecDefenderLoss, Side: lc.Chooser, Steps: lc.Steps, Choices: lc.Units, Rule: lc.Rule}, true
				}
				c.defDone = true
				return Await{}, false
			},
			Decide: func(c *Combat, a Await, cmd Command) error {
				if err := a.Losses(cmd, c.Survivors()); err != nil {
					return err
				}
				first := lr.split(c)
				c.DefLoss, c.defDone = append(c.DefLoss, cmd.Units...), !first
				return nil
			},
			ByOrder: LossByOrder,
			Words:   func(c *Combat) string { return lossWords("defender", c.DefLoss) },
		},
	}
}

func lossWords(who string, ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return "; " + who + " loses " + StepList(ids)
}

// LossByOrder answers a loss decision: a single eligible unit takes every
// step it can; otherwise an 'order losses' in force takes the steps from
// its units in its order, if they cover them.
func LossByOrder(c *Combat, a Await, o Orders) (Command, bool) {
	if len(a.Choices) == 1 {
		return Command{Kind: CmdLosses, Units: slices.Repeat(a.Choices, a.Steps)}, true
	}
	if ord, ok := o.Find(a.Side, CmdOrderLosses); ok {
		if units, ok := ByPreference(a.Choices, a.Steps, ord.Units, c.UnitSteps()); ok {
			return Command{Kind: CmdLosses, Units: units}, true
		}
	}
	return Command{}, false
}

// DDStages are the Determined Defense: the defender's decision and Lead,
// the die, and the attacker's losses from the table.
func DDStages(d *Determined) []Stage {
	decide := Stage{Name: "dd",
		Await: func(c *Combat) (Await, bool) {
			if !c.Retreating() || c.Hold != "" || c.DD != nil || !DDAllowed(c.Result, c.Survivors()) {
				return Await{}, false
			}
			var ch []string
			for _, l := range Leads(c.Survivors()) {
				ch = append(ch, "dd "+l.ID)
				if d.Support {
					ch = append(ch, "dd "+l.ID+" support")
				}
			}
			return Await{Decision: DecDD, Side: c.Defender, Choices: append(ch, string(CmdNoDD)), Rule: d.Rule}, true
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.DD = &cmd
			if cmd.Kind == CmdNoDD {
				c.ddLossDone = true
			}
			return nil
		},
		ByOrder: func(c *Combat, a Await, o Orders) (Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderDD)
			switch {
			case !ok:
				return Command{}, false
			case ord.Mode == ModeNever:
				return Command{Kind: CmdNoDD}, true
			}
			return Command{Kind: CmdDD, Units: []string{d.BestLead(c)}}, true
		},
		Words: func(c *Combat) string { return d.words(c) },
	}
	roll := Stage{Name: "dd-roll",
		Await: func(c *Combat) (Await, bool) {
			if !c.Retreating() || c.DD == nil || c.DD.Kind != CmdDD || c.DDOut != nil {
				return Await{}, false
			}
			return Await{Roll: RollDD, Side: c.Defender, Rule: d.RollRule}, true
		},
		Roll: func(c *Combat, die int) error {
			var lead Unit
			for _, u := range c.Survivors() {
				if u.ID == c.DD.Units[0] {
					lead = u
				}
			}
			out := d.Resolve(c, lead, c.DD.Support, die)
			c.DDOut = &out
			if out.Result.Success {
				c.Hold = d.Rule
			}
			return nil
		},
	}
	loss := Stage{Name: "dd-loss",
		Await: func(c *Combat) (Await, bool) {
			if !c.Retreating() || c.DDOut == nil || c.ddLossDone {
				return Await{}, false
			}
			r := c.DDOut.Result
			// A MAF already wiped out by the CRT loss has no step left to give.
			mafLeft := IDs(AfterLosses(MAF(c.Attackers), c.AttLoss))
			switch {
			case r.MAFSteps > 0 && len(mafLeft) > 0:
				return Await{Decision: DecDDLoss, Side: c.Defender, Steps: 1, Choices: mafLeft, Rule: d.EXRule}, true
			case r.AttackerSteps > 0 && len(c.AttackersLeft()) > 0:
				return Await{Decision: DecDDLoss, Side: c.Attacker, Steps: 1, Choices: IDs(c.AttackersLeft()), Rule: d.ALRule}, true
			}
			c.ddLossDone = true
			return Await{}, false
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if err := a.Losses(cmd, c.AttackersLeft()); err != nil {
				return err
			}
			c.DDLoss, c.ddLossDone = cmd.Units, true
			return nil
		},
		ByOrder: LossByOrder,
	}
	return []Stage{decide, roll, loss}
}

// words narrates the Determined Defense: the Lead, the column, the die and
// its modifier, the cell, the losses.
func (d *Determined) words(c *Combat) string {
	if c.DDOut == nil {
		if c.DD != nil && c.DD.Kind == CmdNoDD {
			return "; no DD"
		}
		return ""
	}
	o := c.DDOut
	s := fmt.Sprintf("; DD lead %s, %s column, die %d%+d = %d: %s", o.Lead, o.Heading, o.Roll, o.DRM, o.Modified, d.Cell(o.Result))
	if o.Result.LeadSteps > 0 {
		s += ", " + o.Lead + " -1"
	}
	if len(c.DDLoss) > 0 {
		s += ", attacker loses " + StepList(c.DDLoss)
	}
	if d.Note != nil {
		s += d.Note(c, *o)
	}
	return s
}

// RetreatRules name the rules of the retreat's decision and narration.
type RetreatRules struct {
	Rule   string // the defender's choice of path (13.1.4)
	OneHex string // a two-hex retreat stopped after one hex (13.3)
	Step   string // the step a path costs (13.2.1)
}

// RetreatStage is the defenders' retreat: the owner picks a path among the
// legal ones; with none, the stack is eliminated.
func RetreatStage(rr RetreatRules) Stage {
	return Stage{Name: "retreat",
		Await: func(c *Combat) (Await, bool) {
			if !c.Retreating() || c.Held() || c.retreatDone {
				return Await{}, false
			}
			opts := c.RetreatChoices(c.RetreatOptions())
			if len(opts) == 0 {
				c.retreatAll(nil, "")
				return Await{}, false
			}
			return Await{Decision: DecRetreat, Side: c.Defender, Choices: texts(opts), Rule: rr.Rule}, true
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			for _, path := range c.RetreatOptions() {
				if slices.Equal(c.PathText(path), cmd.Hexes) {
					c.retreatAll(&path, cmd.Loss)
					break
				}
			}
			return nil
		},
		ByOrder: func(c *Combat, a Await, o Orders) (Command, bool) {
			if len(a.Choices) == 1 {
				cmd, err := c.Grammar.Parse(a.Choices[0])
				return cmd, err == nil
			}
			if ord, ok := o.Find(a.Side, CmdOrderRetreat); ok && ord.Mode == ModeTowardSupply && c.SupplyDistance != nil {
				return c.towardSupply(a)
			}
			return Command{}, false
		},
		Words: func(c *Combat) string {
			var b strings.Builder
			if c.Retreat != nil {
				fmt.Fprintf(&b, "; retreat %s", strings.Join(c.PathText(*c.Retreat), " "))
				if c.Retreat.OneHex {
					fmt.Fprintf(&b, " (one hex, %s)", rr.OneHex)
				}
				if c.RetreatLoss != "" {
					fmt.Fprintf(&b, ", %s -1 (%s)", c.RetreatLoss, rr.Step)
				}
				if c.Result.Mark != "" {
					b.WriteString(", " + c.Result.Mark)
				}
			}
			if len(c.Eliminated) > 0 {
				b.WriteString("; eliminated in retreat " + strings.Join(c.Eliminated, ", "))
			}
			return b.String()
		},
	}
}

// RetreatChoices are the canonical retreat commands: each path, with each
// unit that may take the step the path costs.
func (c *Combat) RetreatChoices(paths []RetreatPath) []Command {
	movers, _ := c.RetreatUnits()
	var out []Command
	for _, p := range paths {
		cmd := Command{Kind: CmdRetreat, Hexes: c.PathText(p)}
		if !p.StepLoss {
			out = append(out, cmd)
			continue
		}
		for _, u := range movers {
			if !u.Mechanized || !slices.Contains(p.MechLost, u.ID) {
				cmd.Loss = u.ID
				out = append(out, cmd)
			}
		}
	}
	return out
}

// towardSupply picks the legal retreat ending nearest to supply; ties go to
// the first in the listed order.
func (c *Combat) towardSupply(a Await) (Command, bool) {
	var best Command
	bestD := -1
	for _, ch := range a.Choices {
		cmd, err := c.Grammar.Parse(ch)
		if err != nil {
			continue
		}
		end, err := c.Layout.Parse(cmd.Hexes[len(cmd.Hexes)-1])
		if err != nil {
			continue
		}
		if d := c.SupplyDistance(end); bestD < 0 || d < bestD {
			best, bestD = cmd, d
		}
	}
	return best, bestD >= 0
}

// Alternative is what an attacking unit may do instead of advancing, chosen
// unit by unit, with the conditional order that chooses it in advance
// (Normandy '44 15.1 b: Reserve).
type Alternative struct {
	Kind    CommandKind // the decision: "reserve"
	Order   CommandKind // the conditional order: "if-retreat reserve"
	Allowed func(c *Combat, u Unit) bool
}

// AdvanceStage is the attacker's advance after combat, unit by unit, until
// it says advance-done or no unit may go on; alt, if any, is offered
// beside it.
func AdvanceStage(rule string, alt *Alternative) Stage {
	return Stage{Name: "advance",
		Await: func(c *Combat) (Await, bool) {
			if !c.Rolled || c.advanceDone {
				return Await{}, false
			}
			if ch := c.advanceChoices(alt); len(ch) > 0 {
				return Await{Decision: DecAdvance, Side: c.Attacker, Choices: append(texts(ch), string(CmdAdvanceDone)), Rule: rule}, true
			}
			c.advanceDone = true
			return Await{}, false
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if cmd.Kind == CmdAdvanceDone {
				c.advanceDone = true
				return nil
			}
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.Advances = append(c.Advances, cmd)
			return nil
		},
		ByOrder: func(c *Combat, a Await, o Orders) (Command, bool) { return c.advanceByOrder(a, o, alt) },
		Words: func(c *Combat) string {
			var b strings.Builder
			for _, a := range c.Advances {
				b.WriteString("; " + a.String())
			}
			return b.String()
		},
	}
}

// advanceChoices lists every legal advance, and alternative, left: each
// unit's advances in the attackers' order, then its alternative, which the
// game judges afresh each time (its markers may change while the attacker
// decides).
func (c *Combat) advanceChoices(alt *Alternative) []Command {
	var out []Command
	for _, ua := range c.advancesLeft() {
		out = append(out, ua.cmds...)
		if alt != nil && alt.Allowed(c, ua.unit) {
			out = append(out, Command{Kind: alt.Kind, Units: []string{ua.unit.ID}})
		}
	}
	return out
}

// unitAdvances are the advances one unit may still make.
type unitAdvances struct {
	unit Unit
	cmds []Command
}

// advancesLeft searches the advances of the units that may still advance.
// The map does not change during a combat but by its own decisions, each of
// which grows one of the lists or sets one of the fields of the key, so the
// search is made again only when one has changed; callers must not change
// the result.
func (c *Combat) advancesLeft() []unitAdvances {
	k := advanceKey{len(c.Advances), len(c.AttLoss) + len(c.DDLoss), len(c.DefLoss), len(c.Lost), len(c.Eliminated),
		c.Retreat != nil, c.retreatDone, c.Hold, c.Result.Code}
	if c.advanceCache.ok && c.advanceCache.key == k {
		return c.advanceCache.units
	}
	c.advanceCache = advanceCache{k, c.searchAdvances(), true}
	return c.advanceCache.units
}

type advanceKey struct {
	advances, attLost, defLost, stageLost, eliminated int
	retreat, retreatDone                              bool
	hold                                              string
	result                                            ResultCode
}

type advanceCache struct {
	key   advanceKey
	units []unitAdvances
	ok    bool
}

// searchAdvances lists the units that may still advance, each with its
// advances.
func (c *Combat) searchAdvances() []unitAdvances {
	kind := c.AdvanceKind()
	vacated, err := c.Layout.Parse(c.Origin)
	if kind == NoAdvance || err != nil {
		return nil
	}
	var out []unitAdvances
	for _, u := range c.AttackersLeft() {
		from, err := c.Layout.Parse(u.FromHex)
		if err != nil || u.NoAdvance || u.MA == 0 || c.advanced(u.ID) {
			continue
		}
		ua := unitAdvances{unit: u}
		limited := kind == LimitedIfWiped || u.LimitedAdvance
		for _, p := range AdvancePaths(AdvanceUnit{ID: u.ID, From: from, Mechanized: u.Mechanized, RoadBonus: u.RoadBonus}, vacated, c.Result.Reach, limited, c.AdvanceMap) {
			cmd := Command{Kind: CmdAdvance, Units: []string{u.ID}}
			for _, a := range p {
				cmd.Hexes = append(cmd.Hexes, c.Layout.ID(a))
			}
			ua.cmds = append(ua.cmds, cmd)
		}
		out = append(out, ua)
	}
	return out
}

// advanceByOrder answers the advance from the conditional orders: "if the
// defenders leave", by retreat or by elimination, the hex is vacated either
// way. The alternative first, for the units its order names, where the
// result allows it; the others advance into the vacated hex as ordered;
// then the advance is done.
func (c *Combat) advanceByOrder(a Await, o Orders, alt *Alternative) (Command, bool) {
	adv, ok := o.Find(a.Side, CmdIfRetreat)
	var other Command
	aok := false
	if alt != nil {
		other, aok = o.Find(a.Side, alt.Order)
	}
	if !ok && !aok {
		return Command{}, false
	}
	if c.condAdvanced {
		return Command{Kind: CmdAdvanceDone}, true
	}
	for _, u := range other.Units {
		cmd := Command{Kind: alt.Kind, Units: []string{u}}
		if slices.Contains(a.Choices, cmd.String()) {
			return cmd, true
		}
	}
	for _, u := range adv.Units {
		cmd := Command{Kind: CmdAdvance, Units: []string{u}, Hexes: []string{c.Origin}}
		if slices.Contains(a.Choices, cmd.String()) {
			return cmd, true
		}
	}
	c.condAdvanced = true
	return Command{Kind: CmdAdvanceDone}, true
}
