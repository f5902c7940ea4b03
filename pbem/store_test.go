package pbem

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// testClock ticks one second per reading, so that every write gets a distinct,
// predictable time.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time {
	c.t = c.t.Add(time.Second)
	return c.t
}

var clockStart = time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)

func openTestStore(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "store.db")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatalf("OpenStore: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	s.now = (&testClock{t: clockStart}).now
	return s, path
}

// testLog makes real log lines for the store tests, which parses what it
// stores: notes of one game, chained by prev and signed by a fixed test key.
type testLog struct {
	t     testing.TB
	game  string
	lines [][]byte // the chain so far, by seq
}

func newTestLog(t testing.TB, game string) *testLog { return &testLog{t: t, game: game} }

var testLogSigner = func() ssh.Signer {
	seed := sha256.Sum256([]byte("store test key"))
	s, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(seed[:]))
	if err != nil {
		panic(err)
	}
	return s
}()

// line makes a line for seq with text on the chain so far, without adding it
// to the chain: another version of an entry.
func (l *testLog) line(seq int64, text string) []byte {
	l.t.Helper()
	prev := ""
	if seq > 0 {
		prev = logs.LineHash(l.lines[seq-1])
	}
	e, err := logs.SignBody(testLogSigner, &logs.Body{V: logs.Version, Game: l.game, Seq: seq, Prev: prev, By: "allied",
		TS: "2026-01-02T03:04:05Z", Kind: logs.KindNote, State: "sha256:" + strings.Repeat("0", 64), Text: text})
	if err != nil {
		l.t.Fatal(err)
	}
	return e.Line
}

// add extends the chain with a note for each text and returns the new lines.
func (l *testLog) add(texts ...string) []StoredLine {
	l.t.Helper()
	var out []StoredLine
	for _, text := range texts {
		seq := int64(len(l.lines))
		l.lines = append(l.lines, l.line(seq, text))
		out = append(out, StoredLine{Seq: seq, Line: l.lines[seq]})
	}
	return out
}

func mustAppend(t *testing.T, s *Store, game string, lines []StoredLine) ImportResult {
	t.Helper()
	res, err := s.AppendLines(context.Background(), game, "test", lines)
	if err != nil {
		t.Fatalf("AppendLines: %v", err)
	}
	return res
}

func assertLines(t *testing.T, s *Store, game string, want []StoredLine) {
	t.Helper()
	got, err := s.Lines(context.Background(), game)
	if err != nil {
		t.Fatalf("Lines: %v", err)
	}
	if len(got) != len(want) {
		t.Fatalf("Lines(%q): %d lines, want %d", game, len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i].Line) {
			t.Errorf("Lines(%q)[%d] = %q, want %q", game, i, got[i], want[i].Line)
		}
	}
}

func countRows(t *testing.T, s *Store, table string) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		t.Fatalf("count %s: %v", table, err)
	}
	return n
}

// A join stores the game, its dice chain seed and its lines in one Update:
// all of it or none.
func TestStoreUpdateAllOrNothing(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lines := newTestLog(t, "g").add("invite", "accept")
	join := func(fail error) error {
		return s.Update(ctx, func(tx *StoreTx) error {
			if err := tx.PutGame(ctx, GameRecord{ID: "g", Status: "active"}); err != nil {
				return err
			}
			if err := tx.PutChain(ctx, "g", "german", []byte("seed"), 8); err != nil {
				return err
			}
			if _, err := tx.AppendLines(ctx, "g", "mail", lines); err != nil {
				return err
			}
			// Reads inside the transaction see its own writes.
			if last, ok, err := tx.LastSeq(ctx, "g"); err != nil || !ok || last != 1 {
				return fmt.Errorf("LastSeq in tx = %d, %v, %v", last, ok, err)
			}
			return fail
		})
	}
	boom := errors.New("boom")
	if err := join(boom); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if _, err := s.Game(ctx, "g"); !errors.Is(err, ErrNoGame) {
		t.Errorf("game recorded by a rolled-back join: %v", err)
	}
	if chains, err := s.Chains(ctx, "g", "german"); err != nil || len(chains) != 0 {
		t.Errorf("chain kept by a rolled-back join: %v %v", chains, err)
	}
	if n := countRows(t, s, "entries"); n != 0 {
		t.Errorf("%d entries kept by a rolled-back join", n)
	}

	if err := join(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game(ctx, "g"); err != nil {
		t.Errorf("game after join: %v", err)
	}
	if chains, err := s.Chains(ctx, "g", "german"); err != nil || len(chains) != 1 {
		t.Errorf("chain after join: %v %v", chains, err)
	}
	assertLines(t, s, "g", lines)
}

// Two processes (here two Stores on one file) write at once: each write
// transaction must wait for the other rather than fail with SQLITE_BUSY.
func TestStoreConcurrentWriters(t *testing.T) {
	_, path := openTestStore(t)
	const batches = 40
	errs := make(chan error, 2)
	for _, game := range []string{"left", "right"} {
		s, err := OpenStore(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		lines := newTestLog(t, game).add(strings.Split(strings.Repeat("x ", batches-1)+"x", " ")...)
		go func() {
			for i := range batches {
				if _, err := s.AppendLines(context.Background(), game, "", lines[i:i+1]); err != nil {
					errs <- fmt.Errorf("%s batch %d: %w", game, i, err)
					return
				}
			}
			errs <- nil
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n := countRows(t, s, "entries"); n != 2*batches {
		t.Errorf("%d entries, want %d", n, 2*batches)
	}
}

func TestStoreReopen(t *testing.T) {
	s, path := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	lines := lg.add("a", "b\r\n", "c")
	mustAppend(t, s, "g", lines)
	recordEvidence(t, s, Equivocation{Game: "g", Seq: 2, Stored: lines[2].Line, Received: lg.line(2, "other c")})
	created := time.Date(2025, 6, 6, 6, 30, 0, 123456789, time.FixedZone("CEST", 2*3600))
	game := GameRecord{ID: "g", Rules: "normandy44", Scenario: "omaha", Seat: "allied", Dice: "strict",
		Opponent: "bob@example.org", Status: "active", Created: created}
	if err := s.PutGame(ctx, game); err != nil {
		t.Fatal(err)
	}
	if err := s.PutChain(ctx, "g", "allied", []byte{0, 1, 2, 255}, 1000); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s2, err := OpenStore(path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s2.Close()
	assertLines(t, s2, "g", lines)
	if eqs, err := s2.Equivocations(ctx, "g"); err != nil || len(eqs) != 1 {
		t.Errorf("equivocations after reopen: %v, %v", eqs, err)
	}
	got, err := s2.Game(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	want := game
	want.Created = created.UTC()
	if got != want {
		t.Errorf("game after reopen = %+v, want %+v", got, want)
	}
	if !got.Created.Equal(created) {
		t.Errorf("created %v, want the instant %v", got.Created, created)
	}
	chains, err := s2.Chains(ctx, "g", "allied")
	if err != nil || len(chains) != 1 || !bytes.Equal(chains[0].Seed, []byte{0, 1, 2, 255}) || chains[0].Length != 1000 {
		t.Errorf("chains after reopen: %+v, %v", chains, err)
	}
	var version string
	if err := s2.db.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprint(schemaVersion); version != want {
		t.Errorf("schema_version = %q, want %s", version, want)
	}
}

func TestStoreFilePermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no unix permissions")
	}
	dir := filepath.Join(t.TempDir(), "home", "pbem")
	path := filepath.Join(dir, "store.db")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustAppend(t, s, "g", newTestLog(t, "g").add("a")) // makes the WAL files exist
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600, path + "-wal": 0o600} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %o, want %o", p, got, want)
		}
	}
}

func TestStorePathWithURICharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odd?dir#x%20y", "store.db")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustAppend(t, s, "g", newTestLog(t, "g").add("a"))
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Errorf("the database is not where asked: %v", err)
	}
}

func TestStorePragmas(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	// One connection for all checks, so that they describe the same one.
	conn, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for pragma, want := range map[string]string{
		"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "5000",
		"synchronous": "1", "recursive_triggers": "1",
	} {
		var got string
		if err := conn.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %q, want %q", pragma, got, want)
		}
	}
}

func TestStoreGames(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	for _, id := range []string{"abc123", "ab", "abd456", "xyz"} {
		if err := s.PutGame(ctx, GameRecord{ID: id, Rules: "normandy44", Status: "invited"}); err != nil {
			t.Fatal(err)
		}
	}
	games, err := s.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if strings.Join(ids, " ") != "abc123 ab abd456 xyz" {
		t.Errorf("Games order %v, want creation order", ids)
	}

	first := games[0]
	update := GameRecord{ID: "abc123", Rules: "normandy44", Seat: "german", Status: "finished",
		Created: clockStart.Add(100 * time.Hour)}
	if err := s.PutGame(ctx, update); err != nil {
		t.Fatal(err)
	}
	got, err := s.Game(ctx, "abc123")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "finished" || got.Seat != "german" || !got.Created.Equal(first.Created) {
		t.Errorf("after update: %+v; want status and seat changed, created %v kept", got, first.Created)
	}
	if _, err := s.Game(ctx, "abc"); !errors.Is(err, ErrNoGame) {
		t.Errorf("Game(prefix): err = %v, want ErrNoGame", err)
	}
	if err := s.PutGame(ctx, GameRecord{}); err == nil {
		t.Error("game with empty id accepted")
	}
}

func TestStoreFindGame(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	for _, id := range []string{"abc123", "abd456", "ab", "xyz", "a_c"} {
		if err := s.PutGame(ctx, GameRecord{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ prefix, want string }{
		{"abc", "abc123"}, {"abd4", "abd456"}, {"abc123", "abc123"}, {"x", "xyz"},
		{"ab", "ab"}, // an exact id wins over the longer ids it starts
		{"a_", "a_c"},
	} {
		g, err := s.FindGame(ctx, tc.prefix)
		if err != nil || g.ID != tc.want {
			t.Errorf("FindGame(%q) = %q, %v; want %q", tc.prefix, g.ID, err, tc.want)
		}
	}
	_, err := s.FindGame(ctx, "a")
	if !errors.Is(err, ErrAmbiguous) {
		t.Fatalf("FindGame(a): err = %v, want ErrAmbiguous", err)
	}
	for _, id := range []string{"abc123", "abd456", "ab", "a_c"} {
		if !strings.Contains(err.Error(), id) {
			t.Errorf("ambiguity error %q does not name %s", err, id)
		}
	}
	// Wildcards of LIKE are plain characters here.
	for _, prefix := range []string{"q", "abc1234", "%", "_", "a%", ""} {
		if _, err := s.FindGame(ctx, prefix); !errors.Is(err, ErrNoGame) {
			t.Errorf("FindGame(%q): err = %v, want ErrNoGame", prefix, err)
		}
	}
}

func TestStoreChains(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	for i, seed := range [][]byte{[]byte("first seed"), {0xff, 0x00, 0x0d}} {
		if err := s.PutChain(ctx, "g", "allied", seed, 100*(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutChain(ctx, "g", "german", []byte("theirs"), 5); err != nil {
		t.Fatal(err)
	}
	chains, err := s.Chains(ctx, "g", "allied")
	if err != nil {
		t.Fatal(err)
	}
	if len(chains) != 2 {
		t.Fatalf("%d chains, want 2", len(chains))
	}
	if string(chains[0].Seed) != "first seed" || chains[0].Length != 100 ||
		!bytes.Equal(chains[1].Seed, []byte{0xff, 0x00, 0x0d}) || chains[1].Length != 200 {
		t.Errorf("chains = %+v, want oldest first", chains)
	}
	if !chains[0].Created.Before(chains[1].Created) || chains[0].Game != "g" || chains[0].Seat != "allied" {
		t.Errorf("chains = %+v", chains)
	}
	for _, bad := range []struct {
		seat   string
		seed   []byte
		length int
	}{{"", []byte("s"), 1}, {"allied", nil, 1}, {"allied", []byte("s"), 0}} {
		if err := s.PutChain(ctx, "g", bad.seat, bad.seed, bad.length); err == nil {
			t.Errorf("PutChain(%q, %q, %d) accepted", bad.seat, bad.seed, bad.length)
		}
	}
}

func TestStoreOutbox(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	msg := []byte("Subject: [pbem g] T1\r\n\r\nbody\r\n")
	id, err := s.QueueMail(ctx, "g", 3, "sha256:aa", "bob@example.org", msg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.QueueMail(ctx, "g", 3, "sha256:aa", "bob@example.org", []byte("different"))
	if err != nil || again != id {
		t.Errorf("queued twice: id %d, %v; want the first id %d", again, err, id)
	}
	if n := countRows(t, s, "outbox"); n != 1 {
		t.Errorf("%d messages queued, want 1", n)
	}
	// After a race the log that ends at seq 3 is another log: it is sent too.
	if other, err := s.QueueMail(ctx, "g", 3, "sha256:bb", "bob@example.org", []byte("re-based")); err != nil || other == id {
		t.Errorf("another head at seq 3: id %d, %v; want a new message", other, err)
	}
	if err := s.MarkMailSent(ctx, id+1); err != nil {
		t.Fatal(err)
	}

	later := clockStart.Add(time.Hour)
	due, err := s.DueMail(ctx, later)
	if err != nil || len(due) != 1 || !bytes.Equal(due[0].Message, msg) || due[0].To != "bob@example.org" ||
		due[0].Seq != 3 || due[0].Attempts != 0 {
		t.Fatalf("DueMail = %+v, %v", due, err)
	}
	if due, _ := s.DueMail(ctx, clockStart); len(due) != 0 {
		t.Errorf("message due before it was queued: %+v", due)
	}

	retry := later.Add(time.Hour)
	if err := s.MarkMailFailed(ctx, id, "connection refused", retry); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueMail(ctx, later); len(due) != 0 {
		t.Errorf("message due before its retry time: %+v", due)
	}
	due, err = s.DueMail(ctx, retry)
	if err != nil || len(due) != 1 || due[0].Attempts != 1 || due[0].LastError != "connection refused" ||
		!due[0].NextAttempt.Equal(retry) {
		t.Fatalf("after failure: %+v, %v", due, err)
	}

	if err := s.MarkMailSent(ctx, id); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueMail(ctx, retry.Add(time.Hour)); len(due) != 0 {
		t.Errorf("sent message still due: %+v", due)
	}
	if err := s.MarkMailSent(ctx, id); !errors.Is(err, ErrNoMail) {
		t.Errorf("sent twice: err = %v, want ErrNoMail", err)
	}
	if err := s.MarkMailFailed(ctx, id+1, "x", retry); !errors.Is(err, ErrNoMail) {
		t.Errorf("unknown id: err = %v, want ErrNoMail", err)
	}
}

func TestStoreMailboxState(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	if _, ok, err := s.MailboxState(ctx, "me@example.org", "INBOX"); ok || err != nil {
		t.Fatalf("unread mailbox: ok %v, err %v", ok, err)
	}
	// UIDs use the whole uint32 range.
	st := MailboxState{Account: "me@example.org", Mailbox: "INBOX", UIDValidity: 4294967295, LastUID: 4000000000}
	if err := s.PutMailboxState(ctx, st); err != nil {
		t.Fatal(err)
	}
	st.LastUID = 4000000007
	if err := s.PutMailboxState(ctx, st); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.MailboxState(ctx, "me@example.org", "INBOX")
	if err != nil || !ok || got != st {
		t.Errorf("MailboxState = %+v, %v, %v; want %+v", got, ok, err, st)
	}

	m := SeenMessage{Account: "me@example.org", Mailbox: "INBOX", UIDValidity: 7, UID: 12,
		MessageID: "<a@b>", Game: "g", Result: "imported 2"}
	if err := s.RecordSeen(ctx, m); err != nil {
		t.Fatal(err)
	}
	m.Result = "imported 0, 2 duplicates"
	if err := s.RecordSeen(ctx, m); err != nil {
		t.Fatal(err)
	}
	seen, ok, err := s.Seen(ctx, "me@example.org", "INBOX", 7, 12)
	if err != nil || !ok || seen.Result != m.Result || seen.MessageID != "<a@b>" || seen.Seen.IsZero() {
		t.Errorf("Seen = %+v, %v, %v", seen, ok, err)
	}
	if _, ok, _ := s.Seen(ctx, "me@example.org", "INBOX", 8, 12); ok {
		t.Error("a message under another UIDVALIDITY counts as seen")
	}
}

// Two pbem processes flushing one outbox (sync and serve) must not both send a
// message: only the first claim succeeds, and the lease makes it due again if
// its sender dies.
func TestStoreClaimMail(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	now := time.Date(2026, 6, 6, 6, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	id, err := s.QueueMail(ctx, "g", 3, "sha256:aa", "jan@example.org", []byte("msg"))
	if err != nil {
		t.Fatal(err)
	}
	lease := now.Add(10 * time.Minute)
	if ok, err := s.ClaimMail(ctx, id, now, lease); !ok || err != nil {
		t.Fatalf("the first claim succeeds: %v %v", ok, err)
	}
	if ok, _ := s.ClaimMail(ctx, id, now, lease); ok {
		t.Fatal("a second claim of a claimed message succeeds")
	}
	if due, _ := s.DueMail(ctx, now); len(due) != 0 {
		t.Fatal("a claimed message is still listed as due")
	}
	if due, _ := s.DueMail(ctx, lease); len(due) != 1 {
		t.Fatal("after the lease the message is due again")
	}
	if err := s.MarkMailSent(ctx, id); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.ClaimMail(ctx, id, lease, lease.Add(time.Minute)); ok {
		t.Fatal("a sent message can be claimed")
	}
}
