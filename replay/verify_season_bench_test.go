package replay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/internal/collector"
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
// CPU time is not measured). On a machine shared with other work busy is
// what the others left it, so it also reports has-work: the share of the
// cores' time in which the Go runtime had work for them (1 − its idle
// time, runtime/metrics), which the others' load does not lower, and
// games/cpu-s, the games verified per second of CPU time, which times the
// cores is the games/s the season would take with the machine to itself.
// Each iteration verifies the whole season; run it with -benchtime 1x.
func BenchmarkVerifySeason(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	log, err := os.ReadFile(filepath.Join(recordedDir, campaignLogFile))
	if err != nil {
		b.Fatal(err)
	}
	cores := runtime.GOMAXPROCS(0)
	var cpu time.Duration
	var idle, total float64
	for b.Loop() {
		i0, t0 := runtimeCPU()
		c0 := cpuTime()
		next := make(chan int)
		failed := make(chan string, seasonGames)
		var wg sync.WaitGroup
		for range cores {
			wg.Go(func() {
				for range next {
					if rep := Verify(bytes.NewReader(log), seasonLoader); !rep.OK() {
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
		i1, t1 := runtimeCPU()
		idle, total = idle+i1-i0, total+t1-t0
		close(failed)
		for f := range failed {
			b.Fatalf("a game of the season does not verify: %s", f)
		}
	}
	wall := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(seasonGames/wall, "games/s")
	b.ReportMetric(float64(cores), "cores")
	b.ReportMetric(cpu.Seconds()/float64(b.N)/(wall*float64(cores)), "busy")
	if total > 0 {
		b.ReportMetric(1-idle/total, "has-work")
	}
	if cpu > 0 {
		b.ReportMetric(seasonGames*float64(b.N)/cpu.Seconds(), "games/cpu-s")
	}
}

// runtimeCPU is the Go runtime's estimate of the cores' time so far
// (GOMAXPROCS × wall time) and of the part of it in which no goroutine
// and no runtime work was there to run.
func runtimeCPU() (idle, total float64) {
	s := []metrics.Sample{{Name: "/cpu/classes/idle:cpu-seconds"}, {Name: "/cpu/classes/total:cpu-seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64 || s[1].Value.Kind() != metrics.KindFloat64 {
		return 0, 0
	}
	return s[0].Value.Float64(), s[1].Value.Float64()
}
