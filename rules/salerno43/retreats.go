package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Retreats (12.0) that are Salerno's own, beside the series' search
// (rules/hexwar/combat): the ground's toll of a retreat (12.3) and the
// units that retreated earlier in the phase (12.5).

// retreatedIn reports whether defender i retreated into its hex earlier in
// this Combat Phase and stands there with friendly units that did not (12.5:
// "if a unit or stack retreats onto a hex occupied by friendly units and
// that hex is attacked in the same combat phase"): it adds no defense,
// leads no DD, takes no step loss and is eliminated if it must retreat
// again. A unit that retreated into an empty hex defends there as any DG
// unit (the rule names only the hex held by friends). A breakthrough combat
// reads them otherwise (15.3).
func (in *combatIn) retreatedIn(i int) bool {
	g := in.g
	if in.a.Breakthrough || !slices.Contains(g.s.Retreated, g.s.Units[i].ID) {
		return false
	}
	a, ok := g.axial(i)
	if !ok {
		return false
	}
	side := g.sc.Units[i].Side
	return slices.ContainsFunc(g.pos().at(a), func(j int) bool {
		return j != i && g.sc.Units[j].Side == side && !slices.Contains(g.s.Retreated, g.s.Units[j].ID)
	})
}

// retreatGround is 12.3 for one step of a retreat, from→to: a vehicle is
// eliminated crossing an unbridged river (12.3.1) or a mountain hexside
// without a road or a pass (12.3.2); any unit forced across a second such
// mountain hexside in one retreat is eliminated (12.3.2: the path is
// refused, so the units take another or are eliminated); the crossings are
// counted for the ½ Eff they bring (retreatHalfEff).
func (g *Game) retreatGround(from, to hex.Axial, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
	river := g.b.Feature(from, to, River) && g.b.Road(from, to) == ""
	mountain := g.b.mountainNoRoad(from, to)
	if !river && !mountain {
		return p, true
	}
	if mountain {
		if p.Crossed > 0 {
			return p, false
		}
		p.Crossed++
	}
	for _, u := range units {
		if g.sc.Units[g.index(u.ID)].Info().Vehicle && !slices.Contains(p.MechLost, u.ID) {
			p.MechLost = append(slices.Clone(p.MechLost), u.ID)
			p.Losses += u.Steps
		}
	}
	return p, true
}

// fewestCrossings keeps the retreats that cross the fewest mountain
// hexsides without a road or a pass (12.1.3 priority 5), once the series'
// priorities have been applied.
func fewestCrossings(paths []combat.RetreatPath) []combat.RetreatPath {
	if len(paths) == 0 {
		return paths
	}
	least := slices.MinFunc(paths, func(a, b combat.RetreatPath) int { return a.Crossed - b.Crossed }).Crossed
	return slices.DeleteFunc(paths, func(p combat.RetreatPath) bool { return p.Crossed > least })
}

// retreatHalfEff marks ½ Eff the units that retreated across a mountain
// hexside without a road or a pass and were not eliminated for it
// (12.3.2); it returns the words of the note, "" for none.
func (g *Game) retreatHalfEff(i int, origin hex.Axial, hexes []hex.Axial) string {
	if g.sc.Units[i].Info().Vehicle || g.mountainCrossings(origin, hexes) == 0 {
		return ""
	}
	g.s.Units[i].HalfEff = true
	return ", ½ Eff (12.3.2)"
}

// mountainCrossings counts the mountain hexsides without a road or a pass
// a retreat from origin along hexes crosses (12.3.2).
func (g *Game) mountainCrossings(origin hex.Axial, hexes []hex.Axial) int {
	n, from := 0, origin
	for _, to := range hexes {
		if g.b.Land(to) && g.b.mountainNoRoad(from, to) {
			n++
		}
		from = to
	}
	return n
}

// oneHexIntoEZOC: a retreat of one hex (a Delay's shortest, 11.6.1) that
// ends in a vacant hex of an enemy ZOC, where 12.2 eliminates the unit;
// the series' search lets only the first hex of a longer retreat be one.
func oneHexIntoEZOC(p combat.RetreatPath) bool {
	return p.EZOC && len(p.Hexes) == 1 && !p.Exited && !p.OneHex
}
