package normandy44

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// The movement searches price thousands of steps for each Legal and read
// none of their refusals, so mover.check says why a step is refused as a
// stepBar, a small value, and the error a player reads is built from it only
// when a command is refused (mover.step, mover.walk).

// stepBar is why a step is refused; the zero value (stepOK) is a step
// allowed.
type stepBar struct {
	why barReason
	// rule is scenarioBar's answer, for barScenario: the index of the
	// scenario's special rule, or armyBoundary.
	rule int
}

// barReason is one of the movement rules that refuse a step.
type barReason uint8

const (
	stepOK                  barReason = iota
	barOffMap                         // 9.2
	barSea                            // 2.2.1
	barEnemy                          // 9.1
	barScenario                       // S3.1, S3.3, 22.1.2
	barReplEZOC                       // 6.2.5
	barConfined                       // 17.6.2
	barImpassable                     // 9.6
	barSMRoad                         // 9.8.1
	barCyclistRoad                    // 9.9
	barSMEnemyAdjacent                // 9.8.2
	barCyclistEnemyAdjacent           // 9.9
	barTrucksEZOC                     // 9.8.6
	barMechLeavesFlooded              // 9.5.1
	barMechEntersFlooded              // 9.5.1
	barRoadOnly                       // T3
	barMechFloodedRiver               // 9.5.1
	barFloodedRiverFirst              // 9.5.1, TEC note A
	barMajorRiverFirst                // 9.4.1
	barZOCLine                        // 8.5.2
	barEntryEnemy                     // 6.6
	barEntryZOCLine                   // 8.5.2, 6.6
	barEntrySMRoad                    // 9.8.1, 6.6
)

// refusal is the error for a step from one hex to the next that check
// refused with bar; for an entry hex (entryCheck) both are that hex.
func (m *mover) refusal(bar stepBar, from, to hex.Axial) error {
	b := m.g.b
	switch bar.why {
	case barOffMap:
		return rules.Refuse("9.2", "%s is off the map: units never leave it", b.id(to))
	case barSea:
		return rules.Refuse("2.2.1", "%s is all sea", b.id(to))
	case barEnemy:
		return rules.Refuse("9.1", "%s holds enemy units", b.id(to))
	case barScenario:
		return m.scenarioRefusal(bar.rule, to)
	case barReplEZOC:
		return rules.Refuse("6.2.5", "a unit that took a replacement may not enter an enemy ZOC, as in %s", b.id(to))
	case barConfined:
		return rules.Refuse("17.6.2", "%s is outside the Cherbourg defense area: its units may not leave it until released", b.id(to))
	case barImpassable:
		return rules.Refuse("9.6", "the hexside %s/%s is impassable", b.id(from), b.id(to))
	case barSMRoad:
		return rules.Refuse("9.8.1", "Strategic Movement is entirely along roads: no road from %s to %s", b.id(from), b.id(to))
	case barCyclistRoad:
		return rules.Refuse("9.9", "cyclists move 6 MP only along roads: no road from %s to %s", b.id(from), b.id(to))
	case barSMEnemyAdjacent:
		return rules.Refuse("9.8.2", "a unit using Strategic Movement never comes next to an enemy unit, as in %s", b.id(to))
	case barCyclistEnemyAdjacent:
		return rules.Refuse("9.9", "cyclists at 6 MP never enter a hex next to an enemy unit, as %s is", b.id(to))
	case barTrucksEZOC:
		return rules.Refuse("9.8.6", "a unit on Trucks may not enter an enemy ZOC, as in %s", b.id(to))
	case barMechLeavesFlooded:
		return rules.Refuse("9.5.1", "a mechanized unit leaves the flooded hex %s only by road", b.id(from))
	case barMechEntersFlooded:
		return rules.Refuse("9.5.1", "a mechanized unit enters the flooded hex %s only along a road", b.id(to))
	case barRoadOnly:
		return rules.Refuse("T3", "%s (%s) may be entered only along a road", b.id(to), b.terrain(to))
	case barMechFloodedRiver:
		return rules.Refuse("9.5.1", "a mechanized unit crosses the flooded river %s/%s only along a road", b.id(from), b.id(to))
	case barFloodedRiverFirst:
		return rules.Refuse("9.5.1", "the flooded river %s/%s is crossed only as the first move, by a unit that starts next to it (TEC note A)", b.id(from), b.id(to))
	case barMajorRiverFirst:
		return rules.Refuse("9.4.1", "the major river %s/%s is crossed only as the first move, by a unit that starts next to it", b.id(from), b.id(to))
	case barZOCLine:
		return rules.Refuse("8.5.2", "an enemy ZOC Line bars the way from %s to %s", b.id(from), b.id(to))
	case barEntryEnemy:
		return rules.Refuse("6.6", "the entry hex %s holds enemy units", b.id(to))
	case barEntryZOCLine:
		return rules.Refuse("8.5.2", "an enemy ZOC Line runs through the entry hex %s", b.id(to))
	case barEntrySMRoad:
		return rules.Refuse("9.8.1", "Strategic Movement is entirely along roads: no road at %s", b.id(to))
	}
	return nil
}
