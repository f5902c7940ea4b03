package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Salerno '43 keeps the promises of every engine (rulestest.Conformance) on
// Avalanche, without options and with the optional rules 25.1-25.3.
func TestConformance(t *testing.T) {
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "avalanche", Setup: rules.Setup{Scenario: readShipped(t, "avalanche")}},
		{Name: "campaign", Setup: rules.Setup{Scenario: readShipped(t, "campaign")}},
		{Name: "avalanche all options", Setup: rules.Setup{Scenario: readShipped(t, "avalanche"),
			Options: []string{OptDisengagement, OptRecon, OptPortSupply}}},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
