package salerno43

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// BenchmarkLegalMovement: Legal for the German Movement Phase of turn 3 of
// Avalanche, reached by the random players (seed 7): every German unit's
// moves, by its MA and by Extended Movement (5.3), searched on the map. It
// reports the choices listed beside the time.
func BenchmarkLegalMovement(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	rg, err := Engine().New(rules.Setup{Scenario: readShipped(b, "avalanche")})
	if err != nil {
		b.Fatal(err)
	}
	g := rg.(*Game)
	rulestest.PlayUntil(b, g, RandomCommand, rand.New(rand.NewPCG(7, 7)), func() bool {
		return g.s.Turn == 3 && g.s.Phase == PhaseMovement && g.s.Side == German
	})
	n := 0
	for b.Loop() {
		n = len(g.Legal(rules.Seat(German)))
	}
	b.ReportMetric(float64(n), "choices")
}

// BenchmarkReplayGolden replays golden games as verifying their logs replays
// them (rulestest.GoldenSuite.BenchReplay): the longest (the campaign, 1,500
// inputs) and one under the newest rules version. It reports the time an
// input takes, with the state hash after each and without it.
func BenchmarkReplayGolden(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	for _, file := range []string{"v3-campaign", "v5-avalanche"} {
		b.Run(file, func(b *testing.B) { goldenSuite().BenchReplay(b, os.DirFS(goldenDir), file) })
	}
}
