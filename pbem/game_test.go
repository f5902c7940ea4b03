package pbem

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

func newTestApp(t *testing.T, name, mail string) *App {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	home := Home{Config: dir, Data: dir}
	if _, err := home.NewIdentity(name, mail); err != nil {
		t.Fatal(err)
	}
	app, err := Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 6, 6, 6, 0, 0, 0, time.UTC)
	app.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	t.Cleanup(func() { app.Close() })
	return app
}

// send exports from's log and imports it at to.
func send(t *testing.T, from, to *App, game string) *ImportReport {
	t.Helper()
	var buf bytes.Buffer
	if _, _, err := from.Export(context.Background(), game, &buf); err != nil {
		t.Fatal(err)
	}
	rep, err := to.Import(context.Background(), &buf, "test")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != nil {
		t.Fatal(rep.Failed)
	}
	return rep
}

// inviteFreeplay has a player make a strict freeplay game as allied, the
// other seat reserved for key and mail when they are set; it returns the id.
func inviteFreeplay(t testing.TB, a *App, name, key, mail string) string {
	t.Helper()
	_, rec, err := a.New(context.Background(), NewGame{Name: name, Rules: "freeplay", Scenario: "allied-german", Seat: "allied",
		OpponentKey: key, OpponentMail: mail, Dice: logs.DiceStrict})
	if err != nil {
		t.Fatal(err)
	}
	return rec.ID
}

// started is a strict freeplay game between anna (allied) and jan (german),
// both joined, a roll of anna's drawn, and her turn passed: entries 0 invite,
// 1 accept, 2 request, 3 answer, 4 draw, 5 pass.
func started(t *testing.T) (anna, jan *App, game string) {
	ctx := context.Background()
	anna = newTestApp(t, "anna", "anna@example.org")
	jan = newTestApp(t, "jan", "jan@example.org")
	janID, _ := jan.Identity()
	game = inviteFreeplay(t, anna, "Test Game!", janID.AuthorizedKey(), janID.Mail)
	if !strings.HasPrefix(game, "test-game-") {
		t.Fatalf("the id is made from the name: %q", game)
	}
	if rep := send(t, anna, jan, game); !rep.Invited {
		t.Fatal("jan sees an invitation")
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	send(t, jan, anna, game)
	if _, err := anna.Do(ctx, game, []string{"roll 2d6 for the bridge"}); err != nil {
		t.Fatal(err)
	}
	if rep := send(t, anna, jan, game); len(rep.Answered) != 1 || rep.Answered[0].Entry.Epoch != 1 {
		t.Fatalf("jan's pbem answers the request at once: %+v", rep.Answered)
	}
	if rep := send(t, jan, anna, game); len(rep.Answered) != 1 || len(rep.Answered[0].Entry.Draws) != 1 {
		t.Fatalf("anna's pbem reveals and draws at once: %+v", rep.Answered)
	}
	if _, err := anna.Do(ctx, game, []string{"pass"}); err != nil {
		t.Fatal(err)
	}
	send(t, anna, jan, game)
	return anna, jan, game
}

func TestGameOverFiles(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	var a, j bytes.Buffer
	anna.Export(ctx, game, &a)
	jan.Export(ctx, game, &j)
	if !bytes.Equal(a.Bytes(), j.Bytes()) {
		t.Fatal("both players hold the same log")
	}
	rep := replay.Verify(bytes.NewReader(a.Bytes()), anna.Load)
	if !rep.OK() || rep.Replay.Len() != 6 || rep.Replay.Epochs() != 1 {
		t.Fatalf("the log verifies alone: %v (%d entries)", rep.Problems, rep.Read)
	}
	if _, err := anna.Do(ctx, game, []string{"pass"}); err == nil {
		t.Fatal("anna cannot act on jan's turn")
	}
}

func TestImportStoresGoodPrefix(t *testing.T) {
	anna, _, game := started(t)
	ctx := context.Background()
	var buf bytes.Buffer
	anna.Export(ctx, game, &buf)
	lines := bytes.SplitAfter(buf.Bytes(), []byte("\n"))
	// A third player's store sees the whole log for the first time, with entry 4
	// (the draw) altered: entries 0 to 3 are stored, 4 and 5 are not.
	watcher := newTestApp(t, "anna2", "anna@example.org")
	watcher.Home = anna.Home // same identity: the allied seat is hers
	tampered := bytes.Replace(lines[4], []byte(`"values":[`), []byte(`"values":[1,`), 1)
	file := bytes.Join([][]byte{lines[0], lines[1], lines[2], lines[3], tampered, lines[5]}, nil)
	rep, err := watcher.Import(ctx, bytes.NewReader(file), "tampered.pbem")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed == nil || !strings.Contains(rep.Failed.Error(), "entry 4") {
		t.Fatalf("want entry 4 rejected, have %v", rep.Failed)
	}
	stored, _ := watcher.Store.Lines(ctx, game)
	if len(stored) != 4 {
		t.Fatalf("the good prefix (4 entries) is stored; have %d", len(stored))
	}
	for i, l := range stored {
		if !bytes.Equal(l, lines[i]) {
			t.Fatalf("stored entry %d differs from what was received", i)
		}
	}
	// The honest file later brings the rest.
	rep, err = watcher.Import(ctx, bytes.NewReader(buf.Bytes()), "good.pbem")
	if err != nil || rep.Failed != nil || len(rep.Added) != 2 || rep.Duplicates != 4 {
		t.Fatalf("the good file adds 2 and finds 4: %+v %v", rep, err)
	}
}

func TestImportEquivocationKeptApart(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	// Jan signs two different entries 6 and shows each to a different store.
	if _, err := jan.Do(ctx, game, []string{"play a move"}); err != nil {
		t.Fatal(err)
	}
	var honest bytes.Buffer
	jan.Export(ctx, game, &honest)
	lines := bytes.SplitAfter(honest.Bytes(), []byte("\n"))
	e, err := logs.ParseLine(lines[6])
	if err != nil {
		t.Fatal(err)
	}
	b := e.Body
	b.Commands = []string{"play another move"}
	_, r, _ := jan.Status(ctx, game)
	st, _ := r.StateAt(5)
	g := st.Clone()
	g.Apply("german", "play another move")
	b.State = g.Hash()
	id, _ := jan.Identity()
	other, err := logs.SignBody(id.Signer(), &b)
	if err != nil {
		t.Fatal(err)
	}
	send(t, jan, anna, game)
	file := append(bytes.Join(lines[:6], nil), other.Line...)
	rep, err := anna.Import(ctx, bytes.NewReader(file), "other.pbem")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Equivocations) != 1 || rep.Equivocations[0].Seq != 6 {
		t.Fatalf("want the equivocation at 6 reported, have %+v", rep)
	}
	eqs, _ := anna.Store.Equivocations(ctx, game)
	if len(eqs) != 1 || !bytes.Equal(eqs[0].Received, other.Line) || !bytes.Equal(eqs[0].Stored, lines[6]) {
		t.Fatalf("the store keeps both lines: %+v", eqs)
	}
	stored, _ := anna.Store.Lines(ctx, game)
	if !bytes.Equal(stored[6], lines[6]) {
		t.Fatal("the stored entry changed")
	}
}

func TestInvitationForAnotherKey(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "jan", "jan@example.org")
	eve := newTestApp(t, "eve", "eve@example.org")
	janID, _ := jan.Identity()
	game := inviteFreeplay(t, anna, "g", janID.AuthorizedKey(), "")
	var buf bytes.Buffer
	anna.Export(ctx, game, &buf)
	if _, err := eve.Import(ctx, &buf, "invite"); err == nil || !strings.Contains(err.Error(), "no seat for your key") {
		t.Fatalf("eve may not take jan's seat: %v", err)
	}
	if games, _ := eve.Store.Games(ctx); len(games) != 0 {
		t.Fatal("a refused invitation was stored")
	}
}

func TestUnknownScenarioAndSeat(t *testing.T) {
	anna := newTestApp(t, "anna", "anna@example.org")
	ctx := context.Background()
	if _, _, err := anna.New(ctx, NewGame{Name: "g", Rules: "freeplay", Scenario: "nope", Seat: "allied"}); err == nil {
		t.Fatal("unknown scenario accepted")
	}
	if _, _, err := anna.New(ctx, NewGame{Name: "g", Rules: "freeplay", Scenario: "allied-german", Seat: "soviet"}); err == nil || !strings.Contains(err.Error(), "allied") {
		t.Fatalf("an unknown seat is refused, naming the seats: %v", err)
	}
}

func TestIdentityFiles(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PBEM_HOME", dir)
	home, err := FindHome()
	if err != nil || home.Config != dir || home.Data != dir {
		t.Fatalf("PBEM_HOME holds everything: %+v %v", home, err)
	}
	if _, err := home.Identity(nil); !errors.Is(err, ErrNoIdentity) {
		t.Fatalf("no identity yet: %v", err)
	}
	id, err := home.NewIdentity("Anna", "anna@example.org")
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(home.KeyPath())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the private key is a file with mode 0600: %v %v", fi.Mode(), err)
	}
	if _, err := home.NewIdentity("Anna", "anna@example.org"); err == nil {
		t.Fatal("an identity is never replaced")
	}
	if !strings.HasPrefix(id.AuthorizedKey(), "ssh-ed25519 ") || !strings.HasPrefix(id.Fingerprint(), "SHA256:") {
		t.Fatalf("%s %s", id.AuthorizedKey(), id.Fingerprint())
	}
	if _, err := home.NewIdentity("x", "not-an-address"); err == nil {
		t.Fatal("a bad address is accepted")
	}
}

// Two pbem processes acting at once in one home both build the same seq: the
// second must fail and store nothing, not record its own entry as an
// equivocation and report success.
func TestConcurrentDoInOneHome(t *testing.T) {
	anna, _, game := started(t)
	ctx := context.Background()
	other, err := Open(anna.Home, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.Now = func() time.Time { return time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC) }
	// Both of anna's processes add a note at once (a note needs no turn).
	_, r1, _ := anna.Status(ctx, game)
	_, r2, _ := other.Status(ctx, game)
	b1 := r1.NextBody("allied", logs.KindNote, anna.Now())
	b1.Text = "first"
	b2 := r2.NextBody("allied", logs.KindNote, other.Now())
	b2.Text = "second"
	rec, _ := anna.Find(ctx, game)
	if err := r1.Complete(b1, nil); err != nil {
		t.Fatal(err)
	}
	if err := r2.Complete(b2, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := anna.commit(ctx, rec, r1, b1); err != nil {
		t.Fatal(err)
	}
	if _, err := other.commit(ctx, rec, r2, b2); err == nil || !strings.Contains(err.Error(), "nothing was stored") {
		t.Fatalf("the second entry with the same seq must fail: %v", err)
	}
	if eqs, _ := anna.Store.Equivocations(ctx, game); len(eqs) != 0 {
		t.Fatalf("our own race is not an equivocation: %+v", eqs)
	}
}

// A log that arrives whole in a mail is stored whole or not at all: good
// entries before a tampered one are not kept (the next mail carries the whole
// log again), unlike a file import, which keeps the good prefix.
func TestImportWholeStoresNothingOnFailure(t *testing.T) {
	anna, _, game := started(t)
	ctx := context.Background()
	var buf bytes.Buffer
	anna.Export(ctx, game, &buf)
	lines := bytes.SplitAfter(buf.Bytes(), []byte("\n"))
	tampered := bytes.Replace(lines[4], []byte(`"values":[`), []byte(`"values":[1,`), 1)
	file := bytes.Join([][]byte{lines[0], lines[1], lines[2], lines[3], tampered, lines[5]}, nil)
	// A second store of anna's (her identity holds the allied seat).
	other := newTestApp(t, "anna3", "anna@example.org")
	other.Home = anna.Home
	rep, err := other.ImportWhole(ctx, bytes.NewReader(file), "mail")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed == nil || !strings.Contains(rep.Failed.Error(), "entry 4") || len(rep.Added) != 0 {
		t.Fatalf("want entry 4 rejected and nothing added, have %+v", rep)
	}
	if stored, _ := other.Store.Lines(ctx, game); len(stored) != 0 {
		t.Fatalf("a whole log with a bad entry stored %d entries", len(stored))
	}
}

// A game that is not there is named once, with where to look, and is
// ErrNoGame for callers.
func TestFindUnknownGame(t *testing.T) {
	anna := newTestApp(t, "anna", "anna@example.org")
	_, err := anna.Find(context.Background(), "nope")
	if !errors.Is(err, ErrNoGame) {
		t.Fatalf("want ErrNoGame, have %v", err)
	}
	if want := `no game "nope" here ('pbem games' lists them): no such game`; err.Error() != want {
		t.Errorf("have %q, want %q", err, want)
	}
}
