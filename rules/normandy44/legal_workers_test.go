package normandy44

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestLegal_ListedOnCoresAsInTurn: the units' moves listed on several
// goroutines at once (legal_workers.go) are those listed one unit after
// another, choice for choice, at every decision of the first turns of
// random games of the campaign (units on the map and entering it, the
// Strategic Move and Trucks markers) and of Cherbourg; go test -race finds
// the goroutines reading nothing that another writes.
func TestLegal_ListedOnCoresAsInTurn(t *testing.T) {
	defer func(w func() int) { listWorkers = w }(listWorkers)
	onCores := 0
	for _, c := range []struct {
		scenario string
		seed     uint64
	}{{"campaign", 18}, {"cherbourg", 44}} {
		playTurns(t, c.scenario, "", c.seed, 2, func(g *Game, seat rules.Seat, rnd *rand.Rand) string {
			listWorkers = func() int { return 1 }
			inTurn := g.Clone().Legal(seat)
			listWorkers = func() int { return 3 }
			onCoresNow := g.Clone().Legal(seat)
			if !slices.Equal(inTurn, onCoresNow) {
				t.Fatalf("%s turn %d, %s: %d choices listed on cores, %d in turn, or different ones", c.scenario, g.s.Turn, g.phaseName(), len(onCoresNow), len(inTurn))
			}
			if g.s.Phase == PhaseMovement && g.movesToList() >= minParallelUnits {
				onCores++
			}
			return RandomCommand(g, seat, rnd)
		})
	}
	t.Logf("%d decisions listed on cores", onCores)
	if onCores < 50 {
		t.Fatalf("only %d decisions listed on cores", onCores)
	}
}

// movesToList counts the units whose moves a Legal on a clone lists afresh.
func (g *Game) movesToList() int {
	n := 0
	for i := range g.s.Units {
		if k := g.movesKind(i); k == movesEntry || k == movesOnMap {
			n++
		}
	}
	return n
}
