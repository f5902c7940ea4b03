package pbem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// ImportReport says what an import did.
type ImportReport struct {
	Game string
	// Added are the entries new to this store, with what they made happen:
	// the last maxListed of them; Earlier counts those before, so that a
	// long log is imported in bounded memory.
	Added      []Played
	Earlier    int
	Duplicates int // entries already stored
	// Equivocations are entries that conflict with stored ones: kept apart,
	// never applied.
	Equivocations []*replay.EquivocationError
	// Failed is the first entry that did not verify; the entries before it are
	// stored, it and the rest are not.
	Failed error
	// Invited is true when the log is an invitation this player has not joined.
	Invited bool
	// Answered are the entries made here at once because the dice protocol
	// awaited them from this player (they need no human choice).
	Answered []Played
}

// maxListed bounds ImportReport.Added.
const maxListed = 64

// AddedCount is the number of entries the import added.
func (rep *ImportReport) AddedCount() int { return rep.Earlier + len(rep.Added) }

func (rep *ImportReport) add(p Played) {
	if len(rep.Added) == maxListed {
		rep.Added = slices.Delete(rep.Added, 0, 1)
		rep.Earlier++
	}
	rep.Added = append(rep.Added, p)
}

// Import reads a log (a whole log or its newest part) and stores what verifies.
// It is one transaction: a file with a bad entry in the middle stores the good
// prefix and reports the entry that failed and why.
func (a *App) Import(ctx context.Context, src io.Reader, source string) (*ImportReport, error) {
	return a.importLog(ctx, src, source, false)
}

// ImportWhole is Import for a log that arrives whole in one message: when any
// entry fails, nothing of it is stored (the next message carries the whole log
// again). Every entry is still verified once, against what is stored.
func (a *App) ImportWhole(ctx context.Context, src io.Reader, source string) (*ImportReport, error) {
	return a.importLog(ctx, src, source, true)
}

// errRollback undoes an import of a whole log that failed.
var errRollback = errors.New("rollback")

// importBatch bounds the bytes of verified lines held before they are
// written, inside the import's transaction.
const importBatch = 1 << 20

// importLog reads the log one entry at a time and verifies each against the
// stored log as the transaction that stores it sees it: the stored game is
// resumed from its kept state, new lines are written in batches, and only the
// last entry is kept in memory, so a log of any length is imported in
// bounded memory.
func (a *App) importLog(ctx context.Context, src io.Reader, source string, whole bool) (*ImportReport, error) {
	rd := logs.NewReader(src)
	first, err := rd.Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: no log entries", source)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	rep := &ImportReport{Game: first.Game}
	next := func() *logs.Entry {
		e, err := rd.Next()
		if err != nil {
			if err != io.EOF {
				rep.Failed = fmt.Errorf("%s: %w", source, err)
			}
			return nil
		}
		return e
	}
	if _, stored, err := a.Store.LastSeq(ctx, rep.Game); err == nil && !stored {
		// A new game needs this player's key to find its seat: load it (and
		// ask for its passphrase) before the store is locked for writing.
		if _, err := a.Identity(); err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
	}
	var r *replay.Replay
	var rec GameRecord
	err = a.Store.Update(ctx, func(tx *StoreTx) error {
		_, stored, err := tx.LastSeq(ctx, rep.Game)
		if err != nil {
			return err
		}
		isNew, resumed := !stored, false
		if isNew {
			if first.Seq != 0 {
				return fmt.Errorf("%s: game %s is not in this store and the file starts at entry %d: import the whole log", source, rep.Game, first.Seq)
			}
			if r, err = replay.Start(first, a.Load); err != nil {
				return fmt.Errorf("%s: %w", source, err)
			}
			if rec, err = a.seatFor(r); err != nil {
				return fmt.Errorf("%s: %w", source, err)
			}
			r.Retain(1)
		} else {
			if rec, err = tx.Game(ctx, rep.Game); err != nil {
				return err
			}
			o, err := a.loadReplay(ctx, tx.storeReader, rep.Game, -1)
			if err != nil {
				return err
			}
			r, resumed = o.r, o.from != nil
		}
		w := &lineBatch{ctx: ctx, tx: tx, game: rep.Game, source: source}
		e := first
		if isNew {
			if err := w.add(first); err != nil {
				return err
			}
			rep.add(Played{Entry: first})
			e = next()
		}
		for ; e != nil; e = next() {
			if e.Game != rep.Game {
				rep.Failed = fmt.Errorf("%s: entry %d belongs to game %s, not %s", source, e.Seq, e.Game, rep.Game)
				break
			}
			err := r.Append(e)
			if resumed && refused(err) {
				// A kept state is never trusted over the log: the entry is
				// refused only if the whole log refuses it too.
				full, ferr := a.recheck(w, e, err)
				if ferr != nil {
					return ferr
				}
				if full != nil {
					r, resumed, err = full, false, nil
				}
			}
			var eq *replay.EquivocationError
			switch {
			case err == nil:
				if err := w.add(e); err != nil {
					return err
				}
				rep.add(Played{Entry: e, Events: r.Events(e.Seq)})
				continue
			case errors.Is(err, replay.ErrDuplicate):
				rep.Duplicates++
				continue
			case errors.As(err, &eq):
				if eq.Stored == nil {
					if eq.Stored, err = tx.Line(ctx, rep.Game, eq.Seq); err != nil {
						return err
					}
				}
				rep.Equivocations = append(rep.Equivocations, eq)
				if err := w.add(e); err != nil {
					return err
				}
			default:
				rep.Failed = fmt.Errorf("%s: %w", source, err)
			}
			break
		}
		rep.Invited = isInvited(r, rec.Seat)
		if rep.Invited {
			rec.Status = "invited"
		} else if r.Waiting().Over {
			rec.Status = "finished"
		}
		if whole && rep.Failed != nil {
			return errRollback
		}
		if w.written == 0 && len(w.lines) == 0 && !isNew {
			return nil
		}
		if err := tx.PutGame(ctx, rec); err != nil {
			return err
		}
		if err := w.flush(); err != nil {
			return err
		}
		if s, ok := snapshotOf(rec.ID, r); ok && rep.AddedCount() > 0 {
			return tx.PutSnapshot(ctx, s)
		}
		return nil
	})
	if errors.Is(err, errRollback) {
		rep.Added, rep.Earlier = nil, 0
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	if !rep.Invited {
		// The replay made here is the stored log's: answer from it rather
		// than fold the log again.
		var answered []Played
		if rep.Failed == nil && len(rep.Equivocations) == 0 {
			answered, err = a.answerDice(ctx, rec, r)
		} else {
			answered, err = a.AnswerDice(ctx, rec.ID)
		}
		rep.Answered = answered
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// refused says whether Append refused an entry, as opposed to finding it
// stored already or in conflict with a stored one.
func refused(err error) bool {
	var eq *replay.EquivocationError
	return err != nil && !errors.Is(err, replay.ErrDuplicate) && !errors.As(err, &eq)
}

// recheck folds the whole stored log (with what the import wrote so far) and
// appends e to it, when a replay resumed from a kept state refused e with
// refusal. If the whole log accepts e, the kept state was wrong: it is dropped
// and the whole replay, with e, returned to go on with. Otherwise it returns
// nil: e is refused. An error is the store's.
func (a *App) recheck(w *lineBatch, e *logs.Entry, refusal error) (*replay.Replay, error) {
	if err := w.flush(); err != nil {
		return nil, err
	}
	o, err := a.replayWhole(w.ctx, w.tx.storeReader, w.game, -1)
	if err != nil {
		if w.ctx.Err() != nil {
			return nil, w.ctx.Err()
		}
		a.debugf("game %s: the whole log does not replay either: %v", w.game, err)
		return nil, nil
	}
	if o.r.Append(e) != nil {
		return nil, nil
	}
	a.debugf("game %s: the kept state refused entry %d, which the whole log accepts: it is dropped (%v)", w.game, e.Seq, refusal)
	if err := w.tx.DropSnapshots(w.ctx, w.game); err != nil {
		return nil, err
	}
	return o.r, nil
}

// lineBatch writes verified lines in batches inside an import's transaction.
type lineBatch struct {
	ctx          context.Context
	tx           *StoreTx
	game, source string
	lines        []StoredLine
	bytes        int
	written      int
}

func (w *lineBatch) add(e *logs.Entry) error {
	w.lines = append(w.lines, StoredLine{Seq: e.Seq, Line: e.Line})
	w.bytes += len(e.Line)
	if w.bytes < importBatch {
		return nil
	}
	return w.flush()
}

func (w *lineBatch) flush() error {
	if len(w.lines) == 0 {
		return nil
	}
	if _, err := w.tx.AppendLines(w.ctx, w.game, w.source, w.lines); err != nil {
		return err
	}
	w.written += len(w.lines)
	clear(w.lines)
	w.lines, w.bytes = w.lines[:0], 0
	return nil
}

// AnswerDice sends what the dice protocol awaits from this player, as long as it
// awaits something: an answer to a request, or the link that draws the dice.
// Neither needs a human choice, which is why import, sync and serve do it.
func (a *App) AnswerDice(ctx context.Context, game string) ([]Played, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return nil, err
	}
	return a.answerDice(ctx, rec, r)
}

// answerDice is AnswerDice from r, the replay of the log as stored, which
// each entry made here advances (as Do would, without folding the log again).
func (a *App) answerDice(ctx context.Context, rec GameRecord, r *replay.Replay) ([]Played, error) {
	var done []Played
	for range 4 {
		w := r.Waiting()
		seat := a.actingSeat(rec, r)
		if !w.Dice || len(w.Seats) == 0 || w.Seats[0] != seat {
			return done, nil
		}
		// A seat whose dice chain is not in this store (a log restored from a
		// file) cannot answer from here; that is not an error of the import.
		if chains, err := a.Store.Chains(ctx, rec.ID, rec.Seat); err != nil || len(chains) == 0 {
			return done, err
		}
		b, err := r.Build(seat, nil, a.linkSource(ctx, r, rec.ID, rec.Seat), a.Now())
		if err != nil {
			return done, fmt.Errorf("game %s: %w", rec.ID, err)
		}
		p, err := a.commit(ctx, rec, r, b)
		if err != nil {
			return done, err
		}
		done = append(done, p)
		rec, r = p.Game, p.Replay
	}
	return done, nil
}

// seatFor finds this player's seat in a newly received game: the seat reserved
// for its key, or else the one seat still open.
func (a *App) seatFor(r *replay.Replay) (GameRecord, error) {
	id, err := a.Identity()
	if err != nil {
		return GameRecord{}, err
	}
	inv := r.Invite()
	rec := GameRecord{ID: inv.Game, Rules: inv.Rules, Scenario: inv.Scenario, Dice: string(inv.Dice), Status: "active"}
	var open []string
	for _, s := range r.Seats() {
		if s.Key != "" && sameKey(s.Key, id.AuthorizedKey()) {
			rec.Seat = s.Seat
		} else if s.Key == "" {
			open = append(open, s.Seat)
		} else if s.Mail != "" && rec.Opponent == "" {
			rec.Opponent = s.Mail
		}
	}
	if inv.By != rec.Seat {
		rec.Opponent = r.Seats()[seatIndex(r, inv.By)].Mail
	}
	if rec.Seat == "" {
		switch len(open) {
		case 0:
			return rec, fmt.Errorf("game %s has no seat for your key %s", inv.Game, id.Fingerprint())
		case 1:
			rec.Seat = open[0]
		default:
			rec.Seat = "" // chosen at join with --side
		}
	}
	return rec, nil
}

func seatIndex(r *replay.Replay, seat string) int {
	for i, s := range r.Seats() {
		if s.Seat == seat {
			return i
		}
	}
	return 0
}

// isInvited reports whether seat has not joined (or no seat is chosen yet).
func isInvited(r *replay.Replay, seat string) bool {
	for _, s := range r.Seats() {
		if s.Seat == seat {
			return s.Head == ""
		}
	}
	return true
}
