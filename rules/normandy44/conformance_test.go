package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Normandy '44 keeps the promises of every engine (rulestest.Conformance) on
// its three scenarios (S1 campaign, S2 seven-turn, S3 Cherbourg), with the
// players options of 24.0, the optional rules of 25.x and the other readings
// of AMBIG-24 and AMBIG-25, under the current rules version and under
// normandy44/4, which old games are played to their end under; and in the
// first edition (variant ed1) on the three, with its optional rules (28.x)
// and the other reading of AMBIG-24, under the current version only.
func TestConformance(t *testing.T) {
	read := func(name string) []byte { return readFile(t, "../../scenarios/normandy44/"+name+".scn") }
	cherbourg, campaign, sevenTurn := read("cherbourg"), read("campaign"), read("seven-turn")
	setup := func(scenario []byte, options ...string) rules.Setup {
		return rules.Setup{Scenario: scenario, Options: options}
	}
	ed1 := func(scenario []byte, options ...string) rules.Setup {
		return rules.Setup{Scenario: scenario, Variant: "ed1", Options: options}
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "cherbourg", Setup: setup(cherbourg)},
		{Name: "cherbourg players=3-allied", Setup: setup(cherbourg, "players=3-allied")},
		{Name: "cherbourg players=3-german", Setup: setup(cherbourg, "players=3-german")},
		{Name: "cherbourg players=4", Setup: setup(cherbourg, "players=4")},
		{Name: "seven-turn coastal-batteries", Setup: setup(sevenTurn, "coastal-batteries", "random-storm")},
		{Name: "campaign historical-storms", Setup: setup(campaign, "historical-storms")},
		{Name: "cherbourg retreat-step-once one-hex-per-retreat", Setup: setup(cherbourg, optRetreatStepOnce, optOneHexPerRetreat)},
		{Name: "cherbourg normandy44/4", Setup: rules.Setup{Scenario: read("past/cherbourg-1"), Version: "normandy44/4"}},
		{Name: "ed1 cherbourg", Setup: ed1(cherbourg)},
		{Name: "ed1 cherbourg players=4", Setup: ed1(cherbourg, "players=4")},
		{Name: "ed1 seven-turn flank-fire coastal-batteries", Setup: ed1(sevenTurn, "flank-fire", "coastal-batteries")},
		{Name: "ed1 campaign historical-storms", Setup: ed1(campaign, "historical-storms")},
		{Name: "ed1 cherbourg retreat-step-once", Setup: ed1(cherbourg, optRetreatStepOnce)},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
