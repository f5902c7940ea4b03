package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// The German SupP allocation (5.2): the turn's SupP arrive on the 7th Army;
// in the German Replacement Phase that follows the weather roll, with no
// decision between them, the German player may put some or all of them on the
// Cherbourg Fortress with 'allot cherbourg-fortress N', while a Cherbourg
// city hex traces supply to the south map edge. SupP once allotted never move
// again, so only the turn's income may go.

const fortressPool = "cherbourg-fortress"

// fortressInPlay reports whether the Cherbourg Fortress marker is still on the
// track: the scenario starts it (S3.2.2) and it has not fallen (5.2).
func (g *Game) fortressInPlay() bool { return poolIndex(g.s.SupP, fortressPool) >= 0 }

// checkAllot checks an allocation of n of this turn's SupP to the fortress.
func (g *Game) checkAllot(n int) error {
	if g.s.Side != German {
		return rules.Refuse("5.2", "only the German player allots SupP to the Cherbourg Fortress")
	}
	if n > g.s.SupPNew {
		return rules.Refuse("5.2", "%d SupP of this turn are left to allot; SupP already allotted never move", g.s.SupPNew)
	}
	linked := !g.cherbourgCutOffNow()
	return allocateGermanSupP(g.s.SupPNew, g.s.SupPNew-n, n, linked, g.fortressInPlay())
}

func (g *Game) allot(c Command) ([]rules.Event, error) {
	if c.Path[0] == pzWestPool {
		return g.allotPzWest(c) // 24.0 (suppsplit.go)
	}
	if err := g.checkAllot(c.N); err != nil {
		return nil, err
	}
	g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N -= c.N
	lost := g.addSupP(fortressPool, c.N)
	g.s.SupPNew -= c.N
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("%d SupP go to the Cherbourg Fortress instead of the 7th Army%s (5.2)", c.N, lostWords(lost))}}, nil
}

func (g *Game) allotChoices() []rules.Choice {
	out := g.pzWestChoices()
	for n := 1; n <= g.s.SupPNew; n++ {
		if g.checkAllot(n) == nil {
			c := Command{Verb: "allot", Path: []string{fortressPool}, N: n}
			out = append(out, rules.Choice{Command: c.String(), Note: "SupP to the Cherbourg Fortress (5.2)"})
		}
	}
	return out
}

// fortressFalls removes the Cherbourg Fortress marker and its SupP once every
// Cherbourg city hex is Allied-controlled (5.2).
func (g *Game) fortressFalls() []rules.Event {
	k := poolIndex(g.s.SupP, fortressPool)
	if k < 0 || !cherbourgFortressFalls(g.sc, g.controlMap()) {
		return nil
	}
	n := g.s.SupP[k].N
	g.s.SupP = append(g.s.SupP[:k:k], g.s.SupP[k+1:]...)
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("Every Cherbourg hex is Allied: the Cherbourg Fortress marker and its %d SupP are removed (5.2)", n)}}
}
