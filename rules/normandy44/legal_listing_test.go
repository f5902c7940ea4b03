package normandy44

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestLegal_SharedStepsAsAlone: within one Legal the movers of a class share
// the steps they checked (hexwar.StepMemo, legal_listing.go) and the
// entering units their searches; each unit's moves are still those its own
// searches list alone, outside Legal, with nothing shared: at every
// Movement decision of two turns of random games of the campaign (units of
// both sides on the map and entering, Strategic Movement, Trucks,
// cyclists) and of Cherbourg under both editions (the Cherbourg defense
// area, 17.6.2; the first edition's enemy-ZOC readings, D10, D11).
func TestLegal_SharedStepsAsAlone(t *testing.T) {
	compared := 0
	for _, c := range []struct {
		scenario, variant string
		seed              uint64
	}{{"campaign", "", 18}, {"cherbourg", "", 44}, {"cherbourg", "ed1", 45}} {
		playTurns(t, c.scenario, c.variant, c.seed, 2, func(g *Game, seat rules.Seat, rnd *rand.Rand) string {
			if g.s.Phase != PhaseMovement {
				return RandomCommand(g, seat, rnd)
			}
			fresh := g.Clone().(*Game)
			byUnit := map[string][]rules.Choice{}
			for _, ch := range fresh.seatChoices(seat) {
				if strings.HasPrefix(ch.Command, "move ") {
					byUnit[ch.Piece] = append(byUnit[ch.Piece], ch)
				}
			}
			ctx := fresh.moveContext(fresh.s.Side)
			for i := range fresh.s.Units {
				var alone []rules.Choice
				switch fresh.movesKind(i) {
				case movesEntry:
					alone = fresh.entryMoves(ctx, i)
				case movesOnMap:
					alone = fresh.unitMoves(ctx, i)
				default:
					continue
				}
				if got := byUnit[fresh.unit(i).ID]; !slices.Equal(got, alone) {
					t.Fatalf("%s turn %d, %s: Legal lists %d moves of %s, its own searches %d, or other ones", c.scenario, g.s.Turn, g.phaseName(), len(got), fresh.unit(i).ID, len(alone))
				}
				compared++
			}
			return RandomCommand(g, seat, rnd)
		})
	}
	if compared < 1000 {
		t.Fatalf("only %d units' moves compared", compared)
	}
	t.Logf("%d units' moves compared", compared)
}
