package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Column shifts and halving: the summary card "Przesunięcia kolumn w TWW"
// (T13, seed L2147-2173) as data, so that a combat can list every shift with
// its reason, and the shifts that follow from terrain alone.

// Beneficiary is the side of a combat a shift favours: shifts for the
// attacker move right on the CRT ("W prawo"), shifts for the defender left
// ("W lewo").
type Beneficiary = combat.Beneficiary

const (
	ForAttacker = combat.ForAttacker
	ForDefender = combat.ForDefender
)

// ShiftSource names one kind of column shift.
type ShiftSource = combat.ShiftSource

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
	ShiftFlankFire       ShiftSource = "flank-fire"       // 28.2, first edition
)

// ShiftRule is one line of the summary card, or of the rules text where the
// card leaves a source out, with how a declared combat earns it.
type ShiftRule = combat.ShiftRule[CombatInput]

// Shift is one column shift applied in a combat, with the MAF units that
// earned a quality, AS or Tiger shift (12.2.1 step 3).
type Shift = combat.Shift

// shiftRules is the summary card (seed L2147-2166) plus the artillery sources
// the card folds into "HQ artillery" (Werfers, 11.6.1 and 17.3; Caen,
// 17.2.8), in the order a combat's narration lists them: the attacker's
// shifts first, then the defender's, the Jabos last (19.1.3: rolled once
// every other shift is known).
var shiftRules = combat.Shifts[CombatInput]{
	// "W prawo/lewo dla atakującego/broniącego", L2149-2153.
	{Source: ShiftQualityAttacker, For: ForAttacker, Min: 1, Max: 1, Rule: "11.5", Reason: "better quality in the MAF", Line: 2151, Compute: qualityShift},
	{Source: ShiftArmorAttacker, For: ForAttacker, Min: 1, Max: 1, Rule: "11.4.1", Reason: "attacker armor superiority", Line: 2152, Compute: armorShift},
	{Source: ShiftTigerAttacker, For: ForAttacker, Min: 1, Max: 1, Rule: "11.9", Reason: "Tigers in the MAF", Line: 2153, Compute: tigerShift},
	// "W prawo na korzyść atakującego", L2155-2160.
	{Source: ShiftAir, For: ForAttacker, Min: 1, Max: 2, Rule: "19.1.2", Reason: "offensive air support", Line: 2157,
		Compute: func(in CombatInput) (int, []string) { return in.Support.Air, nil }},
	{Source: ShiftNaval, For: ForAttacker, Min: 1, Max: 1, Rule: "19.2", Reason: "naval support", Line: 2158,
		Compute: func(in CombatInput) (int, []string) { return in.Support.Naval, nil }},
	{Source: ShiftHQArtillery, For: ForAttacker, Min: 1, Max: 2, Rule: "11.6, 17.2.5", Reason: "HQ artillery", Line: 2160, Compute: fire(ShiftHQArtillery)},
	{Source: ShiftWerfer, For: ForAttacker, Min: 1, Max: 2, Rule: "11.6, 17.3", Reason: "Werfer artillery", Compute: fire(ShiftWerfer)},
	{Source: ShiftCaenArtillery, For: ForAttacker, Min: 1, Max: 1, Rule: "17.2.8", Reason: "Caen artillery", Compute: fire(ShiftCaenArtillery)},
	{Source: ShiftStrategicMove, For: ForAttacker, Min: 1, Max: 1, Rule: "9.8.4", Reason: "defender in strategic movement", Line: 2159,
		Compute: func(in CombatInput) (int, []string) {
			return count(slices.ContainsFunc(in.Defenders, func(u CombatUnit) bool { return u.SM })), nil
		}},
	// The defender's side of the first block, L2149-2153.
	{Source: ShiftQualityDefender, For: ForDefender, Min: 1, Max: 1, Rule: "11.5", Reason: "every MAF unit of negative quality", Line: 2151, Compute: negativeQualityShift},
	{Source: ShiftArmorDefender, For: ForDefender, Min: 1, Max: 1, Rule: "11.4.2", Reason: "defender armor superiority", Line: 2152, Compute: defenderArmorShift},
	// One per combat however many Tigers defend, whatever the terrain
	// (11.9, AMBIG-69).
	{Source: ShiftTigerDefender, For: ForDefender, Min: 1, Max: 1, Rule: "11.9", Reason: "Tigers defending", Line: 2153,
		Compute: func(in CombatInput) (int, []string) {
			return count(slices.ContainsFunc(in.Defenders, func(u CombatUnit) bool { return u.Tiger })), nil
		}},
	// "W lewo na korzyść broniącego", L2162-2166.
	{Source: ShiftRiver, For: ForDefender, Min: 1, Max: 1, Rule: "11.3", Reason: "MAF attacks across a major or flooded river or from a flooded hex", Line: 2164, Compute: riverShift},
	{Source: ShiftHilltop, For: ForDefender, Min: 1, Max: 1, Rule: "11.8", Reason: "defender on a hilltop", Line: 2165,
		Compute: func(in CombatInput) (int, []string) { return count(in.Target.Hilltop), nil }},
	// The first edition's optional flank fire (28.2, IT L1590-1596), off
	// unless the option is.
	{Source: ShiftFlankFire, For: ForDefender, Min: 1, Max: maxFlankFire, Rule: "28.2", Reason: "flank fire from defending hexes not attacked",
		Compute: func(in CombatInput) (int, []string) { return in.FlankFire, nil }},
	{Source: ShiftJabos, For: ForDefender, Min: 1, Max: 3, Rule: "19.1.3", Reason: "Jabos", Line: 2166,
		Compute: func(in CombatInput) (int, []string) {
			if !in.jabosDue() || in.JabosRoll == 0 {
				return 0, nil
			}
			return jabos(in.JabosRoll), nil
		}},
}

// shiftRule finds the card entry of a source.
func shiftRule(src ShiftSource) (ShiftRule, bool) { return shiftRules.Rule(src) }

// shift is n columns of a source, for a shift given outside the card's
// computation.
func shift(src ShiftSource, n int) Shift { return shiftRules.Make(src, n) }

// count is 1 for true, 0 for false: the shifts that give one column.
func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// qualityShift is 11.5's 1R: the MAF's best quality beats the defenders'
// best; the MAF units of that quality provide it.
func qualityShift(in CombatInput) (int, []string) {
	defQ, bestQ := -3, -3
	for _, d := range in.Defenders {
		defQ = max(defQ, d.Quality)
	}
	for _, u := range in.Attackers {
		if u.MAF {
			bestQ = max(bestQ, u.Quality)
		}
	}
	if bestQ <= defQ {
		return 0, nil
	}
	var who []string
	for _, u := range in.Attackers {
		if u.MAF && u.Quality == bestQ {
			who = append(who, u.ID)
		}
	}
	return 1, who
}

// armorShift is 11.4.1's 1R: a gray-AC armored MAF unit whose AC beats the
// defenders' best, where the terrain allows (11.4.4). Only the best values
// are compared.
func armorShift(in CombatInput) (int, []string) {
	defAC := 0
	for _, d := range in.Defenders {
		defAC = max(defAC, d.AC)
	}
	var by []string
	for _, u := range in.Attackers {
		if u.MAF && u.grayArmor() && u.AC > defAC && !armorBarredByTerrain(u.approach(), in.Target.Terrain, in.fortified(), in.Attacker == Allied || in.edition().cherbourgPerimeterBarsBothShifts) {
			by = append(by, u.ID)
		}
	}
	return count(len(by) > 0), by
}

// tigerShift is 11.9's 1R for Tigers in the MAF, one however many, where
// the terrain allows.
func tigerShift(in CombatInput) (int, []string) {
	var tigers []string
	for _, u := range in.Attackers {
		if u.MAF && u.Tiger && !tigerBarredByTerrain(u.approach(), in.Target.Terrain) {
			tigers = append(tigers, u.ID)
		}
	}
	return count(len(tigers) > 0), tigers
}

// fire sums the columns of one artillery source declared for the attack
// (11.6, 17.2.5, 17.2.8, 17.3).
func fire(src ShiftSource) func(CombatInput) (int, []string) {
	return func(in CombatInput) (int, []string) {
		n := 0
		for _, f := range in.Support.Artillery {
			if f.Source == src {
				n += f.Columns
			}
		}
		return n, nil
	}
}

// negativeQualityShift is 11.5's 1L: every MAF unit has a negative quality.
func negativeQualityShift(in CombatInput) (int, []string) {
	maf := false
	for _, u := range in.Attackers {
		if u.MAF {
			if u.Quality >= 0 {
				return 0, nil
			}
			maf = true
		}
	}
	return count(maf), nil
}

// defenderArmorShift is 11.4.2's 1L, on any terrain: the MAF has no AC at
// all and the defenders hold both infantry and gray-AC armor. In the first
// edition no defender gets it across the Cherbourg perimeter (16.3, IT
// L1101, D17): read as a MAF attacking across it, every unit of it.
func defenderArmorShift(in CombatInput) (int, []string) {
	across := in.edition().cherbourgPerimeterBarsBothShifts
	for _, u := range in.Attackers {
		if u.MAF && u.AC > 0 {
			return 0, nil
		}
		if u.MAF && !u.approach().across(CherbourgLine) {
			across = false
		}
	}
	if across {
		return 0, nil
	}
	inf, armor := false, false
	for _, d := range in.Defenders {
		inf = inf || d.info().InfantryT
		armor = armor || d.grayArmor()
	}
	return count(inf && armor), nil
}

// Artillery limits per combat. The rules cap each HQ (Allied 2, German 1,
// 17.2.5) and the Werfers (2, 17.3) but give no total; the card's "1-2" and
// the designer's count of "2 x artillery" (L1878) give 2 in all, and Storm
// allows 1 (4.3, L1979). AMBIG-16.
const (
	maxArtilleryShifts      = 2
	maxArtilleryShiftsStorm = 1
)

// netShift sums the shifts of a combat, right positive (10.5 step 2). It
// does not clamp: shiftColumn applies the limits afterwards (10.6).
func netShift(shifts []Shift) int { return combat.Net(shifts) }

// HalvingReason is one reason an attacking unit is halved (11.1), as the
// card lists them (seed L2168-2173). A unit is halved once however many
// apply (11.1, L741).
type HalvingReason = combat.HalvingReason

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
func halveStrength(strength int) int { return combat.Halve(strength) }

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
// (AMBIG-13), so only the MAF units' approaches count. A minor river gives
// no shift.
func riverShift(in CombatInput) (int, []string) {
	maf := false
	for _, u := range in.Attackers {
		if u.MAF {
			if !u.approach().floodedLike() {
				return 0, nil
			}
			maf = true
		}
	}
	return count(maf), nil
}

// armorBarredByTerrain reports whether one armored MAF unit is kept from
// giving attacker armor superiority by the terrain (11.4.4, L786-792): a
// major or flooded river hexside, a flooded hex at either end (TEC note C),
// the Cherbourg line (for the Allies in 2.2, for either side in the first
// edition, D17: perimeter), a target whose TEC row says "no" (City, Forest,
// flooded hex), an IP or strongpoint in the target hex. It still cancels the
// defender's AS (L794-796).
func armorBarredByTerrain(a approach, target Terrain, fortified, perimeter bool) bool {
	return a.floodedLike() || !terrainChart[target].AttackerAS ||
		fortified || (perimeter && a.across(CherbourgLine))
}

// tigerBarredByTerrain reports whether a Tiger in the MAF loses its attack
// shift: across a major or flooded river, into or from a flooded hex (11.9,
// L824). Cities, Forests and IPs do not stop it (TEC note T, L2063).
func tigerBarredByTerrain(a approach, target Terrain) bool {
	return a.floodedLike() || target == Flooded
}
