package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// stackMember is what stacking looks at in a unit (7.1).
type stackMember struct {
	Type     UnitType
	Strength int // current combat strength (AMBIG-8)
}

// stackValue is a unit's stacking points by its current strength (7.1, T16):
// 1 for strength 1-2, 2 for 3 or more. A strength-0 counter counts as the
// smallest unit.
func stackValue(strength int) int {
	if strength >= 3 {
		return 2
	}
	return 1
}

// stackPoints counts a stack (7.1, T16): strongpoints, HQs, Werfers and
// engineers stack free, one of each kind (AMBIG-7; a second of a kind counts
// by its strength, as the scenario checker reads it); one silhouette stacks
// free, and it is the costliest one (the 7.1 note: the free silhouette is the
// one that keeps the total lowest).
func stackPoints(ms []stackMember) int {
	total, freeSilhouette := 0, 0
	freeUsed := make([]UnitType, 0, 4) // of 4 free kinds: on the stack
	for _, m := range ms {
		info := UnitTypes[m.Type]
		if info.FreeStack && !slices.Contains(freeUsed, m.Type) {
			freeUsed = append(freeUsed, m.Type)
			continue
		}
		pts := stackValue(m.Strength)
		total += pts
		if info.Silhouette {
			freeSilhouette = max(freeSilhouette, pts)
		}
	}
	return total - freeSilhouette
}

// stackAt counts the stacking points in a hex, with extra units added (a unit
// about to end its move there).
func (g *Game) stackAt(occ map[hex.Axial][]int, a hex.Axial, extra ...int) int {
	return g.stackOf(append(append([]int(nil), occ[a]...), extra...))
}

// stackOf counts the stacking points of the units listed (7.1).
func (g *Game) stackOf(units []int) int { return g.stackWith(units, -1) }

// stackWith counts the stacking points of the units listed and unit join
// (-1 for none; counted once if it is among them). Every move's every end
// hex is counted, so a stack of the usual size is counted without
// allocating.
func (g *Game) stackWith(units []int, join int) int {
	var buf [8]stackMember
	ms := buf[:0]
	for _, i := range units {
		if i != join {
			ms = append(ms, stackMember{Type: g.unit(i).Type, Strength: g.strength(i)})
		}
	}
	if join >= 0 {
		ms = append(ms, stackMember{Type: g.unit(join).Type, Strength: g.strength(join)})
	}
	return stackPoints(ms)
}

// stacking is Normandy's stacking limit as the series core reads it: 4
// stacking points a hex (7.1, T16).
func (g *Game) stacking(units []int, join int) *rules.Refusal {
	if pts := g.stackWith(units, join); pts > stackLimit {
		return &rules.Refusal{Rule: "7.1", Reason: fmt.Sprintf("would hold %d stacking points; the limit is %d", pts, stackLimit)}
	}
	return nil
}

// overstacked lists a side's hexes over the limit (7.2), in Axial order.
func (g *Game) overstacked(side Side) []hex.Axial {
	return hexwar.Overstacked(position{g}, side, g.stacking)
}
