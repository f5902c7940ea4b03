package pbem

import (
	"bytes"
	"context"
	"fmt"
	"time"
)

// WithdrawnLine is a line that left a game's live log because its entry lost
// a race (docs/log.md): kept, with why, never lost.
type WithdrawnLine struct {
	Seq    int64
	Line   []byte
	Reason string // e.g. "lost the race for entry 6 to german's act; re-based as entry 8"
	// Received and Source are the line's as it was stored; Withdrawn is when
	// it left the log.
	Received, Withdrawn time.Time
	Source              string
}

const (
	insertWithdrawnSQL = `INSERT INTO withdrawn (game, seq, line, received, source, withdrawn, reason)
SELECT game, seq, line, received, source, ?, ? FROM entries WHERE game = ? AND seq = ?
ON CONFLICT (game, seq, line) DO NOTHING`
	deleteEntrySQL     = `DELETE FROM entries WHERE game = ? AND seq = ?`
	selectWithdrawnSQL = `SELECT seq, line, reason, received, withdrawn, coalesce(source, '')
FROM withdrawn WHERE game = ? ORDER BY withdrawn, seq`
)

// Withdraw takes the last lines of a game's log out of it, keeping each in the
// withdrawn table with its reason, and forgets the snapshots made on them.
// lines must be exactly the stored tail (the log as the caller read it and
// judged it), else ErrConflict: another process changed the game meanwhile,
// and the caller reads it again.
func (t *StoreTx) Withdraw(ctx context.Context, game string, lines []WithdrawnLine) error {
	if len(lines) == 0 {
		return nil
	}
	last, ok, err := t.LastSeq(ctx, game)
	if err != nil {
		return fmt.Errorf("withdraw: %w", err)
	}
	if !ok || last != lines[len(lines)-1].Seq {
		return fmt.Errorf("%w: withdraw from game %q: the log does not end at entry %d any more", ErrConflict, game, lines[len(lines)-1].Seq)
	}
	now := formatStoreTime(t.now)
	for i, l := range lines {
		if i > 0 && l.Seq != lines[i-1].Seq+1 {
			return fmt.Errorf("withdraw from game %q: entries %d and %d are not consecutive", game, lines[i-1].Seq, l.Seq)
		}
		var stored []byte
		if err := t.tx.QueryRowContext(ctx, selectLineSQL, game, l.Seq).Scan(&stored); err != nil || !bytes.Equal(stored, l.Line) {
			return fmt.Errorf("%w: withdraw from game %q: entry %d is not the line judged", ErrConflict, game, l.Seq)
		}
		if _, err := t.tx.ExecContext(ctx, insertWithdrawnSQL, now, l.Reason, game, l.Seq); err != nil {
			return fmt.Errorf("withdraw entry %d of game %q: %w", l.Seq, game, err)
		}
		if _, err := t.tx.ExecContext(ctx, deleteEntrySQL, game, l.Seq); err != nil {
			return fmt.Errorf("withdraw entry %d of game %q: %w", l.Seq, game, mapStoreErr(err))
		}
	}
	return t.dropSnapshotsFrom(ctx, game, lines[0].Seq)
}

// Withdrawn returns the lines withdrawn from a game's log, oldest first.
func (r storeReader) Withdrawn(ctx context.Context, game string) ([]WithdrawnLine, error) {
	return queryAll(ctx, r.q, fmt.Sprintf("withdrawn lines of game %q", game), func(rows scanner) (WithdrawnLine, error) {
		var w WithdrawnLine
		var received, withdrawn string
		err := rows.Scan(&w.Seq, &w.Line, &w.Reason, &received, &withdrawn, &w.Source)
		if err == nil {
			w.Received, err = parseStoreTime(received)
		}
		if err == nil {
			w.Withdrawn, err = parseStoreTime(withdrawn)
		}
		return w, err
	}, selectWithdrawnSQL, game)
}
