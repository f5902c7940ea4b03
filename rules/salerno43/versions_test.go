package salerno43

import (
	"reflect"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays salerno43/5 and replays salerno43/4, salerno43/3,
// salerno43/2 and salerno43/1, each with its own rules: /2 added 12.1.2's
// split retreats, /3 the fixes of the audit of the rules against the book,
// /4 those of its third round, the breakthrough's among them, /5 the
// Shattered automatic retreat hex by hex in combat (13.3.2). (Any other version is refused:
// the conformance suite checks it of every engine.)
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "salerno43/5" || !slices.Equal(e.Replays, []string{"salerno43/4", "salerno43/3", "salerno43/2", "salerno43/1"}) {
		t.Errorf("version %s, replays %v; want salerno43/5, replaying salerno43/4, salerno43/3, salerno43/2 and salerno43/1", e.Version, e.Replays)
	}
	text := readShipped(t, "avalanche")
	for _, tc := range []struct {
		version string
		want    rulesVersion
	}{
		{"", versions[0]},
		{"salerno43/5", rulesVersion{name: "salerno43/5", splitRetreat: true,
			infantryRivers: true, dropSupply: true, vehicleBonds: true, landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
			bhGoodOrder: true, asuLOS: true, attritionLOS: true, replArea: true, readyInArea: true, areaSupply: true, seaCapPortToPort: true,
			overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true, retreatStops: true, advanceFirstZOCToZOC: true,
			lossFromContributors: true, defenderPicksFirst: true, independentNoFormation: true,
			ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true, hillsRoadStop: true, ddLossFromMAF: true,
			survivalFirst: true, breakthroughExcess: true, advanceStacking: true,
			groupAdvancesFirst: true, groupUnitCaps: true, droppedStop: true, groupFormsOnVacated: true,
			areaWaits: true, armorAllAttackers: true, replOffMap: true,
			shEachHex: true}},
		{"salerno43/4", rulesVersion{name: "salerno43/4", splitRetreat: true,
			infantryRivers: true, dropSupply: true, vehicleBonds: true, landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
			bhGoodOrder: true, asuLOS: true, attritionLOS: true, replArea: true, readyInArea: true, areaSupply: true, seaCapPortToPort: true,
			overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true, retreatStops: true, advanceFirstZOCToZOC: true,
			lossFromContributors: true, defenderPicksFirst: true, independentNoFormation: true,
			ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true, hillsRoadStop: true, ddLossFromMAF: true,
			survivalFirst: true, breakthroughExcess: true, advanceStacking: true,
			groupAdvancesFirst: true, groupUnitCaps: true, droppedStop: true, groupFormsOnVacated: true,
			areaWaits: true, armorAllAttackers: true, replOffMap: true}},
		{"salerno43/3", rulesVersion{name: "salerno43/3", splitRetreat: true,
			infantryRivers: true, dropSupply: true, vehicleBonds: true, landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
			bhGoodOrder: true, asuLOS: true, attritionLOS: true, replArea: true, readyInArea: true, areaSupply: true, seaCapPortToPort: true,
			overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true, retreatStops: true, advanceFirstZOCToZOC: true,
			lossFromContributors: true, defenderPicksFirst: true, independentNoFormation: true,
			ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true, hillsRoadStop: true, ddLossFromMAF: true}},
		{"salerno43/2", rulesVersion{name: "salerno43/2", splitRetreat: true}},
		{"salerno43/1", rulesVersion{name: "salerno43/1"}},
	} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		if got := *g.(*Game).ver; got != tc.want {
			t.Errorf("version %q plays %+v, want %+v", tc.version, got, tc.want)
		}
	}
	// every field of a version is true in the versions after it
	for k := 1; k < len(versions); k++ {
		older, newer := reflect.ValueOf(versions[k]), reflect.ValueOf(versions[k-1])
		for f := range older.NumField() {
			if older.Field(f).Kind() == reflect.Bool && older.Field(f).Bool() && !newer.Field(f).Bool() {
				t.Errorf("%s drops %s of %s", versions[k-1].name, older.Type().Field(f).Name, versions[k].name)
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

// emptyGameIn is emptyGame under the rules version named ("" the current
// one).
func emptyGameIn(t *testing.T, version string, turn int, phase Phase, side Side) *Game {
	t.Helper()
	g := emptyGame(t, turn, phase, side)
	ver, err := versionRules.Rules(version)
	if err != nil {
		t.Fatal(err)
	}
	g.ver = ver
	return g
}
