package ardennes44

import "testing"

// 31 (L1710: "Kupka używająca Nocnej Infiltracji nie może Atakować
// podczas Fazy Walki w Turze Nocnej"): on the first Night 12/27, not
// under a Night marker, infiltrates 1 hex into the hex of KG Peiper's
// 1ss/kgp-pz; a unit stacked with KG Peiper attacks with it that Night
// (27.5), but not one that infiltrated. ardennes44/4 barred the units in
// the hexes infiltrations began from, and let 12/27 attack.
func TestInfiltration_InfiltratorDoesNotAttack_31(t *testing.T) {
	from, to := around(0), target
	for _, tc := range []struct {
		version string
		attacks bool
	}{{"", false}, {"ardennes44/4", true}} {
		g := fixture{version: tc.version, setup: []string{"1ss/kgp-pz " + to, "12/27 " + from}}.game(t, 2, PhaseNightMove, German, OptInfiltration)
		g.enterForTest()
		apply(t, g, German, "move 12/27 "+from+" "+to)
		if at(g, "12/27") != to {
			t.Fatalf("%q: 12/27 in %s, want it infiltrated into %s", tc.version, at(g, "12/27"), to)
		}
		g.s.Phase = PhaseNightCombat
		if got := g.attacksAtNight(g.index["12/27"]); got != tc.attacks {
			t.Errorf("%q: 12/27, infiltrated into KG Peiper's hex, attacks tonight: %v, want %v (31)", tc.version, got, tc.attacks)
		}
		if !g.attacksAtNight(g.index["1ss/kgp-pz"]) {
			t.Errorf("%q: KG Peiper does not attack on the first Night (27.5)", tc.version)
		}
	}
}
