package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// mountainStep is, on an empty board at the Allied Movement Phase of turn
// 5 under version, a hex a not a city, a road-less mountain hexside a|b
// into a hex b that is no full-mountain hex, and a hex e next to b, two
// from a; 504/82 stands at a with ½ Eff from its drop (21.6.1: 3 or 4).
func mountainStep(t *testing.T, version string) (g *Game, a, b, e hex.Axial) {
	t.Helper()
	g = emptyGameIn(t, version, 5, PhaseMovement, Allied)
	for _, a = range g.b.LandHexes() {
		if g.b.Terrain(a) == City {
			continue
		}
		for _, b = range a.Neighbors() {
			if !g.b.Land(b) || !g.b.mountainNoRoad(a, b) || g.b.fullMountain(b) {
				continue
			}
			for _, e = range b.Neighbors() {
				if e != a && g.b.Land(e) && hex.Distance(e, a) == 2 {
					g.s.Units[g.put(t, "504/82", g.b.ID(a))].HalfEff = true
					return g, a, b, e
				}
			}
		}
	}
	t.Fatal("no mountain hexside")
	return
}

// 5.7 (L298, L300): "Jednostka nie może podejmować żadnych dobrowolnych
// działań, które spowodowałyby, że w tej samej turze zdobędzie dwa
// znaczniki ½ Eff", and the marker is placed only on a unit that ends its
// move next to an enemy unit. 504/82, ½ Eff from its drop this turn, may
// not cross a road-less mountain hexside by TM to end next to 1-64/16,
// and no move Legal offers it crosses one to end next to the enemy; with
// no enemy there it crosses. salerno43/2 let it cross next to the enemy.
func TestNoSecondHalfEffInATurn_5_7(t *testing.T) {
	g, a, b, e := mountainStep(t, "")
	g.put(t, "1-64/16", g.b.ID(e))
	cmd := "move 504/82 " + g.b.ID(a) + " " + g.b.ID(b) + " tm"
	for _, c := range g.Legal(rules.Seat(Allied)) {
		f := strings.Fields(c.Command)
		if f[0] != "move" || f[1] != "504/82" {
			continue
		}
		var path []hex.Axial
		for _, id := range f[2:] {
			if h, ok := g.b.Hex(id); ok {
				path = append(path, h)
			}
		}
		for k := 1; k < len(path); k++ {
			if g.halfEffCrossing(g.index("504/82"), path[k-1], path[k]) && g.nextToEnemy(path[len(path)-1], Allied) {
				t.Errorf("5.7: Legal offers %q, a second ½ Eff this turn", c.Command)
			}
		}
	}
	rulestest.Refused(t, g, rules.Seat(Allied), cmd, "5.7", "second")

	g, _, _, _ = mountainStep(t, "")
	rulestest.Apply(t, g, rules.Seat(Allied), cmd)

	g, _, _, e = mountainStep(t, "salerno43/2")
	g.put(t, "1-64/16", g.b.ID(e))
	rulestest.Apply(t, g, rules.Seat(Allied), cmd)
}
