package salerno43

import (
	"math/rand/v2"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Random legal players play Avalanche (S1) to its end, turn 8's victory
// check or an automatic victory (23.2), and a replay of every input gives
// every state hash again.
func TestRandomAvalancheToTheEnd(t *testing.T) { playToTheEnd(t, "avalanche", 1, 2) }

// Random legal players play the Campaign (S2) to its end: turn 23's check
// (S2.4) or an automatic victory (23.2), with every state hash replayed.
func TestRandomCampaignToTheEnd(t *testing.T) { playToTheEnd(t, "campaign", 1, 2, 3, 4, 5, 6) }

func playToTheEnd(t *testing.T, scenario string, seeds ...uint64) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, seed := range seeds {
		g, err := New(readShipped(t, scenario), nil)
		if err != nil {
			t.Fatal(err)
		}
		base := g.Clone()
		var hashes []string
		inputs := rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(seed, 43)), 0, func(_, after rules.Game, _ rulestest.Input) {
			hashes = append(hashes, after.Hash())
		})
		p := g.Pending()
		if !p.Over {
			t.Fatalf("seed %d: the game does not end: %s", seed, p.Phase)
		}
		_, again := rulestest.Replay(t, base, inputs)
		rulestest.SameHashes(t, inputs, hashes, again)
		t.Logf("seed %d: %d inputs, turn %d: %s", seed, len(inputs), g.(*Game).s.Turn, p.Result)
	}
}
