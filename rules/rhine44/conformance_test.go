package rhine44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Race to the Rhine keeps the promises of every engine (rulestest.Conformance)
// for one, two and three players and with the options that change the rules.
// Legal is checked complete for the commands that name a field (probes).
func TestConformance(t *testing.T) {
	rulestest.Conformance(t, Engine(), []rulestest.Scenario{
		{Name: "three-player", Setup: setup("three-player")},
		{Name: "two-player", Setup: setup("two-player")},
		{Name: "two-player monty-patton weather hard", Setup: setup("two-player", "players=monty,patton", "weather", "hard=monty,patton")},
		{Name: "three-player shared-deck", Setup: setup("three-player", "shared-deck")},
		{Name: "three-player training", Setup: setup("three-player", "training")},
		{Name: "solo", Setup: setup("solo")},
		{Name: "solo patton", Setup: setup("solo", "players=patton")},
	}, &rulestest.Options{State: func(g rules.Game) any { return &g.(*Game).s }, Probes: []func(rules.Game, rules.Seat) []string{probes}, Reach: func(c string) string { return c }})
}

// probes are the commands that name a field, on every field of the board:
// each corps' move to it (§10) and Patton's commander move (R13.4), a
// moving corps' step to it, and in the German Reaction an Axis marker on
// it (R14.1) and a counterattack on it (R14.4). Each achieves itself.
func probes(rg rules.Game, seat rules.Seat) []string {
	g := rg.(*Game)
	var cmds []Command
	for _, f := range fieldIDs(g) {
		switch {
		case g.s.Ask != nil:
		case g.s.Stage == stageReaction:
			cmds = append(cmds, Command{Verb: "axis", Field: f}, Command{Verb: "counter", Field: f})
		case g.s.Move != nil:
			cmds = append(cmds, Command{Verb: "step", Field: f})
		default:
			for _, k := range g.s.Corps {
				if k.Owner == seat {
					cmds = append(cmds, Command{Verb: "move", Corps: k.ID, Field: f}, Command{Verb: "move", Commander: true, Corps: k.ID, Field: f})
				}
			}
		}
	}
	out := make([]string, len(cmds))
	for k, c := range cmds {
		out[k] = c.String()
	}
	return out
}

// fieldIDs are the board's fields, sorted.
func fieldIDs(g *Game) []string {
	var ids []string
	for id := range g.b.fields {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
