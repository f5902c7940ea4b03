package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// combatIn is one declared combat as the odds read it (8.3-9.9).
type combatIn struct {
	g         *Game
	a         AttackCommand
	attacker  Side
	target    hex.Axial
	attackers []int
	defenders []int
	maf       map[int]bool
	// variable is the rolled defense of the variable-strength defender
	// (19.3); -1 before the roll.
	variable int
	defAir   bool // the defender's air marker (9.4)
	// excess are the defenders the defender named over the stacking limit
	// in a breakthrough combat (15.3).
	excess []int
}

// crossing says what lies between an attacker's hex and the target.
func (in *combatIn) across(i int, f Feature) bool {
	a, on := in.g.axial(i)
	return on && in.g.b.Feature(a, in.target, f) // 21.3.4: none from an entry area
}

// acrossRiver: unit i attacks across a river, bridged or not (9.8).
func (in *combatIn) acrossRiver(i int) bool { return in.across(i, River) }

// acrossMountain: unit i attacks across a mountain hexside (9.8).
func (in *combatIn) acrossMountain(i int) bool { return in.across(i, Mountain) }

// attackStrength is unit i's attack (8.4.1, 9.1, 9.8, 5.7, 16.4): halved
// once, rounding up, when it is not of the MAF, attacks across a mountain
// hexside, is a vehicle attacking across a river, has ½ Eff or is out of
// supply.
func (in *combatIn) attackStrength(i int) (int, string) {
	g := in.g
	a := g.pos().face(i).Attack
	us := g.s.Units[i]
	why := ""
	switch {
	case !in.maf[i]:
		why = "not of the MAF (8.4.1)"
	case in.acrossMountain(i):
		why = "across a mountain hexside (9.8)"
	case g.sc.Units[i].Info().Vehicle && in.acrossRiver(i):
		why = "a vehicle across a river (9.8)"
	case us.HalfEff:
		why = "½ Eff (5.7)"
	case us.OOS:
		why = "out of supply (16.4)"
	}
	if why != "" {
		return combat.Halve(a), why
	}
	return a, ""
}

// defenseStrength is unit i's defense (8.4.6, 9.1, 9.8, 13.2, 13.3, 19.3):
// doubled once in hills, swamp or a city for a unit whose type doubles, or
// when every attacker attacks across a river; halved once when DG; both
// cancel; 0 when Shattered, retreated into the hex this phase (12.5) or
// over the stacking limit in a breakthrough (15.3); a variable unit's roll,
// never doubled.
func (in *combatIn) defenseStrength(i int, allRiver bool) int {
	g := in.g
	f := g.pos().face(i)
	us := g.s.Units[i]
	if us.Status == Shattered || in.addsNothing(i) {
		return 0 // 13.3.2; 12.5, 15.3: a unit that retreated in, or over the limit, adds no defense
	}
	if f.Variable {
		if in.a.Auto {
			return 2 // 19.3: 2 for an Auto DS in the Allied Movement Phase
		}
		return max(in.variable, 0)
	}
	d := f.Defense
	t := g.b.Terrain(in.target)
	u := g.sc.Units[i]
	double := allRiver || ((t == Hills || t == Swamp || t == City) && u.Info().Doubles && !u.Silhouette)
	half := us.Status == Disorganized
	switch {
	case double && half:
		return d
	case double:
		return 2 * d
	case half:
		return combat.Halve(d)
	}
	return d
}

// strengths are the combat's totals before the cap (8.4.5 caps them after
// halving and doubling: the ladder's Cap).
func (in *combatIn) strengths() (attack, defense int) {
	for _, i := range in.attackers {
		s, _ := in.attackStrength(i)
		attack += s
	}
	allRiver := len(in.attackers) > 0
	for _, i := range in.attackers {
		allRiver = allRiver && in.acrossRiver(i)
	}
	defense = in.defense(allRiver)
	return attack, defense
}

// defense is the defending hex's strength: bracketed units count only when
// alone, and then one of them (8.4.6); a BH hex adds 2 and half, rounded
// down, of each Good Order Allied unit next to the BH and to an attacker
// (18.1.4, A-27: per unit, printed defense). Units over the stacking limit
// in a breakthrough are not there for it (15.3).
func (in *combatIn) defense(allRiver bool) int {
	g := in.g
	total, bracketed, others := 0, 0, false
	bh := false
	for _, i := range in.defenders {
		f := g.pos().face(i)
		switch {
		case in.overLimit(i):
			continue
		case g.sc.Units[i].Beachhead():
			bh = true
		case f.Bracketed:
			bracketed = max(bracketed, in.defenseStrength(i, allRiver))
		default:
			others = true
			total += in.defenseStrength(i, allRiver)
		}
	}
	if !others && !bh {
		total = bracketed
	}
	if bh {
		total += 2 + in.bhHelpers()
	}
	return total
}

// bhHelpers is 18.1.4's help to a BH hex.
func (in *combatIn) bhHelpers() int {
	g := in.g
	n := 0
	for i, u := range g.sc.Units {
		a, ok := g.axial(i)
		if !ok || u.Side != Allied || u.Beachhead() || g.s.Units[i].Status != GoodOrder || hex.Distance(a, in.target) != 1 {
			continue
		}
		if slices.ContainsFunc(in.attackers, func(j int) bool { b, on := g.axial(j); return on && hex.Distance(a, b) == 1 }) {
			n += g.pos().face(i).Defense / 2
		}
	}
	return n
}

// odds computes the combat's odds with its shifts (8.3, 9.2).
func (in *combatIn) odds() (combat.Odds, error) {
	attack, defense := in.strengths()
	shifts := in.shifts()
	if defense == 0 {
		// 9.9: Shattered defenders count 0; the odds are past 10-1 (8.6.1).
		o, err := ladder.Compute(attack, 1, shifts)
		if err != nil {
			return o, err
		}
		o.Final = ladder.Top
		return o, nil
	}
	if attack == 0 {
		return combat.Odds{}, fmt.Errorf("the attack has no strength")
	}
	return ladder.Compute(attack, defense, shifts)
}
