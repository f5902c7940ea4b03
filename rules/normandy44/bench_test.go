package normandy44

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/rules"
)

// germanMovementTurn2 is the named scenario at the German Movement Phase of
// turn 2, every German unit still to move.
func germanMovementTurn2(b testing.TB, scenario string) *Game {
	g := shipped(b, scenario)
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

// legalTarget is issue 18's target for Legal over a whole German Movement
// Phase on the campaign map.
const legalTarget = time.Millisecond

// BenchmarkLegalGermanMovement: Legal for a whole German Movement Phase
// (every German unit's reachable hexes) at the start of turn 2, on the
// campaign map (issue 18's target: under 1 ms) and on the stand-in Cherbourg
// map. Each iteration plays the phase's first moves as the random player
// does, asking Legal before each: "after-move" is Legal once a unit has
// moved (the game keeps the moves of the units far from it,
// legal_cache.go), "afresh" is Legal on a game restored from a snapshot of
// the position, which has read nothing of it, as pbem legal on a game just
// opened (a clone keeps the position's move contexts), and "again" is Legal
// asked a second time of an unchanged position; afresh and after-move are
// given in CPU time too, and afresh also as the fastest call of the run
// (afresh-min-ns), which a machine shared with other work stretches least.
func BenchmarkLegalGermanMovement(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	for _, scenario := range []string{"campaign", "cherbourg"} {
		b.Run(scenario, func(b *testing.B) {
			base := germanMovementTurn2(b, scenario)
			snap, err := base.Snapshot()
			if err != nil {
				b.Fatal(err)
			}
			const moves = 10
			var afresh, after, again, afreshCPU, afterCPU time.Duration
			afreshMin := time.Duration(math.MaxInt64)
			var allocsAfresh, allocsAfter uint64
			n := 0
			var ms runtime.MemStats
			mallocs := func() uint64 { runtime.ReadMemStats(&ms); return ms.Mallocs }
			for b.Loop() {
				rnd := rand.New(rand.NewPCG(2, 44))
				rg, err := base.Restore(snap)
				if err != nil {
					b.Fatal(err)
				}
				g := rg.(*Game)
				m0 := mallocs()
				t0, c0 := time.Now(), cpuTime()
				n = len(g.Legal("german"))
				took := time.Since(t0)
				afresh += took
				afreshMin = min(afreshMin, took)
				afreshCPU += cpuTime() - c0
				allocsAfresh += mallocs() - m0
				t0 = time.Now()
				g.Legal("german")
				again += time.Since(t0)
				for range moves {
					cmd := RandomCommand(g, "german", rnd)
					for cmd == "end" {
						cmd = RandomCommand(g, "german", rnd)
					}
					if _, err := g.Apply("german", cmd); err != nil {
						b.Fatal(err)
					}
					m0 = mallocs()
					t0, c0 = time.Now(), cpuTime()
					g.Legal("german")
					after += time.Since(t0)
					afterCPU += cpuTime() - c0
					allocsAfter += mallocs() - m0
				}
			}
			per := func(d time.Duration, k int) float64 { return float64(d.Nanoseconds()) / float64(b.N*k) }
			b.ReportMetric(float64(n), "choices")
			b.ReportMetric(per(afresh, 1), "afresh-ns")
			b.ReportMetric(float64(afreshMin.Nanoseconds()), "afresh-min-ns")
			b.ReportMetric(per(again, 1), "again-ns")
			b.ReportMetric(per(after, moves), "after-move-ns")
			// CPU time (the process's, the collector's included), which a
			// machine shared with other work stretches less than the wall
			// time; 0 where it is not measured.
			b.ReportMetric(per(afreshCPU, 1), "afresh-cpu-ns")
			b.ReportMetric(per(afterCPU, moves), "after-move-cpu-ns")
			b.ReportMetric(float64(allocsAfresh)/float64(b.N), "afresh-allocs")
			b.ReportMetric(float64(allocsAfter)/float64(b.N*moves), "after-move-allocs")
			if scenario == "campaign" {
				b.ReportMetric(float64(legalTarget.Nanoseconds()), "target-ns")
			}
		})
	}
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
