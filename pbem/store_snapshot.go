package pbem

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

// Snapshot is a verified replay state kept beside a game's log (schemaV4).
type Snapshot struct {
	Game string
	Seq  int64  // the last entry folded into it
	By   string // that entry's seat
	// Digest is the SHA-256 of the lines 0..Seq it was made from
	// (replay.Replay.Digest); Sum is the SHA-256 of Data.
	Digest, Sum string
	Data        []byte
}

// snapshotSum is the check of a snapshot's bytes.
func snapshotSum(data []byte) string {
	h := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(h[:])
}

const (
	upsertSnapshotSQL = `INSERT INTO snapshots (game, seq, by, digest, sum, data, made) VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game, seq) DO UPDATE SET by = excluded.by, digest = excluded.digest, sum = excluded.sum,
	data = excluded.data, made = excluded.made`
	// Each seat's newest snapshot is kept (the newest of all among them): a
	// hand-over's summary starts after the last entry of another seat.
	pruneSnapshotsSQL = `DELETE FROM snapshots WHERE game = ? AND seq NOT IN
	(SELECT max(seq) FROM snapshots WHERE game = ? GROUP BY by)`
	selectSnapshotSQL = `SELECT game, seq, by, digest, sum, data FROM snapshots
WHERE game = ? AND seq <= ? ORDER BY seq DESC LIMIT 1`
	deleteSnapshotsSQL     = `DELETE FROM snapshots WHERE game = ?`
	deleteSnapshotsFromSQL = `DELETE FROM snapshots WHERE game = ? AND seq >= ?`
	selectLinesFromSQL     = `SELECT seq, line FROM entries WHERE game = ? AND seq >= ? ORDER BY seq`
)

// PutSnapshot keeps a snapshot, replacing one of the same entry and pruning
// the game's older ones.
func (t *StoreTx) PutSnapshot(ctx context.Context, s Snapshot) error {
	if _, err := t.tx.ExecContext(ctx, upsertSnapshotSQL, s.Game, s.Seq, s.By, s.Digest, snapshotSum(s.Data), s.Data, formatStoreTime(t.now)); err != nil {
		return fmt.Errorf("keep snapshot of game %q after entry %d: %w", s.Game, s.Seq, err)
	}
	if _, err := t.tx.ExecContext(ctx, pruneSnapshotsSQL, s.Game, s.Game); err != nil {
		return fmt.Errorf("prune snapshots of game %q: %w", s.Game, err)
	}
	return nil
}

// DropSnapshots forgets a game's snapshots (one did not fit its log).
func (t *StoreTx) DropSnapshots(ctx context.Context, game string) error {
	if _, err := t.tx.ExecContext(ctx, deleteSnapshotsSQL, game); err != nil {
		return fmt.Errorf("drop snapshots of game %q: %w", game, err)
	}
	return nil
}

// dropSnapshotsFrom forgets a game's snapshots made after entry seq or later:
// made on lines that left the log (Withdraw). Resuming checks the lines a
// snapshot was made from anyway; this spares a whole replay to find out.
func (t *StoreTx) dropSnapshotsFrom(ctx context.Context, game string, seq int64) error {
	if _, err := t.tx.ExecContext(ctx, deleteSnapshotsFromSQL, game, seq); err != nil {
		return fmt.Errorf("drop snapshots of game %q from entry %d: %w", game, seq, err)
	}
	return nil
}

// LatestSnapshot returns the game's newest snapshot made after an entry no
// later than maxSeq; ok is false when there is none. A snapshot whose bytes
// do not match their sum is an error.
func (r storeReader) LatestSnapshot(ctx context.Context, game string, maxSeq int64) (s Snapshot, ok bool, err error) {
	err = r.q.QueryRowContext(ctx, selectSnapshotSQL, game, maxSeq).Scan(&s.Game, &s.Seq, &s.By, &s.Digest, &s.Sum, &s.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return Snapshot{}, false, nil
	}
	if err != nil {
		return Snapshot{}, false, fmt.Errorf("snapshot of game %q: %w", game, err)
	}
	if snapshotSum(s.Data) != s.Sum {
		return s, true, fmt.Errorf("snapshot of game %q after entry %d: its bytes do not match their sum", game, s.Seq)
	}
	return s, true, nil
}

// EachLine calls fn with the stored lines of a game from seq from on, in
// order, one at a time: a long log is read without holding it. The line is
// valid only during the call.
func (r storeReader) EachLine(ctx context.Context, game string, from int64, fn func(seq int64, line []byte) error) error {
	rows, err := r.q.QueryContext(ctx, selectLinesFromSQL, game, from)
	if err != nil {
		return fmt.Errorf("lines of game %q: %w", game, err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq int64
		var line sql.RawBytes
		if err := rows.Scan(&seq, &line); err != nil {
			return fmt.Errorf("lines of game %q: %w", game, err)
		}
		if err := fn(seq, line); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("lines of game %q: %w", game, err)
	}
	return nil
}

// Line returns one stored line of a game, or nil when there is none.
func (r storeReader) Line(ctx context.Context, game string, seq int64) ([]byte, error) {
	var line []byte
	err := r.q.QueryRowContext(ctx, selectLineSQL, game, seq).Scan(&line)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("line %d of game %q: %w", seq, game, err)
	}
	return line, nil
}
