package normandy44

import (
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// TestReplLine_KeptAsTracedAfresh: replLine keeps its trace while what a
// supply trace reads is unchanged (supply_cache.go); at every decision of
// random games, in and out of the Replacement Phases, the phasing side's
// kept trace is the one traced afresh (6.2.3, 18.3), and whether Cherbourg
// is cut off, from the kept German trace to the map edge, is as traced
// afresh (5.2). The campaign under 2.2 and
// Cherbourg in the first edition, whose Repl lines may end at Cherbourg
// (D05). -short plays the first turns only.
func TestReplLine_KeptAsTracedAfresh(t *testing.T) {
	compared := 0
	for _, c := range []struct {
		scenario, variant string
		seed              uint64
	}{{"campaign", "", 62}, {"cherbourg", "ed1", 63}} {
		gg, err := newGame(readFile(t, "../../scenarios/normandy44/"+c.scenario+".scn"), c.variant, nil, Version)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		rnd := rand.New(rand.NewPCG(c.seed, 1944))
		player := func(gm rules.Game, seat rules.Seat, rnd *rand.Rand) string {
			side := g.s.Side
			if got, want := g.replLine(side), g.replLineAfresh(side); !maps.Equal(got, want) {
				t.Fatalf("%s: %s: the kept Repl trace of the %s differs from the trace afresh", c.scenario, g.phaseName(), side)
			}
			if got, want := g.cherbourgCutOffNow(), cherbourgCutOff(g.sup, g.supplyView(German)); got != want {
				t.Fatalf("%s: %s: Cherbourg cut off %v from the kept trace, %v afresh", c.scenario, g.phaseName(), got, want)
			}
			if g.s.Phase == PhaseReplacement {
				compared++
			}
			return RandomCommand(gm, seat, rnd)
		}
		for !g.Pending().Over && (!testing.Short() || g.s.Turn <= 3) {
			in := rulestest.Next(t, g, player, rnd)
			if _, err := in.Give(g); err != nil {
				t.Fatalf("%s: %s refused: %v", c.scenario, in, err)
			}
		}
	}
	if compared < 20 {
		t.Fatalf("only %d traces compared in Replacement Phases", compared)
	}
}
