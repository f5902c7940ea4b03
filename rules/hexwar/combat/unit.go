package combat

import "slices"

// Unit is one unit in a combat as the series' procedure reads it: what the
// counter shows now, and the few facts of the game's own rules that the
// procedure needs (who may lead a Determined Defense, who may advance),
// which the game sets when it builds the combat. A game keeps the rest of
// its units' data (types, markers, approaches) in its own input.
type Unit struct {
	ID          string
	Strength    int  // current printed strength
	Steps       int  // steps left
	MA          int  // movement allowance; 0 may neither retreat nor advance
	Mechanized  bool // retreats and advances as a vehicle
	Disrupted   bool // may not lead a Determined Defense
	RetreatedIn bool // retreated into the hex in this phase: no losses, eliminated by a retreat
	MAF         bool // attackers: part of the main attacking force
	FromHex     string

	// OverLimit: one of the defenders over the stacking limit that the
	// owner named (Salerno '43 15.3, 10.2.2 note): it adds nothing, takes
	// no loss and leads no Determined Defense, but retreats as any other.
	OverLimit bool

	// NoLead: the unit's kind may never lead a Determined Defense
	// (Normandy '44 12.4.2: HQs and Werfers; Salerno '43 11.2.3: ASU).
	NoLead bool
	// NoAdvance: the unit's kind never advances (Normandy '44 14.1: HQs
	// and Werfers).
	NoAdvance bool
	// LimitedAdvance: the unit may advance into the vacated hex only
	// (Normandy '44 6.5.2: Regroup).
	LimitedAdvance bool
	// Fragile: any step loss eliminates it (Normandy '44 17.1: Ost units).
	Fragile bool
	// RoadBonus is how many hexes more it advances along a road
	// (AdvanceUnit.RoadBonus; Ardennes '44 19.1.3).
	RoadBonus int
}

// IDs lists the units' ids in order.
func IDs(us []Unit) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

// AfterLosses applies step losses (one id per step) to a copy of units and
// drops the eliminated ones.
func AfterLosses(units []Unit, losses []string) []Unit {
	out := slices.Clone(units)
	for _, id := range losses {
		for i := range out {
			if out[i].ID == id {
				out[i].Steps--
				if out[i].Fragile {
					out[i].Steps = 0
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(u Unit) bool { return u.Steps <= 0 })
}

// Absorbers are the defenders that may take step losses: not the units that
// retreated into the hex in this phase (Normandy '44 13.5, Salerno '43
// 12.5), nor those over the stacking limit (Salerno '43 10.2.2 note).
func Absorbers(defenders []Unit) []Unit {
	return slices.DeleteFunc(slices.Clone(defenders), func(u Unit) bool { return u.RetreatedIn || u.OverLimit })
}

// StepsOf sums the units' steps.
func StepsOf(us []Unit) int {
	n := 0
	for _, u := range us {
		n += u.Steps
	}
	return n
}

// MAF lists the units of the main attacking force.
func MAF(attackers []Unit) []Unit {
	return slices.DeleteFunc(slices.Clone(attackers), func(u Unit) bool { return !u.MAF })
}

// Leads are the units that may lead a Determined Defense: with a step
// left, not Disrupted, not retreated in nor over the stacking limit, and
// of a kind that may.
func Leads(defenders []Unit) []Unit {
	return slices.DeleteFunc(slices.Clone(defenders), func(u Unit) bool {
		return u.Steps <= 0 || u.NoLead || u.Disrupted || u.RetreatedIn || u.OverLimit
	})
}
