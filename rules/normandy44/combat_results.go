package normandy44

import (
	"fmt"
	"slices"
)

// Combat results (12.x): the CRT roll, who chooses each loss, Determined and
// Desperate Defense.

// combatResult reads the CRT for the combat's final column and die (10.5
// step 3, 12.1); an automatic A1 ignores the die (10.6).
func combatResult(o Odds, roll int) Result { return crt(o.Final, roll) }

// LossChoice is one set of step losses a side must assign: who chooses, how
// many steps, and which units may take them.
type LossChoice struct {
	Chooser Side
	Steps   int
	Units   []string // eligible units; a unit may take more than one step
	Rule    string
}

func other(s Side) Side {
	if s == Allied {
		return German
	}
	return Allied
}

// absorbers are the defenders that may take step losses: not the units that
// retreated in this phase (13.5).
func absorbers(in CombatInput) []CombatUnit {
	var out []CombatUnit
	for _, u := range in.Defenders {
		if !u.RetreatedIn {
			out = append(out, u)
		}
	}
	return out
}

func defenderSteps(in CombatInput) int {
	n := 0
	for _, u := range absorbers(in) {
		n += u.Steps
	}
	return n
}

func ids(us []CombatUnit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

// attackerLossChoice is the MAF's step loss (12.2.1): on EX and A1/D2 the
// defender picks any MAF unit; otherwise a unit that provided a quality, AS
// or Tiger shift must take it (the attacker chooses among several
// providers, AMBIG-18); otherwise the attacker picks any MAF unit.
func attackerLossChoice(in CombatInput, o Odds, r Result) (LossChoice, bool) {
	n := r.AttackerLoss(defenderSteps(in))
	if n == 0 {
		return LossChoice{}, false
	}
	maf := ids(in.maf())
	if r.OpponentChooses {
		return LossChoice{Chooser: other(in.Attacker), Steps: n, Units: maf, Rule: "12.2.1 step 2"}, true
	}
	if p := o.Providers(); len(p) > 0 {
		return LossChoice{Chooser: in.Attacker, Steps: n, Units: p, Rule: "12.2.1 step 3"}, true
	}
	return LossChoice{Chooser: in.Attacker, Steps: n, Units: maf, Rule: "12.2.1 step 4"}, true
}

// defenderLossChoice is the defenders' step loss (12.2.2): the defender
// chooses, except on EX and A1/D2, where the attacker does; DH costs half
// the steps rounded up.
func defenderLossChoice(in CombatInput, r Result) (LossChoice, bool) {
	ab := absorbers(in)
	n := r.DefenderLoss(defenderSteps(in))
	if n == 0 || len(ab) == 0 {
		return LossChoice{}, false
	}
	c := LossChoice{Chooser: other(in.Attacker), Steps: n, Units: ids(ab), Rule: "12.2.2"}
	if r.OpponentChooses {
		c.Chooser = in.Attacker
	}
	return c, true
}

// checkLosses verifies that losses (one unit id per step, repeats allowed)
// answer the choice: the right count, eligible units, no unit losing more
// steps than it has. A whole side's eliminated units may be fewer steps than
// asked when the units run out.
func checkLosses(c LossChoice, losses []string, units []CombatUnit) error {
	steps := map[string]int{}
	for _, u := range units {
		steps[u.ID] = u.Steps
	}
	total := 0
	for _, id := range c.Units {
		total += steps[id]
	}
	want := min(c.Steps, total)
	if len(losses) != want {
		return fmt.Errorf("%w: %d step losses given, %d due (%s)", ErrDecision, len(losses), want, c.Rule)
	}
	used := map[string]int{}
	for _, id := range losses {
		if !slices.Contains(c.Units, id) {
			return fmt.Errorf("%w: %s may not take this loss (%s)", ErrDecision, id, c.Rule)
		}
		used[id]++
		if used[id] > steps[id] {
			return fmt.Errorf("%w: %s has only %d steps", ErrDecision, id, steps[id])
		}
	}
	return nil
}

// ddLeads are the surviving defenders that may lead a Determined Defense
// (12.4.2): not HQs, Werfers, Disrupted units or units that retreated in.
func ddLeads(defenders []CombatUnit) []CombatUnit {
	var out []CombatUnit
	for _, u := range defenders {
		if u.Steps > 0 && u.Type != HQ && u.Type != Werfer && !u.Disrupted && !u.RetreatedIn {
			out = append(out, u)
		}
	}
	return out
}

// ddAllowed reports whether the result lets the survivors try DD (12.4.1):
// only on A1/DR, DR, D1 and A1/D1, and with an eligible Lead (12.4.2).
// survivors are the defenders after the CRT losses.
func ddAllowed(r Result, survivors []CombatUnit) bool {
	return r.DeterminedDefense && len(ddLeads(survivors)) > 0
}

// mayIgnoreRetreat is 12.6: when the MAF was one 1-step unit and the result
// eliminated it (A1/DR, A1/D1, A1/D2), the defender may ignore the retreat.
func mayIgnoreRetreat(in CombatInput, r Result) bool {
	maf := in.maf()
	return len(maf) == 1 && maf[0].Steps == 1 && r.Retreat > 0 &&
		r.AttackerLoss(defenderSteps(in)) > 0
}

// ddMods are the DRM inputs of a Lead (12.4.5, 12.4.6): its quality, and +1
// when its AC beats the MAF's best; against a MAF without AC only a gray AC
// counts.
func ddMods(lead CombatUnit, maf []CombatUnit, support bool) DeterminedMods {
	best := 0
	for _, u := range maf {
		best = max(best, u.AC)
	}
	ac := lead.AC > best && (best > 0 || !lead.AntiTank)
	return DeterminedMods{Quality: lead.Quality, ArmorClass: ac, Support: support}
}

// DDOutcome is a resolved Determined Defense (12.4.8).
type DDOutcome struct {
	Lead     string
	Column   DeterminedColumn
	Mods     DeterminedMods
	Roll     int
	Modified int
	Result   DeterminedResult
}

// resolveDD resolves a DD roll for a Lead (12.4.3-12.4.8).
func resolveDD(in CombatInput, lead CombatUnit, support bool, roll int) DDOutcome {
	col := determinedColumn(in.Target.Terrain, in.Improved, lead.Type == Strongpoint)
	m := ddMods(lead, in.maf(), support)
	return DDOutcome{Lead: lead.ID, Column: col, Mods: m, Roll: roll, Modified: roll + m.DRM(),
		Result: determined(col, roll, m)}
}

// despAllowed is 12.5: after a failed DD, when the units eligible to lead
// hold at least 2 steps and the stack would be eliminated if it retreated.
func despAllowed(survivors []CombatUnit, retreatEliminates bool) bool {
	steps := 0
	for _, u := range ddLeads(survivors) {
		steps += u.Steps
	}
	return steps >= 2 && retreatEliminates
}

// afterLosses applies step losses to a copy of units and drops the
// eliminated ones. An Ost unit is removed by any step loss (17.1).
func afterLosses(units []CombatUnit, losses []string) []CombatUnit {
	out := slices.Clone(units)
	for _, id := range losses {
		for i := range out {
			if out[i].ID == id {
				out[i].Steps--
				if out[i].Type == Ost {
					out[i].Steps = 0
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(u CombatUnit) bool { return u.Steps <= 0 })
}
