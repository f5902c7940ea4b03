package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Limited port supply, optional rule 25.3 (L1420-1424): Allied units that
// cannot trace a line of supply to a BH may draw supply from a port, which
// supplies units worth at most its LP value x 10 landing points (Amalfi, LP
// 1: a division of three regiments and its ASU, 3+3+3+1); the rest are out
// of supply. A unit's worth is its landing points (18.4.3). The book
// limits the ports only: the other sources, the BH and the entry areas of
// 21.2, supply without limit, and a unit that reaches one of them draws
// nothing from a port. Which units a port supplies is not the player's
// pick here: the units in the order of the scenario's [units], each from
// the first port by hex id that reaches it and has room left; a simpler
// reading than the player's choice the book may mean, and the same for
// both players to verify.

// portCapacity is 25.3's: a port supplies units of at most LP x 10 LP.
func portCapacity(p Port) int { return p.LP * 10 }

// portShort lists the Allied units that only a port's LOS reaches and that
// its capacity leaves out (25.3).
func (g *Game) portShort() map[int]bool {
	ports := g.supplyPorts()
	if len(ports) == 0 {
		return nil
	}
	tr := hexwar.NewTracer(g.b.Board, g.supplyRules(Allied, false))
	base := tr.Statuses(g.supplyBases(Allied))
	reach := make([]map[int]hexwar.SupplyStatus, len(ports))
	left := make([]int, len(ports))
	for k, id := range ports {
		a, _ := g.b.Hex(id)
		reach[k] = tr.Statuses([]hex.Axial{a})
		left[k] = portCapacity(g.b.ports[id])
	}
	short := map[int]bool{}
	for i, u := range g.sc.Units {
		us := g.s.Units[i]
		if u.Side != Allied || us.Hex == "" || u.Beachhead() {
			continue
		}
		c, _ := g.b.CellOf(us.Hex)
		if base[c] == hexwar.InSupply {
			continue
		}
		need, reached, fed := lpCost(&g.sc.Units[i]), false, false
		for k := range ports {
			if reach[k][c] != hexwar.InSupply {
				continue
			}
			reached = true
			if left[k] >= need {
				left[k] -= need
				fed = true
				break
			}
		}
		if reached && !fed {
			short[i] = true
		}
	}
	return short
}
