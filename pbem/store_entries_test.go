package pbem

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

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
