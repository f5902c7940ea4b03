package ardennes44

import "testing"

// boundaryFF is a game under version where 12/27 attacks 4/8/2 across an
// army boundary on turn 3 (5:2 = 2-1) and rolls the 3, an FF.
func boundaryFF(t *testing.T, version string) *Game {
	t.Helper()
	a := around(0)
	f := fixture{version: version, sides: [][3]string{{a, target, "army-boundary"}}, setup: []string{"4/8/2 " + target, "12/27 " + a}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27")
	roll(t, g, 3)
	return g
}

// 16.2.1 (L876): only a unit that could legally enter the attacked hex
// leads a Fire Fight; German units cross no army boundary before turn 5
// (11.10.1, L559) and attack across it without advancing (11.10.2, L563).
// 12/27, attacking across one, cannot lead: with no Lead the FF is an ENG.
func TestFireFight_NoLeadAcrossArmyBoundary_16_2_1(t *testing.T) {
	g := boundaryFF(t, "")
	if ff := offered(g, "fire-fight"); len(ff) > 0 {
		t.Errorf("offered %v: 12/27 cannot legally enter %s across the army boundary before turn 5 (11.10.1)", ff, target)
	}
	if !st(g, "4/8/2").ENG || at(g, "4/8/2") != target || g.s.Combat != nil {
		t.Errorf("the FF became ENG: 4/8/2 Engaged %v in %s, combat over %v (16.2.1, 16.5)", st(g, "4/8/2").ENG, at(g, "4/8/2"), g.s.Combat == nil)
	}
}

// ardennes44/3 let 12/27 lead across the boundary.
func TestFireFight_V3LeadAcrossArmyBoundary(t *testing.T) {
	g := boundaryFF(t, "ardennes44/3")
	if ff := offered(g, "fire-fight 12/27"); len(ff) != 1 {
		t.Errorf("offered %v under ardennes44/3, want 12/27 as the Lead", ff)
	}
}
