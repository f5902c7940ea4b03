package salerno43

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Random legal players play Avalanche (S1) to its end, turn 8's victory
// check or an automatic victory (23.2), and a replay of every input gives
// every state hash again.
func TestRandomAvalancheToTheEnd(t *testing.T) {
	playToTheEnd(t, readShipped(t, "avalanche"), 1, 2)
}

// Random legal players play the Campaign (S2) to its end: turn 23's check
// (S2.4) or an automatic victory (23.2), with every state hash replayed.
func TestRandomCampaignToTheEnd(t *testing.T) {
	playToTheEnd(t, readShipped(t, "campaign"), 1)
}

// The random players rarely keep the Allies within 5 VP of the benchmark
// (23.2); without the automatic victory they play all 23 turns: the 8th
// Army's arrival (turn 11), the 16th Panzer withdrawal (turn 14, S2.2) and
// the abandonment of the sector (S2.3.7) come under random play.
func TestRandomCampaignAllTurns(t *testing.T) {
	g := playToTheEnd(t, campaignAllTurns(t), 3)
	if g.s.Turn != 24 {
		t.Errorf("the game ends on turn %d, not after turn 23", g.s.Turn)
	}
	withdrawn := 0
	for _, us := range g.s.Units {
		if us.Box == BoxWithdrawn {
			withdrawn++
		}
	}
	if withdrawn == 0 {
		t.Error("S2.2: no unit was withdrawn on turn 14")
	}
	t.Logf("%d units withdrawn or removed (S2.2, S2.3.7); sector abandoned: %v; east areas Allied: %v", withdrawn, g.s.Abandoned, g.s.East)
}

func playToTheEnd(t *testing.T, scenario []byte, seeds ...uint64) *Game {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	var last *Game
	for _, seed := range seeds {
		g, err := New(scenario, nil)
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
		last = g.(*Game)
	}
	return last
}

// Random legal players play Avalanche to its end with the optional rules
// 25.1-25.3, disengaging now and then (RandomCommand), and a replay of
// every input gives every state hash again.
func TestRandomAvalancheOptionsToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	g, err := New(readShipped(t, "avalanche"), []string{OptDisengagement, OptRecon, OptPortSupply})
	if err != nil {
		t.Fatal(err)
	}
	base := g.Clone()
	var hashes []string
	tries := 0
	inputs := rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(3, 43)), 0, func(_, after rules.Game, in rulestest.Input) {
		hashes = append(hashes, after.Hash())
		if strings.HasPrefix(in.Command, "disengage ") {
			tries++
		}
	})
	if p := g.Pending(); !p.Over {
		t.Fatalf("the game does not end: %s", p.Phase)
	}
	if tries == 0 {
		t.Error("the random players never tried to disengage (25.1)")
	}
	_, again := rulestest.Replay(t, base, inputs)
	rulestest.SameHashes(t, inputs, hashes, again)
	t.Logf("%d inputs, %d disengagements tried", len(inputs), tries)
}
