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

// The combat fixes of ardennes44/4 are on in it and off in every older
// version, whose games play as they were played.
func TestVersions_Combat(t *testing.T) {
	e := Engine()
	text := readScenario(t, "six-turn")
	for _, tc := range []struct {
		version string
		want    rulesVersion
	}{
		{"", combatFixes},
		{"ardennes44/4", combatFixes},
		{"ardennes44/3", rulesVersion{}},
		{"ardennes44/1", rulesVersion{}},
	} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		v := *g.(*Game).ver
		got := rulesVersion{retreatedNotAttackedAgain: v.retreatedNotAttackedAgain, extendOnlyOverLimit: v.extendOnlyOverLimit,
			aaOffWhenForcedToRetreat: v.aaOffWhenForcedToRetreat, ffLeadBoundary: v.ffLeadBoundary,
			advanceLeavesAlongRoad: v.advanceLeavesAlongRoad, ddDCBAfterLosses: v.ddDCBAfterLosses,
			extendUntilRoom: v.extendUntilRoom, disruptedLeaveEZOC: v.disruptedLeaveEZOC}
		if got != tc.want {
			t.Errorf("version %q: combat rules %+v, want %+v", tc.version, got, tc.want)
		}
	}
}

// combatFixes are the combat rules ardennes44/4 plays.
var combatFixes = rulesVersion{retreatedNotAttackedAgain: true, extendOnlyOverLimit: true, aaOffWhenForcedToRetreat: true,
	ffLeadBoundary: true, advanceLeavesAlongRoad: true, ddDCBAfterLosses: true,
	extendUntilRoom: true, disruptedLeaveEZOC: true}

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
