package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays salerno43/3 and replays salerno43/2 and /1, each with
// its own reading of 12.1.2, and /3 alone with the supply, ASU and BH rules
// of its fields. (Any other version is refused: the conformance suite
// checks it of every engine.)
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "salerno43/3" || !slices.Equal(e.Replays, []string{"salerno43/2", "salerno43/1"}) {
		t.Errorf("version %s, replays %v; want salerno43/3, replaying salerno43/2 and /1", e.Version, e.Replays)
	}
	text := readShipped(t, "avalanche")
	for _, tc := range []struct {
		version   string
		split, v3 bool
	}{{"", true, true}, {"salerno43/3", true, true}, {"salerno43/2", true, false}, {"salerno43/1", false, false}} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		v := g.(*Game).ver
		if v.splitRetreat != tc.split {
			t.Errorf("version %q: split retreats %v, want %v (12.1.2)", tc.version, v.splitRetreat, tc.split)
		}
		for rule, got := range map[string]bool{"18.1.3": v.bhGoodOrder, "16.5.2": v.asuLOS, "16.5.5": v.attritionLOS, "20.4": v.replArea, "17.5": v.readyInArea, "16.1": v.areaSupply, "18.4.5": v.seaCapPortToPort} {
			if got != tc.v3 {
				t.Errorf("version %q: the %s field is %v, want %v", tc.version, rule, got, tc.v3)
			}
		}
	}
}

// A game restored from a snapshot, or cloned, goes on under the version
// of the game it comes from.
func TestVersions_RestoreAndClone(t *testing.T) {
	g, err := Engine().New(rules.Setup{Scenario: readShipped(t, "avalanche"), Version: "salerno43/1"})
	if err != nil {
		t.Fatal(err)
	}
	r := rulestest.Restored(t, g, g)
	for name, got := range map[string]rules.Game{"restored": r, "cloned": g.Clone()} {
		if v := got.(*Game).ver; v == nil || v.name != "salerno43/1" {
			t.Errorf("%s under %+v, want salerno43/1", name, v)
		}
	}
}

// underVersion plays g under the rules version named, "" the current one.
func underVersion(t *testing.T, g *Game, version string) *Game {
	t.Helper()
	ver, err := versionRules.Rules(version)
	if err != nil {
		t.Fatal(err)
	}
	g.ver = ver
	return g
}
