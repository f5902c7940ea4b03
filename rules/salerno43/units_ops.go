package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
)

// loseSteps takes n steps from unit i (10.3): a step flips the unit; a
// 3-step unit losing its second step becomes its REM counter (10.4.1); a
// unit with no step left is eliminated. A BH unit is eliminated by any step
// loss (18.1.3). The REM counter is always used when one of its type is
// left, the owner's better choice (10.4.2, A-43).
func (g *Game) loseSteps(i, n int) []string {
	var notes []string
	u := g.sc.Units[i]
	for ; n > 0 && g.alive(i); n-- {
		if u.Beachhead() || g.stepsLeft(i) <= 1 {
			g.eliminate(i)
			return append(notes, u.ID+" eliminated")
		}
		g.s.Units[i].Lost++
		if u.Rem != "" && g.s.Units[i].Lost == len(u.Faces) {
			if !g.remnantLeft(i) {
				g.eliminate(i) // 10.4.2: no REM counter of the type left
				return append(notes, u.ID+" eliminated (no REM counter left, 10.4.2)")
			}
			notes = append(notes, fmt.Sprintf("%s becomes its REM counter (10.4.1)", u.ID))
			continue
		}
		notes = append(notes, u.ID+" -1")
	}
	return notes
}

// remnantLeft: a REM counter of unit i's type is not in play (10.4).
func (g *Game) remnantLeft(i int) bool {
	u := g.sc.Units[i]
	total := 0
	for _, r := range g.sc.Remnants {
		if r.Side == u.Side && r.Type == u.Rem {
			total += r.Count
		}
	}
	used := 0
	for k := range g.s.Units {
		o := g.sc.Units[k]
		if k != i && o.Side == u.Side && o.Rem == u.Rem && g.alive(k) && g.s.Units[k].Lost >= len(o.Faces) {
			used++
		}
	}
	return used < total
}

// eliminate puts unit i in the Eliminated Units box, its markers off; an
// eliminated BH closes its beach for good (18.1.1, 23.1.3).
func (g *Game) eliminate(i int) {
	us := &g.s.Units[i]
	if g.sc.Units[i].Beachhead() && us.Hex != "" {
		g.s.BHLost++
		g.s.Closed = append(g.s.Closed, us.Hex)
		slices.Sort(g.s.Closed)
	}
	*us = unitState{ID: us.ID, Box: BoxEliminated}
}

// nextToEnemy: a hex next to a combat unit of side's enemy.
func (g *Game) nextToEnemy(a hex.Axial, side Side) bool {
	for _, n := range a.Neighbors() {
		for _, j := range g.pos().at(n) {
			if g.sc.Units[j].Side != side {
				return true
			}
		}
	}
	return false
}

// stackingWith is the stacking points side would have on a with unit join
// added (4.1-4.3).
func (g *Game) stackingWith(a hex.Axial, side Side, join int) int {
	var us []*Unit
	for _, j := range g.pos().at(a) {
		if g.sc.Units[j].Side == side && j != join {
			us = append(us, &g.sc.Units[j])
		}
	}
	if join >= 0 {
		us = append(us, &g.sc.Units[join])
	}
	return stackingPoints(us)
}

// halfEffCrossing: a step from→to earns ½ Eff (5.7): a road-less,
// pass-less mountain hexside crossed by a non-vehicle (5.6), or an
// unbridged river crossed by a vehicle (5.5).
func (g *Game) halfEffCrossing(i int, from, to hex.Axial) bool {
	veh := g.sc.Units[i].Info().Vehicle
	if !veh && g.b.mountainNoRoad(from, to) {
		return true
	}
	return veh && g.b.Feature(from, to, River) && g.b.Road(from, to) == ""
}

// releaseGarrison frees the Torre Annunziata garrison (19.2) from turn 3,
// or once an Allied unit stands within 3 hexes of it.
func (g *Game) releaseGarrison() {
	sp := g.sc.Special
	if g.s.Released || sp.Garrison == "" {
		return
	}
	gi := g.index(sp.Garrison)
	at, ok := g.axial(gi)
	if g.s.Turn >= sp.ReleaseTurn || !ok {
		g.s.Released = true
		return
	}
	for i := range g.s.Units {
		if a, on := g.axial(i); on && g.sc.Units[i].Side == Allied && hex.Distance(a, at) <= sp.ReleaseWithin {
			g.s.Released = true
			return
		}
	}
}
