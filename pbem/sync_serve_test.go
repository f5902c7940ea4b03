package pbem

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Serve answers a dice request that arrives while it waits in IDLE, mails the
// answer, reconnects after the connection is cut, and stops when its context
// ends.
func TestServeAnswersDiceAndReconnects(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)

	reports := make(chan *SyncReport, 16)
	var mu sync.Mutex
	var failures []error
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- jan.Serve(sctx, ServeOptions{
			Poll:       time.Hour, // only IDLE may wake it
			MaxBackoff: 50 * time.Millisecond,
			OnSync:     func(r *SyncReport) { reports <- r },
			OnError: func(err error, _ time.Duration) {
				mu.Lock()
				failures = append(failures, err)
				mu.Unlock()
			},
		})
	}()
	next := func(what string) *SyncReport {
		t.Helper()
		select {
		case r := <-reports:
			return r
		case <-ctx.Done():
			t.Fatalf("serve never reported %s", what)
			return nil
		}
	}
	if r := next("the first round"); len(r.Messages) != 0 {
		t.Fatalf("nothing new was waiting, got %+v", r.Messages)
	}

	// Anna requests a die; serve wakes from IDLE and answers by mail.
	if _, err := anna.Do(ctx, game, []string{"roll 1d6 for attack on 2512"}); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, anna, game)
	r := next("the request")
	if len(r.Messages) != 1 || r.Messages[0].Import == nil || len(r.Messages[0].Import.Answered) != 1 ||
		r.Flush == nil || len(r.Flush.Sent) != 1 {
		t.Fatalf("serve should import the request, answer it and send the answer: %+v", r)
	}

	// The network fails; serve reconnects and goes on.
	if n := w.dropIMAP(); n == 0 {
		t.Fatal("no IMAP connection to cut")
	}
	r = next("the round after reconnecting")
	mu.Lock()
	nfail := len(failures)
	mu.Unlock()
	if nfail == 0 {
		t.Fatal("the cut connection was not reported")
	}
	// Anna reveals; after the reconnection serve imports it too.
	rep := mustSync(t, ctx, anna)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Answered) != 1 {
		t.Fatalf("anna should get jan's answer and reveal: %+v", rep.Messages)
	}
	for {
		r = next("the reveal")
		if len(r.Messages) > 0 {
			break
		}
	}
	if len(r.Messages) != 1 || r.Messages[0].Import == nil || len(r.Messages[0].Import.Added) != 1 {
		t.Fatalf("serve should import the reveal: %+v", r.Messages)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("serve should stop cleanly, got %v", err)
	}
	a, j := exportLog(t, ctx, anna, game), exportLog(t, ctx, jan, game)
	if string(a) != string(j) {
		t.Fatal("the two stores differ after serve")
	}
}
