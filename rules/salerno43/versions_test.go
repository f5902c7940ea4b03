package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays salerno43/3 and replays salerno43/2 and salerno43/1,
// each with its own reading of 12.1.2 (split from salerno43/2 on). (Any other version is refused: the conformance suite
// checks it of every engine.)
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "salerno43/3" || !slices.Equal(e.Replays, []string{"salerno43/2", "salerno43/1"}) {
		t.Errorf("version %s, replays %v; want salerno43/3, replaying salerno43/2 and salerno43/1", e.Version, e.Replays)
	}
	text := readShipped(t, "avalanche")
	for _, tc := range []struct {
		version string
		split   bool
	}{{"", true}, {"salerno43/3", true}, {"salerno43/2", true}, {"salerno43/1", false}} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		if got := g.(*Game).ver.splitRetreat; got != tc.split {
			t.Errorf("version %q: split retreats %v, want %v (12.1.2)", tc.version, got, tc.split)
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
