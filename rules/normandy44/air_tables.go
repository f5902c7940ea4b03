package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar/combat"

// Air support: the Jabos table (T10, 19.1.3) and the Strafing table (T11,
// 19.1.4-19.1.5), seed L2175-2196, with the per-combat marker limits of 19.1.

// jabosTable is T10, "Jabos (w obronie)", seed L2177-2183: left shifts by
// die roll 1-6; "-" is 0. "Wynik to Przesunięcia w TWW w lewo" (L2185).
var jabosTable = combat.Table[int]{Name: "T10 Jabos", Rule: "19.1.3", Lo: 1,
	Rows: [][]int{{0}, {0}, {0}, {1}, {2}, {3}}} // L2178-2183

// jabos is the Jabos roll made before each German attack in Clear weather,
// after every other shift is known (19.1.3, L1312): the number of left
// shifts, 0 to 3. The roll has no modifiers. Who rolls is AMBIG-34; the
// table does not care.
func jabos(roll int) int { return jabosTable.Roll(0, roll, 0) }

// jabosShift is the Jabos result as a shift for the combat's narration;
// false when the roll has no effect.
func jabosShift(roll int) (Shift, bool) {
	n := jabos(roll)
	return shift(ShiftJabos, n), n > 0
}

// StrafeMods are the strafing die-roll modifiers (19.1.5, L1318-1321; table
// L2193-2196).
type StrafeMods struct {
	// Flak88: the target is stacked with or adjacent to an 88mm Flak unit
	// (not an 88mm anti-tank unit): -1. The table's "- 1 gdy cel ma oddział
	// plot" lost its minus sign's meaning to the OCR list bullet.
	Flak88 bool
	// StrategicMove: the target is marked for strategic movement: +1.
	StrategicMove bool
}

// DRM is the total strafing modifier.
func (m StrafeMods) DRM() int {
	d := 0
	if m.Flak88 {
		d--
	}
	if m.StrategicMove {
		d++
	}
	return d
}

// strafeTableT11 is T11, "Ostrzał (Alianci)", seed L2189-2191: 1-5 "-",
// 6 "1", a step lost. 19.1.4 says a modified result "equal to 6" (L1316);
// a 6 raised to 7 by the +1 reads the last row, a hit too, since the +1
// favours the strafer. 2.2 strafes only silhouette armored units, so every
// target of a hit loses its step.
var strafeTableT11 = combat.Table[strafeResult]{Name: "T11 Strafing", Rule: "19.1.4", Lo: 1,
	Rows: [][]strafeResult{{{}}, {{}}, {{}}, {{}}, {{}}, {{SilhouetteStep: true}}}} // L2190-2191

// strafe is one strafing roll of 2.2 against one German silhouette armored
// unit in the strafed hex (19.1.4): the unit's step loss, 0 or 1. Strafing
// may eliminate the unit; it has no effect on armor without a silhouette.
func strafe(roll int, m StrafeMods) int {
	return count(strafeTableT11.Roll(0, roll, m.DRM()).SilhouetteStep)
}

// airMarkersPerCombat is how many air markers may support one attack, each
// giving 1R (19.1.2, L1308, changed in 2.2), and how many may strafe one hex
// (19.1.4, L1316): 1 before turn 17, 2 from turn 17.
func airMarkersPerCombat(turn int) int {
	if turn >= 17 {
		return 2
	}
	return 1
}

// navalMarkersPerCombat: at most one naval marker per attack or defense
// (19.2.3, L1332).
const navalMarkersPerCombat = 1
