package replay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// seasonGames is how many campaign logs BenchmarkVerifySeason verifies: a
// league organiser checking a season (issue 18).
const seasonGames = 100

// BenchmarkVerifySeason verifies seasonGames copies of the recorded campaign
// log at once, as a league organiser would check a season's games: one
// goroutine per core takes the next log and runs Verify on it (which checks
// its signatures on the other cores meanwhile, verify_ahead.go). It reports
// games/s, the cores given (GOMAXPROCS), and busy: the process's CPU time
// over the wall time of every core, 1 when every core was kept busy (0 where
// CPU time is not measured). Each iteration verifies the whole season; run
// it with -benchtime 1x.
func BenchmarkVerifySeason(b *testing.B) {
	log, err := os.ReadFile(filepath.Join(recordedDir, campaignLogFile))
	if err != nil {
		b.Fatal(err)
	}
	cores := runtime.GOMAXPROCS(0)
	var cpu time.Duration
	for b.Loop() {
		c0 := cpuTime()
		next := make(chan int)
		failed := make(chan string, seasonGames)
		var wg sync.WaitGroup
		for range cores {
			wg.Go(func() {
				for range next {
					if rep := Verify(bytes.NewReader(log), campaignLoader); !rep.OK() {
						failed <- fmt.Sprint(rep.Problems)
					}
				}
			})
		}
		for k := range seasonGames {
			next <- k
		}
		close(next)
		wg.Wait()
		cpu += cpuTime() - c0
		close(failed)
		for f := range failed {
			b.Fatalf("a game of the season does not verify: %s", f)
		}
	}
	wall := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(seasonGames/wall, "games/s")
	b.ReportMetric(float64(cores), "cores")
	b.ReportMetric(cpu.Seconds()/float64(b.N)/(wall*float64(cores)), "busy")
}
