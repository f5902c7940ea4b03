package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar/combat"

// Retreat after combat (13.x) and advance after combat (14.x): the series'
// searches (rules/hexwar/combat) over Normandy's ground (combat_ground.go).

// CombatMap is what retreats and advances need to know of the map, seen
// from the moving side.
type CombatMap = combat.Map

// RetreatUnit is a unit of the retreating stack.
type RetreatUnit = combat.RetreatUnit

// RetreatPath is one legal retreat of a stack, with its cost.
type RetreatPath = combat.RetreatPath

// AdvanceUnit is one attacking unit that may advance.
type AdvanceUnit = combat.AdvanceUnit

// maxRetreatExtension bounds the extra hexes of 13.1.5; the rule gives no
// number.
const maxRetreatExtension = combat.MaxRetreatExtension

// mayAdvance: HQs, Werfers, MA-0 units never advance (14.1); parenthesized
// units do when stacked with an attacker (10.7), which the caller knows.
func mayAdvance(u CombatUnit) bool {
	return u.Type != HQ && u.Type != Werfer && u.MA > 0
}
