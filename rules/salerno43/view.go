package salerno43

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// View implements rules.Game: everything on the map is seen by both
// players (Salerno '43 hides nothing).
func (g *Game) View(seat rules.Seat) rules.View {
	lines := []string{g.phaseName(),
		fmt.Sprintf("Weather: box %s, %s; SP German %d, Allied %d; ready markers: %s",
			boxNames[g.s.Weather], g.b.chart.Weather.Boxes[g.s.Weather].Weather, g.s.SP[0], g.s.SP[1], strings.Join(g.s.Ready, ", ")),
		fmt.Sprintf("Allied VP at the last check: %d (%d BH lost)", g.s.VP, g.s.BHLost), g.valiantWords()}
	if len(g.s.Urban) > 0 {
		var hexes []string
		for _, m := range g.s.Urban {
			hexes = append(hexes, m.Hex)
		}
		lines = append(lines, "Urban-combat markers (11.6.2): "+strings.Join(hexes, " "))
	}
	for _, side := range []Side{German, Allied} {
		var ws []string
		for i, us := range g.s.Units {
			if g.sc.Units[i].Side != side || us.Box == BoxEliminated {
				continue
			}
			where := us.Hex
			if where == "" {
				where = us.Box
			}
			if where == "" {
				continue
			}
			w := us.ID + "@" + where
			var marks []string
			if us.Lost > 0 {
				marks = append(marks, fmt.Sprintf("-%d", us.Lost))
			}
			for _, m := range []struct {
				on   bool
				word string
			}{{us.Status != GoodOrder, string(us.Status)}, {us.HalfEff, "½Eff"}, {us.Isolated, "ISO"}, {us.OOS && !us.Isolated, "OOS"}, {us.Used, "USED"}} {
				if m.on {
					marks = append(marks, m.word)
				}
			}
			if len(marks) > 0 {
				w += "[" + strings.Join(marks, ",") + "]"
			}
			ws = append(ws, w)
		}
		lines = append(lines, fmt.Sprintf("%s: %s", side, strings.Join(ws, " ")))
	}
	return rules.View{Lines: lines, Data: g.s}
}
