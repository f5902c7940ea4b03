package ardennes44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The Rally Phase (18.6): each own Disrupted or Broken unit not next to an
// enemy unit improves one level; each next to one rolls (1-2 improves, +1
// Green, -1 Elite): one die per unit, not per stack (AMB-24). Broken recovers through Disrupted (18.5, OCR-11).
// Allied units in an Off-map Area rally there (11.9.4); a German unit that
// retreated across an army boundary before turn 5 does not until it is back
// (11.10.2).

// enterRally rallies the units out of contact and asks the dice of the rest.
func (g *Game) enterRally() []rules.Event {
	side := g.s.Side
	occ := g.occupancy()
	g.s.Rally = nil
	var better []string
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.sideOf(i) != side || us.Status == "" || !inPlay(us.At) {
			continue
		}
		if us.Boundary && g.s.Turn < boundariesLifted {
			continue // 11.10.2
		}
		if g.unitNextToEnemy(i, occ) {
			g.s.Rally = append(g.s.Rally, us.ID)
			continue
		}
		better = append(better, us.ID+" "+g.improve(i))
	}
	if len(better) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: "Rally (18.6): " + strings.Join(better, ", ")}}
}

// improve raises unit i one level (18.6) and says to what.
func (g *Game) improve(i int) string {
	us := &g.s.Units[i]
	if us.Status == statusBroken {
		us.Status = statusDisrupted
		return "to Disrupted"
	}
	us.Status = ""
	return "to Good Order"
}

// rollRally reads a die for each unit awaited (18.6, AMB-24: per unit).
func (g *Game) rollRally(values []int) []rules.Event {
	var out []string
	for k, id := range g.s.Rally {
		i := g.index[id]
		drm := moraleDRM(g.unit(i).Morale)
		if rallyTable.Roll(0, values[k], drm) {
			out = append(out, fmt.Sprintf("%s %d%+d %s", id, values[k], drm, g.improve(i)))
		} else {
			out = append(out, fmt.Sprintf("%s %d%+d no change", id, values[k], drm))
		}
	}
	g.s.Rally = nil
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "Rally dice (18.6): " + strings.Join(out, "; ")}}
}
