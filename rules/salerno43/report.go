package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Combat reports (scene.Reporter): every combat resolved, as structured data
// for 'pbem combats', the replay and the dice statistics.

// recordCombat keeps the report of the combat finishCombat is closing; it
// is called before the outcome is put on the map, while the position is
// the one the combat was fought in.
func (g *Game) recordCombat(c *Combat) {
	g.ended = g.ended.Add(g.combatReport(c, g.s.Combat.N))
}

// Combats implements scene.Reporter.
func (g *Game) Combats() []scene.Combat { return g.ended.List() }

var _ scene.Reporter = (*Game)(nil)

// combatReport is the report of combat n, as far as it has gone.
func (g *Game) combatReport(c *Combat, n int) scene.Combat {
	in := c.in
	r := scene.Combat{N: n, Turn: g.s.Turn, Phase: g.phaseName(), Attacker: c.Attacker, Defender: c.Defender,
		Cell: c.Origin, Attack: c.Odds.Attack, Defense: c.Odds.Defense, Odds: ladder.Label(c.Odds.Raw), Column: ladder.Label(c.Odds.Final), Text: c.Event()}
	for _, i := range in.attackers {
		if h := g.s.Units[i].Hex; h != "" && !slices.Contains(r.From, h) {
			r.From = append(r.From, h)
		}
	}
	for _, u := range c.Attackers {
		i := g.index(u.ID)
		cu := scene.CombatUnit{ID: u.ID, Strength: g.pos().face(i).Attack, Counted: u.Strength}
		if in.maf[i] {
			cu.Notes = append(cu.Notes, "main attacking force (8.4)")
		}
		if _, why := in.attackStrength(i); why != "" {
			cu.Notes = append(cu.Notes, "halved: "+why)
		}
		r.Attackers = append(r.Attackers, cu)
	}
	for _, u := range c.Defenders {
		r.Defenders = append(r.Defenders, scene.CombatUnit{ID: u.ID, Strength: u.Strength, Counted: u.Strength})
	}
	if c.varLost != "" {
		r.Defenders = append(r.Defenders, scene.CombatUnit{ID: c.varLost, Notes: []string{"strength 0: eliminated before the CRT (19.3)"}})
	}
	if in.a.Air {
		r.Support = append(r.Support, "air support marker (9.4)")
	}
	if in.a.Naval {
		r.Support = append(r.Support, "naval support marker (9.6)")
	}
	if in.a.Valiant {
		r.Support = append(r.Support, "Valiant and Warspite, +1 on the die (19.4)")
	}
	for _, a := range in.a.Art {
		r.Support = append(r.Support, a+", artillery support (17.0)")
	}
	if in.defAir {
		r.Support = append(r.Support, "the defender's air marker (9.4)")
	}
	if c.Odds.RawAttack > c.Odds.Attack || c.Odds.RawDefense > c.Odds.Defense {
		r.Modifiers = append(r.Modifiers, fmt.Sprintf("%d to %d counts %d to %d (8.4.5)", c.Odds.RawAttack, c.Odds.RawDefense, c.Odds.Attack, c.Odds.Defense))
	}
	for _, s := range c.Odds.Shifts {
		r.Shifts = append(r.Shifts, scene.Shift{Columns: s.Signed(), Reason: s.Reason, Rule: s.Rule})
	}
	if c.varDie > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "variable strength (19.3)", Die: c.varDie, Modified: c.varDie, Outcome: fmt.Sprint(variableTable.Roll(0, c.varDie, 0))})
	}
	if c.Rolled {
		r.Result = string(baseCode(c.Result.Code))
		if c.Roll > 0 {
			r.Die = c.Roll
			// 19.4: Valiant and Warspite's +1, the modified roll at most 6.
			r.Rolls = append(r.Rolls, scene.Roll{Purpose: "combat results (8.3)", Die: c.Roll, Modified: min(c.Roll+c.crtDRM(nil), 6), Outcome: r.Result})
			crt := &g.b.chart.CRT
			for die := 1; die <= 6; die++ {
				res := crt.Lookup(c.Odds.Final, die, 0)
				r.Faces = append(r.Faces, scene.Face{Die: die, Result: string(baseCode(res.Code)), Score: crt.Score(res.Code)})
			}
		}
	}
	if d := c.DDOut; d != nil {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Determined Defense (11.2), lead " + d.Lead, Die: d.Roll, Modified: d.Modified, Outcome: c.determined().Cell(d.Result)})
	}
	if c.ddValiant() {
		r.Notes = append(r.Notes, "the DD's support: the naval marker with Valiant and Warspite, +1 more (19.4)")
	}
	if c.DD != nil && c.DD.Kind == combat.CmdNoDD {
		r.Notes = append(r.Notes, "no Determined Defense (11.1)")
	}
	r.Losses = c.ReportLosses(combat.LossCauses{CRT: "combat result (10.2)", DD: "Determined Defense (11.4.1)",
		Retreat: "retreat (12.2)", Eliminated: "eliminated in retreat (12.2)",
		Stages: map[string]string{despStageName: "Desperate Defense (11.5.3)"}})
	if c.varLost != "" {
		i := g.index(c.varLost)
		r.Losses = append([]scene.Loss{{Side: c.Defender, Unit: c.varLost, Steps: g.stepsLeft(i), Why: "strength 0 (19.3)"}}, r.Losses...)
		if len(c.Defenders) == 0 {
			r.Notes = append(r.Notes, "the only defender eliminated: the combat counts as a DS (19.3)")
		}
	}
	r.Retreats, r.Advances = c.ReportMoves()
	return r
}
