package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// One combat (8.3): the series' staged procedure (rules/hexwar/combat)
// with Salerno's own stages in the order of 8.3:
//
//	over-limit a breakthrough's defender names the units over the stacking limit (15.3)
//	def-air   step 2: the defender declares defensive air (9.4)
//	variable  step 3: the German die for a variable-strength defender (19.3)
//	crt       step 4: the CRT die, or the automatic DS at 10-1 (8.6.1)
//	losses, Determined Defense (11.0), retreat (12.0), advance (14.0): the series'
//	despd     Desperate Defense (11.5): its declaration, each failure's step and the next lead
//	dd-result the defender's pick of a two-result DD cell (11.4.3)
//	delay     the length of a Delay's retreat (11.6.1)
//	sh-retreat a Shattered unit's automatic retreat (13.3.2), after the retreat and each advance
//	          (from salerno43/5 before the retreat's next part too, read hex by hex: shwalk.go)
//
// Each roll and decision is recorded as the series' step, so the combat is
// rebuilt from the state (combat_phase.go).

// Roll purposes and decision kinds of Salerno's own stages.
const (
	RollVariable combat.RollPurpose  = "variable"
	DecDefAir    combat.DecisionKind = "def-air"
	CmdDefAir    combat.CommandKind  = "def-air"
	CmdNoDefAir  combat.CommandKind  = "no-def-air"
	CmdOrderAir  combat.CommandKind  = "order def-air"
)

// Combat is one combat in progress: the series' procedure on Salerno's
// declaration, with the state of its own stages.
type Combat struct {
	*combat.Combat
	in *combatIn
	// defAirDone: the defender has decided on defensive air.
	defAirDone bool
	// excessDone: the defender has named the units over the stacking
	// limit of a breakthrough combat (15.3).
	excessDone bool
	// varDie is the variable-strength die, 0 before it; varLost the
	// unit it eliminated (19.3).
	varDie  int
	varLost string
	// ddPicked: the defender has picked a result of a two-result DD cell
	// (11.4.3).
	ddPicked bool
	// reconDone: 25.2 is settled; reconUsed: the lone recon defender
	// ignores the step (optional 25.2).
	reconDone, reconUsed bool
	// desp is the Desperate Defense (11.5); delayLen the length of a
	// Delay's retreat the defender chose, 0 before (11.6.1).
	desp     despState
	delayLen int
	// shDone are the Shattered units' automatic retreats (13.3.2);
	// shCache the last trigger found, for the combat so far (shKey).
	shDone  shRetreats
	shCache shTrigger
}

// variableTable is T12 (19.3): 1-3 give 0, 4-5 give 1, 6 gives 2.
var variableTable = combat.Table[int]{Name: "Variable strength", Rule: "19.3", Lo: 1, Rows: [][]int{{0}, {0}, {0}, {1}, {1}, {2}}}

// newCombat builds the combat of a declaration from the position; check:
// the declaration is new (combatInput).
func (g *Game) newCombat(a AttackCommand, check bool) (*Combat, error) {
	in, err := g.combatInput(a, check)
	if err != nil {
		return nil, err
	}
	o, err := in.odds()
	if err != nil {
		return nil, err
	}
	c := &Combat{in: in}
	c.Combat = &combat.Combat{Attacker: string(in.attacker), Defender: string(other(in.attacker)),
		Attackers: g.combatUnits(in, in.attackers), Defenders: g.combatUnits(in, in.defenders),
		Terrain: string(g.b.Terrain(in.target)), Layout: g.b.Layout(), Origin: a.Target, Grammar: grammar, Odds: o}
	c.Stages = c.stages()
	c.Eliminates = func(u combat.Unit, _ int) bool {
		i := g.index(u.ID)
		return g.sc.Units[i].Beachhead() || g.pos().face(i).MA == 0 // 18.1.3, 19.3
	}
	c.ReachCap = g.breakthroughReach(a)
	if c.ReachCap != nil {
		c.AdvanceOK = breakthroughPathOK
	}
	c.RetreatMap = g.retreatMap(c)
	c.AdvanceMap = g.advanceMap(c)
	return c, nil
}

// combatUnits are units as the series' procedure reads them.
func (g *Game) combatUnits(in *combatIn, units []int) []combat.Unit {
	var out []combat.Unit
	allRiver := true
	for _, i := range in.attackers {
		allRiver = allRiver && in.acrossRiver(i)
	}
	for _, i := range units {
		u, us, f := g.sc.Units[i], g.s.Units[i], g.pos().face(i)
		cu := combat.Unit{ID: u.ID, Steps: g.stepsLeft(i), MA: f.MA, Mechanized: u.Info().Mech,
			Disrupted: us.Status != GoodOrder, MAF: true, FromHex: us.Hex, NoLead: u.ASU(), NoAdvance: u.ASU() || f.MA == 0,
			RetreatedIn: u.Side != in.attacker && in.retreatedIn(i), // 12.5, 15.3
			OverLimit:   u.Side != in.attacker && in.overLimit(i)}   // 15.3, 10.2.2 note
		cu.NoLead = cu.NoLead || slices.Contains(g.s.Recon, u.ID) // 25.2: no DD this phase
		if u.Side == in.attacker {
			cu.Strength, _ = in.attackStrength(i)
			cu.MAF = in.maf[i]
		} else {
			cu.Strength = in.defenseStrength(i, allRiver)
		}
		out = append(out, cu)
	}
	return out
}

// stages are the combat's procedure.
func (c *Combat) stages() []combat.Stage {
	g := c.in.g
	s := []combat.Stage{c.defAirStage(), c.variableStage(), combat.CRTStageDRM(&g.b.chart.CRT, "8.3 step 4", c.crtDRM), c.reconStage()}
	if g.s.Phase == PhaseInvasion {
		s = s[1:] // 24.2.4: no shift but the elite one, so no defensive air
	}
	if c.in.a.Auto {
		// 8.7.1: no support, the variable strength counts 2 (19.3), the
		// DS at once; the advance waits for the Combat Phase (8.7.2).
		s = []combat.Stage{combat.CRTStage(&g.b.chart.CRT, "8.7.1"), c.reconStage()}
		s = append(s, combat.LossStages(c.lossRules(combat.LossRules{Opponent: "8.7.1", Owner: "8.7.1", Defender: "8.7.1"}))...)
		retreat := combat.RetreatStage(combat.RetreatRules{Rule: "8.7.1", OneHex: "12.1.5", Step: "12.2", Split: g.ver.splitRetreat})
		if g.ver.shEachHex {
			return append(s, c.shAround(retreat)...) // 13.3.2: the Auto DS's retreat too
		}
		return append(s, retreat)
	}
	s = append([]combat.Stage{c.excessStage()}, s...) // 15.3: before all, in a breakthrough
	s = append(s, combat.LossStages(c.lossRules(combat.LossRules{Opponent: "10.2.1", Owner: "10.2.1", Defender: "10.2.1"}))...)
	d := c.determined()
	dd := combat.DDStages(d)
	// 11.5: the Desperate Defense's failures are told before the DD's end.
	words := dd[0].Words
	dd[0].Words = func(cc *combat.Combat) string { return c.despWords(d) + words(cc) }
	s = append(s, dd[0], c.despStage(d), c.despRollStage(dd[1]), c.ddPickStage("11.1"), dd[2], c.partStage(), c.delayStage())
	rr := combat.RetreatRules{Rule: "12.1", OneHex: "12.1.5", Step: "12.2", Split: g.ver.splitRetreat} // 12.1.2: the stack may split
	if g.ver.shEachHex {
		s = append(s, c.shAround(combat.RetreatStage(rr))...)
		return append(s, combat.AdvanceStage("14.1", nil), c.areaAdvanceStage())
	}
	return append(s, combat.RetreatStage(rr), c.shStage(), combat.AdvanceStage("14.1", nil), c.areaAdvanceStage())
}

// shAround puts the automatic retreat's stage (13.3.2) before the retreat,
// from salerno43/5: the Shattered units a part of the retreat sets off
// retreat before the next part goes, and those an advance sets off before
// the next advance. They are told after the retreat, as before.
func (c *Combat) shAround(retreat combat.Stage) []combat.Stage {
	sh := c.shStage()
	told := combat.Stage{Name: "sh-retreat-words", Await: func(*combat.Combat) (combat.Await, bool) { return combat.Await{}, false }, Words: sh.Words}
	sh.Words = nil
	return []combat.Stage{sh, retreat, told}
}

// lossRules are lr with what the versions read differently: from
// salerno43/3 the defenders' step falls on those that added to the
// defense (10.2.2, 8.4.6: lossPick), and when both sides lose a step the
// defender picks first (10.2.2).
func (c *Combat) lossRules(lr combat.LossRules) combat.LossRules {
	if c.in.g.ver.lossFromContributors {
		lr.Pick = c.lossPick
	}
	lr.DefenderFirst = c.in.g.ver.defenderPicksFirst
	return lr
}

// lossPick names the defenders that must take the step (10.2.2): those
// that added to the defense, while they hold the steps the loss asks; a
// bracketed unit stacked with others (8.4.6) and a Shattered unit (13.3.2)
// are chosen only once they are gone. ok false leaves every defender that
// may take a loss to the choice: none or all of them added to it, or the
// loss asks more steps than those that did hold (the others then take the
// rest).
func (c *Combat) lossPick(cc *combat.Combat, defender bool) ([]string, string, bool) {
	if !defender {
		return nil, "", false
	}
	all := combat.Absorbers(cc.Defenders)
	added := slices.DeleteFunc(slices.Clone(all), func(u combat.Unit) bool { return !c.addsToDefense(c.in.g.index(u.ID)) })
	if len(added) == 0 || len(added) == len(all) || combat.StepsOf(added) < cc.Result.DefenderLoss(combat.StepsOf(all)) {
		return nil, "", false
	}
	return combat.IDs(added), "10.2.2", true
}

// addsToDefense: defender i adds to the hex's defense (10.2.2): not a
// Shattered unit (13.3.2), nor a bracketed one while any other defender
// but a bracketed one stands with it (8.4.6, as defense counts them: one
// over the stacking limit in a breakthrough is not there, 15.3).
func (c *Combat) addsToDefense(i int) bool {
	g := c.in.g
	if g.s.Units[i].Status == Shattered {
		return false
	}
	if !g.pos().face(i).Bracketed {
		return true
	}
	return !slices.ContainsFunc(c.in.defenders, func(j int) bool {
		return !c.in.overLimit(j) && (g.sc.Units[j].Beachhead() || !g.pos().face(j).Bracketed)
	})
}

// defAirNeed is the defender's air marker that may support this combat, ""
// for none (9.4: one of its nationality in the hex; 22.2.2 the Luftwaffe).
func (c *Combat) defAirNeed() string {
	g := c.in.g
	for _, i := range c.in.defenders {
		if m := airMarker(nation(&g.sc.Units[i])); g.markerReady(m) {
			return m
		}
	}
	return ""
}

// defAirStage is 8.3 step 2's last part: the defender's air (9.4).
func (c *Combat) defAirStage() combat.Stage {
	return combat.Stage{Name: "def-air",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if c.defAirDone || c.Rolled || c.defAirNeed() == "" {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecDefAir, Side: c.Defender, Choices: []string{string(CmdDefAir), string(CmdNoDefAir)}, Rule: "9.4"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.defAirDone = true
			c.in.defAir = cmd.Kind == CmdDefAir
			return c.reOdds()
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdOrderAir)
			if !ok {
				return combat.Command{}, false
			}
			if ord.Mode == combat.ModeNever {
				return combat.Command{Kind: CmdNoDefAir}, true
			}
			return combat.Command{Kind: CmdDefAir}, true
		},
		Words: func(_ *combat.Combat) string {
			if c.in.defAir {
				return "defensive air (9.4)"
			}
			return ""
		},
	}
}

// variableStage is 8.3 step 3: the German rolls a variable-strength
// defender's strength (19.3); at 0 it is eliminated at once, and if it was
// the only defender the combat is a DS.
func (c *Combat) variableStage() combat.Stage {
	return combat.Stage{Name: "variable",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if c.varDie != 0 || c.variableDefender() < 0 {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollVariable, Side: c.Defender, Rule: "19.3"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			g := c.in.g
			c.varDie = die
			v := c.variableDefender()
			c.in.variable = variableTable.Roll(0, die, 0)
			if c.in.variable == 0 {
				c.varLost = g.sc.Units[v].ID
				c.in.defenders = slices.DeleteFunc(slices.Clone(c.in.defenders), func(i int) bool { return i == v })
				if len(c.in.defenders) == 0 {
					c.Odds.Final = ladder.Top // 19.3: the combat counts as a DS
					c.Defenders = nil
					return nil
				}
			}
			c.Defenders = g.combatUnits(c.in, c.in.defenders)
			return c.reOdds()
		},
		Words: func(_ *combat.Combat) string {
			if c.varDie == 0 {
				return ""
			}
			if c.varLost != "" {
				return fmt.Sprintf("variable strength die %d: 0, %s eliminated (19.3)", c.varDie, c.varLost)
			}
			return fmt.Sprintf("variable strength die %d: %d (19.3)", c.varDie, c.in.variable)
		},
	}
}

// variableDefender is the variable-strength defender, -1 for none.
func (c *Combat) variableDefender() int {
	for _, i := range c.in.defenders {
		if c.in.g.pos().face(i).Variable {
			return i
		}
	}
	return -1
}

// reOdds computes the odds again after a stage changed what they read.
func (c *Combat) reOdds() error {
	o, err := c.in.odds()
	if err != nil {
		return err
	}
	c.Odds = o
	return nil
}

// determined is Salerno's Determined Defense (11.0).
func (c *Combat) determined() *combat.Determined {
	g := c.in.g
	return &combat.Determined{
		Resolve: func(cc *combat.Combat, lead combat.Unit, support bool, die int) combat.DDOutcome {
			col, heading := c.ddColumn()
			i := g.index(lead.ID)
			drm := qualityDRM(g.pos().face(i).Quality)
			if cc.Result.Tags&TagOrange != 0 {
				drm--
			}
			if support {
				drm++
			}
			drm = min(drm, 2) // 11.2.4: +2 at most, unless Valiant and Warspite add +1 (19.4)
			if c.ddValiant() {
				drm++
			}
			modified := min(die+drm, ddHi)
			res := c.ddChoice(g.b.chart.DD.Roll(col, die, drm))
			return combat.DDOutcome{Lead: lead.ID, Column: col, Heading: heading, DRM: drm, Roll: die, Modified: modified, Result: res}
		},
		Support: c.ddSupportOffered(),
		Cell: func(r combat.DDResult) string {
			switch {
			case r.Tags&TagUrban != 0:
				return "P, urban combat (11.6.2)"
			case r.Tags&TagSecondDelay != 0:
				return "D, the second of a Desperate Defense: -/1 H (11.6.1)"
			case r.Tags&TagDelay != 0:
				return "D, a Delay (11.6.1)"
			case r.Tags&TagDelayFail != 0:
				return "D, no retreat: a failure (11.6.1)"

			case r.Success && r.LeadSteps > 0:
				return "-/1 H"
			case r.Success:
				return "H"
			case r.LeadSteps > 0:
				return "-/1"
			}
			return "-/-"
		},
		Rule: "11.1", RollRule: "11.2.1", EXRule: "11.4.1", ALRule: "11.4.1",
		// 10.2.2: the attacker's step on 1/dis H too comes from the MAF.
		ALFromMAF: g.ver.ddLossFromMAF,
	}
}

// ddColumn is the defender's column (11.2.1 step 3): City, Clear (clear
// terrain without a town), Other.
func (c *Combat) ddColumn() (int, string) {
	switch c.in.g.b.Terrain(c.in.target) {
	case City:
		return DDCity, "City"
	case Clear:
		return DDClear, "Clear"
	}
	return DDOther, "Other"
}

// ddChoice reads a DD cell for the series' procedure. Where the cell
// offers two results the defender takes the better (11.4.3): one that holds
// before one that fails, then the fewer steps lost. P and D are read by
// 11.6 (ddOutcome, delay.go).
func (c *Combat) ddChoice(cell DDCell) combat.DDResult {
	best, bestScore := combat.DDResult{}, -100
	for _, r := range cell {
		out := c.ddResult(r)
		score := -out.LeadSteps
		if out.Success {
			score += 10
		}
		if score > bestScore {
			best, bestScore = out, score
		}
	}
	return best
}

// ddResult is one result of a DD cell as the series' procedure reads it.
func (c *Combat) ddResult(r DDResult) combat.DDResult {
	out := c.ddOutcome(r)
	if r.DefenderPicks {
		out.MAFSteps = r.AttackerSteps
	} else {
		out.AttackerSteps = r.AttackerSteps // the attacker picks on 1/dis H (among the MAF, 10.2.2)
	}
	if r.Disorganize {
		out.Tags |= TagDisLead
	}
	return out
}

// TagDisLead: "1/dis H", the lead unit becomes DG but holds (11.4.1).
const TagDisLead combat.Tags = 1 << 8

// ddSupportOffered: the DD may be declared with support (11.3), its
// source named by the defender (ddSources) or, under salerno43/2 and
// older, the referee's pick (ddSupport).
func (c *Combat) ddSupportOffered() bool {
	if c.in.g.ver.ddNamedSource {
		return c.anyDDSource()
	}
	return c.ddSupport() != ""
}

// ddSupport is the defensive support the defender may declare (11.3): a
// ready ASU of the defenders' nationality in range (a divisional one with a
// unit of its division in the hex) or its naval marker; "" for none. The
// air marker is offered as defensive air (9.4) instead, decided before the
// die.
func (c *Combat) ddSupport() string {
	g := c.in.g
	nat := c.defNation()
	if nat == "" {
		return "" // 11.3: one source of the lead's nationality; a mixed hex takes none
	}
	for i, u := range g.sc.Units {
		if !u.ASU() || nation(&u) != nat || g.asuCanSupport(i, c.in.target, nat) != nil {
			continue
		}
		if u.Level == "division" && !slices.ContainsFunc(c.in.defenders, func(j int) bool { return g.formationOf(j) == u.Formation }) {
			continue
		}
		return u.ID
	}
	if nat != "de" && g.markerReady(nat+"-naval") && g.navalReach(c.in.target) == nil {
		return nat + "-naval"
	}
	return ""
}

// hexOf is where unit id stands.
func (g *Game) hexOf(id string) (hex.Axial, bool) { return g.axial(g.index(id)) }
