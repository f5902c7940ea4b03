package normandy44

import (
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Flank fire, the first edition's optional rule 28.2 (IT L1590-1596; option
// "flank-fire", D53; edition 2.2 dropped it): the defender shifts 1 column
// left for each defending hex, not attacked, next to both the attacked hex
// and at least one attacking unit; at most 2.
//
// Reading: attacks are declared one at a time here (10.0), so "not
// attacked" is "not attacked in this Combat Phase so far"; a hex attacked
// later in the phase has given its shift to the attacks before. A hex of
// Scattered units alone fires (they keep their ZOC and defense, 20.2).

// optFlankFire names the option.
const optFlankFire = "flank-fire"

// maxFlankFire caps the shift (28.2: "two column shifts if two such hexes").
const maxFlankFire = 2

// flankHexes counts the hexes that give the defenders of target flank fire
// against attackers in from (28.2), at most maxFlankFire.
func (g *Game) flankHexes(target hx.Axial, from []string) int {
	if !g.opt.flankFire {
		return 0
	}
	occ := g.occupancy()
	def := g.sideAt(occ, target)
	var attackers []hx.Axial
	for _, id := range from {
		if a, ok := g.b.ids[id]; ok {
			attackers = append(attackers, a)
		}
	}
	n := 0
	for _, a := range target.Neighbors() {
		if g.sideAt(occ, a) != def || g.attackedThisPhase(g.b.id(a)) {
			continue
		}
		for _, f := range attackers {
			if hx.Distance(a, f) == 1 {
				n++
				break
			}
		}
	}
	return min(n, maxFlankFire)
}

// attackedThisPhase reports whether a hex has been attacked in this Combat
// Phase (10.2).
func (g *Game) attackedThisPhase(id string) bool {
	for _, d := range g.s.Defended {
		if d == id {
			return true
		}
	}
	return false
}
