package pbem

import (
	"bytes"
	"context"
	"fmt"
	"github.com/pbem-referee/pbem/replay"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// exportLog returns a player's stored log of a game.
func exportLog(t testing.TB, ctx context.Context, a *App, game string) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, _, err := a.Export(ctx, game, &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func mustSync(t testing.TB, ctx context.Context, a *App) *SyncReport {
	t.Helper()
	rep, err := a.Sync(ctx)
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	if rep.FlushError != nil {
		t.Fatalf("sync: flush: %v", rep.FlushError)
	}
	for _, m := range rep.Messages {
		if m.Problem != nil {
			t.Fatalf("sync: message %d: %v", m.UID, m.Problem)
		}
	}
	return rep
}

func mustSend(t testing.TB, ctx context.Context, a *App, game string) {
	t.Helper()
	q, rep, err := a.Send(ctx, game)
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	if len(q) != 1 || len(rep.Sent) != 1 || len(rep.Failed) != 0 {
		t.Fatalf("send: queued %d, sent %d, failed %d; want 1, 1, 0", len(q), len(rep.Sent), len(rep.Failed))
	}
}

// startMailGame has anna invite jan by mail and jan accept by mail.
func startMailGame(t testing.TB, ctx context.Context, w *mailWorld, anna, jan *App) string {
	t.Helper()
	janID, err := jan.Identity()
	if err != nil {
		t.Fatal(err)
	}
	game := inviteFreeplay(t, anna, "by mail", janID.AuthorizedKey(), janID.Mail)
	mustSend(t, ctx, anna, game)

	rep := mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || rep.Messages[0].Import == nil || !rep.Messages[0].Import.Invited {
		t.Fatalf("jan's first sync: want one invitation, got %+v", rep.Messages)
	}
	if len(rep.Games) != 1 || rep.Games[0].Hint != "pbem join "+game || !rep.Games[0].Yours {
		t.Fatalf("jan's first sync should say 'pbem join %s', got %+v", game, rep.Games)
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, jan, game)
	rep = mustSync(t, ctx, anna)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Added) != 1 || rep.Messages[0].Import.Added[0].Entry.Kind != logs.KindAccept {
		t.Fatalf("anna's sync: want jan's accept, got %+v", rep.Messages)
	}
	return game
}

func TestMailGameInvitationAcceptanceAndStrictDice(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)

	// Anna's attack needs a die: her entry requests it.
	if _, err := anna.Do(ctx, game, []string{"play 82nd Airborne moves 2710 to 2611", "roll 1d6 for attack on 2512"}); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, anna, game)

	// Jan's sync imports the request and answers it by mail, unasked.
	rep := mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Answered) != 1 || len(rep.Messages[0].Queued) != 1 {
		t.Fatalf("jan's sync should answer the dice request and queue the answer: %+v", rep.Messages)
	}
	if rep.Flush == nil || len(rep.Flush.Sent) != 1 {
		t.Fatalf("jan's sync should send the answer: %+v", rep.Flush)
	}

	// Anna's sync imports the answer and reveals her link: the die is drawn.
	rep = mustSync(t, ctx, anna)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Answered) != 1 {
		t.Fatalf("anna's sync should reveal her link: %+v", rep.Messages)
	}
	reveal := rep.Messages[0].Import.Answered[0].Entry
	if len(reveal.Draws) != 1 || len(reveal.Draws[0].Values) != 1 || reveal.Draws[0].Values[0] < 1 || reveal.Draws[0].Values[0] > 6 {
		t.Fatalf("anna's reveal should draw one d6, got %+v", reveal.Draws)
	}

	// Jan receives the reveal: both stores now hold the same log.
	rep = mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Added) != 1 {
		t.Fatalf("jan's sync should import the reveal: %+v", rep.Messages)
	}
	a, j := exportLog(t, ctx, anna, game), exportLog(t, ctx, jan, game)
	if !bytes.Equal(a, j) {
		t.Fatalf("the two stores differ:\nanna:\n%s\njan:\n%s", a, j)
	}
	if n := bytes.Count(a, []byte("\n")); n != 5 {
		t.Fatalf("want 5 entries (invite, accept, request, answer, reveal), got %d", n)
	}
	// The request's hand-over names the game and what happened.
	msgs := w.mailbox("jan", "INBOX")
	if len(msgs) != 3 {
		t.Fatalf("jan's INBOX holds %d messages, want 3 (invite, request, reveal)", len(msgs))
	}
	req, err := ParseMessage(bytes.NewReader(msgs[1]))
	if err != nil {
		t.Fatal(err)
	}
	if req.Game != game || req.Seq != 2 {
		t.Fatalf("request message: game %q seq %d, want %q 2", req.Game, req.Seq, game)
	}
	if !strings.Contains(req.Subject, "allied acts and requests dice") || !strings.HasPrefix(req.Subject, "[pbem "+game+"] allied-german") {
		t.Fatalf("request subject %q", req.Subject)
	}
	// A second sync finds nothing new and fetches nothing.
	fetchedBefore, _ := w.counts()
	rep = mustSync(t, ctx, jan)
	fetchedAfter, _ := w.counts()
	if len(rep.Messages) != 0 || fetchedAfter != fetchedBefore {
		t.Fatalf("an idle sync fetched %d messages: %+v", fetchedAfter-fetchedBefore, rep.Messages)
	}
}

func TestSyncFetchesOnlyGameMail(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	for i := range 40 {
		w.deliver("jan", "INBOX", []byte("From: someone@example.org\r\nTo: jan@example.org\r\nSubject: hello "+
			strings.Repeat("x", i)+"\r\nMessage-ID: <u"+strings.Repeat("1", i+1)+"@example.org>\r\n\r\nNot a game.\r\n"))
	}
	game := startMailGame(t, ctx, w, anna, jan)
	fetched, _ := w.counts()
	// anna fetched jan's accept; jan fetched the invitation: two messages.
	if fetched != 2 {
		t.Fatalf("FETCH named %d messages, want 2 (no unrelated mail)", fetched)
	}
	// Unrelated mail arriving later is not fetched either.
	w.deliver("jan", "INBOX", []byte("From: x@example.org\r\nSubject: later\r\n\r\nhi\r\n"))
	mustSync(t, ctx, jan)
	if f, _ := w.counts(); f != 2 {
		t.Fatalf("FETCH named %d messages after more unrelated mail, want 2", f)
	}
	_ = game
}

func TestSyncDuplicateAndTamperedMessages(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	cfg, err := jan.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Processed = "pbem-done"
	if err := jan.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	w.mu.Lock()
	w.users["jan"].Create("pbem-done", nil)
	w.mu.Unlock()

	game := startMailGame(t, ctx, w, anna, jan)
	before := exportLog(t, ctx, jan, game)
	if got := len(w.mailbox("jan", "pbem-done")); got != 1 {
		t.Fatalf("the imported invitation should be moved to the processed folder, found %d there", got)
	}

	// The same hand-over delivered twice: harmless.
	invite := w.mailbox("jan", "pbem-done")[0]
	w.deliver("jan", "INBOX", invite)
	rep := mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || rep.Messages[0].Import.Duplicates != 1 || len(rep.Messages[0].Import.Added) != 0 {
		t.Fatalf("a duplicate delivery should count one duplicate and add nothing: %+v", rep.Messages[0].Import)
	}

	// A tampered log: Anna's next entry with a changed command.
	if _, err := anna.Do(ctx, game, []string{"play 4th Infantry lands on Utah 2713"}); err != nil {
		t.Fatal(err)
	}
	q, err := anna.QueueHandOver(ctx, game)
	if err != nil || len(q) != 1 {
		t.Fatalf("queue: %v %v", q, err)
	}
	due, err := anna.Store.DueMail(ctx, anna.Now())
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %v %v", due, err)
	}
	msg, err := ParseMessage(bytes.NewReader(due[0].Message))
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(msg.Log, []byte("Utah"), []byte("Omah"), 1)
	if bytes.Equal(bad, msg.Log) {
		t.Fatal("the tampering found nothing to change")
	}
	raw, err := ComposeMessage(Outgoing{From: "anna@example.org", To: "jan@example.org", Game: game, Seq: msg.Seq,
		Head: msg.Head, Subject: "tampered", Summary: "x", Log: bad, MessageID: "bad@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	w.deliver("jan", "INBOX", raw)
	rep, err = jan.Sync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Messages) != 1 || rep.Messages[0].Problem == nil || !strings.Contains(rep.Messages[0].Problem.Error(), "verif") {
		t.Fatalf("the tampered message should be reported as failing verification: %+v", rep.Messages)
	}
	if after := exportLog(t, ctx, jan, game); !bytes.Equal(before, after) {
		t.Fatalf("a tampered message changed the store")
	}
	if inbox := w.mailbox("jan", "INBOX"); len(inbox) != 1 || !bytes.Equal(inbox[0], raw) {
		t.Fatalf("the tampered message should stay in the INBOX; it holds %d messages", len(inbox))
	}
	st, _, err := jan.Store.MailboxState(ctx, cfg.Account(), "INBOX")
	if err != nil {
		t.Fatal(err)
	}
	seen, ok, err := jan.Store.Seen(ctx, cfg.Account(), "INBOX", st.UIDValidity, rep.Messages[0].UID)
	if err != nil || !ok || !strings.HasPrefix(seen.Result, "not imported") {
		t.Fatalf("the store should record the message as not imported: %+v %v %v", seen, ok, err)
	}
}

// A connection cut in the middle of a fetch loses nothing, and the next sync
// neither re-reads what was imported nor duplicates an entry.
func TestSyncFetchCut(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)
	const n = fetchBatch + 4
	for i := range n {
		if _, err := anna.Do(ctx, game, []string{fmt.Sprintf("play move %d", i)}); err != nil {
			t.Fatal(err)
		}
		mustSend(t, ctx, anna, game)
	}
	w.mu.Lock()
	w.cutFetch = w.fetches + fetchBatch + 1 // after a batch's worth of messages
	w.mu.Unlock()

	rep, err := jan.Sync(ctx)
	if err == nil {
		t.Fatal("a sync over a cut connection reported no error")
	}
	if len(rep.Messages) != fetchBatch {
		t.Fatalf("the messages before the cut should be imported: %d messages", len(rep.Messages))
	}
	w.mu.Lock()
	fetchedCut := w.fetched
	w.mu.Unlock()

	rep = mustSync(t, ctx, jan)
	if len(rep.Messages) != n-fetchBatch {
		t.Fatalf("the next sync should read the %d messages left, read %d", n-fetchBatch, len(rep.Messages))
	}
	if f, _ := w.counts(); f-fetchedCut != n-fetchBatch {
		t.Fatalf("the next sync fetched %d messages, want %d", f-fetchedCut, n-fetchBatch)
	}
	added := 0
	for _, m := range rep.Messages {
		added += len(m.Import.Added)
	}
	if added != n-fetchBatch {
		t.Fatalf("the next sync added %d entries, want %d", added, n-fetchBatch)
	}
	if a, j := exportLog(t, ctx, anna, game), exportLog(t, ctx, jan, game); !bytes.Equal(a, j) {
		t.Fatal("jan's log differs from anna's after the cut and the resync")
	}
}

// A message that makes pbem panic is reported as that message's problem, and
// the sync goes on with the next (issue 11: one bad entry stopped every later
// sync).
func TestSyncGoesOnAfterAPanic(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	janID, err := jan.Identity()
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, name := range []string{"first", "second"} {
		_, rec, err := anna.New(ctx, NewGame{Name: name, Rules: "freeplay", Scenario: "allied-german", Seat: "allied",
			OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, rec.ID)
		mustSend(t, ctx, anna, rec.ID)
	}
	jan.Load = panicOnce{Loader: jan.Load, calls: new(int)}
	rep, err := jan.Sync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Messages) != 2 {
		t.Fatalf("want both messages read, got %+v", rep.Messages)
	}
	if p := rep.Messages[0].Problem; p == nil || !strings.Contains(p.Error(), "a bug in pbem") || !strings.Contains(p.Error(), "a bug") {
		t.Fatalf("the first message's problem should report the panic, got %v", p)
	}
	if m := rep.Messages[1]; m.Problem != nil || m.Import == nil || m.Import.Game != games[1] {
		t.Fatalf("the second message should be imported, got %+v", m)
	}
}

// panicOnce is a loader whose first scenario read panics, as a bug would.
type panicOnce struct {
	replay.Loader
	calls *int
}

func (l panicOnce) Scenario(game, scenario string) ([]byte, error) {
	if l.calls == nil || *l.calls == 0 {
		if l.calls != nil {
			*l.calls = 1
		}
		panic("a bug")
	}
	return l.Loader.Scenario(game, scenario)
}
