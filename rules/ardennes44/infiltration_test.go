package ardennes44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

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

// 31 (L1708: each unused Night marker moves one stack "o jeden heks", a
// Night Infiltration), 11.3 (L503): Legal offers an infiltrator the
// move into each hex next to it that Apply takes, by its own step. It used
// to offer the hexes next to it by Tactical Movement's paths, some of them
// two steps through the hex beside, which a move of 1 hex may not take:
// 12/27 was offered one of its six.
func TestInfiltration_LegalOffersEveryHexNextToIt_31(t *testing.T) {
	from := around(0)
	g := fixture{setup: []string{"12/27 " + from}}.game(t, 2, PhaseNightMove, German, OptInfiltration)
	g.enterForTest()
	offered := map[string]bool{}
	for _, c := range choicesFor(g, German, "12/27") {
		if f := strings.Fields(c); f[0] == "move" && !hasFlag(c, "exit") {
			if len(f) != 4 {
				t.Errorf("Legal offers %q: a Night Infiltration moves 1 hex (31)", c)
				continue
			}
			offered[f[3]] = true
		}
	}
	a := mustHex(from)
	taken := 0
	for _, b := range a.Neighbors() {
		to := g.b.id(b)
		if _, err := g.Clone().(*Game).Apply(rules.Seat(German), "move 12/27 "+from+" "+to); err != nil {
			if offered[to] {
				t.Errorf("Legal offers the move into %s, which Apply refuses: %v", to, err)
			}
			continue
		}
		taken++
		if !offered[to] {
			t.Errorf("Apply takes 12/27's infiltration into %s, which Legal does not offer (offered: %v)", to, offered)
		}
	}
	if taken < 3 {
		t.Errorf("only %d hexes next to %s taken: the fixture tests little", taken, from)
	}
}
