package freeplay

import (
	"os"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Free play keeps the promises of every engine (rulestest.Conformance) on
// its shipped scenarios, and with seats given as an option.
func TestConformance(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile("../../scenarios/freeplay/" + name + ".scn")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "allied-german", Setup: rules.Setup{Scenario: read("allied-german")}},
		{Name: "three-player", Setup: rules.Setup{Scenario: read("three-player")}},
		{Name: "seats=us,uk,de,fr", Setup: rules.Setup{Scenario: read("allied-german"), Options: []string{"seats=us,uk,de,fr"}}},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }})
}
