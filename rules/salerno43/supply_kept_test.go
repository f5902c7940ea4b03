package salerno43

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// TestKeptSupplyAsTraced: the supply a game keeps between inputs
// (supplyStatuses) is, for each side after every input of a random
// Campaign with limited port supply (25.3), what tracing the position
// afresh gives: the units, the control of hexes, the turn and the east
// entry areas it was traced from are all its trace reads of the state. The
// Campaign is played without its automatic victory (23.2), so that it goes
// on past turn 11, when the 8th Army's east areas come into it (21.2.1).
func TestKeptSupplyAsTraced(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole Campaign")
	}
	g, err := New(campaignAllTurns(t), []string{OptPortSupply})
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]bool{}
	rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(3, 43)), 0, func(before, after rules.Game, in rulestest.Input) {
		b, a := before.(*Game), after.(*Game)
		changed["control"] = changed["control"] || len(b.s.Control) != len(a.s.Control)
		changed["east"] = changed["east"] || len(b.s.East) != len(a.s.East)
		changed["turn 11"] = changed["turn 11"] || (b.s.Turn < 11 && a.s.Turn >= 11)
		for _, side := range []Side{German, Allied} {
			kept, fresh := a.supplyStatuses(side), a.traceSupply(side)
			if !maps.Equal(kept.los, fresh.los) || !maps.Equal(kept.loc, fresh.loc) || !maps.Equal(kept.short, fresh.short) {
				t.Fatalf("turn %d, after %s: %s's kept supply differs from its trace", a.s.Turn, in, side)
			}
		}
	})
	// The game went through what the kept supply must notice.
	for _, what := range []string{"control", "east", "turn 11"} {
		if !changed[what] {
			t.Errorf("the game never changed %s", what)
		}
	}
}

// TestKeptSupplyNoticesEachRead: each part of the state a supply trace
// reads, changed alone, changes the supply a game keeps: the turn (from
// turn 11 the south-edge areas are the Allies', 21.2.1), an east area that
// became the Allies' and the 8th Army sector abandoned (S2.3.7), and the
// control of a port, city or VP hex (16.2.2, 16.3.4): the first by id whose
// control, given to the other side, changes a trace. Each change is
// checked to change some side's trace, so that the kept supply is seen to
// notice it.
func TestKeptSupplyNoticesEachRead(t *testing.T) {
	campaign := func(t *testing.T) *Game {
		g, err := New(campaignAllTurns(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		return g.(*Game)
	}
	traces := func(g *Game) map[Side]supplyMap {
		return map[Side]supplyMap{German: g.traceSupply(German), Allied: g.traceSupply(Allied)}
	}
	same := func(a, b supplyMap) bool { return maps.Equal(a.los, b.los) && maps.Equal(a.loc, b.loc) }
	// The key hex whose control changes a trace.
	g := campaign(t)
	g.s.Turn = 11
	base := traces(g)
	flip := ""
	for k, key := range g.b.key {
		id := g.b.IDAt(k)
		if !key || flip != "" {
			continue
		}
		was := slices.Clone(g.s.Control)
		if i := slices.Index(g.s.Control, id); i >= 0 {
			g.s.Control = slices.Delete(g.s.Control, i, i+1)
		} else {
			g.s.Control = append(g.s.Control, id)
		}
		if now := traces(g); !same(now[German], base[German]) || !same(now[Allied], base[Allied]) {
			flip = id
		}
		g.s.Control = was
	}
	if flip == "" {
		t.Fatal("no key hex's control changes a trace")
	}
	for _, c := range []struct {
		what   string
		change func(s *state)
	}{
		{"the turn", func(s *state) { s.Turn = 11 }},
		{"an east area", func(s *state) { s.East = append(s.East, "E1") }},
		{"the sector abandoned", func(s *state) { s.Abandoned = true }},
		{"the control of " + flip, func(s *state) {
			if i := slices.Index(s.Control, flip); i >= 0 {
				s.Control = slices.Delete(slices.Clone(s.Control), i, i+1)
			} else {
				s.Control = append(slices.Clone(s.Control), flip)
			}
		}},
	} {
		t.Run(c.what, func(t *testing.T) {
			g := campaign(t)
			if c.what != "the turn" {
				g.s.Turn = 11 // the east areas count from turn 11
			}
			before := map[Side]supplyMap{}
			for _, side := range []Side{German, Allied} {
				before[side] = g.supplyStatuses(side) // kept
			}
			c.change(&g.s)
			differs := false
			for _, side := range []Side{German, Allied} {
				kept, fresh := g.supplyStatuses(side), g.traceSupply(side)
				if !same(kept, fresh) {
					t.Errorf("%s's kept supply differs from its trace", side)
				}
				differs = differs || !same(before[side], fresh)
			}
			if !differs {
				t.Fatalf("changing %s changes no side's supply: the test checks nothing", c.what)
			}
		})
	}
}
