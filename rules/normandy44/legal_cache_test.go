package normandy44

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestLegal_KeptMovesAsListedAfresh: Legal keeps the units' moves from one
// call to the next and lists afresh only those near what changed
// (legal_cache.go); at every decision of random games of every shipped
// scenario (with the busier player of the campaign benchmark, who moves
// more) it gives what a clone, which keeps nothing, lists afresh. -short
// plays the first turns only.
func TestLegal_KeptMovesAsListedAfresh(t *testing.T) {
	decisions, compared := 0, 0
	player := func(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
		decisions++
		got, want := g.Legal(seat), g.Clone().Legal(seat)
		if !slices.Equal(got, want) {
			for k := range min(len(got), len(want)) {
				if got[k] != want[k] {
					t.Fatalf("%s, decision %d: choice %d is %+v kept, %+v afresh (%d and %d choices)", g.Pending().Phase, decisions, k, got[k], want[k], len(got), len(want))
				}
			}
			t.Fatalf("%s, decision %d: %d choices kept, %d afresh", g.Pending().Phase, decisions, len(got), len(want))
		}
		if g.(*Game).s.Phase == PhaseMovement {
			compared++
		}
		// The busier player: an end drawn is drawn again, twice.
		c := RandomCommand(g, seat, rnd)
		for k := 0; k < 2 && c == "end"; k++ {
			c = RandomCommand(g, seat, rnd)
		}
		return c
	}
	// The first edition and the older rules version read moves otherwise
	// (Woods, retreats, stacking at the end of each move under /4), so the
	// kept moves are checked under each.
	for _, c := range []struct {
		scenario, variant, version string
		seed                       uint64
	}{{"campaign", "", Version, 18}, {"cherbourg", "", Version, 44}, {"seven-turn", "", Version, 7},
		{"cherbourg", "ed1", Version, 45}, {"cherbourg", "", "normandy44/4", 46}} {
		playRandomly(t, c.scenario, c.variant, c.version, c.seed, player, nil)
	}
	if compared < 100 {
		t.Fatalf("only %d decisions in Movement Phases compared", compared)
	}
	t.Logf("%d decisions, %d in Movement Phases", decisions, compared)
}
