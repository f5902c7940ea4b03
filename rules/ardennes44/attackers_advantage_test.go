package ardennes44

import (
	"slices"
	"testing"
)

// ddHoldsAAHex is a game under version where T-21's hex, 4/8/2 and 707tk in
// a town, holds an Allied Attacker's Advantage; the Germans attack it (4-1,
// whose 4 is DR2) and the Determined Defense succeeds (4 - 3 = 1: Yes, -1
// step), holding 707tk in place. It reports whether the marker is left.
func ddHoldsAAHex(t *testing.T, version string) bool {
	t.Helper()
	f := fixture{version: version, terrain: map[string]Terrain{target: Town}, setup: []string{"4/8/2 " + target, "707tk " + target,
		"1ss/kgp-tiger " + around(0), "1ss/1pg " + around(0), "9ss/9pz " + around(1), "g-rem-pg-1 " + around(1), "12/27 " + around(3)}}
	g := f.game(t, 3, PhaseCombat, German)
	g.s.AA = []aaMarker{{Hex: target, Target: around(3), Units: []string{"4/8/2", "707tk"}, Turn: g.s.CombatPhases}}
	attackFrom(t, g, "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	roll(t, g, 4)
	if g.combat().Result.Code != "DR2" {
		t.Fatalf("result %s, want DR2", g.combat().Result.Code)
	}
	decide(t, g, "dd 707tk")
	roll(t, g, 4)
	if g.s.Combat != nil {
		t.Fatalf("combat not over: %s", g.Pending().Prompt)
	}
	if at(g, "707tk") != target {
		t.Fatalf("707tk in %s: want the DD to have held it in %s", at(g, "707tk"), target)
	}
	return slices.ContainsFunc(g.s.AA, func(m aaMarker) bool { return m.Hex == target })
}

// 16.6 (L928): the Attacker's Advantage comes off when the units under it
// "are forced to retreat (even if the retreat result is cancelled by a
// successful Determined Defense [16.7])".
func TestAttackersAdvantage_OffWhenDDCancelsTheRetreat_16_6(t *testing.T) {
	if ddHoldsAAHex(t, "") {
		t.Errorf("the Attacker's Advantage on %s stays: its units were forced to retreat, which a successful DD cancelled; 16.6 removes it even so", target)
	}
}

// ardennes44/3 took it off only when the units moved.
func TestAttackersAdvantage_V3StaysWhenDDCancelsTheRetreat(t *testing.T) {
	if !ddHoldsAAHex(t, "ardennes44/3") {
		t.Errorf("the Attacker's Advantage on %s is off under ardennes44/3, which took it off only when its units retreated", target)
	}
}
