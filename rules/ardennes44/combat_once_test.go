package ardennes44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// retreatFirst declines a Determined Defense if offered and takes the first
// retreat offered.
func retreatFirst(t *testing.T, g *Game) {
	t.Helper()
	if len(offered(g, "no-dd")) > 0 {
		decide(t, g, "no-dd")
	}
	if rs := offered(g, "retreat "); len(rs) > 0 {
		decide(t, g, rs[0])
	}
}

// retreatedAlone is a game under version whose 4/8/2, attacked in 0606 by
// 12/27 (5:2 = 2-1, whose 6 is DR2), has retreated alone into an empty hex,
// end; 12/48 stands next to it in from, an empty hex, to attack it again.
func retreatedAlone(t *testing.T, version string) (g *Game, end, from string) {
	t.Helper()
	f := fixture{version: version, setup: []string{"4/8/2 " + target, "12/27 " + around(0), "12/48 0101"}}
	g = f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27")
	roll(t, g, 6)
	retreatFirst(t, g)
	if len(offered(g, "advance-done")) > 0 {
		decide(t, g, "advance-done")
	}
	if g.s.Combat != nil {
		t.Fatalf("combat not over: %s", g.Pending().Prompt)
	}
	end = at(g, "4/8/2")
	if end == target || end == deadBox {
		t.Fatalf("4/8/2 in %s: want it retreated", end)
	}
	occ := g.occupancy()
	for _, h := range hexesAround(end) {
		if a, ok := g.b.ids[h]; ok && len(occ[a]) == 0 && g.b.OnMap(a) {
			from = h
			break
		}
	}
	st(g, "12/48").At = from
	return g, end, from
}

// 14.1 (L693): no unit attacks or is attacked more than once in a Combat
// Phase, but by a Breakthrough (19.4.3, L1113, which names retreated units
// as its targets). 4/8/2, attacked and retreated alone into an empty hex,
// is attacked already: a regular attack on it is refused, and not offered.
func TestAttackOnce_RetreatedUnitNotAttackedAgain_14_1(t *testing.T) {
	g, end, from := retreatedAlone(t, "")
	for _, c := range g.Legal(rules.Seat(German)) {
		if strings.HasPrefix(c.Command, "attack "+end+" ") {
			t.Errorf("%q is offered: 4/8/2 alone in %s was attacked already this phase (14.1)", c.Command, end)
		}
	}
	_, err := g.Apply(rules.Seat(German), "attack "+end+" from "+from+" with 12/48")
	refused(t, err, "14.1")
}

// A hex that holds a unit not attacked yet beside the retreated one may be
// attacked: the retreated unit adds nothing and is eliminated if it must
// retreat again (17.5, L1013; AMB-23).
func TestAttackOnce_HexWithFreshUnitAttacked_17_5(t *testing.T) {
	g, end, from := retreatedAlone(t, "")
	st(g, "707tk").At = end
	apply(t, g, German, "attack "+end+" from "+from+" with 12/48")
}

// ardennes44/3 refused only the hexes attacked this phase: the retreated
// 4/8/2 is attacked a second time.
func TestAttackOnce_V3AttackedRetreatedUnitAgain(t *testing.T) {
	g, end, from := retreatedAlone(t, "ardennes44/3")
	apply(t, g, German, "attack "+end+" from "+from+" with 12/48")
}
