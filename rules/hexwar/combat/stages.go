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
func CRTStage(crt *CRT, rule string) Stage { return CRTStageDRM(crt, rule, nil) }

// CRTStageDRM is CRTStage with a die roll modifier the game gives the
// combat (Salerno '43 19.4: +1 for Valiant and Warspite), nil for none; the
// table's last row caps the modified roll.
func CRTStageDRM(crt *CRT, rule string, drm func(*Combat) int) Stage {
	mod := func(c *Combat) int {
		if drm == nil {
			return 0
		}
		return drm(c)
	}
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
			c.Rolled, c.Roll, c.Result = true, die, crt.Lookup(c.Odds.Final, die, mod(c))
			return nil
		},
		Words: func(c *Combat) string {
			switch {
			case !c.Rolled:
				return ""
			case c.Roll > 0 && mod(c) != 0:
				return fmt.Sprintf("; die %d%+d: %s", c.Roll, mod(c), c.Result)
			case c.Roll > 0:
				return fmt.Sprintf("; die %d: %s", c.Roll, c.Result)
			}
			return ": " + c.Result.String()
		},
	}
}

// LossStages are the CRT's losses, the attacker's then the defenders' (but
// see LossRules.DefenderFirst).
func LossStages(lr LossRules) []Stage {
	s := lossStages(lr)
	if !lr.DefenderFirst {
		return s
	}
	att, def := s[0], s[1]
	await := def.Await
	// The defenders' loss waits for the attacker's only where the
	// defender picks the attacker's step.
	def.Await = func(c *Combat) (Await, bool) {
		if !c.attDone && c.Result.OpponentChooses && c.Result.AttackerLoss(StepsOf(Absorbers(c.Defenders))) > 0 {
			return Await{}, false
		}
		return await(c)
	}
	return []Stage{def, att}
}

// lossStages are the two loss stages in the series' order.
func lossStages(lr LossRules) []Stage {
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
			// The source of the support, when named, is the game's to
			// check (Determined.Support).
			probe := cmd
			probe.Source = ""
			if err := a.Chosen(probe); err != nil {
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
			case r.AttackerSteps > 0 && d.ALFromMAF && len(mafLeft) > 0:
				return Await{Decision: DecDDLoss, Side: c.Attacker, Steps: 1, Choices: mafLeft, Rule: d.ALRule}, true
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

// RetreatRules name the rules of the retreat's decision and narration, and
// say whether a stack may split.
type RetreatRules struct {
	Rule   string // the defender's choice of path (13.1.4)
	OneHex string // a retreat stopped short: after one hex of two (13.3), or where the map holds it (Map.StopWhereHolds)
	Step   string // the step a path costs (13.2.1)
	// Split: the stack may split, each unit retreating on its own path
	// (N44 13.1.3), and when it cannot avoid overstacking only the units
	// the owner leaves without a path are eliminated (13.1.5). Otherwise it
	// retreats whole, or is eliminated whole.
	Split bool
	// Brings, if set, words what path p brings units in the game's own
	// rules ("Broken (17.4)"), for the end of the path's note in Legal.
	Brings func(units []RetreatUnit, p RetreatPath) string
}

// RetreatStage is the defenders' retreat: the owner picks a path among the
// legal ones, for the stack or, where it may split, for one of its units,
// until every unit has retreated; the units left without a path are
// eliminated.
func RetreatStage(rr RetreatRules) Stage {
	return Stage{Name: "retreat",
		Await: func(c *Combat) (Await, bool) {
			if !c.Retreating() || c.Held() || c.retreatDone {
				return Await{}, false
			}
			opts, notes := c.retreatChoices(rr)
			if len(opts) == 0 {
				c.retreatNone()
				return Await{}, false
			}
			return Await{Decision: DecRetreat, Side: c.Defender, Choices: texts(opts), Notes: notes, Rule: rr.Rule}, true
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			units := c.RetreatLeft()
			if len(cmd.Units) > 0 {
				units = slices.DeleteFunc(units, func(u RetreatUnit) bool { return !slices.Contains(cmd.Units, u.ID) })
			}
			for _, path := range c.retreatPaths(units) {
				if slices.Equal(c.PathText(path), cmd.Hexes) {
					c.retreatMove(units, path, cmd.Loss, len(cmd.Units) > 0)
					return nil
				}
			}
			return fmt.Errorf("%w: %q is not a retreat of the units left (%s)", ErrDecision, cmd, a.Rule)
		},
		ByOrder: func(c *Combat, a Await, o Orders) (Command, bool) {
			if len(a.Choices) == 1 {
				return LoneChoice(c, a, o)
			}
			if ord, ok := o.Find(a.Side, CmdOrderRetreat); ok && ord.Mode == ModeTowardSupply && c.SupplyDistance != nil {
				return c.towardSupply(a)
			}
			return Command{}, false
		},
		Words: func(c *Combat) string { return c.retreatWords(rr) },
	}
}

// retreatWords narrates the retreat: the stack's path, or each part's, with
// a one-hex stop and the steps paid, the mark, and the units eliminated.
func (c *Combat) retreatWords(rr RetreatRules) string {
	var b strings.Builder
	split := slices.ContainsFunc(c.Moves, func(mv RetreatMove) bool { return mv.Part })
	for _, mv := range c.Moves {
		b.WriteString("; ")
		if split {
			b.WriteString(strings.Join(mv.Units, ", ") + " ")
		}
		fmt.Fprintf(&b, "retreat %s", strings.Join(c.PathText(mv.Path), " "))
		switch {
		case mv.Path.OneHex:
			fmt.Fprintf(&b, " (one hex, %s)", rr.OneHex)
		case mv.Path.Stopped:
			fmt.Fprintf(&b, " (stopped short, %s)", rr.OneHex)
		}
		if len(mv.Loss) > 0 {
			fmt.Fprintf(&b, ", %s (%s)", StepList(mv.Loss), rr.Step)
		}
	}
	if len(c.Moves) > 0 && c.Result.Mark != "" {
		b.WriteString(", " + c.Result.Mark)
	}
	if len(c.Eliminated) > 0 {
		b.WriteString("; eliminated in retreat " + strings.Join(c.Eliminated, ", "))
	}
	return b.String()
}

// retreatChoices are the canonical retreat commands of the units left, each
// with a note that says what it does: the stack's paths together, and,
// where it may split and more than one unit is left, each unit's on its
// own. A stack that may split and may end over the stacking limit
// (Map.OverLimit) is offered the paths over it only when no unit left can
// retreat within it: overstacking is forbidden where the units over the
// limit can avoid it (Ardennes '44 17.4, L1007).
func (c *Combat) retreatChoices(rr RetreatRules) ([]Command, []string) {
	left := c.RetreatLeft()
	whole := c.retreatPaths(left)
	var alone [][]RetreatPath // each unit's own paths, where the stack may split
	if rr.Split && len(left) > 1 {
		alone = make([][]RetreatPath, len(left))
		within := false
		for k, u := range left {
			alone[k] = c.retreatPaths([]RetreatUnit{u})
			within = within || slices.ContainsFunc(alone[k], func(p RetreatPath) bool { return !p.OverLimit })
		}
		if within {
			over := func(p RetreatPath) bool { return p.OverLimit }
			whole = slices.DeleteFunc(slices.Clone(whole), over)
			for k := range alone {
				alone[k] = slices.DeleteFunc(slices.Clone(alone[k]), over)
			}
		}
	}
	who := "the stack"
	switch {
	case len(left) == 1:
		who = left[0].ID
	case len(c.Moves) > 0:
		who = "the units left"
	}
	out, notes := c.choicesOf(left, whole, func(p RetreatPath) string { return retreatNote(rr, who, left, p) })
	for k, paths := range alone {
		u := left[k]
		cmds, ns := c.choicesOf([]RetreatUnit{u}, paths, func(p RetreatPath) string { return retreatNote(rr, u.ID+" alone", []RetreatUnit{u}, p) })
		for j := range cmds {
			cmds[j].Units = []string{u.ID}
		}
		out, notes = append(out, cmds...), append(notes, ns...)
	}
	return out, notes
}

// retreatNote says what path p does for who, the units, after the
// decision's rule: how many hexes, what it costs, and what it brings in the
// game's rules (RetreatRules.Brings).
func retreatNote(rr RetreatRules, who string, units []RetreatUnit, p RetreatPath) string {
	var b strings.Builder
	fmt.Fprintf(&b, "retreat (%s): %s, %s", rr.Rule, who, plural(len(p.Hexes), "hex", "hexes"))
	switch {
	case p.Exited:
		b.WriteString(", the last off the map")
	case p.OneHex:
		fmt.Fprintf(&b, ", stopping after one (%s)", rr.OneHex)
	case p.Stopped:
		fmt.Fprintf(&b, ", stopping short (%s)", rr.OneHex)
	}
	if p.Extended > 0 {
		fmt.Fprintf(&b, ", %s against overstacking", plural(p.Extended, "extra hex", "extra hexes"))
	}
	if p.OverLimit {
		b.WriteString(", ending over the stacking limit")
	}
	if p.EZOC {
		b.WriteString(", through a vacant hex in an enemy ZOC")
	}
	if p.Steps > 0 {
		fmt.Fprintf(&b, ", costing %s (%s)", plural(p.Steps, "step", "steps"), rr.Step)
	}
	if len(p.MechLost) > 0 {
		fmt.Fprintf(&b, ", eliminating %s (%s)", strings.Join(p.MechLost, ", "), rr.Step)
	}
	if rr.Brings != nil {
		if w := rr.Brings(units, p); w != "" {
			b.WriteString(": " + w)
		}
	}
	return b.String()
}

// plural is n and the noun for it.
func plural(n int, one, more string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, more)
}

// RetreatChoices are the canonical retreat commands of the units left
// together: each path, with each set of units that may take the steps the
// path costs.
func (c *Combat) RetreatChoices(paths []RetreatPath) []Command {
	out, _ := c.choicesOf(c.RetreatLeft(), paths, nil)
	return out
}

// choicesOf are the retreat commands of units along paths: each path with
// each way of taking its steps from the units it does not eliminate; with
// note, a note for each command, its path's.
func (c *Combat) choicesOf(units []RetreatUnit, paths []RetreatPath, note func(RetreatPath) string) ([]Command, []string) {
	var out []Command
	var notes []string
	for _, p := range paths {
		cmd := Command{Kind: CmdRetreat, Hexes: c.PathText(p)}
		n := len(out)
		if p.Steps == 0 {
			out = append(out, cmd)
		} else {
			var ids []string
			steps := map[string]int{}
			for _, u := range units {
				if !slices.Contains(p.MechLost, u.ID) {
					ids = append(ids, u.ID)
					steps[u.ID] = u.Steps
				}
			}
			total := 0
			for _, id := range ids {
				total += steps[id]
			}
			for _, set := range LossSets(ids, steps, min(p.Steps, total)) {
				cmd.Loss = set
				out = append(out, cmd)
			}
		}
		if note != nil {
			w := note(p)
			for range out[n:] {
				notes = append(notes, w)
			}
		}
	}
	return out, notes
}

// towardSupply picks the legal retreat ending nearest to supply, of the
// units together when they may retreat together, else of one alone; ties go
// to the first in the listed order.
func (c *Combat) towardSupply(a Await) (Command, bool) {
	var best Command
	bestD := -1
	var cmds []Command
	for _, ch := range a.Choices {
		if cmd, err := c.Grammar.Parse(ch); err == nil {
			cmds = append(cmds, cmd)
		}
	}
	if slices.ContainsFunc(cmds, func(cmd Command) bool { return len(cmd.Units) == 0 }) {
		cmds = slices.DeleteFunc(cmds, func(cmd Command) bool { return len(cmd.Units) > 0 })
	}
	for _, cmd := range cmds {
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
func AdvanceStage(rule string, alt *Alternative) Stage { return AdvanceStageSplit(rule, alt, nil) }

// Split is what an attacking unit may do before it advances: split into
// parts that each advance, or stay, on their own (Ardennes '44 26.2,
// L1523: a unit breaks down before it advances). The game words the
// commands and makes the parts; nil offers none (AdvanceStage).
type Split struct {
	Kind CommandKind // the decision: "breakdown"
	// Choices are the split commands open to u, an attacker that may
	// advance, on the position the combat has made so far; none when it
	// may not split.
	Choices func(c *Combat, u Unit) []Command
	// Parts are the units that stand for the unit of cmd once it has
	// split, the unit itself among them if it stays in play, each from its
	// hex (FromHex).
	Parts func(c *Combat, cmd Command) []Unit
}

// SplitMove is one split made before the advance: the decision, and the
// units that stand for its unit since (Split.Parts).
type SplitMove struct {
	Command Command
	Parts   []Unit
}

// AdvanceStageSplit is AdvanceStage where an attacker that may advance may
// first split (Split): its parts then take its place among the units that
// may advance (Advancers).
func AdvanceStageSplit(rule string, alt *Alternative, split *Split) Stage {
	return Stage{Name: "advance",
		Await: func(c *Combat) (Await, bool) {
			if !c.Rolled || c.advanceDone {
				return Await{}, false
			}
			if ch := c.advanceChoices(alt, split); len(ch) > 0 {
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
			if split != nil && cmd.Kind == split.Kind {
				c.Splits = append(c.Splits, SplitMove{Command: cmd, Parts: split.Parts(c, cmd)})
				return nil
			}
			c.Advances = append(c.Advances, cmd)
			return nil
		},
		ByOrder: func(c *Combat, a Await, o Orders) (Command, bool) { return c.advanceByOrder(a, o, alt) },
		Words: func(c *Combat) string {
			var b strings.Builder
			for _, s := range c.Splits {
				b.WriteString("; " + s.Command.String())
			}
			for _, a := range c.Advances {
				b.WriteString("; " + a.String())
			}
			return b.String()
		},
	}
}

// Advancers are the attackers left, each that split before the advance
// replaced by its parts (SplitMove): the units that may advance. Without
// a split they are AttackersLeft; callers must not change the list.
func (c *Combat) Advancers() []Unit {
	units := c.AttackersLeft()
	if len(c.Splits) == 0 {
		return units
	}
	units = slices.Clone(units)
	for _, s := range c.Splits {
		if k := slices.IndexFunc(units, func(u Unit) bool { return u.ID == s.Command.Units[0] }); k >= 0 {
			units = slices.Replace(units, k, k+1, s.Parts...)
		}
	}
	return units
}

// advanceChoices lists every legal advance, and alternative, left: each
// unit's advances in the advancers' order, then its splits, then its
// alternative, which the game judges afresh each time (its markers may
// change while the attacker decides).
func (c *Combat) advanceChoices(alt *Alternative, split *Split) []Command {
	var out []Command
	for _, ua := range c.advancesLeft(split) {
		out = append(out, ua.cmds...)
		out = append(out, ua.splits...)
		if alt != nil && alt.Allowed(c, ua.unit) {
			out = append(out, Command{Kind: alt.Kind, Units: []string{ua.unit.ID}})
		}
	}
	return out
}

// unitAdvances are the advances one unit may still make, and the splits
// open to it before it does.
type unitAdvances struct {
	unit   Unit
	cmds   []Command
	splits []Command
}

// advancesLeft searches the advances of the units that may still advance.
// The map does not change during a combat but by its own decisions, each of
// which grows one of the lists or sets one of the fields of the key, so the
// search is made again only when one has changed; callers must not change
// the result.
func (c *Combat) advancesLeft(split *Split) []unitAdvances {
	k := advanceKey{len(c.Advances), len(c.AttLoss) + len(c.DDLoss), len(c.DefLoss), len(c.Lost), len(c.Eliminated),
		len(c.Moves), len(c.RetreatExcess), len(c.Splits), c.retreatDone, c.Hold, c.Result.Code}
	if c.advanceCache.ok && c.advanceCache.key == k {
		return c.advanceCache.units
	}
	c.advanceCache = advanceCache{k, c.searchAdvances(split), true}
	return c.advanceCache.units
}

// MapChanged tells the combat that a game's own stage changed the ground
// the advances cross during the advance (Ardennes '44 7.4: a bridge blown
// against an advance): they are searched again.
func (c *Combat) MapChanged() { c.advanceCache = advanceCache{} }

type advanceKey struct {
	advances, attLost, defLost, stageLost, eliminated, moves, retreatExcess, splits int
	retreatDone                                                                     bool
	hold                                                                            string
	result                                                                          ResultCode
}

type advanceCache struct {
	key   advanceKey
	units []unitAdvances
	ok    bool
}

// searchAdvances lists the units that may still advance, each with its
// advances and, where it has one and split allows, its splits.
func (c *Combat) searchAdvances(split *Split) []unitAdvances {
	kind := c.AdvanceKind()
	vacated, err := c.Layout.Parse(c.Origin)
	if kind == NoAdvance || err != nil {
		return nil
	}
	reach := c.Result.Reach
	if c.ReachCap != nil {
		reach = min(reach, c.ReachCap(c.Result))
	}
	var out []unitAdvances
	for _, u := range c.Advancers() {
		from, err := c.Layout.Parse(u.FromHex)
		if err != nil || u.NoAdvance || u.MA == 0 || c.advanced(u.ID) {
			continue
		}
		ua := unitAdvances{unit: u}
		limited := kind == LimitedIfWiped || u.LimitedAdvance
		for _, p := range AdvancePaths(AdvanceUnit{ID: u.ID, From: from, Mechanized: u.Mechanized, RoadBonus: u.RoadBonus}, vacated, reach, limited, c.AdvanceMap) {
			if c.AdvanceOK != nil && !c.AdvanceOK(reach, vacated, p) {
				continue
			}
			cmd := Command{Kind: CmdAdvance, Units: []string{u.ID}}
			for _, a := range p {
				cmd.Hexes = append(cmd.Hexes, c.Layout.ID(a))
			}
			ua.cmds = append(ua.cmds, cmd)
		}
		if split != nil && len(ua.cmds) > 0 {
			ua.splits = split.Choices(c, u)
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

// DecExcess is the owner's pick of a unit to eliminate over the stacking
// limit (N44 7.2).
const DecExcess DecisionKind = "excess"

// ExcessStage is the stacking check after the advance (N44 7.2, L493: the
// limit holds after an advance, and the owner reduces a stack over it): while
// a hex the advance ended in holds more than the limit, the attacker
// eliminates one of its units, his pick, at a time. excess lists the units of
// the first such hex, on the position the combat has made so far (Excess
// eliminated), and nil when none is over the limit. A game whose advances
// may not end over the limit has no such stage.
func ExcessStage(rule string, excess func(c *Combat) []string) Stage {
	return Stage{Name: "excess",
		Await: func(c *Combat) (Await, bool) {
			if !c.Rolled || !c.advanceDone || c.excessDone {
				return Await{}, false
			}
			units := excess(c)
			if len(units) == 0 {
				c.excessDone = true
				return Await{}, false
			}
			return Await{Decision: DecExcess, Side: c.Attacker, Choices: eachUnit(CmdEliminate, units), Rule: rule}, true
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.Excess = append(c.Excess, cmd.Units[0])
			return nil
		},
		// A lone choice, or the first unit of the attacker's 'order losses'
		// among them.
		ByOrder: pickByOrder,
		Words: func(c *Combat) string {
			if len(c.Excess) == 0 {
				return ""
			}
			return fmt.Sprintf("; over the stacking limit (%s) eliminated %s", rule, strings.Join(c.Excess, ", "))
		},
	}
}
