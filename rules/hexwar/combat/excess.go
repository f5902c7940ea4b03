package combat

import (
	"fmt"
	"slices"
	"strings"
)

// DecRetreatExcess is the owner's pick of a step to lose over the stacking
// limit where the retreat ended (Ardennes '44 17.4).
const DecRetreatExcess DecisionKind = "retreat-excess"

// RetreatExcessStage is the stacking check after the retreat, for a game
// whose retreat may end over the limit (Map.OverLimit; Ardennes '44 17.4,
// 8.3: the steps over the limit are eliminated, the owner of the units
// choosing, CON-6): while the hex the retreat ended in is over the limit,
// the defender takes one step from one of the retreating units there, his
// pick, at a time ('losses U'). excess names that hex and the units whose
// step would bring it nearer the limit, on the position the combat has made
// so far (RetreatExcess taken), and no units once it is within it. The
// steps are the retreat's losses (RetreatLosses).
func RetreatExcessStage(rule string, excess func(c *Combat) (hexID string, units []string)) Stage {
	return Stage{Name: "retreat-excess",
		Await: func(c *Combat) (Await, bool) {
			if !c.retreatDone || !c.Retreated() || c.retreatExcessDone {
				return Await{}, false
			}
			_, units := excess(c)
			if len(units) == 0 {
				c.retreatExcessDone = true
				return Await{}, false
			}
			return Await{Decision: DecRetreatExcess, Side: c.Defender, Steps: 1, Choices: eachUnit(CmdLosses, units), Rule: rule}, true
		},
		Decide: func(c *Combat, a Await, cmd Command) error {
			if cmd.Kind != CmdLosses || len(cmd.Units) != 1 {
				return fmt.Errorf("%w: %q: one step at a time, 'losses UNIT' (%s)", ErrDecision, cmd, rule)
			}
			if !slices.Contains(a.Choices, cmd.String()) {
				h, units := excess(c)
				return fmt.Errorf("%w: %s is over the stacking limit after the retreat, and a step of %s does not bring it nearer: lose a step of a retreating unit there, one of %s (%s)",
					ErrDecision, h, cmd.Units[0], strings.Join(units, ", "), rule)
			}
			c.RetreatExcess = append(c.RetreatExcess, cmd.Units[0])
			return nil
		},
		ByOrder: pickByOrder,
		Words: func(c *Combat) string {
			if len(c.RetreatExcess) == 0 {
				return ""
			}
			return fmt.Sprintf("; over the stacking limit after the retreat (%s): %s", rule, StepList(c.RetreatExcess))
		},
	}
}

// eachUnit is a command of kind for each of units, as a decision's
// choices: the pick of one unit among them.
func eachUnit(kind CommandKind, units []string) []string {
	ch := make([]string, len(units))
	for k, u := range units {
		ch[k] = Command{Kind: kind, Units: []string{u}}.String()
	}
	return ch
}

// LoneChoice answers, by order, a decision that offers one choice: it
// takes that one (a Stage's ByOrder, or the first answer of one).
func LoneChoice(c *Combat, a Await, _ Orders) (Command, bool) {
	if len(a.Choices) != 1 {
		return Command{}, false
	}
	cmd, err := c.Grammar.Parse(a.Choices[0])
	return cmd, err == nil
}

// pickByOrder answers a pick of one unit among listed commands: a lone
// choice, or the first unit of the side's 'order losses' among them.
func pickByOrder(c *Combat, a Await, o Orders) (Command, bool) {
	if len(a.Choices) == 1 {
		return LoneChoice(c, a, o)
	}
	if ord, ok := o.Find(a.Side, CmdOrderLosses); ok {
		for _, u := range ord.Units {
			for _, ch := range a.Choices {
				if cmd, err := c.Grammar.Parse(ch); err == nil && slices.Equal(cmd.Units, []string{u}) {
					return cmd, true
				}
			}
		}
	}
	return Command{}, false
}
