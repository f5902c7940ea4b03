package ardennes44

import (
	"testing"
)

// 6.1 (L273) puts all the units of a division hit by a Fuel Shortage out
// of supply; of those still to come, 6.3 (L296) hits only a division
// "która przybywa w tej samej turze", which arrives unsupplied. From
// ardennes44/4 a unit due on a later turn is spared, and one due this turn
// is hit; ardennes44/3 marked both, and the later one came in out of
// supply whenever it arrived.
func TestFuel_ShortageSparesLaterReinforcements_6_3(t *testing.T) {
	for _, tc := range []struct {
		version string
		later   bool // the unit due on a later turn is marked OOS
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{setup: []string{"9pz/10pg 0303", "28/109 1010"}, version: tc.version}
		g := f.game(t, 7, PhaseFuel, German)
		g.sc.Reinforcements = append(g.sc.Reinforcements,
			Reinforcement{Turn: 7, Unit: "9pz/33pz", Letters: "L"}, Reinforcement{Turn: 10, Unit: "9pz/11pg", Letters: "L"})
		g.enterForTest()
		if at(g, "9pz/11pg") != "" || at(g, "9pz/33pz") != "" {
			t.Fatalf("9pz/11pg at %q, 9pz/33pz at %q; want both still to arrive", at(g, "9pz/11pg"), at(g, "9pz/33pz"))
		}
		roll(t, g, 3, 1) // column 1: 15 PG or 9 Pz; 15 PG absent, so 9 Pz (6.3)
		if !st(g, "9pz/10pg").OOS || !st(g, "9pz/33pz").OOS {
			t.Errorf("%q: OOS 9pz/10pg %v, 9pz/33pz (due this turn) %v; want both (6.1, 6.3)", tc.version, st(g, "9pz/10pg").OOS, st(g, "9pz/33pz").OOS)
		}
		if got := st(g, "9pz/11pg").OOS; got != tc.later {
			t.Errorf("%q: 9pz/11pg, due on turn 10, OOS %v after the turn-7 shortage; want %v (6.3: this same turn)", tc.version, got, tc.later)
		}
	}
}
