package pbem

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"math"
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

func TestStoreAppendReadBackByteExact(t *testing.T) {
	s, _ := openTestStore(t)
	lg := newTestLog(t, "g1")
	// Escapes, tabs, accents and four-byte characters must survive exactly as
	// signed.
	lines := lg.add("plain", "tab\there \"quoted\" back\\slash", "caf\u00e9 \u00c5ngstr\u00f6m", "dice \U0001F3B2 <b>bold</b>")
	res := mustAppend(t, s, "g1", lines)
	if res.Added != len(lines) || res.Duplicate != 0 {
		t.Fatalf("result = %+v, want %d added", res, len(lines))
	}
	assertLines(t, s, "g1", lines)

	last, ok, err := s.LastSeq(context.Background(), "g1")
	if err != nil || !ok || last != 3 {
		t.Errorf("LastSeq = %d, %v, %v; want 3, true, nil", last, ok, err)
	}
	var blobs int
	if err := s.db.QueryRow(`SELECT count(*) FROM entries WHERE typeof(line) = 'blob'`).Scan(&blobs); err != nil {
		t.Fatal(err)
	}
	if blobs != len(lines) {
		t.Errorf("%d lines stored as BLOB, want %d", blobs, len(lines))
	}
	var received, source string
	if err := s.db.QueryRow(`SELECT received, source FROM entries WHERE game = 'g1' AND seq = 0`).
		Scan(&received, &source); err != nil {
		t.Fatal(err)
	}
	// The first clock reading is one tick after clockStart.
	if received != "2026-01-02T03:04:01.000000000Z" || source != "test" {
		t.Errorf("received, source = %q, %q", received, source)
	}
	if _, ok, _ := s.LastSeq(context.Background(), "other"); ok {
		t.Error("LastSeq of an unknown game reports a seq")
	}
	// What is not a log line is refused: the store holds logs.
	for _, bad := range []string{"\xff\xfe\x80 not utf-8\n", "no newline", "carriage\rreturn\r\n"} {
		if _, err := s.AppendLines(context.Background(), "g2", "", []StoredLine{{0, []byte(bad)}}); err == nil {
			t.Errorf("%q stored", bad)
		}
	}
}

func TestStoreAppendOutOfOrderBatch(t *testing.T) {
	s, _ := openTestStore(t)
	lines := newTestLog(t, "g").add("a", "b", "c")
	res := mustAppend(t, s, "g", []StoredLine{lines[2], lines[0], lines[1]})
	if res.Added != 3 {
		t.Fatalf("added %d, want 3", res.Added)
	}
	assertLines(t, s, "g", lines)
}

func TestStoreEntriesAppendOnly(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	lines := lg.add("zero", "one")
	mustAppend(t, s, "g", lines)
	if err := s.PutChain(ctx, "g", "allied", []byte("seed"), 10); err != nil {
		t.Fatal(err)
	}
	recordEvidence(t, s, Equivocation{Game: "g", Seq: 1, Stored: lines[1].Line, Received: lg.line(1, "other one")})
	mustAppend(t, s, "g", lg.add("two"))
	withdraw(t, s, "g", lg.lines[2:])

	for _, stmt := range []string{
		`UPDATE entries SET line = x'00' WHERE game = 'g' AND seq = 0`,
		`UPDATE entries SET seq = seq + 10`,
		`DELETE FROM entries WHERE game = 'g'`,
		`DELETE FROM entries`,
		// REPLACE deletes the old row; the delete trigger must still fire.
		`INSERT OR REPLACE INTO entries (game, seq, line, received, source) VALUES ('g', 0, x'01', 'now', 'x')`,
		`UPDATE equivocations SET line = x'00'`,
		`DELETE FROM equivocations`,
		`UPDATE chains SET seed = x'00'`,
		`DELETE FROM chains`,
		`UPDATE withdrawn SET reason = 'y'`,
		`DELETE FROM withdrawn`,
	} {
		_, err := s.db.Exec(stmt)
		if err == nil || !strings.Contains(err.Error(), "are append-only") {
			t.Errorf("%s: err = %v, want the append-only trigger", stmt, err)
		}
		err = s.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.Exec(stmt)
			return err
		})
		if !errors.Is(err, ErrAppendOnly) {
			t.Errorf("WithTx %s: err = %v, want ErrAppendOnly", stmt, err)
		}
	}
	assertLines(t, s, "g", lines)
	if n := countRows(t, s, "equivocations"); n != 1 {
		t.Errorf("%d equivocations, want 1", n)
	}
	if n := countRows(t, s, "withdrawn"); n != 1 {
		t.Errorf("%d withdrawn lines, want 1", n)
	}
	if n := countRows(t, s, "chains"); n != 1 {
		t.Errorf("%d chains, want 1", n)
	}
	// Other constraint failures are not mistaken for the guard.
	err := s.WithTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO entries (game, seq, line, received) VALUES ('g', 0, x'01', 'now')`)
		return err
	})
	if err == nil || errors.Is(err, ErrAppendOnly) {
		t.Errorf("duplicate key insert: err = %v, want a constraint error other than ErrAppendOnly", err)
	}
}

// withdraw takes lines (the stored tail) out of a game's log in one transaction.
func withdraw(t *testing.T, s *Store, game string, lines [][]byte) {
	t.Helper()
	var w []WithdrawnLine
	last, _, _ := s.LastSeq(context.Background(), game)
	for i, l := range lines {
		w = append(w, WithdrawnLine{Seq: last - int64(len(lines)-1-i), Line: l, Reason: "lost a race"})
	}
	if err := s.Update(context.Background(), func(tx *StoreTx) error { return tx.Withdraw(context.Background(), game, w) }); err != nil {
		t.Fatal(err)
	}
}

// A race takes the stored tail out of the live log: the lines stay, in the
// withdrawn table with why, and a line of another version takes the seq.
// Nothing but the judged tail can leave.
func TestStoreWithdraw(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	mustAppend(t, s, "g", lg.add("a", "b", "c"))
	tryWithdraw := func(lines ...WithdrawnLine) error {
		return s.Update(ctx, func(tx *StoreTx) error { return tx.Withdraw(ctx, "g", lines) })
	}
	for name, lines := range map[string][]WithdrawnLine{
		"not the tail":    {{Seq: 1, Line: lg.lines[1]}},
		"another line":    {{Seq: 2, Line: lg.line(2, "C")}},
		"not consecutive": {{Seq: 0, Line: lg.lines[0]}, {Seq: 2, Line: lg.lines[2]}},
		"beyond the log":  {{Seq: 2, Line: lg.lines[2]}, {Seq: 3, Line: lg.lines[2]}},
	} {
		if err := tryWithdraw(lines...); err == nil {
			t.Errorf("%s: withdrawn", name)
		}
	}
	if n := countRows(t, s, "entries"); n != 3 {
		t.Fatalf("a refused withdrawal took lines: %d left", n)
	}
	// Kept states after entries 0, 1 and 2, by two seats (each seat's newest
	// is kept): those made on the withdrawn lines go with them.
	for seq, by := range []string{"allied", "german", "allied"} {
		if err := s.Update(ctx, func(tx *StoreTx) error {
			return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: int64(seq), By: by, Digest: "d", Data: []byte{byte(seq)}})
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tryWithdraw(WithdrawnLine{Seq: 1, Line: lg.lines[1], Reason: "entry 1 went to german's move"},
		WithdrawnLine{Seq: 2, Line: lg.lines[2], Reason: "it followed entry 1"}); err != nil {
		t.Fatal(err)
	}
	if sn, ok, err := s.LatestSnapshot(ctx, "g", math.MaxInt64); err != nil || ok {
		t.Errorf("a kept state made on withdrawn lines survives: %+v %v", sn, err)
	}
	winner := newTestLog(t, "g")
	winner.lines = lg.lines[:1]
	mustAppend(t, s, "g", []StoredLine{{1, winner.line(1, "B")}})
	got, err := s.Withdrawn(ctx, "g")
	if err != nil || len(got) != 2 {
		t.Fatalf("withdrawn: %+v %v", got, err)
	}
	if !bytes.Equal(got[0].Line, lg.lines[1]) || got[0].Seq != 1 || got[0].Reason != "entry 1 went to german's move" ||
		!bytes.Equal(got[1].Line, lg.lines[2]) || got[0].Received.IsZero() || got[0].Withdrawn.IsZero() || got[0].Source != "test" {
		t.Errorf("withdrawn lines: %+v", got)
	}
	// The line taking seq 1 cannot be deleted: withdrawn holds another line.
	if _, err := s.db.Exec(`DELETE FROM entries WHERE seq = 1`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Errorf("delete of a live line: %v", err)
	}
}

func TestStoreDuplicatesCounted(t *testing.T) {
	s, _ := openTestStore(t)
	lg := newTestLog(t, "g")
	abc := lg.add("a", "b", "c")
	mustAppend(t, s, "g", abc)
	all := append(abc, lg.add("d")...)
	res := mustAppend(t, s, "g", all)
	if res.Added != 1 || res.Duplicate != 3 {
		t.Errorf("result = %+v, want 1 added, 3 duplicates", res)
	}
	// The same line twice in one batch is one line.
	e := lg.add("e")[0]
	res = mustAppend(t, s, "g", []StoredLine{e, e})
	if res.Added != 1 || res.Duplicate != 1 {
		t.Errorf("result = %+v, want 1 added, 1 duplicate", res)
	}
	assertLines(t, s, "g", append(all, e))
	if n := countRows(t, s, "entries"); n != 5 {
		t.Errorf("%d rows in entries, want 5", n)
	}
}

// recordEvidence records one piece of equivocation evidence in its own
// transaction and reports whether it was new.
func recordEvidence(t *testing.T, s *Store, eq Equivocation) bool {
	t.Helper()
	var added bool
	if err := s.Update(context.Background(), func(tx *StoreTx) error {
		var err error
		added, err = tx.RecordEquivocation(context.Background(), eq)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return added
}

// Another line for a stored seq is not stored, nor is anything after it in the
// call: the caller judges it (a race or an equivocation) and records evidence
// itself, bounded per seq.
func TestStoreConflictAndEvidence(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	orig := lg.add("invite", "accept by B")
	mustAppend(t, s, "g", orig)
	other := lg.line(1, "accept by C")
	next := lg.add("next")

	_, err := s.AppendLines(ctx, "g", "mail:42", []StoredLine{{1, other}, next[0]})
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "seq 1") {
		t.Fatalf("err = %v, want ErrConflict naming seq 1", err)
	}
	assertLines(t, s, "g", orig)

	eq := Equivocation{Game: "g", Seq: 1, Stored: orig[1].Line, Received: other, Source: "mail:42"}
	if !recordEvidence(t, s, eq) || recordEvidence(t, s, eq) {
		t.Fatal("evidence is recorded once")
	}
	got, err := s.Equivocations(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d equivocations stored, want 1", len(got))
	}
	if g := got[0]; g.Seq != 1 || !bytes.Equal(g.Stored, orig[1].Line) || !bytes.Equal(g.Received, other) ||
		g.Source != "mail:42" || g.Found.IsZero() {
		t.Errorf("stored %+v", g)
	}
	if other, _ := s.Equivocations(ctx, "other"); len(other) != 0 {
		t.Errorf("equivocations of another game: %v", other)
	}
	// A flood of versions of one entry keeps MaxEvidencePerSeq of them.
	for i := range 50 {
		recordEvidence(t, s, Equivocation{Game: "g", Seq: 1, Stored: orig[1].Line, Received: lg.line(1, fmt.Sprint("version ", i))})
	}
	if n := countRows(t, s, "equivocations"); n != MaxEvidencePerSeq {
		t.Errorf("%d lines of evidence for one seq, want %d", n, MaxEvidencePerSeq)
	}
}

func TestStoreGapRefused(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	all := lg.add("a", "b", "c", "d", "e", "f")

	_, err := s.AppendLines(ctx, "g", "", all[1:2])
	if !errors.Is(err, ErrGap) || !strings.Contains(err.Error(), "seq 1") {
		t.Errorf("first line seq 1: err = %v, want ErrGap naming seq 1", err)
	}
	if _, ok, _ := s.LastSeq(ctx, "g"); ok {
		t.Error("a line was stored despite the gap")
	}

	mustAppend(t, s, "g", all[:2])
	_, err = s.AppendLines(ctx, "g", "", all[4:6])
	if !errors.Is(err, ErrGap) {
		t.Fatalf("seq 4 after 1: err = %v, want ErrGap", err)
	}
	for _, want := range []string{"seq 4", "seq 1", "missing 2 to 3"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	assertLines(t, s, "g", all[:2])

	if _, err := s.AppendLines(ctx, "g", "", []StoredLine{{-1, all[0].Line}}); err == nil {
		t.Error("negative seq accepted")
	}
	if _, err := s.AppendLines(ctx, "g", "", []StoredLine{{2, nil}}); err == nil {
		t.Error("empty line accepted")
	}
	if _, err := s.AppendLines(ctx, "", "", all[:1]); err == nil {
		t.Error("empty game id accepted")
	}
}

// The chain is checked against what is stored, in the transaction that
// writes: a line whose prev is not the stored line before it, a line given
// another seq than its own, or a line of another game is refused.
func TestStoreChainChecked(t *testing.T) {
	s, _ := openTestStore(t)
	ctx := context.Background()
	lg := newTestLog(t, "g")
	mustAppend(t, s, "g", lg.add("a", "b"))
	fork := newTestLog(t, "g")
	fork.lines = [][]byte{lg.lines[0], lg.line(1, "B")}
	for name, l := range map[string]StoredLine{
		"prev of another branch":   {2, fork.line(2, "c")},
		"seq given is not its own": {3, lg.line(2, "c")},
		"another game":             {2, newTestLog(t, "h").line(0, "x")},
	} {
		if _, err := s.AppendLines(ctx, "g", "", []StoredLine{l}); !errors.Is(err, ErrChain) {
			t.Errorf("%s: err = %v, want ErrChain", name, err)
		}
	}
	// seq 0 has no prev.
	e, err := logs.SignBody(testLogSigner, &logs.Body{V: logs.Version, Game: "k", Prev: logs.LineHash(lg.lines[1]),
		By: "allied", TS: "2026-01-02T03:04:05Z", Kind: logs.KindNote, State: "sha256:" + strings.Repeat("0", 64), Text: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendLines(ctx, "k", "", []StoredLine{{0, e.Line}}); !errors.Is(err, ErrChain) {
		t.Errorf("entry 0 with a prev: err = %v, want ErrChain", err)
	}
	assertLines(t, s, "g", []StoredLine{{0, lg.lines[0]}, {1, lg.lines[1]}})
}

func TestStoreBatchRollsBackWhole(t *testing.T) {
	ctx := context.Background()

	t.Run("gap in the middle", func(t *testing.T) {
		s, _ := openTestStore(t)
		lg := newTestLog(t, "g")
		all := lg.add("a", "b", "c", "d")
		mustAppend(t, s, "g", all[:1])
		// seq 0 is a duplicate and seq 1 would be added, but seq 3 leaves a gap.
		if _, err := s.AppendLines(ctx, "g", "", []StoredLine{all[0], all[1], all[3]}); !errors.Is(err, ErrGap) {
			t.Fatalf("err = %v, want ErrGap", err)
		}
		assertLines(t, s, "g", all[:1])
	})

	t.Run("database refuses the third line", func(t *testing.T) {
		s, _ := openTestStore(t)
		// A failure only the database knows about, after two inserts succeeded.
		if _, err := s.db.Exec(`CREATE TRIGGER inject BEFORE INSERT ON entries WHEN NEW.seq = 2
			BEGIN SELECT RAISE(ABORT, 'injected failure'); END`); err != nil {
			t.Fatal(err)
		}
		_, err := s.AppendLines(ctx, "g", "", newTestLog(t, "g").add("a", "b", "c", "d"))
		if err == nil || !strings.Contains(err.Error(), "injected failure") || !strings.Contains(err.Error(), "seq 2") {
			t.Fatalf("err = %v, want the injected failure at seq 2", err)
		}
		if n := countRows(t, s, "entries"); n != 0 {
			t.Errorf("%d entries kept from a failed call", n)
		}
	})
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

// A store written by the first schema opens, migrated, with everything in it
// kept: its log, its outbox, its evidence; and races can withdraw lines.
func TestStoreMigratesV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "store.db")
	lg := newTestLog(t, "g")
	lines := lg.add("a", "b")
	old := oldStore(t, path, "g", lines, schemaV1, createMetaSQL,
		`INSERT INTO meta (key, value) VALUES ('schema_version', '1')`,
		`INSERT INTO outbox (game, seq, to_addr, message, created, next_attempt) VALUES ('g', 1, 'jan@example.org', x'6d7367', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`)
	if _, err := old.Exec(`INSERT INTO equivocations (game, seq, line, other, found) VALUES ('g', 1, ?, ?, '2026-01-01T00:00:00.000000000Z')`,
		lg.line(1, "B"), lines[1].Line); err != nil {
		t.Fatal(err)
	}
	old.Close()

	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	assertLines(t, s, "g", lines)
	if eqs, err := s.Equivocations(ctx, "g"); err != nil || len(eqs) != 1 {
		t.Errorf("evidence after migration: %v %v", eqs, err)
	}
	due, err := s.DueMail(ctx, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	if err != nil || len(due) != 1 || string(due[0].Message) != "msg" || due[0].Seq != 1 {
		t.Errorf("outbox after migration: %+v %v", due, err)
	}
	if id, err := s.QueueMail(ctx, "g", 1, "sha256:aa", "jan@example.org", []byte("re-based")); err != nil || id == due[0].ID {
		t.Errorf("a new head at a queued seq: %d %v", id, err)
	}
	withdraw(t, s, "g", lg.lines[1:])
	assertLines(t, s, "g", lines[:1])
	if _, err := s.db.Exec(`DELETE FROM entries`); err == nil {
		t.Error("the migrated store lets entries be deleted")
	}
	if err := s.Update(ctx, func(tx *StoreTx) error {
		return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: 0, By: "a", Digest: "d", Data: []byte("{}")})
	}); err != nil {
		t.Errorf("the migrated store keeps no snapshots: %v", err)
	}
}

// oldStore makes a store as an older pbem left it, at path: the statements
// (its schema and rows), then lines of game as its entries. The caller closes
// it before opening the store.
func oldStore(t *testing.T, path, game string, lines []StoredLine, stmts ...string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, l := range lines {
		if _, err := db.Exec(insertEntrySQL, game, l.Seq, l.Line, "2026-01-01T00:00:00.000000000Z", "mail"); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func TestStoreSchemaTooNew(t *testing.T) {
	s, path := openTestStore(t)
	if _, err := s.db.Exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := OpenStore(path)
	if err == nil {
		s2.Close()
		t.Fatal("opened a store with schema version 99")
	}
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "99") {
		t.Errorf("err = %v, want ErrSchemaTooNew naming version 99", err)
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

// FuzzStoreLineRoundTrip checks that a line is refused or comes back exactly
// as stored: the store holds log lines byte for byte. One store serves the
// whole fuzz process, and each input is stored and read back inside a
// transaction that is then rolled back: every iteration starts from the same
// empty store, so it stays cheap and its coverage depends on the input alone.
func FuzzStoreLineRoundTrip(f *testing.F) {
	for _, seed := range []string{"a\n", "\xff\xfe\n", "x\ry\r\n", "\x00", "caf\u00e9\n", "\t\n\n"} {
		f.Add([]byte(seed))
	}
	lg := newTestLog(f, "")
	f.Add(lg.line(0, "a note"))
	f.Add(lg.line(0, "caf\u00e9 \U0001F3B2"))
	s, _ := openTestStore(f)
	errRollback := errors.New("rolled back")
	f.Fuzz(func(t *testing.T, line []byte) {
		ctx := context.Background()
		game := "fuzz"
		if e, err := logs.ParseLine(line); err == nil && e.Game != "" {
			game = e.Game
		}
		err := s.Update(ctx, func(tx *StoreTx) error {
			if _, err := tx.AppendLines(ctx, game, "", []StoredLine{{0, line}}); err != nil {
				if _, perr := logs.ParseLine(line); perr == nil && !errors.Is(err, ErrChain) && !errors.Is(err, ErrConflict) {
					t.Fatalf("a log line refused: %v", err)
				}
				return errRollback
			}
			got, err := tx.Lines(ctx, game)
			if err != nil || len(got) != 1 || !bytes.Equal(got[0], line) {
				t.Fatalf("stored %q, read back %q (%v)", line, got, err)
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatalf("the transaction ended with %v", err)
		}
	})
}

func BenchmarkAppendLines(b *testing.B) {
	const n = 10000
	// Lines about the size of a signed entry, appended to an empty store.
	lines := newTestLog(b, "bench").add(strings.Split(strings.Repeat("move 5/352 2512 2513,", n-1)+"end", ",")...)
	for range b.N {
		b.StopTimer()
		s, err := OpenStore(filepath.Join(b.TempDir(), "store.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		res, err := s.AppendLines(context.Background(), "bench", "bench", lines)
		if err != nil || res.Added != n {
			b.Fatalf("added %d, err %v", res.Added, err)
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "lines/s")
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
