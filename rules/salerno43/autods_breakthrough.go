package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Breakthrough after an Auto DS (15.4, 8.7.2, L924-926, L471): the units of
// an Auto DS advance, in the Combat Phase after all combats, as after a DS
// (autods-advance), and, as in a normal combat, one stack of them may
// break through: each Auto DS makes one breakthrough group at most, though
// its units stood in 2 to 4 hexes. A unit that has advanced offers the
// breakthrough to its stack, the units of the same Auto DS that advanced
// into its hex, each having spent the hexes it advanced (15.2.4) of its
// own DS advance length (14.2: 4 mechanized, 2 otherwise; the group's the
// shortest, 15.2.5). Once the group has attacked, that Auto DS makes no
// other; another unit's advance ends the group's (15.2.2: the group
// finishes before the others advance). A unit that stays where it stood
// offers none: the breakthrough is declared after an advance.

// autoStep is an Auto DS unit's advance (8.7.2): the Auto DS's target and
// the hexes it advanced.
type autoStep struct {
	ID     string `json:"id"`
	Target string `json:"target"`
	Hexes  int    `json:"hexes"`
}

// autoBreakthrough records the breakthrough the Auto DS on target allows
// the stack unit i has just advanced into, and says so.
func (g *Game) autoBreakthrough(i int, target string) []rules.Event {
	g.s.Breakthrough = nil
	if slices.Contains(g.s.AutoBroke, target) {
		return nil // 15.4: this Auto DS has made its breakthrough group
	}
	ds, _ := g.b.chart.CRT.Result("DS")
	at := g.s.Units[i].Hex
	b := &breakthrough{Reach: -1, Auto: target}
	for j, us := range g.s.Units {
		k := slices.IndexFunc(g.s.AutoSteps, func(a autoStep) bool { return a.ID == us.ID })
		if us.Hex != at || k < 0 || g.s.AutoSteps[k].Target != target {
			continue
		}
		spent := g.s.AutoSteps[k].Hexes
		reach := advanceLength(ds, g.sc.Units[j].Info().Mech, us.OOS, us.HalfEff)
		if spent+1 > reach { // 15.2.4: the breakthrough combat costs 1
			continue
		}
		if b.Reach < 0 || reach < b.Reach {
			b.Reach = reach
		}
		b.Units = append(b.Units, btUnit{ID: us.ID, Spent: max(spent, 1)})
	}
	b.Units = slices.DeleteFunc(b.Units, func(u btUnit) bool { return u.Spent+1 > b.Reach })
	if len(b.Units) == 0 {
		return nil
	}
	g.s.Breakthrough = b
	ids := make([]string, len(b.Units))
	for k, u := range b.Units {
		ids[k] = u.ID
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "a breakthrough by " + strings.Join(ids, ", ") + " may follow the Auto DS on " + target + " ('attack HEX with ... breakthrough', 15.4)"}}
}
