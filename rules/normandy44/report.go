package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Combat reports (scene.Reporter): every combat resolved, as structured data
// for 'pbem combats', the replay and the dice statistics.

// recordCombat keeps the report of the combat that finishCombat is closing.
func (g *Game) recordCombat(c *Combat) {
	g.ended = g.ended.Add(combatReport(c, g.s.Combat.N, g.s.Turn, g.phaseName()))
}

// Combats implements scene.Reporter.
func (g *Game) Combats() []scene.Combat {
	out := g.ended.List()
	g.speakAll(&out) // the edition's numbers (renumber.go)
	return out
}

// lastCombat is the combat in progress, or the last one resolved in the
// current phase, for the scene's overlay; nil if neither.
func (g *Game) lastCombat() *scene.Combat {
	if g.s.Combat != nil {
		r := combatReport(g.combat(), g.s.Combat.N, g.s.Turn, g.phaseName())
		return &r
	}
	if r, ok := g.ended.Last(); ok && r.Turn == g.s.Turn && r.Phase == g.phaseName() {
		return &r
	}
	return nil
}

// combatReport is the report of combat n of the phase, as far as it has gone.
func combatReport(c *Combat, n, turn int, phase string) scene.Combat {
	r := scene.Combat{
		N: n, Turn: turn, Phase: phase,
		Attacker: string(c.In.Attacker), Defender: string(c.defender()), Cell: c.Origin,
		Attack: c.Odds.Attack, Defense: c.Odds.Defense,
		Odds: c.Odds.Raw.String(), Column: ladder.Label(c.Odds.Final),
		Text: c.Event(),
	}
	for _, u := range c.In.Attackers {
		if !slices.Contains(r.From, u.FromHex) {
			r.From = append(r.From, u.FromHex)
		}
		r.Attackers = append(r.Attackers, attackerReport(u, c.Odds.Halved))
	}
	for _, u := range c.In.Defenders {
		cu := scene.CombatUnit{ID: u.ID, Strength: u.Strength, Counted: u.Strength}
		if u.DefendOnly {
			cu.Notes = append(cu.Notes, "defends only (10.7)")
		}
		r.Defenders = append(r.Defenders, cu)
	}
	r.Support = supportReport(c.In.Support)
	r.Modifiers = oddsModifiers(c)
	for _, s := range c.Odds.Shifts {
		rule, _ := shiftRule(s.Source)
		r.Shifts = append(r.Shifts, scene.Shift{Columns: s.Signed(), Reason: rule.Reason, Rule: rule.Rule})
	}
	if ladder.Limited(c.Odds.Raw, c.Odds.Net) {
		r.Modifiers = append(r.Modifiers, "odds above 7-1 read 7-1 (10.6)")
	}
	if c.In.JabosRoll > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Jabos (19.1.3)", Die: c.In.JabosRoll, Modified: c.In.JabosRoll, Outcome: jabosOutcome(c.Odds)})
	}
	if c.Rolled {
		r.Result = c.Result.String()
		if c.Roll > 0 {
			r.Die = c.Roll
			r.Rolls = append(r.Rolls, scene.Roll{Purpose: "combat results (10.5)", Die: c.Roll, Modified: c.Roll, Outcome: r.Result})
			for die := 1; die <= 6; die++ {
				t := c.In.edition().crt // the edition's CRT (D18)
				res := t.Lookup(c.Odds.Final, die, 0)
				r.Faces = append(r.Faces, scene.Face{Die: die, Result: res.String(), Score: t.Score(res.Code)})
			}
		}
	}
	if d := c.DDOut; d != nil {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Determined Defense (12.4), " + d.Heading + " column, lead " + d.Lead,
			Die: d.Roll, Modified: d.Modified, Outcome: ddOutcome(d.Result)})
	}
	r.Losses = c.ReportLosses(lossCauses)
	r.Retreats, r.Advances = c.ReportMoves()
	r.Notes = combatNotes(c)
	return r
}

// attackerScore orders the results for the attacker: T1 gets no worse for
// it as the die or the odds rise (TestAttackerScore_FollowsTheCRT checks it
// on every cell), and the result codes are declared in that order, A1 the
// worst and DH the best (crt.go).
func attackerScore(code ResultCode) int { return crtT1.Score(code) }

func attackerReport(u CombatUnit, halved []Halving) scene.CombatUnit {
	cu := scene.CombatUnit{ID: u.ID, Strength: u.Strength, Counted: u.Strength}
	if u.MAF {
		cu.Notes = append(cu.Notes, "main attacking force (10.3)")
	}
	for _, h := range halved {
		if h.Unit != u.ID {
			continue
		}
		cu.Counted = halveStrength(u.Strength)
		for _, why := range h.Reasons {
			cu.Notes = append(cu.Notes, "halved: "+string(why)+" ("+halvingRule(why)+")")
		}
	}
	return cu
}

func halvingRule(why HalvingReason) string {
	for _, h := range halvingRules {
		if h.Reason == why {
			return h.Rule
		}
	}
	return "11.1"
}

func supportReport(s Support) []string {
	var out []string
	if s.Air > 0 {
		out = append(out, fmt.Sprintf("%d air marker(s) (19.1.2)", s.Air))
	}
	if s.Naval > 0 {
		out = append(out, fmt.Sprintf("%d naval marker(s) (19.2.3)", s.Naval))
	}
	for _, f := range s.Artillery {
		rule, _ := shiftRule(f.Source)
		if f.Source == ShiftCaenArtillery {
			out = append(out, fmt.Sprintf("%s, %d column(s) (%s)", rule.Reason, f.Columns, rule.Rule))
			continue
		}
		out = append(out, fmt.Sprintf("%s by %s, %d column(s) (%s)", rule.Reason, f.By, f.Columns, rule.Rule))
	}
	return out
}

// oddsModifiers say what changed the strengths compared (10.4, 11.2).
func oddsModifiers(c *Combat) []string {
	var out []string
	o := c.Odds
	if o.DB > 0 {
		out = append(out, fmt.Sprintf("+%d defensive bonus, %s (11.2)", o.DB, c.In.Target.Terrain))
	}
	if o.RawAttack > o.Attack {
		out = append(out, fmt.Sprintf("attack %d counts %d: 18 at most (10.4)", o.RawAttack, o.Attack))
	}
	if o.RawDefense > o.Defense {
		out = append(out, fmt.Sprintf("defense %d counts %d: 18 at most (10.4)", o.RawDefense, o.Defense))
	}
	if c.In.Improved {
		out = append(out, "an Improved Position in the hex (16.1)")
	}
	return out
}

func jabosOutcome(o Odds) string {
	for _, s := range o.Shifts {
		if s.Source == ShiftJabos {
			return fmt.Sprintf("%dL", s.Columns)
		}
	}
	return "no shift"
}

// ddOutcome is a Determined Defense cell (T2) and what it means.
func ddOutcome(r DeterminedResult) string {
	cell := ddCell(r)
	if cell == "-" {
		cell = "no effect"
	}
	if r.Success {
		return cell + ": the defenders stay"
	}
	return cell + ": the defenders retreat"
}

// lossCauses are the rules the report cites for the steps a combat cost,
// the attacker's apart where the book gives them a rule of their own.
var lossCauses = combat.LossCauses{CRT: "combat result (12.2.2)", AttackerCRT: "combat result (12.2.1)",
	DD: "Determined Defense (12.4)", AttackerDD: "Determined Defense (12.4.8)",
	Retreat: "retreat (13.2.1)", Eliminated: "eliminated in retreat (13.2.2)",
	Stages: map[string]string{despdStage: "Desperate Defense (12.5)"}}

func combatNotes(c *Combat) []string {
	var out []string
	if c.Ignored {
		out = append(out, "the retreat is ignored for a step (12.6)")
	}
	if c.DD != nil && c.DD.Kind == CmdNoDD {
		out = append(out, "no Determined Defense (12.4)")
	}
	if c.DDOut != nil && c.DDOut.Result.Tags.Has(TagIPDestroyed) && c.In.Improved {
		out = append(out, "the Improved Position is destroyed (12.4.8)")
	}
	if c.DespD != nil && c.DespD.Kind == CmdDespD {
		out = append(out, "Desperate Defense: the defenders hold (12.5)")
	}
	if slices.ContainsFunc(c.Moves, func(mv combat.RetreatMove) bool { return mv.Path.OneHex }) {
		out = append(out, "the retreat stops after one hex (13.3)")
	}
	if len(c.Excess) > 0 {
		out = append(out, strings.Join(c.Excess, ", ")+" eliminated over the stacking limit after the advance (7.2)")
	}
	for _, a := range c.Advances {
		if a.Kind == CmdReserve {
			out = append(out, a.Units[0]+" goes into Reserve (15.1 b)")
		}
	}
	return out
}
