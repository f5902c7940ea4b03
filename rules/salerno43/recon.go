package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Recon units, optional rule 25.2 (L1416-1418): a recon unit attacked as
// the only unit in its hex ignores the step loss, not the retreat, of a D1
// or a DS; the losses of EX, DRX and A1/D1 stand. A recon unit that uses
// the rule makes no Determined Defense in that Combat Phase. A-44: the
// rule reads as automatic, but "in which they use this rule" suggests a
// choice; where the choice matters, a D1 that allows the unit a DD, the
// defender decides (recon: the step ignored, no DD; no-recon: the step
// lost, the DD open), or a standing order 'order recon always|never'
// decides for him; elsewhere (a DS, a red D1, a unit that cannot lead a DD
// or has one step left) the rule applies by itself.

// The recon decision and its commands.
const (
	DecRecon      combat.DecisionKind = "recon"
	CmdRecon      combat.CommandKind  = "recon"
	CmdNoRecon    combat.CommandKind  = "no-recon"
	CmdOrderRecon combat.CommandKind  = "order recon"
	reconUnitTyp  UnitType            = "recon"
)

// reconDefender is the lone recon defender 25.2 may spare, -1 for none.
func (c *Combat) reconDefender() int {
	g := c.in.g
	if !g.opt.recon || !c.Rolled || len(c.Defenders) != 1 {
		return -1
	}
	if code := baseCode(c.Result.Code); code != "D1" && code != "DS" {
		return -1
	}
	i := g.index(c.Defenders[0].ID)
	if g.sc.Units[i].Type != reconUnitTyp || len(g.pos().at(c.in.target)) != 1 {
		return -1
	}
	return i
}

// reconStage is 25.2, between the CRT and the losses.
func (c *Combat) reconStage() combat.Stage {
	return combat.Stage{Name: "recon",
		Await: func(cc *combat.Combat) (combat.Await, bool) {
			if c.reconDone || c.reconDefender() < 0 {
				return combat.Await{}, false
			}
			d := cc.Defenders[0]
			if !cc.Result.DeterminedDefense || d.Steps <= 1 || len(combat.Leads(cc.Defenders)) == 0 {
				c.useRecon(cc) // no DD to give up: the rule applies
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecRecon, Side: cc.Defender, Choices: []string{string(CmdRecon), string(CmdNoRecon)}, Rule: "25.2"}, true
		},
		Decide: func(cc *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.reconDone = true
			if cmd.Kind == CmdRecon {
				c.useRecon(cc)
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderRecon)
			switch {
			case !ok:
				return combat.Command{}, false
			case ord.Mode == combat.ModeNever:
				return combat.Command{Kind: CmdNoRecon}, true
			}
			return combat.Command{Kind: CmdRecon}, true
		},
		Words: func(*combat.Combat) string {
			if c.reconUsed {
				return "; the recon unit ignores the step loss and makes no DD this phase (25.2)"
			}
			return ""
		},
	}
}

// useRecon spares the lone recon unit the result's step and takes its DD
// away (25.2).
func (c *Combat) useRecon(cc *combat.Combat) {
	c.reconDone, c.reconUsed = true, true
	r := cc.Result
	r.DefenderSteps, r.DeterminedDefense = 0, false
	cc.Result = r
}

// noteRecon records a recon unit that used 25.2 in a finished combat: no
// DD for it in the rest of the Combat Phase.
func (g *Game) noteRecon(c *Combat) {
	if c.reconUsed && len(c.Defenders) == 1 && !slices.Contains(g.s.Recon, c.Defenders[0].ID) {
		g.s.Recon = append(g.s.Recon, c.Defenders[0].ID)
	}
}
