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
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, seed := range []uint64{1, 2} {
		g, err := New(readShipped(t, "avalanche"), nil)
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
