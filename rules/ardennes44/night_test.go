package ardennes44

import (
	"testing"
)

// nightRetreat is a game under version in the Allied Combat Phase of turn
// 4 (the PM turn) or of the Night after it: 12/27, under a Night marker in
// target, attacked at 3-1 by 4/8(-), 99/393 and 99/394 (Night-marked at
// night, 25.3.2), takes a DR3 and retreats along the first path offered; no one advances.
func nightRetreat(t *testing.T, version string, phase Phase) *Game {
	t.Helper()
	f := fixture{version: version, setup: threeOnTargetSetup()}
	g := f.game(t, 4, phase, Allied)
	st(g, "12/27").Night = true
	for _, id := range []string{"4/8(-)", "99/393", "99/394"} {
		st(g, id).Night = phase == PhaseNightCombat
	}
	threeOnTarget(t, g, "DR3")
	rs := offered(g, "retreat ")
	if len(rs) == 0 {
		t.Fatalf("no retreat offered: %+v", g.Pending())
	}
	decide(t, g, rs[0])
	decide(t, g, "advance-done")
	if at(g, "12/27") == target {
		t.Fatal("12/27 did not retreat")
	}
	return g
}

// 25.3.7 (L1509): "Jeśli jednostka Niemiecka oznaczona Znacznikiem Nocnym
// jest zaatakowana w Alianckiej Turze PM i jest zmuszona do odwrotu—
// Znacznik Nocny jest usuwany": 12/27, Night-marked and forced to retreat in
// the Allied PM turn, loses its marker.
func TestNight_MarkerOffOnRetreatInAlliedPM_25_3_7(t *testing.T) {
	for _, version := range []string{"", "ardennes44/4"} {
		if g := nightRetreat(t, version, PhaseCombat); st(g, "12/27").Night {
			t.Errorf("%q: 12/27 retreated in the Allied PM turn under its Night marker, want it off (25.3.7)", version)
		}
	}
}

// 25.3.7 (L1509): otherwise a marker comes off in its owner's Night turn;
// the Allied Night turn comes first (25.1, L1451), and a German unit forced
// to retreat in it keeps its marker for the German Night turn.
// ardennes44/4 and older took it off there too.
func TestNight_MarkerKeptOnRetreatInAlliedNight_25_3_7(t *testing.T) {
	if g := nightRetreat(t, "", PhaseNightCombat); !st(g, "12/27").Night {
		t.Error("12/27 lost its Night marker retreating in the Allied Night turn; it comes off in the German Night turn (25.3.7)")
	}
	if g := nightRetreat(t, "ardennes44/4", PhaseNightCombat); st(g, "12/27").Night {
		t.Error("ardennes44/4: 12/27 kept its Night marker retreating in the Allied Night turn; that version took it off")
	}
}
