package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar/combat"

// Combat results (12.x) that are Normandy's own: 12.6 and the Desperate
// Defense's conditions, and the Determined Defense's column and modifiers
// (determined.go has T2). The series' losses, Leads and retreats are in
// rules/hexwar/combat.

func other(s Side) Side {
	if s == Allied {
		return German
	}
	return Allied
}

// ddLeads are the defenders that may lead a Determined Defense (12.4.2):
// not HQs, Werfers, Disrupted units or units that retreated in.
func ddLeads(defenders []CombatUnit) []combat.Unit { return combat.Leads(units(defenders)) }

// mayIgnoreRetreat is 12.6: when the MAF was one 1-step unit and the result
// eliminated it (A1/DR, A1/D1, A1/D2), the defender may ignore the retreat.
func mayIgnoreRetreat(c *combat.Combat) bool {
	maf := combat.MAF(c.Attackers)
	return len(maf) == 1 && maf[0].Steps == 1 && c.Result.Retreat > 0 &&
		c.Result.AttackerLoss(combat.StepsOf(combat.Absorbers(c.Defenders))) > 0
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
type DDOutcome = combat.DDOutcome

// resolveDD resolves a DD roll for a Lead (12.4.3-12.4.8).
func resolveDD(in CombatInput, lead CombatUnit, support bool, roll int) DDOutcome {
	col := determinedColumn(in.Target.Terrain, in.Improved, lead.Type == Strongpoint)
	m := ddMods(lead, in.maf(), support)
	return DDOutcome{Lead: lead.ID, Column: int(col), Heading: col.String(), DRM: m.DRM(), Roll: roll,
		Modified: roll + m.DRM(), Result: determined(col, roll, m)}
}

// despAllowed is 12.5: after a failed DD, when the units eligible to lead
// hold at least 2 steps and the stack would be eliminated if it retreated.
func despAllowed(survivors []combat.Unit, retreatEliminates bool) bool {
	return combat.StepsOf(combat.Leads(survivors)) >= 2 && retreatEliminates
}
