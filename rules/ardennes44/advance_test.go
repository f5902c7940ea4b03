package ardennes44

import (
	"slices"
	"testing"
)

// tigerInForest is a game under version where the Tiger, in a forest hex
// reached by a forest road that runs away from 0606, and 12/27 attack
// 4/8/2 there (5 (9 halved, 15.4) + 5 : 2 = 5-1, whose 2 is DR2), and
// 4/8/2 has retreated: it returns the Tiger's advances offered.
func tigerInForest(t *testing.T, version string) []string {
	t.Helper()
	woods := around(0)
	back := nb(woods, 0)
	f := fixture{version: version, terrain: map[string]Terrain{woods: Forest},
		roads: [][]string{{"secondary", back, woods}},
		setup: []string{"4/8/2 " + target, "1ss/kgp-tiger " + woods, "12/27 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "1ss/kgp-tiger", "12/27")
	if len(g.combat().Odds.Halved) == 0 {
		t.Fatalf("the Tiger is not halved (%s): the fixture wants it out of a forest off road", g.combat().Odds)
	}
	roll(t, g, 2)
	if g.combat().Result.Code != "DR2" {
		t.Fatalf("result %s at %s, want DR2", g.combat().Result.Code, g.combat().Odds.Column())
	}
	retreatFirst(t, g)
	return offered(g, "advance 1ss/kgp-tiger")
}

// 19.2 (L1095): an advancing unit enters no hex and crosses no hexside
// movement forbids it; vehicles leave a forest hex only along a road (11.5,
// L520). The Tiger may not advance off road out of its forest hex into the
// vacated hex.
func TestAdvance_VehicleLeavesForestOnlyAlongRoad_19_2(t *testing.T) {
	bad := "advance 1ss/kgp-tiger " + target
	if got := tigerInForest(t, ""); slices.Contains(got, bad) {
		t.Errorf("%q is offered (of %q): a vehicle may not leave a forest hex off road in movement (11.5), so neither in an advance (19.2)", bad, got)
	}
}

// ardennes44/3 checked the hex left only after the first step: the Tiger
// advanced off road out of the forest.
func TestAdvance_V3VehicleLeftForestOffRoad(t *testing.T) {
	bad := "advance 1ss/kgp-tiger " + target
	if got := tigerInForest(t, "ardennes44/3"); !slices.Contains(got, bad) {
		t.Errorf("%q is not offered under ardennes44/3 (%q), which let the first step leave the forest off road", bad, got)
	}
}
