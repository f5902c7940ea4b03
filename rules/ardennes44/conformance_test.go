package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Ardennes '44 keeps the promises of every engine (rulestest.Conformance) on
// its scenarios, with the optional rules 31-36 and the extended game (S5).
func TestConformance(t *testing.T) {
	setup := func(name string, options ...string) rules.Setup {
		return rules.Setup{Scenario: readScenario(t, name), Options: options}
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "six-turn", Setup: setup("six-turn")},
		{Name: "eight-turn roadblocks greif", Setup: setup("eight-turn", OptRoadblocks, OptGreif)},
		{Name: "campaign all options", Setup: setup("campaign", OptInfiltration, OptFuelDumps, OptRoadblocks, OptAttackLimit, OptBodenplatte, OptGreif, OptExtended)},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
