package normandy44

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPlayers_TwoPlayerStateUnchanged: without options a game's state never
// holds the fields the players and storm options add (24.0, 25.1, 25.2), so
// its canonical JSON, and its hash, are what they were before them, and logs
// signed before still verify. (Checked against commit e1662f4 when written:
// a seeded random game gave the same hashes, input by input.)
func TestPlayers_TwoPlayerStateUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games whole: run without -short")
	}
	for seed := uint64(1); seed <= 3; seed++ {
		playToEnd(t, rand.New(rand.NewPCG(seed, 44)), cherbourg(t), func(_, after *Game, p play) {
			b, err := json.Marshal(after.s)
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []string{`"ended"`, `"rerolled"`, `"storm_began"`, `"seat"`, `"options"`} {
				if strings.Contains(string(b), key) {
					t.Fatalf("seed %d, after %v %q: the two-player state holds %s", seed, p.Roll, p.Command, key)
				}
			}
		})
	}
}
