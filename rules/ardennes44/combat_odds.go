package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The odds (14.4 step 2, 15.0): the attack strength, each unit halved at
// most once (15.2) and doubled where 27.4 says, against the defense
// strength plus the hex's one DCB (15.1); then the column shifts of the
// card (15.9).

// combatIn is a declared combat as the odds and the shifts read it.
type combatIn struct {
	attack   AttackCommand
	attacker Side
	night    bool
	turn     int
	target   hex.Axial
	terrain  Terrain
	westWall bool
	ip       bool // an Improved Position in the hex (15.8.1)
	// attackers and defenders by unit index; zero are the participants
	// that add nothing (14.3.1).
	attackers, zero, defenders []int
	g                          *Game
	// blown lists the bridge hexsides blown in this combat's step 1
	// (7.4); jabos is the Jabos die, 0 before or without it (15.6.3);
	// defArt is the defensive artillery's shift (22.8); surprise the
	// surprise die (27.8.3); art and air the attacker's support (22.7,
	// 15.6.2).
	blown    []string
	jabos    int
	defArt   int
	surprise int
	art      []string
	air      bool
}

// across reports whether attacking unit i attacks across a river hexside
// (15.3), and whether a bridge (a road) crosses it, standing.
func (in *combatIn) across(i int) (river, bridge bool) {
	g := in.g
	f, ok := g.b.ids[g.s.Units[i].At]
	if !ok {
		return false, false
	}
	if !g.b.river(f, in.target) {
		return false, false
	}
	side := g.b.sideID(f, in.target)
	standing := g.b.road(f, in.target) != "" && !g.bridgeOut(side) && !slices.Contains(in.blown, side)
	return true, standing
}

// canEnter reports whether attacking unit i could legally enter the
// defender's hex in movement, the test of 16.2.1 and 21.3: a vehicle never
// across an unbridged river, a bridge blown in this combat, a wooded-rough
// hexside or into a forest, wooded-rough or West Wall hex but along a road.
func (in *combatIn) canEnter(i int) bool {
	g := in.g
	f, ok := g.b.ids[g.s.Units[i].At]
	if !ok {
		return false
	}
	u := g.unit(i)
	road := g.b.road(f, in.target) != "" && !g.bridgeOut(g.b.sideID(f, in.target)) && !slices.Contains(in.blown, g.b.sideID(f, in.target))
	river, bridge := in.across(i)
	switch {
	case g.b.feature(f, in.target, Lake):
		return false
	case !u.Mech():
		return true
	case river && !bridge:
		return false
	case road:
		return true
	}
	return !g.b.feature(f, in.target, WRSide) && !woods(in.terrain) && !in.westWall && !woods(g.b.terrain(f)) && !g.b.westWall(f)
}

// halvings says why attacking unit i counts half (15.2-15.7, 23.4); a unit
// is halved once however many apply.
func (in *combatIn) halvings(i int) []combat.HalvingReason {
	g := in.g
	u, us := g.unit(i), g.s.Units[i]
	f, ok := g.b.ids[us.At]
	if !ok {
		return nil
	}
	var out []combat.HalvingReason
	wrHere, wrThere := g.b.terrain(f) == WoodedRough, in.terrain == WoodedRough
	river, _ := in.across(i)
	// AMB-19: rivers beside a wooded-rough hex are ignored; the hex counts
	// as one.
	if river && !wrHere && !wrThere {
		out = append(out, halvedRiver)
	}
	if u.Mech() && !in.canEnter(i) && !(river && !wrHere && !wrThere) {
		out = append(out, halvedVehicle)
	}
	if wrHere {
		out = append(out, halvedWR) // 15.5.1: out of wooded rough, or from one into another
	}
	if in.westWall && u.Mech() && g.b.road(f, in.target) == "" {
		out = append(out, halvedWestWall) // 15.7, CON-9: along a road it is not
	}
	if us.OOS {
		out = append(out, halvedOOS)
	}
	return out
}

// Why attacking units count half.
const (
	halvedRiver    combat.HalvingReason = "across a river (15.3)"
	halvedVehicle  combat.HalvingReason = "a vehicle across a hexside it could not cross (15.4)"
	halvedWR       combat.HalvingReason = "out of wooded rough (15.5.1)"
	halvedWestWall combat.HalvingReason = "a vehicle into the West Wall (15.7)"
	halvedOOS      combat.HalvingReason = "out of supply (23.4)"
)

// attackStrength is the attack as counted: per unit its printed AF, doubled
// for the Sturmtiger and Brumbar against a village, town or city (27.4;
// their black box is the double mark, AMB-2),
// then halved once, rounded up (15.2), in that order (AMB-35); summed; at
// most 18 with option 34.
func (in *combatIn) attackStrength() (int, int, []combat.Halving) {
	g := in.g
	total := 0
	var halved []combat.Halving
	for _, i := range in.attackers {
		af := g.face(i).AF
		if g.unit(i).Has(MarkDouble) && builtUp(in.terrain) {
			af *= 2
		}
		if why := in.halvings(i); len(why) > 0 {
			af = combat.Halve(af)
			halved = append(halved, combat.Halving{Unit: g.unit(i).ID, Reasons: why})
		}
		total += af
	}
	counted := total
	if g.opt.limit {
		counted = min(total, attackLimit)
	}
	return counted, total, halved
}

// attackLimit is option 34's cap.
const attackLimit = 18

// defenseStrength is the defense: each unit's DF, halved for a unit under
// an SM marker (12.5), nothing for a unit that retreated into the hex this
// phase (17.5); plus the hex's DCB (dcb). Such a unit absorbs no step
// losses either (AMB-23, read as the series' 17.5: combat.Absorbers), even
// when no other unit is left to take them.
func (in *combatIn) defenseStrength() (df, dcb int) {
	g := in.g
	for _, i := range in.defenders {
		us := g.s.Units[i]
		switch {
		case us.RetreatedIn && !in.attack.Breakthrough:
			continue // 17.5: it adds nothing (a Breakthrough exempts it, 19.4.3)
		case us.SM:
			df += combat.Halve(g.face(i).DF)
		default:
			df += g.face(i).DF
		}
	}
	return df, in.dcb()
}

// dcb is the hex's defensive combat bonus (15.1): the best of the
// terrain's, the West Wall's for German defenders (15.7) and an Improved
// Position's (15.8.1), never above the DF of the units it may serve (not in
// parentheses, not artillery, not under SM, AMB-18), at most 1 for a hex of
// silhouettes alone, or silhouettes and artillery.
func (in *combatIn) dcb() int {
	g := in.g
	best := g.b.chart.TEC.Terrain[in.terrain].DB
	if in.westWall && in.attacker.Other() == German {
		best = max(best, westWallDCB)
	}
	if in.ip {
		best = max(best, ipDCB)
	}
	eligible, onlySil := 0, true
	for _, i := range in.defenders {
		u, us, f := g.unit(i), g.s.Units[i], g.face(i)
		if u.Arty() {
			continue
		}
		if !u.Silhouette() {
			onlySil = false
		}
		if f.DFParen || us.SM || u.Type == SupplyDepot || (us.RetreatedIn && !in.attack.Breakthrough) {
			continue
		}
		eligible += f.DF
	}
	d := min(best, eligible)
	if onlySil {
		d = min(d, 1)
	}
	return max(d, 0)
}

// The DCBs the rules print (15.7, 15.8.1).
const (
	westWallDCB = 3
	ipDCB       = 2
)

// ShiftSource names the column shifts (15.9).
const (
	shiftArmour    combat.ShiftSource = "armour"
	shiftDefArmour combat.ShiftSource = "defensive armour"
	shiftArtillery combat.ShiftSource = "artillery"
	shiftAir       combat.ShiftSource = "air"
	shiftShaken    combat.ShiftSource = "disrupted"
	shiftAA        combat.ShiftSource = "attacker's advantage"
	shiftSurprise  combat.ShiftSource = "surprise"
	shiftDefArt    combat.ShiftSource = "defensive artillery"
	shiftJabos     combat.ShiftSource = "jabos"
)

// shiftCard is the card of column shifts (15.9), in narration order.
var shiftCard = combat.Shifts[*combatIn]{
	{Source: shiftArmour, For: combat.ForAttacker, Max: 1, Rule: "21.1", Reason: "armour shift", Compute: (*combatIn).armourShift},
	{Source: shiftDefArmour, For: combat.ForDefender, Max: 1, Rule: "21.1", Reason: "defensive armour shift", Compute: (*combatIn).defArmourShift},
	{Source: shiftArtillery, For: combat.ForAttacker, Max: 2, Rule: "22.7", Reason: "offensive artillery",
		Compute: func(in *combatIn) (int, []string) { return len(in.art), nil }},
	{Source: shiftAir, For: combat.ForAttacker, Max: 1, Rule: "15.6.2", Reason: "air support",
		Compute: func(in *combatIn) (int, []string) { return boolInt(in.air), nil }},
	{Source: shiftShaken, For: combat.ForAttacker, Max: 1, Rule: "18.3", Reason: "a Disrupted or Broken defender", Compute: (*combatIn).shakenShift},
	{Source: shiftAA, For: combat.ForAttacker, Max: 1, Rule: "16.6", Reason: "Attacker's Advantage", Compute: (*combatIn).aaShift},
	{Source: shiftSurprise, For: combat.ForAttacker, Max: 1, Rule: "27.8.3", Reason: "150 Pz Bde's surprise",
		Compute: func(in *combatIn) (int, []string) { return boolInt(in.surprise >= 1 && in.surprise <= 3), nil }},
	{Source: shiftDefArt, For: combat.ForDefender, Max: 2, Rule: "22.8", Reason: "defensive artillery",
		Compute: func(in *combatIn) (int, []string) { return in.defArt, nil }},
	{Source: shiftJabos, For: combat.ForDefender, Max: 3, Rule: "15.6.3", Reason: "Jabos",
		Compute: func(in *combatIn) (int, []string) { return jabosShift(in.jabos, in.g.bodenplatteOn()), nil }},
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// armourTerrain: no armour shift either way against a defender in forest,
// wooded rough, the West Wall or a city (21.3): the chart's column.
func (in *combatIn) armourTerrain() bool {
	return in.g.b.chart.TEC.Terrain[in.terrain].AttackerAS && !in.westWall
}

// defenderTQ is the best TQ in the defending hex, FLAK's included, a red
// TQ not reduced (21.1, 21.2); 0 for none.
func (in *combatIn) defenderTQ() int {
	best := 0
	for _, i := range in.defenders {
		best = max(best, in.g.unit(i).TQ)
	}
	return best
}

// attackTQ is an attacking armour unit's TQ, a red one 1 less (21.2).
func attackTQ(u *Unit) int {
	if u.TQKind == TQTD {
		return u.TQ - 1
	}
	return u.TQ
}

// armourShift is 21.1's shift for the attacker: an armour unit that could
// enter the hex (21.3) whose TQ is higher than every defender's, or any
// such unit against no TQ at all. The units that earn it take an EX loss
// (16.3).
func (in *combatIn) armourShift() (int, []string) {
	if !in.armourTerrain() {
		return 0, nil
	}
	best := in.defenderTQ()
	var earned []string
	for _, i := range in.attackers {
		u := in.g.unit(i)
		if u.Armour() && in.canEnter(i) && attackTQ(u) > best {
			earned = append(earned, u.ID)
		}
	}
	if len(earned) == 0 {
		return 0, nil
	}
	return 1, earned
}

// defArmourShift is 21.1's shift for the defender: no attacking armour
// unit at all, and an infantry unit and an armour unit in the hex (a unit
// marked both is both, 21.1).
func (in *combatIn) defArmourShift() (int, []string) {
	if !in.armourTerrain() {
		return 0, nil
	}
	for _, i := range in.attackers {
		if in.g.unit(i).Armour() {
			return 0, nil
		}
	}
	inf, arm := false, []string(nil)
	for _, i := range in.defenders {
		u := in.g.unit(i)
		if u.InfantryUnit() {
			inf = true
		}
		if u.Armour() {
			arm = append(arm, u.ID)
		}
	}
	if !inf || len(arm) == 0 {
		return 0, nil
	}
	return 1, arm
}

// shakenShift: a Disrupted or Broken unit in the defending hex (18.3).
func (in *combatIn) shakenShift() (int, []string) {
	for _, i := range in.defenders {
		if in.g.s.Units[i].Status != "" {
			return 1, nil
		}
	}
	return 0, nil
}

// aaShift: an attacking hex's Attacker's Advantage marker against this
// target, while one of its original units attacks (16.6).
func (in *combatIn) aaShift() (int, []string) {
	for _, m := range in.g.s.AA {
		if m.Target != in.attack.Target {
			continue
		}
		for _, i := range in.attackers {
			if slices.Contains(m.Units, in.g.unit(i).ID) && in.g.s.Units[i].At == m.Hex {
				return 1, nil
			}
		}
	}
	return 0, nil
}

// odds computes the combat's odds on the CRT's ladder: whole columns only,
// 1-3 to 7-1 and virtual ones beyond both ends (AMB-17: no 1.5-1; a 3:2
// attack is 1-1, rounded in the defender's favour, 14.4).
func (in *combatIn) odds() (combat.Odds, error) {
	att, raw, halved := in.attackStrength()
	df, dcb := in.defenseStrength()
	def := df + dcb
	if def <= 0 {
		def = 1 // retreated units alone add nothing (17.5): the odds still need a defense
	}
	if att <= 0 {
		att = 0
	}
	shifts := shiftCard.Apply(in)
	o, err := in.g.b.chart.CRT.Ladder.Compute(max(att, 1), def, shifts)
	if err != nil {
		return combat.Odds{}, fmt.Errorf("the odds %d:%d: %w", att, def, err)
	}
	o.RawAttack, o.DB, o.Halved = raw, dcb, halved
	return o, nil
}
