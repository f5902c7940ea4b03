package pbem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// snapshotEvery is how many entries a replay folds past its snapshot (or from
// the start) before open keeps a new one; commit and import keep one anyway.
const snapshotEvery = 16

// opened is a stored game's log, folded.
type opened struct {
	r *replay.Replay
	// from is the snapshot the replay was resumed from (nil for a whole
	// replay); folded counts the entries folded after it.
	from   *Snapshot
	folded int
	// misfit is true when a kept snapshot did not fit the log.
	misfit bool
}

// loadReplay folds a stored game's log as q sees it (the store, or a
// transaction). It resumes from the newest snapshot that fits (one made after
// an entry before keepFrom, when keepFrom >= 0) and folds only the entries
// after it: it reads the lines up to the snapshot's entry only to check that
// they still hash to the snapshot's digest, and the replay checks its rules
// state against the state hash that entry records. When none fits, it
// replays the whole log, saying why in a debug message. The replay keeps the
// entries from keepFrom on, or only the last when keepFrom < 0.
func (a *App) loadReplay(ctx context.Context, q storeReader, game string, keepFrom int64) (opened, error) {
	return a.load(ctx, q, game, keepFrom, -1)
}

// loadPrefix is loadReplay of the stored log's entries 0 to through only: the
// log as it stood before entry through+1, on which a race for that entry is
// judged. The replay keeps only its last entry.
func (a *App) loadPrefix(ctx context.Context, q storeReader, game string, through int64) (opened, error) {
	o, err := a.load(ctx, q, game, -1, through)
	if err == nil && int64(o.r.Len()) != through+1 {
		err = fmt.Errorf("game %s: the log holds no entry %d", game, through)
	}
	return o, err
}

// load is loadReplay folding the stored entries up to through, or all of
// them when through < 0.
func (a *App) load(ctx context.Context, q storeReader, game string, keepFrom, through int64) (opened, error) {
	maxSeq := int64(math.MaxInt64)
	if keepFrom >= 0 {
		maxSeq = keepFrom - 1
	}
	if through >= 0 {
		maxSeq = min(maxSeq, through)
	}
	snap, ok, err := q.LatestSnapshot(ctx, game, maxSeq)
	misfit := err != nil
	switch {
	case err != nil:
		a.debugf("game %s: %v: replaying the whole log", game, err)
	case ok:
		o, err := a.resume(ctx, q, game, snap, keepFrom, through)
		if err == nil {
			return o, nil
		}
		if ctx.Err() != nil {
			return opened{}, ctx.Err()
		}
		misfit = true
		a.debugf("game %s: the snapshot after entry %d does not fit the log (%v): replaying the whole log", game, snap.Seq, err)
	}
	o, err := a.replayWhole(ctx, q, game, keepFrom, through)
	o.misfit = misfit
	return o, err
}

var (
	// errStop ends EachLine early: the snapshot does not fit.
	errStop = errors.New("stop")
	// errThrough ends EachLine early: every entry asked for is folded.
	errThrough = errors.New("through")
)

// resume resumes from snap and folds the stored entries after it, up to
// through when through >= 0.
func (a *App) resume(ctx context.Context, q storeReader, game string, snap Snapshot, keepFrom, through int64) (opened, error) {
	o := opened{from: &snap}
	var invite *logs.Entry
	digest := sha256.New()
	var fitErr error
	err := q.EachLine(ctx, game, 0, func(seq int64, line []byte) error {
		if seq <= snap.Seq {
			digest.Write(line)
			if seq == 0 {
				e, err := logs.ParseLine(line)
				if err != nil {
					return fmt.Errorf("stored entry 0: %w", err)
				}
				invite = e
			}
			if seq < snap.Seq {
				return nil
			}
			if d := "sha256:" + hex.EncodeToString(digest.Sum(nil)); d != snap.Digest {
				fitErr = fmt.Errorf("the stored lines 0 to %d hash to %s; it was made from %s", seq, d, snap.Digest)
				return errStop
			}
			head := invite
			if seq > 0 {
				var err error
				if head, err = logs.ParseLine(line); err != nil {
					return fmt.Errorf("stored entry %d: %w", seq, err)
				}
			}
			r, err := replay.Resume(invite, head, snap.Data, a.Load)
			if err != nil {
				fitErr = err
				return errStop
			}
			if keepFrom < 0 {
				r.Retain(1)
			}
			o.r = r
			return nil
		}
		if o.r == nil {
			fitErr = fmt.Errorf("entry %d of the log is not stored", snap.Seq)
			return errStop
		}
		if through >= 0 && seq > through {
			return errThrough
		}
		return a.foldStored(o.r, game, seq, line, &o.folded)
	})
	switch {
	case errors.Is(err, errThrough):
	case errors.Is(err, errStop):
		return opened{}, fitErr
	case err != nil:
		return opened{}, err
	case o.r == nil:
		return opened{}, fmt.Errorf("the log holds no entry %d", snap.Seq)
	}
	return o, nil
}

// replayWhole folds every stored entry of a game from the invite on, or up
// to through when through >= 0.
func (a *App) replayWhole(ctx context.Context, q storeReader, game string, keepFrom, through int64) (opened, error) {
	var o opened
	err := q.EachLine(ctx, game, 0, func(seq int64, line []byte) error {
		if through >= 0 && seq > through {
			return errThrough
		}
		if seq != 0 {
			if keepFrom >= 0 && seq == keepFrom {
				o.r.Retain(0)
			}
			return a.foldStored(o.r, game, seq, line, &o.folded)
		}
		e, err := logs.ParseLine(line)
		if err != nil {
			return fmt.Errorf("game %s: stored entry 0: %w", game, err)
		}
		if o.r, err = replay.Start(e, a.Load); err != nil {
			return fmt.Errorf("game %s: %w", game, err)
		}
		if keepFrom != 0 {
			o.r.Retain(1)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errThrough) {
		return opened{}, err
	}
	if o.r == nil {
		return opened{}, fmt.Errorf("game %s: %w", game, ErrNoGame)
	}
	return o, nil
}

// foldStored appends one stored line to r; the lines were verified when
// stored, so an error here means the store or this pbem changed.
func (a *App) foldStored(r *replay.Replay, game string, seq int64, line []byte, folded *int) error {
	e, err := logs.ParseLine(line)
	if err != nil {
		return fmt.Errorf("game %s: stored entry %d: %w", game, seq, err)
	}
	if err := r.Append(e); err != nil {
		return fmt.Errorf("game %s: %w", game, err)
	}
	*folded++
	return nil
}

// snapshotOf is the snapshot of r to keep; ok is false when the rules keep
// none.
func snapshotOf(game string, r *replay.Replay) (Snapshot, bool) {
	data, err := r.Snapshot()
	if err != nil {
		return Snapshot{}, false
	}
	last := r.Last()
	return Snapshot{Game: game, Seq: last.Seq, By: last.By, Digest: r.Digest(), Data: data}, true
}

// keepSnapshot keeps a snapshot of r in a transaction of its own when open
// folded many entries to make r, or found a kept one that did not fit (which
// goes): the next command then starts there. It is a cache: failing to keep
// it changes nothing but speed.
func (a *App) keepSnapshot(ctx context.Context, game string, o opened) {
	if o.folded < snapshotEvery && !o.misfit {
		return
	}
	s, ok := snapshotOf(game, o.r)
	if !ok {
		return
	}
	if err := a.Store.Update(ctx, func(tx *StoreTx) error {
		if o.misfit {
			if err := tx.DropSnapshots(ctx, game); err != nil {
				return err
			}
		}
		return tx.PutSnapshot(ctx, s)
	}); err != nil {
		a.debugf("game %s: keep a snapshot: %v", game, err)
	}
}

// debugf reports what only a developer or a curious player wants to know
// (pbem --verbose): a snapshot that did not fit, a whole replay.
func (a *App) debugf(format string, args ...any) {
	if a.Debugf != nil {
		a.Debugf(format, args...)
	}
}
