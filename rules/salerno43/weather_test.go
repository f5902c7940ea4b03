package salerno43

import (
	"strings"
	"testing"
)

// 22.1 (L1289): "Rozpoczynając od 2 tury, podczas każdej fazy pogody,
// określ, czy znacznik pogody porusza się": no weather die on turn 1. A
// scenario without the invasion (S1.4's tournament start, L1447: "rozpocznij
// grę w turze gracza niemieckiego") opens with the German Preparation
// Phase, awaiting no die; the Weather Phase opens turn 2.
func TestNoWeatherRollOnTurnOne_22_1(t *testing.T) {
	lines := strings.Split(string(readShipped(t, "avalanche")), "\n")
	for k, l := range lines {
		if strings.TrimSpace(l) == "invasion" {
			lines[k] = ""
		}
	}
	rg, err := New([]byte(strings.Join(lines, "\n")), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	if g.sc.Special.Invasion {
		t.Fatal("the scenario still opens with the invasion")
	}
	if p := g.Pending(); g.s.Turn != 1 || g.s.Phase != PhasePrep || g.s.Side != German || p.Dice != nil {
		t.Errorf("22.1, S1.4: turn 1 opens with the German Preparation Phase and no die; the game is at turn %d, the %s, waiting for %q",
			g.s.Turn, g.phaseName(), p.Prompt)
	}
	if st := stages(g, 2); st[0].Phase != PhaseWeather {
		t.Errorf("22.1: the Weather Phase opens turn 2, not the %s", st[0].Phase)
	}
}
