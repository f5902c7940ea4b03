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

// 6.3 (L296): "Jeśli przybyła tylko jedna wskazana formacja, gracz
// Niemiecki musi wybrać tę, która znajduje się na mapie": of the "15 PG or
// 9 Pz" result, with 9 Pz on the map and 15 PG only due this turn, 9 Pz is
// hit, no choice asked. Under ardennes44/3 the German player picked either.
func TestFuel_OrResultTakesTheDivisionOnTheMap_6_3(t *testing.T) {
	for _, tc := range []struct {
		version string
		choice  bool
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{setup: []string{"9pz/10pg 0303", "28/109 1010"}, version: tc.version}
		g := f.game(t, 11, PhaseFuel, German)
		g.sc.Reinforcements = append(g.sc.Reinforcements, Reinforcement{Turn: 11, Unit: "15pg/104pg", Letters: "L"})
		g.enterForTest()
		roll(t, g, 3, 1) // column 1: 15 PG or 9 Pz
		offers := offered(g, "fuel ")
		if got := len(offers) > 0; got != tc.choice {
			t.Errorf("%q: the German player is offered %v; want a choice %v (6.3)", tc.version, offers, tc.choice)
		}
		if tc.choice {
			continue
		}
		if !st(g, "9pz/10pg").OOS || st(g, "15pg/104pg").OOS {
			t.Errorf("%q: OOS 9pz/10pg %v, 15pg/104pg %v; want 9 Pz, the division on the map, alone (6.3)", tc.version, st(g, "9pz/10pg").OOS, st(g, "15pg/104pg").OOS)
		}
	}
}
