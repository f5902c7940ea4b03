package ardennes44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays ardennes44/7 and replays ardennes44/6, /5, /4, /3, /2 and
// /1; any other version is refused, naming them all.
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "ardennes44/7" || !slices.Equal(e.Replays, []string{"ardennes44/6", "ardennes44/5", "ardennes44/4", "ardennes44/3", "ardennes44/2", "ardennes44/1"}) {
		t.Errorf("version %s, replays %v; want ardennes44/7, replaying ardennes44/6, /5, /4, /3, /2 and /1", e.Version, e.Replays)
	}
	v4 := rulesVersion{name: "ardennes44/4", excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight:              true,
		retreatedNotAttackedAgain: true, extendOnlyOverLimit: true,
		aaOffWhenForcedToRetreat: true, ffLeadBoundary: true,
		advanceLeavesAlongRoad: true, ddDCBAfterLosses: true, extendUntilRoom: true,
		disruptedLeaveEZOC: true,
		exitStops:          true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true,
		trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true,
		peiperAttachedOnly: true}
	v5 := v4
	v5.name = "ardennes44/5"
	v5.breakdownBeforeAdvance, v5.blowAgainstAdvance, v5.ourenOnAdvance = true, true, true
	v5.nightOffInPMOnly, v5.boundaryBackOnRetreat, v5.yesMustWithdraw, v5.boundaryBackOnce = true, true, true, true
	v5.exitVPWhenLeaving, v5.greifUsedInCombat, v5.roadblockCombatMoves = true, true, true
	v5.dumpBlownInCombat, v5.extendedNoDraw, v5.infiltratorNoAttack = true, true, true
	v5.dumpFlipMovedNext, v5.roadblockControls = true, true
	v6 := v5
	v6.name = "ardennes44/6"
	v6.smExitByRoad, v6.greifInAlliedTurn = true, true
	v7 := v6
	v7.name = "ardennes44/7"
	v7.exitIsAHex, v7.firedTactical, v7.moverTactical = true, true, true
	text := readScenario(t, "six-turn")
	for _, tc := range []struct {
		version string
		want    rulesVersion
	}{
		{"", v7},
		{"ardennes44/7", v7},
		{"ardennes44/6", v6},
		{"ardennes44/5", v5},
		{"ardennes44/4", v4},
		{"ardennes44/3", rulesVersion{name: "ardennes44/3", excessSteps: true, splitRetreat: true}},
		{"ardennes44/2", rulesVersion{name: "ardennes44/2", excessSteps: true}},
		{"ardennes44/1", rulesVersion{name: "ardennes44/1"}},
	} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		if v := *g.(*Game).ver; v != tc.want {
			t.Errorf("version %q: rules %+v; want %+v", tc.version, v, tc.want)
		}
	}
	_, err := e.New(rules.Setup{Scenario: text, Version: "ardennes44/8"})
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "ardennes44/7") || !strings.Contains(err.Error(), "ardennes44/1") {
		t.Errorf("ardennes44/8: %v, want ErrVersion naming the versions played", err)
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
