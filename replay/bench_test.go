package replay

import (
	"bytes"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/logs"
)

// benchLog builds a strict duel log of at least n entries.
func benchLog(b *testing.B, n int) []byte {
	tb := newTable(b, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	for tb.r.Len() < n {
		playRound(tb)
	}
	return tb.lines()
}

// BenchmarkVerifyLog verifies a 10,000-entry strict log from its bytes: parsing,
// canonical re-encoding, hash chain, signatures, the dice protocol and the
// rules. It reports entries per second and the ratio to the floor of verifying
// the same signatures alone (the target: at most 1.5).
func BenchmarkVerifyLog(b *testing.B) {
	log := benchLog(b, 10000)
	var entries []*logs.Entry
	rd := logs.NewReader(bytes.NewReader(log))
	for {
		e, err := rd.Next()
		if err != nil {
			break
		}
		entries = append(entries, e)
	}
	rep := Verify(bytes.NewReader(log), duelLoader)
	if !rep.OK() {
		b.Fatal(rep.Problems)
	}
	// The floor: the same signatures verified alone, timed here because a
	// benchmark cannot run another one inside it.
	var floor time.Duration
	const floorRounds = 3
	for range floorRounds {
		start := time.Now()
		for _, e := range entries {
			if err := e.Verify(rep.Replay.seat(e.By).pub); err != nil {
				b.Fatal(err)
			}
		}
		floor += time.Since(start)
	}
	b.ResetTimer()
	for b.Loop() {
		if r := Verify(bytes.NewReader(log), duelLoader); !r.OK() {
			b.Fatal(r.Problems)
		}
	}
	b.StopTimer()
	perVerify := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	perFloor := float64(floor.Nanoseconds()) / floorRounds
	n := float64(len(entries))
	b.ReportMetric(n/(perVerify/1e9), "entries/s")
	b.ReportMetric(n/(perFloor/1e9), "sig-only-entries/s")
	b.ReportMetric(perVerify/perFloor, "x-floor")
}
