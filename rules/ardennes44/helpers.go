package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hex"
)

// nextToEnemy reports whether hex a is next to a unit of side's enemy.
func (g *Game) nextToEnemy(a hex.Axial, side Side, occ map[hex.Axial][]int) bool {
	for _, n := range a.Neighbors() {
		if g.sideAt(occ, n) == side.Other() {
			return true
		}
	}
	return false
}

// unitNextToEnemy reports whether unit i stands next to an enemy unit.
func (g *Game) unitNextToEnemy(i int, occ map[hex.Axial][]int) bool {
	a, ok := g.onMap(i)
	return ok && g.nextToEnemy(a, g.sideOf(i), occ)
}
