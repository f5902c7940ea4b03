package normandy44

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/internal/collector"
)

// coldEnv names the snapshot a helper process lists the moves of
// (TestLegalColdHelper); it is set only by BenchmarkLegalCold.
const coldEnv = "PBEM_LEGAL_COLD_SNAPSHOT"

// BenchmarkLegalCold: Legal for the whole German Movement Phase of turn 2 on
// the campaign map, as pbem legal asks it: once, in a process just started,
// on a game restored from the position's snapshot. Nothing is warm there:
// the memory Legal works in is new to the process, page by page, and the
// step memos and search buffers it keeps for the next call are made. Each
// iteration starts this test binary again (TestLegalColdHelper), which
// reads the scenario, restores the position and checks its hash, as pbem
// opens a game it keeps, and times one call; cold-ns is
// the mean of those calls, cold-min-ns the fastest, beside issue 18's target.
// BenchmarkLegalGermanMovement's afresh call is the same call in a process
// that has listed the moves many times before.
func BenchmarkLegalCold(b *testing.B) {
	snap, err := germanMovementTurn2(b, "campaign").Snapshot()
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "turn2.snapshot")
	if err := os.WriteFile(file, snap, 0o600); err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	fastest := time.Duration(math.MaxInt64)
	choices := 0
	for b.Loop() {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLegalColdHelper$", "-test.count=1")
		cmd.Env = append(os.Environ(), coldEnv+"="+file)
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("the helper process: %v\n%s", err, out)
		}
		var took time.Duration
		if _, err := fmt.Sscanf(coldLine(out), "cold legal: %d ns, %d choices", &took, &choices); err != nil {
			b.Fatalf("the helper process said no time: %v\n%s", err, out)
		}
		total += took
		fastest = min(fastest, took)
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "cold-ns")
	b.ReportMetric(float64(fastest.Nanoseconds()), "cold-min-ns")
	b.ReportMetric(float64(choices), "choices")
	b.ReportMetric(float64(legalTarget.Nanoseconds()), "target-ns")
}

// coldLine is the helper's line that gives the time.
func coldLine(out []byte) string {
	for line := range strings.Lines(string(out)) {
		if strings.HasPrefix(line, "cold legal: ") {
			return line
		}
	}
	return ""
}

// TestLegalColdHelper is BenchmarkLegalCold's process: it restores the
// snapshot coldEnv names and times Legal once. In any other run it skips.
func TestLegalColdHelper(t *testing.T) {
	file := os.Getenv(coldEnv)
	if file == "" {
		t.Skip("BenchmarkLegalCold's helper process")
	}
	collector.Tune() // first, as the pbem program sets it
	snap, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := shipped(t, "campaign").Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	g.Hash() // as pbem checks a kept state against its entry's hash (replay/snapshot.go)
	start := time.Now()
	n := len(g.Legal("german"))
	took := time.Since(start)
	fmt.Printf("cold legal: %d ns, %d choices\n", took.Nanoseconds(), n)
}
