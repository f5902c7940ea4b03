package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

func TestConformance(t *testing.T) {
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "avalanche", Setup: rules.Setup{Scenario: readShipped(t, "avalanche")}},
		{Name: "campaign", Setup: rules.Setup{Scenario: readShipped(t, "campaign")}},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
