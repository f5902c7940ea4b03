package ardennes44

import (
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// TestKeptSupplyAsTraced: the supply a game keeps between inputs
// (keptSupply) is, for each side after every input of a random eight-turn
// game with Roadblocks (33.2: the enemy's count as enemy units, 23.3), what
// tracing the position afresh gives: the units, the Roadblocks, the
// bridges and the control of hexes it was traced from are all a trace
// reads of the state.
func TestKeptSupplyAsTraced(t *testing.T) {
	g := newGame(t, "eight-turn", OptRoadblocks, OptAttackLimit)
	changed := map[string]bool{}
	rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(41, 2)), 1200, func(before, after rules.Game, in rulestest.Input) {
		b, a := before.(*Game), after.(*Game)
		changed["roadblocks"] = changed["roadblocks"] || len(b.s.Roadblocks) != len(a.s.Roadblocks)
		changed["bridges"] = changed["bridges"] || len(b.s.Bridges) != len(a.s.Bridges)
		for _, side := range []Side{German, Allied} {
			fresh := hexwar.NewTracer(a.b.Board, a.supplyRules(side)).Statuses(a.sources(side))
			if kept := a.supplyStatuses(side); !maps.Equal(kept, fresh) {
				t.Fatalf("after %s: %s's kept supply differs from its trace", in, side)
			}
		}
	})
	// The game went through what the kept supply must notice.
	if !changed["roadblocks"] || !changed["bridges"] {
		t.Errorf("the game changed these (Roadblocks placed or lifted, bridges blown): %v", changed)
	}
}
