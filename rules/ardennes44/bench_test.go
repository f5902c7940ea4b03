package ardennes44

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// BenchmarkLegalMovement: Legal for the German Movement Phase of turn 2 of
// the eight-turn scenario, reached by the random players (seed 7), which
// checks every move of every German unit (planMove) and lists the others'
// commands. It reports the choices listed beside the time.
func BenchmarkLegalMovement(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	g := newGame(b, "eight-turn")
	rulestest.PlayUntil(b, g, RandomCommand, rand.New(rand.NewPCG(7, 7)), func() bool {
		return g.s.Turn == 2 && g.s.Phase == PhaseMovement && g.s.Side == German
	})
	n := 0
	for b.Loop() {
		n = len(g.Legal(rules.Seat(German)))
	}
	b.ReportMetric(float64(n), "choices")
}

// BenchmarkReplayGolden replays golden games as verifying their logs replays
// them (rulestest.GoldenSuite.BenchReplay): the longest (Patton's
// Counterattack, 3,000 inputs) and one under the newest rules version. It
// reports the time an input takes, with the state hash after each and
// without it.
func BenchmarkReplayGolden(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	for _, file := range []string{"v4-patton", "v7-six-turn-infiltration"} {
		b.Run(file, func(b *testing.B) { goldenSuite().BenchReplay(b, os.DirFS(goldenDir), file) })
	}
}
