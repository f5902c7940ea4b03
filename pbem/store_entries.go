package pbem

// The entries of each game's log, as received, and the evidence of equivocation.

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pbem-referee/pbem/logs"
)

// StoredLine is one log line with its sequence number, as received.
type StoredLine struct {
	Seq  int64
	Line []byte
}

// ImportResult says what AppendLines did with each line.
type ImportResult struct {
	Added, Duplicate int
}

// Equivocation is evidence: a line signed by the key that signed the stored
// line with its (game, seq), on the same prev, and different (docs/log.md).
type Equivocation struct {
	Game     string
	Seq      int64
	Stored   []byte // the line already in the log
	Received []byte // the conflicting line
	Found    time.Time
	Source   string
}

const (
	selectLastSeqSQL       = `SELECT max(seq) FROM entries WHERE game = ?`
	selectLinesSQL         = `SELECT line FROM entries WHERE game = ? ORDER BY seq`
	selectLineSQL          = `SELECT line FROM entries WHERE game = ? AND seq = ?`
	selectHeadSQL          = `SELECT seq, line FROM entries WHERE game = ? ORDER BY seq DESC LIMIT 1`
	insertEntrySQL         = `INSERT INTO entries (game, seq, line, received, source) VALUES (?, ?, ?, ?, ?)`
	selectEquivocationsSQL = `SELECT game, seq, other, line, found, coalesce(source, '')
FROM equivocations WHERE game = ? ORDER BY seq, rowid`
)

// AppendLines stores lines of one game in one transaction; see StoreTx.AppendLines.
func (s *Store) AppendLines(ctx context.Context, game, source string, lines []StoredLine) (ImportResult, error) {
	var res ImportResult
	err := s.Update(ctx, func(tx *StoreTx) error {
		var err error
		res, err = tx.AppendLines(ctx, game, source, lines)
		return err
	})
	if err != nil {
		return ImportResult{}, err
	}
	return res, nil
}

// AppendLines stores lines of one game, exactly as given, as a continuation
// of the log stored: each must be a log line of this game with the seq given,
// whose prev is the hash of the line before it (stored, or earlier in the
// call); seq 0 has none. Lines are taken in seq order. A line identical to the
// stored one with its seq counts as Duplicate. Another line for a stored seq is
// ErrConflict: a race or an equivocation, which only the caller can judge (it
// holds the keys and the rules), after reading the log again. A seq beyond the
// next is ErrGap, a broken chain ErrChain. The checks run inside the
// transaction that writes, so two processes appending at once cannot leave a
// chain that does not verify. On error nothing of the call is kept, as long as
// the caller then rolls back (Store.AppendLines and Store.Update do).
func (t *StoreTx) AppendLines(ctx context.Context, game, source string, lines []StoredLine) (ImportResult, error) {
	var res ImportResult
	if game == "" {
		return res, errors.New("append lines: empty game id")
	}
	sorted := slices.Clone(lines)
	slices.SortStableFunc(sorted, func(a, b StoredLine) int { return cmp.Compare(a.Seq, b.Seq) })

	last, ok, err := t.LastSeq(ctx, game)
	if err != nil {
		return res, fmt.Errorf("append lines: %w", err)
	}
	next := int64(0) // the only seq that may be inserted now
	if ok {
		next = last + 1
	}
	insert, err := t.tx.PrepareContext(ctx, insertEntrySQL)
	if err != nil {
		return res, fmt.Errorf("append lines: %w", err)
	}
	defer insert.Close()
	lookup, err := t.tx.PrepareContext(ctx, selectLineSQL)
	if err != nil {
		return res, fmt.Errorf("append lines: %w", err)
	}
	defer lookup.Close()
	stored := func(seq int64) ([]byte, error) {
		var line []byte
		if err := lookup.QueryRowContext(ctx, game, seq).Scan(&line); err != nil {
			return nil, fmt.Errorf("append lines: game %q seq %d: read stored line: %w", game, seq, err)
		}
		return line, nil
	}
	var before []byte // the line at next-1, once read
	received := formatStoreTime(t.now)
	for _, l := range sorted {
		switch {
		case l.Seq < 0:
			return ImportResult{}, fmt.Errorf("append lines: game %q: negative seq %d", game, l.Seq)
		case len(l.Line) == 0:
			return ImportResult{}, fmt.Errorf("append lines: game %q seq %d: empty line", game, l.Seq)
		}
		e, err := logs.ParseLine(l.Line)
		if err != nil {
			return ImportResult{}, fmt.Errorf("append lines: game %q seq %d: %w", game, l.Seq, err)
		}
		if e.Game != game || e.Seq != l.Seq {
			return ImportResult{}, fmt.Errorf("%w: game %q seq %d: the line is entry %d of game %q", ErrChain, game, l.Seq, e.Seq, e.Game)
		}
		switch {
		case l.Seq < next:
			line, err := stored(l.Seq)
			if err != nil {
				return ImportResult{}, err
			}
			if !bytes.Equal(line, l.Line) {
				return ImportResult{}, fmt.Errorf("%w: game %q seq %d", ErrConflict, game, l.Seq)
			}
			res.Duplicate++
		case l.Seq == next:
			want := ""
			if next > 0 {
				if before == nil {
					if before, err = stored(next - 1); err != nil {
						return ImportResult{}, err
					}
				}
				want = logs.LineHash(before)
			}
			if e.Prev != want {
				return ImportResult{}, fmt.Errorf("%w: game %q seq %d: prev is %q; the line before hashes to %q", ErrChain, game, l.Seq, e.Prev, want)
			}
			if _, err := insert.ExecContext(ctx, game, l.Seq, l.Line, received, source); err != nil {
				return ImportResult{}, fmt.Errorf("append lines: game %q seq %d: %w", game, l.Seq, mapStoreErr(err))
			}
			res.Added++
			next++
			before = l.Line
		default:
			if next == 0 {
				return ImportResult{}, fmt.Errorf("%w: game %q: seq %d, but nothing is stored and the log starts at seq 0",
					ErrGap, game, l.Seq)
			}
			return ImportResult{}, fmt.Errorf("%w: game %q: seq %d, but the last stored is seq %d (missing %d to %d)",
				ErrGap, game, l.Seq, next-1, next, l.Seq-1)
		}
	}
	return res, nil
}

// Lines returns the stored lines of a game in seq order, byte for byte as
// received. A game with no lines gives an empty result, not an error.
func (r storeReader) Lines(ctx context.Context, game string) ([][]byte, error) {
	return queryAll(ctx, r.q, fmt.Sprintf("lines of game %q", game), func(rows scanner) ([]byte, error) {
		var line []byte
		err := rows.Scan(&line)
		return line, err
	}, selectLinesSQL, game)
}

// LastSeq returns the highest stored seq of a game; ok is false if none is.
func (r storeReader) LastSeq(ctx context.Context, game string) (seq int64, ok bool, err error) {
	var last sql.NullInt64
	if err := r.q.QueryRowContext(ctx, selectLastSeqSQL, game).Scan(&last); err != nil {
		return 0, false, fmt.Errorf("last seq of game %q: %w", game, err)
	}
	return last.Int64, last.Valid, nil
}

// Equivocations returns the conflicting lines recorded for a game, by seq.
func (r storeReader) Equivocations(ctx context.Context, game string) ([]Equivocation, error) {
	return queryAll(ctx, r.q, fmt.Sprintf("equivocations of game %q", game), func(rows scanner) (Equivocation, error) {
		var eq Equivocation
		var found string
		err := rows.Scan(&eq.Game, &eq.Seq, &eq.Stored, &eq.Received, &found, &eq.Source)
		if err == nil {
			eq.Found, err = parseStoreTime(found)
		}
		return eq, err
	}, selectEquivocationsSQL, game)
}

// MaxEvidencePerSeq bounds the equivocation evidence kept for one entry of a
// game: one line proves an equivocation, and a few more show its extent, but a
// key holder who signs thousands of versions of an entry must not grow the
// store without end (docs/log.md).
const MaxEvidencePerSeq = 3

const (
	countEquivocationsSQL = `SELECT count(*) FROM equivocations WHERE game = ? AND seq = ?`
	// The same conflicting line seen twice is one piece of evidence.
	insertEquivocationSQL = `INSERT INTO equivocations (game, seq, line, other, found, source)
VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, seq, line) DO NOTHING`
)

// RecordEquivocation keeps evidence of an equivocation, and reports whether it
// was new. The caller must have checked it: the received line's signature
// verifies under the key that signed the stored line, on the same prev
// (replay.Judge); the store cannot. Beyond MaxEvidencePerSeq lines for one
// (game, seq) nothing more is kept.
func (t *StoreTx) RecordEquivocation(ctx context.Context, eq Equivocation) (bool, error) {
	var n int
	if err := t.tx.QueryRowContext(ctx, countEquivocationsSQL, eq.Game, eq.Seq).Scan(&n); err != nil {
		return false, fmt.Errorf("record equivocation of game %q seq %d: %w", eq.Game, eq.Seq, err)
	}
	if n >= MaxEvidencePerSeq {
		return false, nil
	}
	found := eq.Found
	if found.IsZero() {
		found = t.now
	}
	res, err := t.tx.ExecContext(ctx, insertEquivocationSQL, eq.Game, eq.Seq, eq.Received, eq.Stored,
		formatStoreTime(found), eq.Source)
	if err != nil {
		return false, fmt.Errorf("record equivocation of game %q seq %d: %w", eq.Game, eq.Seq, err)
	}
	added, err := res.RowsAffected()
	return added == 1, err
}

// Head returns the last seq of a game's log and the hash of its line, the
// prev of the next entry; hash is "" (and seq -1) when nothing is stored.
func (r storeReader) Head(ctx context.Context, game string) (seq int64, hash string, err error) {
	var line []byte
	err = r.q.QueryRowContext(ctx, selectHeadSQL, game).Scan(&seq, &line)
	if errors.Is(err, sql.ErrNoRows) {
		return -1, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("head of game %q: %w", game, err)
	}
	return seq, logs.LineHash(line), nil
}
