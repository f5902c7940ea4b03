package pbem

// How an import works, and why so.
//
// A received log may be long (a whole game, sent again with every
// hand-over) and may cross what this store holds (a race, docs/log.md). The
// import therefore streams: it reads one entry at a time and verifies it
// against the stored log, and it is one transaction, so that what it stores
// is always decided from what is stored with it:
//
//  1. Before the store is locked, the player's key is loaded (a passphrase
//     prompt never holds the lock) and the stored game is folded, from its
//     newest kept state when one fits (game_open.go), noting the log's head.
//  2. One IMMEDIATE transaction then checks that the head is still the one
//     folded, and folds the game again inside it if another pbem changed it
//     meanwhile. From here on nothing else writes to the store.
//  3. Each entry read is appended to that replay, which keeps only its last
//     entry; verified lines are written in batches of importBatch bytes.
//     An entry the kept state refuses is checked again against the whole
//     log (recheck): a kept state is never trusted over the log.
//  4. An entry that differs from the stored one with its seq is judged on
//     the log before it (contest, race.go): the stored line is read back and
//     the log up to the entry before is folded from the store, since the
//     replay no longer holds them. An equivocation is kept as evidence; a
//     race lost by the stored entry takes the stored tail out of the log
//     (withdrawn, before the next batch is written) and the file's entry
//     takes its place.
//  5. Then the dice answers the log awaits from this player are made, and
//     this player's withdrawn entries re-based after everything, all in the
//     same transaction, and a snapshot of the resulting state is kept.
//
// ImportWhole rolls the transaction back when any entry fails, so a message
// that does not verify stores nothing.

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
	// Equivocations are entries signed by the key of a stored entry with the
	// same seq and prev, and different: kept apart as evidence, never applied.
	Equivocations []*replay.EquivocationError
	// Races are the honest races met (docs/log.md): entries of two seats for
	// one seq. The log decides which stands; see Race.
	Races []Race
	// Rebased are this player's entries that lost a race: each made again
	// after the winner, or dropped when the log no longer allows it.
	Rebased []Rebase
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

// Changed reports whether this player has new entries of its own to send:
// dice answers or re-based entries.
func (rep *ImportReport) Changed() bool {
	if len(rep.Answered) > 0 {
		return true
	}
	for _, rb := range rep.Rebased {
		if rb.New != nil {
			return true
		}
	}
	return false
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

// importer is one import in its transaction.
type importer struct {
	a      *App
	ctx    context.Context
	tx     *StoreTx
	rep    *ImportReport
	source string
	rec    GameRecord
	isNew  bool
	// r is the log as it will be stored; resumed is true while it comes
	// from a kept state rather than the whole log.
	r       *replay.Replay
	resumed bool
	// stored is how many entries the store held when the import began.
	stored int64
	// race is the race the stored entry lost, whose tail (withdrawn) leaves
	// the log before the next batch is written (withdrawDone).
	race         *Race
	withdrawn    []*logs.Entry
	withdrawDone bool
	// lines are verified lines not yet written.
	lines   []StoredLine
	bytes   int
	written int
}

// importLog is Import and ImportWhole; see the top of this file.
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
	// The key signs dice answers and re-based entries, and finds a new
	// game's seat: load it (and ask for its passphrase) before the store is
	// locked for writing.
	_, idErr := a.Identity()
	headSeq, head, err := a.Store.Head(ctx, rep.Game)
	if err != nil {
		return nil, err
	}
	if headSeq < 0 && idErr != nil {
		return nil, fmt.Errorf("%s: %w", source, idErr)
	}
	var pre opened
	if headSeq >= 0 {
		// Fold the stored game before the lock, too: the transaction takes
		// it if the game has not changed meanwhile.
		if pre, err = a.loadReplay(ctx, a.Store.storeReader, rep.Game, -1); err != nil {
			return nil, err
		}
	}
	var im *importer
	err = a.Store.Update(ctx, func(tx *StoreTx) error {
		im = &importer{a: a, ctx: ctx, tx: tx, rep: rep, source: source}
		if err := im.begin(first, headSeq, head, pre); err != nil {
			return err
		}
		e := first
		if im.isNew {
			if err := im.add(first); err != nil {
				return err
			}
			rep.add(Played{Entry: first})
			e = next()
		}
		for ; e != nil; e = next() {
			stop, err := im.take(e)
			if err != nil {
				return err
			}
			if stop {
				break
			}
		}
		if whole && rep.Failed != nil {
			return errRollback
		}
		return im.finish(idErr)
	})
	if errors.Is(err, errRollback) {
		rep.Added, rep.Earlier, rep.Races = nil, 0, nil
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	for i := range rep.Answered {
		rep.Answered[i].Game, rep.Answered[i].Replay = im.rec, im.r
	}
	return rep, nil
}

// begin starts the import in its transaction from the game as stored: pre,
// folded before the lock, if the log still ends at headSeq with head; else
// folded again. A game not stored yet starts from first, its invite.
func (im *importer) begin(first *logs.Entry, headSeq int64, head string, pre opened) error {
	ctx, game := im.ctx, im.rep.Game
	seq, now, err := im.tx.Head(ctx, game)
	if err != nil {
		return err
	}
	im.stored, im.isNew = seq+1, seq < 0
	if im.isNew {
		if first.Seq != 0 {
			return fmt.Errorf("%s: game %s is not in this store and the file starts at entry %d: import the whole log", im.source, game, first.Seq)
		}
		if im.r, err = replay.Start(first, im.a.Load); err != nil {
			return fmt.Errorf("%s: %w", im.source, err)
		}
		if im.rec, err = im.a.seatFor(im.r); err != nil {
			return fmt.Errorf("%s: %w", im.source, err)
		}
		im.r.Retain(1)
		return nil
	}
	if im.rec, err = im.tx.Game(ctx, game); err != nil {
		return err
	}
	if seq != headSeq || now != head || pre.r == nil {
		// Another pbem wrote to the game between the fold and the lock.
		if pre, err = im.a.loadReplay(ctx, im.tx.storeReader, game, -1); err != nil {
			return err
		}
	}
	im.r, im.resumed = pre.r, pre.from != nil
	return nil
}

// take appends one entry of the file to the log. stop says that the rest of
// the file is not taken: an entry failed, or the file parted from the log.
func (im *importer) take(e *logs.Entry) (stop bool, err error) {
	rep := im.rep
	if e.Game != rep.Game {
		rep.Failed = fmt.Errorf("%s: entry %d belongs to game %s, not %s", im.source, e.Seq, e.Game, rep.Game)
		return true, nil
	}
	err = im.r.Append(e)
	if im.resumed && refused(err) {
		// A kept state is never trusted over the log: the entry is refused
		// only if the whole log refuses it too.
		full, ferr := im.recheck(e, err)
		if ferr != nil {
			return true, ferr
		}
		if full != nil {
			im.r, im.resumed, err = full, false, nil
		}
	}
	var eq *replay.EquivocationError
	switch {
	case err == nil:
		if err := im.add(e); err != nil {
			return true, err
		}
		rep.add(Played{Entry: e, Events: im.r.Events(e.Seq)})
		return false, nil
	case errors.Is(err, replay.ErrDuplicate):
		rep.Duplicates++
		return false, nil
	case errors.Is(err, replay.ErrConflict), errors.As(err, &eq):
		return im.contest(e)
	}
	rep.Failed = fmt.Errorf("%s: %w", im.source, err)
	return true, nil
}

// refused says whether Append refused an entry for what it is, as opposed to
// finding it stored already or another entry stored with its seq, which the
// line hashes decide.
func refused(err error) bool {
	var eq *replay.EquivocationError
	return err != nil && !errors.Is(err, replay.ErrDuplicate) && !errors.Is(err, replay.ErrConflict) && !errors.As(err, &eq)
}

// recheck folds the whole stored log (with what the import wrote so far) and
// appends e to it, when a replay resumed from a kept state refused e with
// refusal. If the whole log accepts e, the kept state was wrong: it is dropped
// and the whole replay, with e, returned to go on with. Otherwise it returns
// nil: e is refused. An error is the store's.
func (im *importer) recheck(e *logs.Entry, refusal error) (*replay.Replay, error) {
	if err := im.flush(); err != nil {
		return nil, err
	}
	game := im.rep.Game
	o, err := im.a.replayWhole(im.ctx, im.tx.storeReader, game, -1, -1)
	if err != nil {
		if im.ctx.Err() != nil {
			return nil, im.ctx.Err()
		}
		im.a.debugf("game %s: the whole log does not replay either: %v", game, err)
		return nil, nil
	}
	if o.r.Append(e) != nil {
		return nil, nil
	}
	im.a.debugf("game %s: the kept state refused entry %d, which the whole log accepts: it is dropped (%v)", game, e.Seq, refusal)
	if err := im.tx.DropSnapshots(im.ctx, game); err != nil {
		return nil, err
	}
	return o.r, nil
}

// finish makes what the log now awaits from this player (dice answers, then
// re-based entries), sets the game's status, and writes what is left with a
// snapshot of the log's state. idErr is why the player's key did not load.
func (im *importer) finish(idErr error) error {
	rep, rec, r := im.rep, &im.rec, im.r
	rep.Invited = isInvited(r, rec.Seat)
	if !rep.Invited {
		if idErr != nil && im.mustSign() {
			return fmt.Errorf("game %s: %w", rep.Game, idErr)
		}
		// Dice answers first (the log awaits them), then this player's
		// entries that lost a race, made again after everything else.
		answered, err := im.a.makeAnswers(im.ctx, *rec, r)
		if err != nil {
			return err
		}
		for _, p := range answered {
			if err := im.add(p.Entry); err != nil {
				return err
			}
		}
		rep.Answered = answered
		if err := im.rebaseOwn(); err != nil {
			return err
		}
	}
	switch {
	case rep.Invited && rec.Status != StatusDeclined:
		// A declined invitation stays declined when it comes again.
		rec.Status = StatusInvited
	case rep.Invited:
	case r.Waiting().Over:
		rec.Status = StatusFinished
	}
	if im.written == 0 && len(im.lines) == 0 && im.race == nil && !im.isNew {
		return nil
	}
	if err := im.tx.PutGame(im.ctx, *rec); err != nil {
		return err
	}
	if err := im.flush(); err != nil {
		return err
	}
	if s, ok := snapshotOf(rec.ID, r); ok {
		return im.tx.PutSnapshot(im.ctx, s)
	}
	return nil
}

// mustSign says whether finishing the import signs an entry: a dice answer
// awaited from this player, or one of its entries to re-base.
func (im *importer) mustSign() bool {
	if w := im.r.Waiting(); w.Dice && len(w.Seats) > 0 && w.Seats[0] == im.a.actingSeat(im.rec, im.r) {
		return true
	}
	return slices.ContainsFunc(im.withdrawn, func(e *logs.Entry) bool { return e.By == im.rec.Seat })
}

// add holds a verified line for writing, writing the batch when it is full.
func (im *importer) add(e *logs.Entry) error {
	im.lines = append(im.lines, StoredLine{Seq: e.Seq, Line: e.Line})
	im.bytes += len(e.Line)
	if im.bytes < importBatch {
		return nil
	}
	return im.flush()
}

// flush writes the lines held, after taking out of the log the stored tail
// that a race set aside: the lines held take its place. When a full batch
// comes before the import's end, the tail is withdrawn before this player's
// entries among it are re-based, and their reasons say so less exactly.
func (im *importer) flush() error {
	if im.race != nil && !im.withdrawDone {
		if err := im.tx.Withdraw(im.ctx, im.rep.Game, withdrawnLines(im.rep.Rebased, *im.race, im.withdrawn)); err != nil {
			return err
		}
		im.withdrawDone = true
	}
	if len(im.lines) == 0 {
		return nil
	}
	if _, err := im.tx.AppendLines(im.ctx, im.rep.Game, im.source, im.lines); err != nil {
		return err
	}
	im.written += len(im.lines)
	clear(im.lines)
	im.lines, im.bytes = im.lines[:0], 0
	return nil
}

// makeAnswers makes, signs and appends to r what the dice protocol awaits from
// this player, without storing it: the caller stores the entries with the log
// they answer, so an answer is always decided from what is stored with it.
func (a *App) makeAnswers(ctx context.Context, rec GameRecord, r *replay.Replay) ([]Played, error) {
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
		b, err := r.BuildWith(seat, nil, a.own(ctx, r, rec.ID, rec.Seat), a.Now())
		if err != nil {
			return done, fmt.Errorf("game %s: %w", rec.ID, err)
		}
		e, err := a.sign(r, b)
		if err != nil {
			return done, err
		}
		done = append(done, Played{Entry: e, Events: r.Events(e.Seq)})
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
	rec := GameRecord{ID: inv.Game, Rules: inv.Rules, Scenario: inv.Scenario, Dice: string(inv.Dice), Status: StatusActive}
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
