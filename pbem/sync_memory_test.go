package pbem

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// The memory a sync uses is measured in a process of its own, which does
// nothing but open the player's home and sync, as pbem sync does: the mail
// server (the in-process loopback mail, pbem/mail_loopback.go, in the test's
// process) holds every message in memory, and must not count.

// syncMemoryTarget is issue 11's: a sync of messages of 50 MiB stays under
// 100 MiB of memory.
const syncMemoryTarget = 100 << 20

// memoryUse is what the syncing process measured.
type memoryUse struct {
	PeakHeap int64 // the most heap in use, sampled every 2 ms
	PeakRSS  int64 // VmHWM, the process's peak resident memory; 0 where unknown
	Messages int   // messages synced
	Added    int   // entries they added
	Problems []string
	Seconds  float64
}

// TestSyncMemory: a sync of two messages of 50 MiB, each a whole log of
// large notes (the second all duplicates but one), imports them all in under
// 100 MiB of memory, heap and resident.
func TestSyncMemory(t *testing.T) { checkMemory(t, false) }

// TestImportMemory: pbem import of the same log of large notes, from a file,
// stays under the same bound.
func TestImportMemory(t *testing.T) { checkMemory(t, true) }

func checkMemory(t *testing.T, fromFile bool) {
	if testing.Short() {
		t.Skip("reads tens of MiB of logs")
	}
	use, size := runSyncMemory(t, fromFile)
	what := "the sync of two messages"
	if fromFile {
		what = "the import of a log"
	}
	t.Logf("%s of %.1f MiB: peak heap %.1f MiB, peak resident %.1f MiB, %.1f s",
		what, float64(size)/(1<<20), float64(use.PeakHeap)/(1<<20), float64(use.PeakRSS)/(1<<20), use.Seconds)
	if use.PeakHeap >= syncMemoryTarget || use.PeakRSS >= syncMemoryTarget {
		t.Fatalf("%s used %d bytes of heap, %d resident; want under %d", what, use.PeakHeap, use.PeakRSS, syncMemoryTarget)
	}
}

// BenchmarkSyncMemory reports the memory of the same sync beside the target.
func BenchmarkSyncMemory(b *testing.B) {
	var use memoryUse
	var size int
	for b.Loop() {
		use, size = runSyncMemory(b, false)
	}
	b.ReportMetric(float64(size)/(1<<20), "message-MiB")
	b.ReportMetric(float64(use.PeakHeap)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(use.PeakRSS)/(1<<20), "peak-rss-MiB")
	b.ReportMetric(syncMemoryTarget/(1<<20), "target-MiB")
}

// runSyncMemory mails jan two messages of some 50 MiB through the loopback
// mail and has a process of jan's sync them; it returns what that process
// measured and the size of a message. With fromFile, the process imports the
// first message's log from a file instead (pbem import).
func runSyncMemory(tb testing.TB, fromFile bool) (memoryUse, int) {
	ctx := context.Background()
	mail, err := StartLoopbackMail()
	if err != nil {
		tb.Fatal(err)
	}
	defer mail.Close()
	const pwEnv = "PBEM_TEST_MEMORY_PASSWORD"
	tb.Setenv(pwEnv, "secret")
	dir := tb.TempDir()
	anna := Home{Config: filepath.Join(dir, "anna"), Data: filepath.Join(dir, "anna")}
	jan := Home{Config: filepath.Join(dir, "jan"), Data: filepath.Join(dir, "jan")}
	annaID, err := anna.NewIdentity("Anna", "anna@example.org")
	if err != nil {
		tb.Fatal(err)
	}
	janID, err := jan.NewIdentity("Jan", "jan@example.org")
	if err != nil {
		tb.Fatal(err)
	}
	cfg, err := mail.AddAccount("jan", janID.Mail, "secret", pwEnv)
	if err != nil {
		tb.Fatal(err)
	}
	cfg.MaxMessageSize, cfg.MaxAttachmentSize = 64<<20, 64<<20
	if err := jan.SaveMailConfig(cfg); err != nil {
		tb.Fatal(err)
	}
	app, err := Open(anna, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer app.Close()
	r, rec, err := app.New(ctx, NewGame{Name: "notes", Rules: "freeplay", Scenario: "allied-german", Seat: "allied",
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
	if err != nil {
		tb.Fatal(err)
	}
	// Anna writes notes of nearly the longest text until the log, in base64,
	// makes a message of 50 MiB; the second message has one note more.
	r.Retain(1)
	log := bytes.NewBuffer(r.Last().Line)
	note := func(i int) {
		b := r.NextBody("allied", logs.KindNote, time.Date(2026, 6, 6, 6, 0, 0, 0, time.UTC))
		b.Text = fmt.Sprintf("%06d %s", i, strings.Repeat("Mind the bocage. ", (replay.MaxNote-8)/17))
		if err := r.Complete(b, nil); err != nil {
			tb.Fatal(err)
		}
		e, err := logs.SignBody(annaID.Signer(), b)
		if err != nil {
			tb.Fatal(err)
		}
		if err := r.Append(e); err != nil {
			tb.Fatal(err)
		}
		log.Write(e.Line)
	}
	const messageSize = 50 << 20
	n := 0
	for ; log.Len()*4/3 < messageSize-64<<10; n++ {
		note(n)
	}
	var size int
	env := []string{"PBEM_MEMORY_CHILD_HOME=" + jan.Data}
	if fromFile {
		path := filepath.Join(dir, "notes.pbem")
		if err := os.WriteFile(path, log.Bytes(), 0o600); err != nil {
			tb.Fatal(err)
		}
		env = append(env, "PBEM_MEMORY_CHILD_IMPORT="+path)
		size = log.Len()
	}
	for i := range 2 {
		if fromFile {
			break
		}
		if i == 1 {
			note(n)
		}
		msg, err := ComposeMessage(Outgoing{From: annaID.Mail, To: janID.Mail, Game: rec.ID, Seq: r.Last().Seq,
			Head: r.Head(), Subject: "[pbem notes] many notes", Summary: "Notes.", Log: log.Bytes(),
			Date: time.Now(), MessageID: fmt.Sprintf("notes-%d@example.org", i)})
		if err != nil {
			tb.Fatal(err)
		}
		size = len(msg)
		mail.mu.Lock()
		u := mail.users["jan"]
		mail.mu.Unlock()
		if _, err := u.Append("INBOX", bytes.NewReader(msg), &imap.AppendOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	log = nil
	runtime.GC()

	cmd := exec.Command(os.Args[0], "-test.run=^TestSyncMemoryChild$", "-test.v")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("the syncing process: %v\n%s", err, out)
	}
	var use memoryUse
	sc := bufio.NewScanner(bytes.NewReader(out))
	found := false
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "PBEM-MEMORY "); ok {
			found = json.Unmarshal([]byte(rest), &use) == nil
		}
	}
	if !found {
		tb.Fatalf("the syncing process reported nothing:\n%s", out)
	}
	want := memoryUse{Messages: 2, Added: n + 2}
	if fromFile {
		want = memoryUse{Messages: 1, Added: n + 1}
	}
	if use.Messages != want.Messages || use.Added != want.Added || len(use.Problems) > 0 {
		tb.Fatalf("read %d messages adding %d entries (want %d and %d): %v", use.Messages, use.Added, want.Messages, want.Added, use.Problems)
	}
	return use, size
}

// TestSyncMemoryChild is the syncing process of TestSyncMemory: it runs only
// when that test starts it.
func TestSyncMemoryChild(t *testing.T) {
	dir := os.Getenv("PBEM_MEMORY_CHILD_HOME")
	if dir == "" {
		t.Skip("the syncing process of TestSyncMemory")
	}
	app, err := Open(Home{Config: dir, Data: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	var use memoryUse
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var ms runtime.MemStats
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			use.PeakHeap = max(use.PeakHeap, int64(ms.HeapInuse))
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	rep, err := childSync(app)
	use.Seconds = time.Since(start).Seconds()
	close(stop)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	use.PeakRSS = peakRSS()
	use.Messages = len(rep.Messages)
	for _, m := range rep.Messages {
		if m.Import != nil {
			use.Added += m.Import.AddedCount()
		}
		if m.Problem != nil {
			use.Problems = append(use.Problems, m.Problem.Error())
		}
	}
	b, err := json.Marshal(use)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("PBEM-MEMORY %s\n", b)
}

// childSync syncs, or imports the file PBEM_MEMORY_CHILD_IMPORT names.
func childSync(app *App) (*SyncReport, error) {
	path := os.Getenv("PBEM_MEMORY_CHILD_IMPORT")
	if path == "" {
		return app.Sync(context.Background())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ir, err := app.Import(context.Background(), f, path)
	if err != nil {
		return nil, err
	}
	sm := SyncedMessage{Import: ir, Problem: ir.Failed}
	return &SyncReport{Messages: []SyncedMessage{sm}}, nil
}

// peakRSS is the process's peak resident memory (Linux's VmHWM), or 0.
func peakRSS() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
