package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// The German player turn of turn 1 (20.4, after the Special Invasion Phase):
// every German unit moves on its full MA, except that restricted-mobility
// units (17.6) and all Ost units (17.1) may not move, the units of the 21st
// Panzer Division have MA 3, and neither Strategic Movement nor Trucks may be
// used (9.8.7, canSM and canTruck). The scenario names the formation that is
// the 21st Panzer Division with the [special] record 'panzer-21 FORMATION'.

// turn1MA21Pz is the MA of the 21st Panzer Division's units in turn 1 (20.4).
const turn1MA21Pz = 3

// germanTurn1Check refuses to move an Ost or restricted-mobility unit in
// turn 1 (20.4, 17.1, 17.6).
func (g *Game) germanTurn1Check(i int) error {
	u := g.unit(i)
	if g.s.Turn != 1 || u.Side != German {
		return nil
	}
	switch {
	case u.Type == Ost:
		return rules.Refuse("20.4", "Ost units do not move in turn 1 (17.1)")
	case slices.Contains(u.Marks, MarkRestricted):
		return rules.Refuse("20.4", "%s has restricted mobility: it does not move in turn 1 (17.6)", u.ID)
	}
	return nil
}

// panzer21 reports whether a formation is the one the scenario names as the
// 21st Panzer Division.
func (g *Game) panzer21(formation string) bool {
	return formation != "" && slices.ContainsFunc(g.sc.Special, func(r SpecialRule) bool {
		return r.Kind == SpecialPanzer21 && r.Formation == formation
	})
}

// turn1MA is unit i's MA before weather and Strategic Movement: 3 for the
// 21st Panzer Division in turn 1 (20.4), else ma.
func (g *Game) turn1MA(i, ma int) int {
	if u := g.unit(i); g.s.Turn == 1 && u.Side == German && g.panzer21(u.Formation) {
		return turn1MA21Pz
	}
	return ma
}
