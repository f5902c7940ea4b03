package pbem

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/pbem-referee/pbem/logs"
)

// A connection cut in the middle of sending loses nothing and, on the next
// flush, sends nothing twice.
func TestFlushOutboxCutConnection(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)
	_, deliveredBefore := w.counts()

	// Two hand-overs queued; the first goes out, the second is cut halfway.
	if _, err := anna.Do(ctx, game, []string{"play 82nd Airborne moves 2710 to 2611"}); err != nil {
		t.Fatal(err)
	}
	if _, err := anna.QueueHandOver(ctx, game); err != nil {
		t.Fatal(err)
	}
	if _, err := anna.Do(ctx, game, []string{"pass"}); err != nil {
		t.Fatal(err)
	}
	if _, err := anna.QueueHandOver(ctx, game); err != nil {
		t.Fatal(err)
	}
	// Queuing the same hand-over again (a retried command) adds nothing.
	if _, err := anna.QueueHandOver(ctx, game); err != nil {
		t.Fatal(err)
	}
	due, err := anna.Store.DueMail(ctx, anna.Now())
	if err != nil || len(due) != 2 {
		t.Fatalf("due: %d messages, %v; want 2", len(due), err)
	}

	// From here anna's clock stands still unless the test moves it.
	now := anna.Now()
	anna.Now = func() time.Time { return now }
	anna.Store.now = anna.Now
	w.mu.Lock()
	w.cutSends = 1
	w.mu.Unlock()
	// The first message fails with the cut; the second stays due.
	rep, err := anna.FlushOutbox(ctx)
	var me *MailError
	if !errors.As(err, &me) || me.Stage != StageSend {
		t.Fatalf("flush over a cut connection: got %v, want a send-stage MailError", err)
	}
	if len(rep.Sent) != 0 || len(rep.Failed) != 1 {
		t.Fatalf("after the cut: sent %d, failed %d; want 0, 1", len(rep.Sent), len(rep.Failed))
	}
	if _, d := w.counts(); d != deliveredBefore {
		t.Fatalf("a cut message was delivered")
	}
	failed := rep.Failed[0]
	if failed.Attempts != 1 || !failed.NextAttempt.Equal(now.Add(time.Minute)) {
		t.Fatalf("the failed message should be retried in a minute: attempts %d, next %v (now %v)", failed.Attempts, failed.NextAttempt, now)
	}

	// Right away only the untried message is due; it goes out.
	rep, err = anna.FlushOutbox(ctx)
	if err != nil || len(rep.Sent) != 1 || rep.Sent[0].ID == failed.ID || len(rep.Failed) != 0 {
		t.Fatalf("second flush: sent %d, failed %d, %v; want the other message sent", len(rep.Sent), len(rep.Failed), err)
	}
	// Once the backoff has passed, the failed one goes out, once.
	now = failed.NextAttempt.Add(time.Second)
	rep, err = anna.FlushOutbox(ctx)
	if err != nil || len(rep.Sent) != 1 || rep.Sent[0].ID != failed.ID {
		t.Fatalf("flush after the backoff: sent %d, failed %d, %v; want the failed message sent", len(rep.Sent), len(rep.Failed), err)
	}
	rep, err = anna.FlushOutbox(ctx)
	if err != nil || len(rep.Sent)+len(rep.Failed) != 0 {
		t.Fatalf("a further flush should send nothing: sent %d, failed %d, %v", len(rep.Sent), len(rep.Failed), err)
	}
	if _, d := w.counts(); d != deliveredBefore+2 {
		t.Fatalf("delivered %d messages after the cut, want exactly 2", d-deliveredBefore)
	}
	// Jan gets both entries (whichever order the messages came in).
	srep := mustSync(t, ctx, jan)
	added := 0
	for _, m := range srep.Messages {
		added += len(m.Import.Added)
	}
	if added != 2 {
		t.Fatalf("jan imported %d new entries, want 2", added)
	}
}

func TestSendBackoff(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		want     time.Duration
	}{{0, time.Minute}, {1, 2 * time.Minute}, {3, 8 * time.Minute}, {8, 256 * time.Minute}, {9, 6 * time.Hour}, {60, 6 * time.Hour}} {
		if got := sendBackoff(tc.attempts); got != tc.want {
			t.Errorf("sendBackoff(%d) = %v, want %v", tc.attempts, got, tc.want)
		}
	}
}

// An opponent's note quoted into this player's hand-over summary (sent right
// after importing it, the summary starts at the note) cannot draw on the
// receiver's screen, nor can his name or address: control, C1 and bidi
// characters are written as escapes, and the note stays on its own line.
func TestHandOverSummaryEscapesReceivedText(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "Jan\x1b[2J\u009b31m", "jan\u202egro.elpmaxe@example.org")
	janID, _ := jan.Identity()
	game := inviteFreeplay(t, anna, "duel", janID.AuthorizedKey(), "jan@example.org")
	send(t, anna, jan, game)
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := jan.Post(ctx, game, logs.KindNote, func(b *logs.Body) {
		b.Text = "gg\n#9 allied act\n\x1b[32mverified ok\x1b[0m\r\u2066"
	}); err != nil {
		t.Fatal(err)
	}
	send(t, jan, anna, game)
	rec, r, err := anna.open(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	sum := handOverSummary(rec, r, int64(r.Len()-1))
	for _, c := range sum {
		if (c < 0x20 && c != '\n') || (c >= 0x7f && c < 0xa0) || unicode.In(c, unicode.Cf) {
			t.Fatalf("the summary holds %U:\n%q", c, sum)
		}
	}
	for _, line := range strings.Split(sum, "\n") {
		if strings.HasPrefix(line, "#9 allied act") || strings.HasPrefix(line, "verified ok") {
			t.Errorf("the note printed a line of its own: %q\n%s", line, sum)
		}
	}
	want := `#2 german note: "gg\n#9 allied act\n\x1b[32mverified ok\x1b[0m\r\u2066"`
	if !strings.Contains(sum, want) {
		t.Errorf("the summary lacks the escaped note %s:\n%s", want, sum)
	}
}
