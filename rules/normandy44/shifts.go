package normandy44

import (
	"fmt"
	"slices"
)

// Column shifts and halving: the summary card "Przesunięcia kolumn w TWW"
// (T13, seed L2147-2173) as data, so that a combat can list every shift with
// its reason, and the shifts that follow from terrain alone.

// Beneficiary is the side of a combat a shift favours: shifts for the
// attacker move right on the CRT, shifts for the defender left.
type Beneficiary uint8

const (
	ForAttacker Beneficiary = iota + 1 // right ("W prawo")
	ForDefender                        // left ("W lewo")
)

func (b Beneficiary) String() string {
	switch b {
	case ForAttacker:
		return "attacker"
	case ForDefender:
		return "defender"
	}
	return "?"
}

// ShiftSource names one kind of column shift.
type ShiftSource string

const (
	ShiftQualityAttacker ShiftSource = "quality"          // 11.5
	ShiftArmorAttacker   ShiftSource = "armor"            // 11.4.1
	ShiftTigerAttacker   ShiftSource = "tiger"            // 11.9
	ShiftAir             ShiftSource = "air"              // 19.1.2
	ShiftNaval           ShiftSource = "naval"            // 19.2
	ShiftStrategicMove   ShiftSource = "strategic-move"   // 9.8.4
	ShiftHQArtillery     ShiftSource = "hq-artillery"     // 11.6, 17.2.5
	ShiftWerfer          ShiftSource = "werfer"           // 17.3
	ShiftCaenArtillery   ShiftSource = "caen-artillery"   // 17.2.8
	ShiftQualityDefender ShiftSource = "quality-defender" // 11.5
	ShiftArmorDefender   ShiftSource = "armor-defender"   // 11.4.2
	ShiftTigerDefender   ShiftSource = "tiger-defender"   // 11.9
	ShiftRiver           ShiftSource = "river"            // 11.3
	ShiftHilltop         ShiftSource = "hilltop"          // 11.8
	ShiftJabos           ShiftSource = "jabos"            // 19.1.3
)

// ShiftRule is one line of the summary card, or of the rules text where the
// card leaves a source out.
type ShiftRule struct {
	Source ShiftSource
	For    Beneficiary
	// Min and Max bound the columns this source gives in one combat; other
	// rules may lower Max (air before turn 17, artillery in Storm).
	Min, Max int
	Rule     string // rule number
	Reason   string // what a player reads in the combat's narration
	// Line is the seed line of the card entry; 0 when the card omits the
	// source and Rule's text is the only authority.
	Line int
}

// shiftRules is the summary card (seed L2147-2166) plus the artillery sources
// the card folds into "HQ artillery" (Werfers, 11.6.1 and 17.3; Caen, 17.2.8).
var shiftRules = []ShiftRule{
	// "W prawo/lewo dla atakującego/broniącego", L2149-2153.
	{ShiftQualityAttacker, ForAttacker, 1, 1, "11.5", "better quality in the MAF", 2151},
	{ShiftArmorAttacker, ForAttacker, 1, 1, "11.4.1", "attacker armor superiority", 2152},
	{ShiftTigerAttacker, ForAttacker, 1, 1, "11.9", "Tigers in the MAF", 2153},
	// "W prawo na korzyść atakującego", L2155-2160.
	{ShiftAir, ForAttacker, 1, 2, "19.1.2", "offensive air support", 2157},
	{ShiftNaval, ForAttacker, 1, 1, "19.2", "naval support", 2158},
	{ShiftStrategicMove, ForAttacker, 1, 1, "9.8.4", "defender in strategic movement", 2159},
	{ShiftHQArtillery, ForAttacker, 1, 2, "11.6, 17.2.5", "HQ artillery", 2160},
	{ShiftWerfer, ForAttacker, 1, 2, "11.6, 17.3", "Werfer artillery", 0},
	{ShiftCaenArtillery, ForAttacker, 1, 1, "17.2.8", "Caen artillery", 0},
	// The defender's side of the first block, L2149-2153.
	{ShiftQualityDefender, ForDefender, 1, 1, "11.5", "every MAF unit of negative quality", 2151},
	{ShiftArmorDefender, ForDefender, 1, 1, "11.4.2", "defender armor superiority", 2152},
	// One per combat however many Tigers defend (AMBIG-69).
	{ShiftTigerDefender, ForDefender, 1, 1, "11.9", "Tigers defending", 2153},
	// "W lewo na korzyść broniącego", L2162-2166.
	{ShiftRiver, ForDefender, 1, 1, "11.3", "MAF attacks across a major or flooded river or from a flooded hex", 2164},
	{ShiftHilltop, ForDefender, 1, 1, "11.8", "defender on a hilltop", 2165},
	{ShiftJabos, ForDefender, 1, 3, "19.1.3", "Jabos", 2166},
}

// shiftRule finds the card entry of a source.
func shiftRule(src ShiftSource) (ShiftRule, bool) {
	i := slices.IndexFunc(shiftRules, func(r ShiftRule) bool { return r.Source == src })
	if i < 0 {
		return ShiftRule{}, false
	}
	return shiftRules[i], true
}

// Artillery limits per combat. The rules cap each HQ (Allied 2, German 1,
// 17.2.5) and the Werfers (2, 17.3) but give no total; the card's "1-2" and
// the designer's count of "2 x artillery" (L1878) give 2 in all, and Storm
// allows 1 (4.3, L1979). AMBIG-16.
const (
	maxArtilleryShifts      = 2
	maxArtilleryShiftsStorm = 1
)

// Shift is one column shift applied in a combat, for the combat's event.
type Shift struct {
	Source  ShiftSource
	Columns int // how many columns, always positive; the direction is the source's
}

// Signed gives the shift as the CRT arithmetic uses it: right (for the
// attacker) positive, left negative.
func (s Shift) Signed() int {
	r, _ := shiftRule(s.Source)
	if r.For == ForDefender {
		return -s.Columns
	}
	return s.Columns
}

// String narrates the shift, e.g. "1R HQ artillery (11.6, 17.2.5)" or
// "3L Jabos (19.1.3)".
func (s Shift) String() string {
	r, ok := shiftRule(s.Source)
	if !ok {
		return fmt.Sprintf("%d %s", s.Columns, s.Source)
	}
	dir := "R"
	if r.For == ForDefender {
		dir = "L"
	}
	return fmt.Sprintf("%d%s %s (%s)", s.Columns, dir, r.Reason, r.Rule)
}

// netShift sums the shifts of a combat, right positive (10.5 step 2). It
// does not clamp: shiftColumn applies the limits afterwards (10.6).
func netShift(shifts []Shift) int {
	n := 0
	for _, s := range shifts {
		n += s.Signed()
	}
	return n
}

// HalvingReason is one reason an attacking unit is halved (11.1), as the
// card lists them (seed L2168-2173). A unit is halved once however many
// apply (11.1, L741).
type HalvingReason string

const (
	HalvedNotMAF      HalvingReason = "not in the MAF"             // 10.3.1
	HalvedTerrain     HalvingReason = "terrain"                    // 11.1, 11.3, 11.7, 16.3
	HalvedOutOfSupply HalvingReason = "out of supply"              // 18.4
	HalvedLanded      HalvingReason = "landed this turn (Regroup)" // 6.5.2
)

// halvingRules gives each halving reason its rule and seed line.
var halvingRules = []struct {
	Reason HalvingReason
	Rule   string
	Line   int
}{
	{HalvedNotMAF, "10.3.1", 2170},
	{HalvedTerrain, "11.1, 11.3, 11.7, 16.3", 2171},
	{HalvedOutOfSupply, "18.4", 2172},
	{HalvedLanded, "6.5.2", 2173},
}

// halveStrength halves one unit's strength, rounding up, so 1 stays 1 (11.1, L729).
func halveStrength(strength int) int { return (strength + 1) / 2 }

// approach is how one attacking unit reaches the defending hex: the terrain
// of the hex it attacks from and what lies on the hexside it attacks across.
type approach struct {
	From    Terrain
	Hexside []HexsideFeature
}

func (a approach) across(f HexsideFeature) bool { return slices.Contains(a.Hexside, f) }

// floodedLike reports a major-river or flooded-river hexside or a flooded
// hex behind the attacker: the crossings of the river shift (11.3) and of
// the armor-superiority bar (11.4.4). A causeway is a bridge over a flooded
// river and lifts none of it (TEC L2049, AMBIG-14); a road over a major
// river does not either (11.4.4), so bridges are not asked about.
func (a approach) floodedLike() bool {
	return a.From == Flooded || a.across(MajorRiver) || a.across(FloodedRiver) || a.across(Causeway)
}

// halvedByTerrain reports whether the unit is halved by the ground it attacks
// over (11.1, TEC L2046-2052, L2063): across any river, flooded-river or
// causeway hexside, across a Carpiquet airfield hexside, from a flooded hex
// (not into one), and, for Allied units only, across the Cherbourg defense
// line.
func halvedByTerrain(a approach, allied bool) bool {
	return a.floodedLike() || a.across(MinorRiver) || a.across(Carpiquet) ||
		(allied && a.across(CherbourgLine))
}

// riverShift is the 1L of 11.3 (L765): every MAF unit attacks across a major
// or flooded river hexside or from a flooded hex, in any mix. The TEC note
// says "all attacking units" (L2058); the rule and the card say the MAF
// (AMBIG-13), so maf holds the MAF units' approaches only. A minor river
// gives no shift.
func riverShift(maf []approach) (Shift, bool) {
	if len(maf) == 0 {
		return Shift{}, false
	}
	for _, a := range maf {
		if !a.floodedLike() {
			return Shift{}, false
		}
	}
	return Shift{Source: ShiftRiver, Columns: 1}, true
}

// hilltopShift is the 1L of 11.8 (L818) for a defender on a hilltop, on top
// of the DB of the hex's other terrain.
func hilltopShift(h Hex) (Shift, bool) {
	if !h.Hilltop {
		return Shift{}, false
	}
	return Shift{Source: ShiftHilltop, Columns: 1}, true
}

// terrainShifts gives the defensive shifts that follow from the map alone:
// the river shift (11.3) and the hilltop (11.8).
func terrainShifts(target Hex, maf []approach) []Shift {
	var out []Shift
	if s, ok := riverShift(maf); ok {
		out = append(out, s)
	}
	if s, ok := hilltopShift(target); ok {
		out = append(out, s)
	}
	return out
}

// armorBarredByTerrain reports whether one armored MAF unit is kept from
// giving attacker armor superiority by the terrain (11.4.4, L786-792): a
// major or flooded river hexside, a flooded hex at either end (TEC note C),
// the Cherbourg line for the Allies, a target whose TEC row says "no" (City,
// Forest, flooded hex), an IP or strongpoint in the target hex. It still cancels the defender's AS (L794-796).
func armorBarredByTerrain(a approach, target Terrain, fortified, allied bool) bool {
	return a.floodedLike() || !terrainChart[target].AttackerAS ||
		fortified || (allied && a.across(CherbourgLine))
}

// tigerBarredByTerrain reports whether a Tiger in the MAF loses its attack
// shift: across a major or flooded river, into or from a flooded hex (11.9,
// L824). Cities, Forests and IPs do not stop it (TEC note T, L2063).
func tigerBarredByTerrain(a approach, target Terrain) bool {
	return a.floodedLike() || target == Flooded
}
