package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/logs"
)

// campaignLogFile is the recorded 22-turn campaign (S1) in strict dice: the
// real rules on the real map, not a test game whose rules cost nothing.
const campaignLogFile = "normandy44-4-campaign-strict.pbem"

// campaignLoader reads the shipped scenarios for the campaign benchmarks;
// the one place they name them. It starts each game afresh, as pbem verify,
// one process a log, does; a season verified in one process (seasonLoader)
// starts the campaign once and clones it (games/started.go).
var (
	campaignLoader Loader = games.Library{Afresh: true}
	seasonLoader   Loader = games.Shipped
)

// verifyCampaignTarget is issue 18's target for verifying the campaign: at
// most twice the time of checking the same lines' signatures alone.
const verifyCampaignTarget = 2.0

// BenchmarkVerifyCampaign verifies the recorded campaign log as pbem verify
// does (Verify: parsing, canonical bodies, hash chain, signatures, the dice
// protocol, every command through the rules and every state hash) and, in the
// same iterations, the floor of those lines: each parsed and its signature
// checked with its seat's key, nothing else. ns/op is the whole verification;
// it reports entries/s for both, and their ratio beside the target. The same
// ratio in CPU time (x-floor-cpu, 0 where not measured) is steadier than the
// wall time on a busy machine.
func BenchmarkVerifyCampaign(b *testing.B) {
	defer collector.Tune()() // the collector as the pbem program runs it
	log, err := os.ReadFile(filepath.Join(recordedDir, campaignLogFile))
	if err != nil {
		b.Fatal(err)
	}
	entries, err := logs.ReadAll(bytes.NewReader(log))
	if err != nil {
		b.Fatal(err)
	}
	keys, err := entryKeys(entries)
	if err != nil {
		b.Fatal(err)
	}
	if rep := Verify(bytes.NewReader(log), campaignLoader); !rep.OK() || rep.Verified != len(entries) {
		b.Fatalf("%d of %d entries verified: %v", rep.Verified, len(entries), rep.Problems)
	}
	var floor, verifyCPU, floorCPU time.Duration
	for b.Loop() {
		cpu := cpuTime()
		if rep := Verify(bytes.NewReader(log), campaignLoader); !rep.OK() {
			b.Fatal(rep.Problems)
		}
		verifyCPU += cpuTime() - cpu
		// The floor, timed apart so that ns/op stays the verification's.
		b.StopTimer()
		start, cpu := time.Now(), cpuTime()
		if err := verifySignatures(log, keys); err != nil {
			b.Fatal(err)
		}
		floor += time.Since(start)
		floorCPU += cpuTime() - cpu
		b.StartTimer()
	}
	n := float64(len(entries))
	perVerify := b.Elapsed().Seconds() / float64(b.N)
	perFloor := floor.Seconds() / float64(b.N)
	b.ReportMetric(n/perVerify, "entries/s")
	b.ReportMetric(n/perFloor, "sig-only-entries/s")
	b.ReportMetric(perVerify/perFloor, "x-floor")
	b.ReportMetric(verifyCampaignTarget, "x-floor-target")
	if floorCPU > 0 {
		b.ReportMetric(float64(verifyCPU.Milliseconds())/float64(b.N), "verify-cpu-ms")
		b.ReportMetric(float64(verifyCPU)/float64(floorCPU), "x-floor-cpu")
	}
}

// verifySignatures is the floor: every line of log parsed and its signature
// checked with keys[i], the key of the seat that signed entry i.
func verifySignatures(log []byte, keys []ssh.PublicKey) error {
	rd := logs.NewReader(bytes.NewReader(log))
	for i := range keys {
		e, err := rd.Next()
		if err != nil {
			return err
		}
		if err := e.Verify(keys[i]); err != nil {
			return err
		}
	}
	return nil
}

// entryKeys lists, for each entry, the key its seat signs with at that point:
// the invite's seats, then each accept's and rotate's key from that entry on.
func entryKeys(entries []*logs.Entry) ([]ssh.PublicKey, error) {
	byseat := map[string]ssh.PublicKey{}
	add := func(seat, key string) error {
		if key == "" {
			return nil
		}
		k, err := logs.ParseAuthorizedKey(key)
		if err != nil {
			return err
		}
		byseat[seat] = k
		return nil
	}
	keys := make([]ssh.PublicKey, len(entries))
	for i, e := range entries {
		if e.Kind == logs.KindInvite {
			for _, s := range e.Seats {
				if err := add(s.Seat, s.Key); err != nil {
					return nil, err
				}
			}
		}
		if e.Kind == logs.KindAccept {
			if err := add(e.By, e.Key); err != nil {
				return nil, err
			}
		}
		keys[i] = byseat[e.By]
		if e.Kind == logs.KindRotate {
			if err := add(e.By, e.Key); err != nil {
				return nil, err
			}
		}
	}
	return keys, nil
}

// BenchmarkCampaignRules is the rules' part of verifying the campaign: every
// command and roll of the recorded log applied to a fresh game, with
// Pending asked and the state hashed as the replay asks and hashes, and no
// log, signature or dice protocol: what the replay's own goroutine does
// while signatures are checked on others (verify_ahead.go).
func BenchmarkCampaignRules(b *testing.B) {
	log, err := os.ReadFile(filepath.Join(recordedDir, campaignLogFile))
	if err != nil {
		b.Fatal(err)
	}
	rep := Verify(bytes.NewReader(log), campaignLoader)
	if !rep.OK() {
		b.Fatal(rep.Problems)
	}
	r := rep.Replay
	for b.Loop() {
		g := r.initial.Clone()
		for _, st := range r.steps {
			var err error
			if st.seat == "" {
				_, err = g.Roll(st.values)
			} else {
				_, err = g.Apply(st.seat, st.command)
			}
			if err != nil {
				b.Fatal(err)
			}
			g.Pending()
			g.Hash()
		}
	}
	b.ReportMetric(float64(len(r.steps)), "steps")
}
