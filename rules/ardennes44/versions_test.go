package ardennes44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays ardennes44/4 and replays ardennes44/3, /2 and /1; any
// other version is refused, naming them all.
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "ardennes44/4" || !slices.Equal(e.Replays, []string{"ardennes44/3", "ardennes44/2", "ardennes44/1"}) {
		t.Errorf("version %s, replays %v; want ardennes44/4, replaying ardennes44/3, /2 and /1", e.Version, e.Replays)
	}
	text := readScenario(t, "six-turn")
	for _, tc := range []struct {
		version            string
		excessSteps, split bool
	}{{"", true, true}, {"ardennes44/4", true, true}, {"ardennes44/3", true, true}, {"ardennes44/2", true, false}, {"ardennes44/1", false, false}} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		if v := g.(*Game).ver; v.excessSteps != tc.excessSteps || v.splitRetreat != tc.split {
			t.Errorf("version %q: 17.4's excess steps %v, split retreats %v; want %v, %v", tc.version, v.excessSteps, v.splitRetreat, tc.excessSteps, tc.split)
		}
	}
	_, err := e.New(rules.Setup{Scenario: text, Version: "ardennes44/5"})
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "ardennes44/4") || !strings.Contains(err.Error(), "ardennes44/1") {
		t.Errorf("ardennes44/5: %v, want ErrVersion naming the versions played", err)
	}
}

// The movement and bridge rules of ardennes44/4 are played by games made
// under it and new ones, never by older ones.
func TestVersions_Movement(t *testing.T) {
	text := readScenario(t, "six-turn")
	for _, tc := range []struct {
		version string
		want    bool
	}{{"", true}, {"ardennes44/4", true}, {"ardennes44/3", false}, {"ardennes44/2", false}, {"ardennes44/1", false}} {
		g, err := Engine().New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		v := g.(*Game).ver
		for name, on := range map[string]bool{"exitStops": v.exitStops, "tacticalEntryHex": v.tacticalEntryHex, "nightBlowBoth": v.nightBlowBoth, "nightTurnAttempts": v.nightTurnAttempts, "trucksOnArrival": v.trucksOnArrival, "smGroupInSM": v.smGroupInSM, "haltedGoesOn": v.haltedGoesOn} {
			if on != tc.want {
				t.Errorf("version %q: %s %v, want %v", tc.version, name, on, tc.want)
			}
		}
	}
}

// A game restored from a snapshot goes on under the version of the game it
// is restored into, the one its setup names.
func TestVersions_Restore(t *testing.T) {
	g, err := Engine().New(rules.Setup{Scenario: readScenario(t, "six-turn"), Version: "ardennes44/1"})
	if err != nil {
		t.Fatal(err)
	}
	if v := rulestest.Restored(t, g, g).(*Game).ver; v == nil || v.name != "ardennes44/1" {
		t.Errorf("restored under %+v, want ardennes44/1", v)
	}
}
