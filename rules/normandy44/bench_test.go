package normandy44

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/rules"
)

// germanMovementTurn2 is the Cherbourg game at the German Movement Phase of
// turn 2, every unit still to move.
func germanMovementTurn2(b *testing.B) *Game {
	g := cherbourg(b)
	// The invasion, German Movement and Combat, Allied Movement and Combat:
	// the Supply Phases pass by themselves, with no attrition in turn 1.
	skipInvasion(b, g)
	for _, s := range []Side{German, German, Allied, Allied} {
		if _, err := g.Apply(seatOf(s), "end"); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := g.Roll([]int{2}); err != nil {
		b.Fatal(err)
	}
	for g.Pending().Dice != nil { // the turn-2 gliders' Scatter dice (20.2.4)
		if _, err := g.Roll([]int{6}); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := g.Apply("german", "end"); err != nil { // Replacement Phase
		b.Fatal(err)
	}
	if g.s.Phase != PhaseMovement || g.s.Side != German {
		b.Fatalf("at %s", g.phaseName())
	}
	return g
}

// BenchmarkLegalGermanMovement: Legal for a whole German Movement Phase on the
// stand-in Cherbourg map (every German unit's reachable hexes).
func BenchmarkLegalGermanMovement(b *testing.B) {
	g := germanMovementTurn2(b)
	n := 0
	for b.Loop() {
		n = len(g.Legal("german"))
	}
	b.ReportMetric(float64(n), "choices")
}

// BenchmarkReplay1000: replaying 1,000 random legal commands (with the dice
// they need) through fresh games; reports ns per command.
func BenchmarkReplay1000(b *testing.B) {
	games := randomPlays(b, 1000, rand.New(rand.NewPCG(1, 2)), nil)
	base := cherbourg(b)
	commands := 0
	for _, g := range games {
		for _, p := range g {
			if p.Roll == nil {
				commands++
			}
		}
	}
	start := time.Now()
	runs := 0
	for b.Loop() {
		for _, plays := range games {
			replay(b, base, plays)
		}
		runs++
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(runs*commands), "ns/command")
}

// BenchmarkHashCampaign: the state hash of the campaign at set-up, which
// verifying a log computes after every entry, with one unit changed between
// hashes as an entry changes a few: "kept" is Game.Hash, whose hasher keeps
// the JSON of the units that did not change; "afresh" encodes the whole
// state each time (rules.HashState), to the same hash.
func BenchmarkHashCampaign(b *testing.B) {
	g := shipped(b, "campaign")
	b.Run("kept", func(b *testing.B) {
		for b.Loop() {
			g.s.Units[0].Moved = !g.s.Units[0].Moved
			g.Hash()
		}
	})
	b.Run("afresh", func(b *testing.B) {
		for b.Loop() {
			g.s.Units[0].Moved = !g.s.Units[0].Moved
			rules.HashState(g.s)
		}
	})
}
