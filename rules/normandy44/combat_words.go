package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Plain words for a player reading 'pbem status': what a combat decision is
// about and who makes it (the prompts), what a decision settled and what
// follows (the events), and where the combat stands while it waits (the
// View). The full list of legal commands is Legal's ('pbem legal'); the
// prompts give at most a few examples.

// legalHint ends every decision prompt.
const legalHint = "'pbem legal' lists every choice"

// thePlayer is "the German player".
func thePlayer(s Side) string { return "the " + sideWord(s) + " player" }

// examples lists at most n of the choices, quoted, and says how many more
// there are.
func examples(choices []string, n int) string {
	var q []string
	for _, ch := range choices[:min(n, len(choices))] {
		q = append(q, "'"+ch+"'")
	}
	s := strings.Join(q, ", ")
	if len(choices) > n {
		s += fmt.Sprintf(" (%d choices in all)", len(choices))
	}
	return s
}

// lossWhose says whose units take the loss of a loss decision.
func lossWhose(c *Combat, cp combat.Await) string {
	switch cp.Decision {
	case DecAttackerLoss, DecDDLoss:
		return "the attacking units (" + sideWord(c.In.Attacker) + ")"
	}
	return "the defending units (" + sideWord(c.defender()) + ")"
}

// decisionPrompt is the prompt of a combat decision: what is decided, by
// whom, under which rule, and what to type.
func (g *Game) decisionPrompt(c *Combat, cp combat.Await, where string) string {
	who := thePlayer(Side(cp.Side))
	switch cp.Decision {
	case DecAttackerLoss, DecDefenderLoss:
		return fmt.Sprintf("%s: %s assigns %d step loss(es) among %s (%s): 'losses UNIT...' from %s; %s",
			where, who, cp.Steps, lossWhose(c, cp), cp.Rule, strings.Join(cp.Choices, ", "), legalHint)
	case DecDDLoss:
		what := "the Determined Defense result EX costs the MAF 1 step"
		if Side(cp.Side) == c.In.Attacker {
			what = "the Determined Defense result AL costs the attacker 1 step"
		}
		return fmt.Sprintf("%s: %s; %s chooses the unit (%s): 'losses UNIT' from %s",
			where, what, who, cp.Rule, strings.Join(cp.Choices, ", "))
	case DecDespDLoss:
		nth := "first"
		if len(c.DespLoss()) == 1 {
			nth = "second"
		}
		return fmt.Sprintf("%s: Desperate Defense costs the defenders 2 steps; %s picks the %s (%s): 'losses UNIT' from %s",
			where, who, nth, cp.Rule, strings.Join(cp.Choices, ", "))
	case DecIgnoreRetreat:
		return fmt.Sprintf("%s: the MAF, a single 1-step unit, was eliminated, so %s may ignore the retreat of %s (12.6): 'ignore-retreat' (the defenders stay) or 'accept-retreat'",
			where, who, c.Result)
	case DecDD:
		choices := g.supportChoices(c, cp.Choices)
		var leads []string
		support := false
		for _, ch := range choices {
			w := strings.Fields(ch)
			switch {
			case len(w) == 2 && w[0] == string(CmdDD):
				leads = append(leads, w[1])
			case len(w) >= 3:
				support = true
			}
		}
		s := fmt.Sprintf("%s: Determined Defense? instead of retreating, %s may stand with a Lead unit and roll on the DD table (12.4): 'dd UNIT'", where, who)
		switch {
		case support && c.rules().ddSupportSource:
			s += ", 'dd UNIT support SOURCE' (with defensive support from a naval marker, an HQ, a Werfer or Caen, your pick, 12.4.7)"
		case support:
			s += ", 'dd UNIT support' (with defensive support, 12.4.7)"
		}
		return s + fmt.Sprintf(" or 'no-dd' (%s); Leads: %s", noDDWords(c), strings.Join(leads, ", "))
	case DecDespD:
		return fmt.Sprintf("%s: the Determined Defense failed and the defenders could not retreat without being eliminated; Desperate Defense? %s may hold by losing 2 steps, the first his pick, the second the attacker's (12.5): 'despd' or 'no-despd'",
			where, who)
	case DecRetreat:
		s := fmt.Sprintf("%s: %s retreats the defenders %d hexes, with the fewest step losses possible (13.1, 13.1.4): 'retreat HEX...' through each hex",
			where, who, c.Result.Retreat)
		if c.rules().splitRetreat && len(c.RetreatLeft()) > 1 {
			s += ", or one unit alone, the stack splitting: 'retreat UNIT HEX...' (13.1.3)"
		}
		return s + fmt.Sprintf(", e.g. %s; %s", examples(cp.Choices, 2), legalHint)
	case combat.DecExcess:
		return fmt.Sprintf("%s: after the advance a hex holds more than %d stacking points; %s eliminates a unit of it, his pick, until it is within the limit (7.2): 'eliminate UNIT' from %s",
			where, stackLimit, who, strings.Join(cp.Choices, ", "))
	case DecAdvance:
		moves := slices.DeleteFunc(slices.Clone(cp.Choices), func(s string) bool { return s == string(CmdAdvanceDone) })
		// The examples enter the vacated hex first, the usual advance.
		slices.SortStableFunc(moves, func(a, b string) int {
			first := func(s string) bool { w := strings.Fields(s); return len(w) > 2 && w[2] == c.Origin }
			return cmpBool(!first(a), !first(b))
		})
		s := fmt.Sprintf("%s: %s may advance into the vacated hex %s and beyond (14.1): 'advance UNIT HEX...'", where, who, c.Origin)
		if c.Result.Tags.Has(TagReserve) {
			s += ", 'reserve UNIT' (into Reserve instead, 15.1 b)"
		}
		// Both are accepted now; the advance ends by itself once no unit
		// may advance, so no 'advance-done' follows the last one.
		return s + fmt.Sprintf(", or 'advance-done' to end the advance (it ends by itself once no unit may advance); e.g. %s; %s", examples(moves, 2), legalHint)
	}
	return fmt.Sprintf("%s: %s decides %s (%s): %s", where, who, cp.Decision, cp.Rule, legalHint)
}

// rollPrompt is the prompt of a combat die.
func rollPrompt(c *Combat, cp combat.Await, where string) string {
	switch cp.Roll {
	case RollJabos:
		return fmt.Sprintf("%s: %s rolls the Jabos die (%s)", where, thePlayer(Side(cp.Side)), cp.Rule)
	case RollDD:
		return fmt.Sprintf("%s: %s rolls the Determined Defense die for Lead %s (%s)", where, thePlayer(Side(cp.Side)), c.DD.Units[0], cp.Rule)
	}
	return fmt.Sprintf("%s: %s rolls the combat result die (%s)", where, thePlayer(Side(cp.Side)), cp.Rule)
}

// decisionTitle is what a decision is about, for "next:" in the events.
var decisionTitle = map[DecisionKind]string{
	DecAttackerLoss:  "which attacking units take the losses",
	DecDefenderLoss:  "which defending units take the losses",
	DecIgnoreRetreat: "whether to ignore the retreat",
	DecDD:            "whether to try a Determined Defense",
	DecDDLoss:        "which unit takes the Determined Defense loss",
	DecDespD:         "whether to try a Desperate Defense",
	DecDespDLoss:     "which unit takes the Desperate Defense loss",
	DecRetreat:       "the retreat path",
	combat.DecExcess: "which unit to eliminate over the stacking limit",
}

// nextWords says what the combat waits for after a decision or a die.
func nextWords(c *Combat, finished bool) string {
	if finished {
		return "the combat is over"
	}
	p := c.pending()
	switch {
	case p.Done:
		return "the combat is over"
	case p.Roll != "":
		return fmt.Sprintf("next: %s rolls the %s die (%s)", thePlayer(Side(p.Side)), rollWords[p.Roll], p.Rule)
	}
	if p.Decision == DecAdvance {
		return fmt.Sprintf("next: %s may advance (%s)", thePlayer(Side(p.Side)), p.Rule)
	}
	return fmt.Sprintf("next: %s decides %s (%s)", thePlayer(Side(p.Side)), decisionTitle[p.Decision], p.Rule)
}

// combatMark is what a combat's progress does to its units, kept apart so
// that a decision's event can tell what changed.
type combatMark struct {
	moves      int
	eliminated int
	held       bool
}

func markOf(c *Combat) combatMark {
	return combatMark{moves: len(c.Moves), eliminated: len(c.Eliminated), held: c.Rolled && c.Result.Retreat > 0 && c.held()}
}

// decisionWords says what a decision settled.
func decisionWords(c *Combat, p combat.Await, cmd CombatCommand) string {
	who := thePlayer(Side(p.Side))
	switch cmd.Kind {
	case CmdLosses:
		return fmt.Sprintf("%s assigns the step loss(es): %s (%s)", who, combat.StepList(cmd.Units), p.Rule)
	case CmdIgnoreRetreat:
		return "the defenders ignore the retreat and stay (12.6)"
	case CmdAcceptRetreat:
		return "the defenders accept the retreat (12.6)"
	case CmdDD:
		s := "Determined Defense with Lead " + cmd.Units[0]
		if cmd.Support {
			s += ", with defensive support (12.4.7)"
		}
		return s + " (12.4)"
	case CmdNoDD:
		return "no Determined Defense (12.4)"
	case CmdDespD:
		return "Desperate Defense: the defenders hold and lose 2 steps (12.5)"
	case CmdNoDespD:
		return "no Desperate Defense (12.5)"
	case CmdRetreat:
		s, rule := who+" chooses the retreat path "+strings.Join(cmd.Hexes, " "), "13.1.4"
		if len(cmd.Units) > 0 {
			s, rule = fmt.Sprintf("%s retreats %s alone along %s", who, strings.Join(cmd.Units, ", "), strings.Join(cmd.Hexes, " ")), "13.1.3, 13.1.4"
		}
		if len(cmd.Loss) > 0 {
			s += ", losing " + combat.StepList(cmd.Loss) + " (13.2.1)"
		}
		return s + " (" + rule + ")"
	case combat.CmdEliminate:
		return fmt.Sprintf("%s eliminates %s, over the stacking limit after the advance (7.2)", who, cmd.Units[0])
	case CmdAdvance:
		return fmt.Sprintf("%s advances to %s (14.1)", cmd.Units[0], strings.Join(cmd.Hexes, " "))
	case CmdReserve:
		return cmd.Units[0] + " goes into Reserve (15.1 b)"
	case CmdAdvanceDone:
		return "no further advance (14.1)"
	}
	return cmd.String()
}

// changeWords says what followed from a decision by the rules alone: units
// that could not retreat, a retreat, a hold.
func changeWords(c *Combat, before combatMark) []string {
	var out []string
	after := markOf(c)
	if after.eliminated > before.eliminated {
		elim := c.Eliminated[before.eliminated:]
		verb := "cannot retreat and is eliminated"
		if len(elim) > 1 {
			verb = "cannot retreat and are eliminated"
		}
		out = append(out, fmt.Sprintf("%s %s (13.2.2)", strings.Join(elim, ", "), verb))
	}
	for _, mv := range c.Moves[before.moves:after.moves] {
		who := "the defenders retreat"
		if mv.Part || before.moves > 0 {
			who = strings.Join(mv.Units, ", ") + " retreats"
		}
		s := fmt.Sprintf("%s to %s (13.1)", who, c.Layout.ID(mv.Path.Hexes[len(mv.Path.Hexes)-1]))
		if c.Result.Mark != "" {
			s = strings.TrimSuffix(s, " (13.1)") + ", Disrupted (13.1, 13.6)"
		}
		out = append(out, s)
	}
	if after.held && !before.held {
		out = append(out, "the defenders hold "+c.Origin)
	}
	return out
}

// decisionEvent narrates one decision: what it settled, what followed, and
// what the combat waits for now.
func decisionEvent(n int, c *Combat, p combat.Await, cmd CombatCommand, before combatMark, finished bool) string {
	parts := append([]string{decisionWords(c, p, cmd)}, changeWords(c, before)...)
	parts = append(parts, nextWords(c, finished))
	return fmt.Sprintf("Combat %d: %s", n, strings.Join(parts, "; "))
}

// combatOutcome is what the combat in progress has decided so far for each
// of its units ("eliminated", "retreats to 2812", "-1 step(s)"), as the map
// will show it once the combat ends (placeOutcome), in the combat's unit
// order; nil before the CRT die.
func (g *Game) combatOutcome() (idx []int, words [][]string) {
	c := g.combat()
	if c == nil || !c.Rolled {
		return nil, nil
	}
	v := *g
	v.s.Units = slices.Clone(g.s.Units)
	var units, defenders []int
	for _, u := range c.In.Attackers {
		units = append(units, g.index[u.ID])
	}
	for _, u := range c.In.Defenders {
		defenders = append(defenders, g.index[u.ID])
	}
	g.placeOutcome(&v, c, defenders)
	for _, i := range append(units, defenders...) {
		was, now := g.s.Units[i], v.s.Units[i]
		var w []string
		switch {
		case now.Gone && !was.Gone:
			w = append(w, "eliminated")
		case now.At != was.At:
			verb := "advances"
			if slices.Contains(defenders, i) {
				verb = "retreats"
			}
			w = append(w, fmt.Sprintf("%s to %s", verb, now.At))
		}
		if !now.Gone && now.Step > was.Step {
			w = append(w, fmt.Sprintf("-%d step(s)", now.Step-was.Step))
		}
		if len(w) > 0 {
			idx, words = append(idx, i), append(words, w)
		}
	}
	return idx, words
}

// combatLabels mark the units on the View's map with what the combat in
// progress has decided for them, since the map moves them only when the
// combat ends.
func (g *Game) combatLabels() map[int]string {
	idx, words := g.combatOutcome()
	out := map[int]string{}
	for k, i := range idx {
		out[i] = fmt.Sprintf(" [combat %d: %s]", g.s.Combat.N, strings.Join(words[k], ", "))
	}
	return out
}

// outcomeWords is the combat's outcome decided so far, for the View.
func (g *Game) outcomeWords(c *Combat) string {
	if !c.Rolled {
		return ""
	}
	idx, words := g.combatOutcome()
	var out []string
	for k, i := range idx {
		out = append(out, g.unit(i).ID+" "+strings.Join(words[k], ", "))
	}
	if c.Result.Retreat > 0 && c.held() && len(c.survivors()) > 0 {
		out = append(out, "the defenders hold "+c.Origin)
	}
	if len(out) == 0 {
		return "no change yet"
	}
	return strings.Join(out, "; ")
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// noDDWords says what declining the DD leads to: a retreat, or the
// elimination of defenders that cannot retreat (13.2.2).
func noDDWords(c *Combat) string {
	movers, lost := c.RetreatUnits()
	switch {
	case len(movers) > 0 && len(c.RetreatOptions()) > 0 && len(lost) == 0:
		return fmt.Sprintf("retreat %d hexes", c.Result.Retreat)
	case len(movers) > 0 && len(c.RetreatOptions()) > 0:
		return fmt.Sprintf("retreat; %s cannot and would be eliminated, 13.2.2", strings.Join(lost, ", "))
	}
	return "the defenders cannot retreat and would be eliminated, 13.2.2"
}

// choiceNote is Legal's note on one combat choice: what it does, and the
// rule.
func choiceNote(cp combat.Await, choice string) string {
	w := strings.Fields(choice)
	switch {
	case cp.Decision == DecDD && w[0] == string(CmdNoDD):
		return "no Determined Defense (" + cp.Rule + ")"
	case cp.Decision == DecDD && len(w) == 4:
		return "Determined Defense led by " + w[1] + ", with defensive support from " + w[3] + " (" + cp.Rule + ", 12.4.7)"
	case cp.Decision == DecDD && len(w) == 3:
		return "Determined Defense led by " + w[1] + ", with defensive support (" + cp.Rule + ", 12.4.7)"
	case cp.Decision == DecDD:
		return "Determined Defense led by " + w[1] + " (" + cp.Rule + ")"
	case w[0] == string(CmdIgnoreRetreat):
		return "the defenders stay (12.6)"
	case w[0] == string(CmdAcceptRetreat):
		return "the defenders retreat as the result says (12.6)"
	case w[0] == string(CmdDespD):
		return "Desperate Defense: hold, losing 2 steps (12.5)"
	case w[0] == string(CmdNoDespD):
		return "no Desperate Defense (12.5)"
	case w[0] == string(CmdRetreat):
		return "retreat path (" + cp.Rule + ")"
	case w[0] == string(CmdAdvance):
		return "advance " + w[1] + " (" + cp.Rule + ")"
	case w[0] == string(CmdReserve):
		return "into Reserve instead of advancing (15.1 b)"
	case w[0] == string(CmdAdvanceDone):
		return "no further advance: the combat ends (" + cp.Rule + ")"
	}
	return cp.Rule
}
