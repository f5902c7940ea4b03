package rhine44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Race to the Rhine keeps the promises of every engine (rulestest.Conformance)
// for one, two and three players and with the options that change the rules.
func TestConformance(t *testing.T) {
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "three-player", Setup: setup("three-player")},
		{Name: "two-player", Setup: setup("two-player")},
		{Name: "two-player monty-patton weather hard", Setup: setup("two-player", "players=monty,patton", "weather", "hard=monty,patton")},
		{Name: "three-player shared-deck", Setup: setup("three-player", "shared-deck")},
		{Name: "three-player training", Setup: setup("three-player", "training")},
		{Name: "solo", Setup: setup("solo")},
		{Name: "solo patton", Setup: setup("solo", "players=patton")},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
