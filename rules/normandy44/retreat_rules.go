package normandy44

import (
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// The engine's side of two retreat rules that the combat's map callbacks
// carry: the Cherbourg defense line cuts Allied ZOC for German retreats
// (16.3), and "order retreat toward-supply" follows supply lines (18.3).

// retreatRules sets the retreating defender's view of the map on a new
// combat: the enemy ZOC it must heed (16.3) and the supply score of
// "toward-supply" (13.1.4, 18.3).
func (g *Game) retreatRules(c *Combat) {
	def := c.defender()
	if def == German {
		zoc := g.retreatZOC(German)
		rm := c.RetreatMap
		rm.EnemyZOC = zoc.Has
		c.RetreatMap = rm
	}
	c.SupplyDistance = g.supplyScore(def)
}

// retreatZOC is the enemy ZOC a retreat of side must heed (13.1.2). German
// units may ignore Allied ZOC projecting across the Cherbourg defense line
// from outside the line to inside it (16.3, example L1124), so those hexes
// count only if some other Allied unit projects ZOC into them.
func (g *Game) retreatZOC(side Side) hexSet {
	if side != German {
		return g.zocHexes(other(side))
	}
	return g.zocHexesBut(Allied, func(a, n hx.Axial) bool {
		return g.b.feature(a, n, CherbourgLine) && !g.b.inZone(ZoneCherbourg, a) && g.b.inZone(ZoneCherbourg, n) // 16.3
	})
}

// supplyScore scores the end hexes of side's retreats for "order retreat
// toward-supply", lower being nearer supply: first by the status a unit
// there would have (in supply, then out of supply, then isolated: 18.3,
// 18.5.1), then by the length of the shortest supply line from it, traced
// as supply.go traces them (no enemy units, no two vacant EZOC hexes in a
// row, no ZOC Line), not by hex distance. The trace runs once, on first use.
func (g *Game) supplyScore(side Side) func(hx.Axial) int {
	const far = 1 << 20
	var score []int // by grid number
	return func(a hx.Axial) int {
		if score == nil {
			score = make([]int, g.b.grid.Len())
			for i := range score {
				score[i] = 3 * far // no trace: no unit of side could stand there
			}
			v := g.supplyView(side)
			t := g.sup.newTracer(&v)
			goals := g.sup.sources(&v)
			st := t.statuses(goals)
			dist := t.distances(t.cells(goals), false, far)
			for i, s := range st {
				d, ok := dist[i]
				if !ok {
					d = far - 1
				}
				score[i] = (int(InSupply)-int(s))*far + d
			}
		}
		if i, ok := g.b.cell(a); ok {
			return score[i]
		}
		return 3 * far
	}
}
