package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Determined Defense cells that offer two results ("-/1 H or P",
// "-/1 H or D"): the defender chooses (11.4.3, PLAY-16). The die's cell is
// read at once with the better result for the defender (ddChoice); where
// the cell offers two, the defender's pick replaces it:
//
//	dd-result hold|partial|delay         the pick, answering the decision
//	order dd-result hold|partial|delay   standing: that result where offered

// The DD pick's decision and commands.
const (
	DecDDPick      combat.DecisionKind = "dd-result"
	CmdDDPick      combat.CommandKind  = "dd-result"
	CmdOrderDDPick combat.CommandKind  = "order dd-result"
)

// ddOutcomeWords name a DD result's outcome in the commands.
var ddOutcomeWords = map[DDOutcome]string{DDHold: "hold", DDPartial: "partial", DDDelay: "delay", DDFail: "fail"}

// ddPickModes are the words of the pick.
var ddPickModes = []string{"hold", "partial", "delay", "fail"}

// ddCell is the cell the DD die read, nil before the die.
func (c *Combat) ddCell() DDCell {
	o := c.DDOut
	if o == nil {
		return nil
	}
	return c.in.g.b.chart.DD.Roll(o.Column, o.Roll, o.DRM)
}

// ddPickStage waits for the defender's pick of a two-result cell (11.4.3).
func (c *Combat) ddPickStage(rule string) combat.Stage {
	return combat.Stage{Name: "dd-result",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			cell := c.ddCell()
			if c.ddPicked || len(cell) < 2 || !c.Retreating() {
				return combat.Await{}, false
			}
			var ch []string
			for _, r := range cell {
				ch = append(ch, string(CmdDDPick)+" "+ddOutcomeWords[r.Outcome])
			}
			return combat.Await{Decision: DecDDPick, Side: c.Defender, Choices: ch, Rule: "11.4.3"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.ddPicked = true
			for _, r := range c.ddCell() {
				if ddOutcomeWords[r.Outcome] != cmd.Mode {
					continue
				}
				out := *c.DDOut
				out.Result = c.ddResult(r)
				c.DDOut = &out // a new outcome: the losses read it afresh
				c.Hold = ""
				if out.Result.Success {
					c.Hold = rule
				}
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderDDPick)
			if !ok {
				return combat.Command{}, false
			}
			pick := combat.Command{Kind: CmdDDPick, Mode: ord.Mode}
			if a.Chosen(pick) != nil {
				// The order's result is not offered: the better one, as
				// the die read it.
				for _, r := range c.ddCell() {
					if c.ddResult(r) == c.DDOut.Result {
						pick.Mode = ddOutcomeWords[r.Outcome]
					}
				}
			}
			return pick, true
		},
		Words: func(_ *combat.Combat) string {
			if c.ddPicked {
				return "; the defender's pick (11.4.3)"
			}
			return ""
		},
	}
}
