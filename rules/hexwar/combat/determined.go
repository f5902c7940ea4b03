package combat

// Determined Defense, the defender's roll to stand instead of retreating
// (Normandy '44 12.4, Ardennes '44 16.7, Salerno '43 11.0): each game has
// its own table, columns and modifiers; the series shares the decision, the
// Lead, the roll and its losses.

// DDResult is one cell of a determined-defense table.
type DDResult struct {
	// Success: the retreat is cancelled and so is the attacker's advance;
	// the stack stays. Without it the defenders retreat.
	Success bool
	// LeadSteps is the Lead's step loss.
	LeadSteps int
	// MAFSteps is the step loss of one MAF unit the defender picks (EX).
	MAFSteps int
	// AttackerSteps is the step loss of any attacking unit, MAF or not,
	// the attacker picks (AL).
	AttackerSteps int
	// Tags are the game's own effects (Normandy '44: the IP is destroyed).
	Tags Tags
}

// DDOutcome is a resolved Determined Defense.
type DDOutcome struct {
	Lead     string
	Column   int    // the table's column
	Heading  string // its heading, for the narration
	DRM      int
	Roll     int
	Modified int
	Result   DDResult
}

// Determined is a game's Determined Defense as the procedure runs it.
type Determined struct {
	// Resolve resolves a die (1-6) for a Lead of the combat, with or
	// without declared defensive support: the game's column, modifiers and
	// table.
	Resolve func(c *Combat, lead Unit, support bool, die int) DDOutcome
	// Support: the decision offers "dd U support" (Normandy '44 12.4.7,
	// Salerno '43 11.3); the game's own rules say when a source exists.
	Support bool
	// Cell prints a result as the table does, for the narration.
	Cell func(DDResult) string
	// Note adds the game's own words on an outcome ("IP destroyed"); nil
	// for none.
	Note func(c *Combat, o DDOutcome) string
	// Rule is the decision's (12.4.1, 12.4.2), RollRule the die's
	// (12.4.3), EXRule and ALRule the attacker's losses' (12.4.8).
	Rule, RollRule, EXRule, ALRule string
	// ALFromMAF: the attacker's own pick of his step on a result's
	// AttackerSteps falls on the MAF while any of it is left (Salerno '43
	// 10.2.2 from salerno43/3); otherwise on any attacker left.
	ALFromMAF bool
}

// DDAllowed reports whether the result lets the survivors try a
// Determined Defense: a result that allows it, and a Lead.
func DDAllowed(r Result, survivors []Unit) bool {
	return r.DeterminedDefense && len(Leads(survivors)) > 0
}

// BestLead is the Lead with the best chance, counted over the six faces:
// successes first, then fewer Lead losses; for "order dd always".
func (d *Determined) BestLead(c *Combat) string {
	best, bestScore := "", -1
	for _, l := range Leads(c.Survivors()) {
		score := 0
		for roll := 1; roll <= Die; roll++ {
			r := d.Resolve(c, l, false, roll).Result
			if r.Success {
				score += 10
			}
			if r.LeadSteps == 0 {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = l.ID, score
		}
	}
	return best
}
