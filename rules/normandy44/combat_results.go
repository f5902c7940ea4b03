package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

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
// counts. The first edition (12.4.2, IT L892-900, D22) compares any AC Lead
// with the MAF's best: +1 if the Lead's is better or the MAF has none, -1 if
// the MAF's is better, 0 if equal; an anti-tank (red) Lead compares only
// when an armored unit takes part in the attack, in the MAF or not. The
// Lead's player takes the comparison or the quality, whichever is better
// (digest A37).
func ddMods(in CombatInput, lead CombatUnit, support bool) DeterminedMods {
	m := DeterminedMods{Quality: lead.Quality, Support: support}
	e := in.edition()
	best := 0
	for _, u := range in.maf() {
		best = max(best, u.AC)
	}
	// Whether an anti-tank Lead may compare: armor in the MAF (2.2, any AC
	// there), or an armored unit anywhere in the attack (the first edition).
	armored := best > 0
	if !e.ddATLeadNeedsArmorInMAF {
		armored = slices.ContainsFunc(in.Attackers, func(u CombatUnit) bool { return u.AC > 0 && !u.AntiTank })
	}
	if lead.AC == 0 || (lead.AntiTank && !armored) {
		return m
	}
	m.ArmorClass = best == 0 || lead.AC > best
	m.ArmorWorse = e.ddArmorCompareNegative && lead.AC < best
	return m
}

// DDOutcome is a resolved Determined Defense (12.4.8).
type DDOutcome = combat.DDOutcome

// resolveDD resolves a DD roll for a Lead (12.4.3-12.4.8).
func resolveDD(in CombatInput, lead CombatUnit, support bool, roll int) DDOutcome {
	sp := lead.Type == Strongpoint
	if in.edition().ddColumnSPPresent {
		sp = slices.ContainsFunc(in.Defenders, func(u CombatUnit) bool { return u.Type == Strongpoint && !u.RetreatedIn }) // D21
	}
	col := determinedColumn(in.Target.Terrain, in.Improved, sp)
	m := ddMods(in, lead, support)
	return DDOutcome{Lead: lead.ID, Column: int(col), Heading: col.String(), DRM: m.DRM(), Roll: roll,
		Modified: roll + m.DRM(), Result: determined(col, roll, m)}
}

// despAllowed is 12.5: after a failed DD, when the units eligible to lead
// hold at least 2 steps (in the first edition, any units that may take a
// loss: "the unit or stack holds at least two steps", IT L926, D24) and the
// stack would be eliminated if it retreated.
func despAllowed(e *edition, survivors []combat.Unit, retreatEliminates bool) bool {
	holders := combat.Absorbers(survivors)
	if e.desperateDefenseEligibleStepsOnly {
		holders = combat.Leads(survivors)
	}
	return combat.StepsOf(holders) >= 2 && retreatEliminates
}
