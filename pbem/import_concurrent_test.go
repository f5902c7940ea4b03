package pbem

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// Several pbem processes on one store at once (serve importing while the
// player imports, syncs or writes a note): two versions of Jan's entry 6 (his
// move, each requesting dice: an equivocation), and Anna's own note for entry
// 6 (a race). Whatever the interleaving, the stored log verifies, every dice
// answer answers what is stored before it, and nothing but Jan's second
// version is kept as evidence. Each App has its own connection pool, as a
// process would.
func TestConcurrentImportsKeepTheStoreVerifiable(t *testing.T) {
	trials := 20
	if testing.Short() {
		trials = 6
	}
	for trial := range trials {
		anna, jan, game := started(t)
		ctx := context.Background()
		prior := exportLog(t, ctx, jan, game)
		if _, err := jan.Do(ctx, game, []string{"roll 1d6 for the left bank"}); err != nil {
			t.Fatal(err)
		}
		fileA := exportLog(t, ctx, jan, game)
		// Jan's second version of entry 6, signed with his key.
		_, r, err := jan.Status(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		st, err := replayLines(game, splitLines(prior), jan.Load)
		if err != nil {
			t.Fatal(err)
		}
		b, err := st.Build("german", []string{"roll 1d6 for the right bank"}, jan.linkSource(ctx, st, game, "german"), jan.Now())
		if err != nil {
			t.Fatal(err)
		}
		other, err := jan.sign(st, b)
		if err != nil {
			t.Fatal(err)
		}
		fileB := append(prior[:len(prior):len(prior)], other.Line...)
		if bytes.Equal(r.Entry(6).Line, other.Line) {
			t.Fatal("two versions are needed")
		}

		var mu sync.Mutex
		now := anna.Now
		anna.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now() }
		procs := []*App{anna, openAgain(t, anna), openAgain(t, anna)}
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, len(procs))
		for i, p := range procs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				switch i {
				case 0:
					_, errs[i] = p.Import(ctx, bytes.NewReader(fileA), "serve")
				case 1:
					_, errs[i] = p.Import(ctx, bytes.NewReader(fileB), "sync")
				case 2:
					// Refused when the game changed under it; that is its right.
					p.Post(ctx, game, logs.KindNote, func(b *logs.Body) { b.Text = "hurry" })
				}
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("trial %d: process %d: %v", trial, i, err)
			}
		}
		log := exportLog(t, ctx, anna, game)
		rep := replay.Verify(bytes.NewReader(log), anna.Load)
		if !rep.OK() {
			t.Fatalf("trial %d: the stored log does not verify: %v\n%s", trial, rep.Problems, log)
		}
		eqs, _ := anna.Store.Equivocations(ctx, game)
		for _, eq := range eqs {
			e, _ := logs.ParseLine(eq.Received)
			if e == nil || e.By != "german" {
				t.Fatalf("trial %d: evidence that is not Jan's: %q", trial, eq.Received)
			}
		}
	}
}

// replayLines folds log lines into a replay that keeps every entry.
func replayLines(game string, lines [][]byte, load replay.Loader) (*replay.Replay, error) {
	var r *replay.Replay
	for i, line := range lines {
		e, err := logs.ParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("game %s: entry %d: %w", game, i, err)
		}
		if i == 0 {
			if r, err = replay.Start(e, load); err != nil {
				return nil, err
			}
		} else if err := r.Append(e); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func splitLines(log []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.SplitAfter(log, []byte("\n")) {
		if len(l) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// openAgain opens a second App on the same home: another process.
func openAgain(t *testing.T, a *App) *App {
	t.Helper()
	b, err := Open(a.Home, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Now = a.Now
	t.Cleanup(func() { b.Close() })
	return b
}
