package pbem

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// ImportReport says what an import did.
type ImportReport struct {
	Game       string
	Added      []Played // entries new to this store, with what they made happen
	Duplicates int      // entries already stored
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

// importAttempts bounds how often an import reads the store again because
// another pbem changed the game between its read and its write.
const importAttempts = 5

func (a *App) importLog(ctx context.Context, src io.Reader, source string, whole bool) (*ImportReport, error) {
	entries, readErr := logs.ReadAll(src)
	if len(entries) == 0 {
		if readErr != nil {
			return nil, fmt.Errorf("%s: %w", source, readErr)
		}
		return nil, fmt.Errorf("%s: no log entries", source)
	}
	return a.importEntries(ctx, entries, readErr, source, whole)
}

// importEntries imports parsed entries; readErr is why the file stopped early.
// The store is read, the entries judged against it, and everything that
// follows (the entries, withdrawals after a race, dice answers, re-based
// entries, evidence) written in one transaction, which first checks that the
// game's log is still the one read. If another pbem changed it meanwhile
// (serve importing while the player syncs), nothing is written and the import
// starts again from the store as it now is.
func (a *App) importEntries(ctx context.Context, entries []*logs.Entry, readErr error, source string, whole bool) (*ImportReport, error) {
	for attempt := 1; ; attempt++ {
		rep, err := a.importOnce(ctx, entries, readErr, source, whole)
		if !errors.Is(err, errStale) {
			return rep, err
		}
		if attempt == importAttempts {
			return nil, fmt.Errorf("%s: game %s kept changing while it was imported (another pbem at work on it): try again", source, entries[0].Game)
		}
	}
}

// errStale: the store changed between an import's read and its write.
var errStale = errors.New("the game changed in the store meanwhile")

// importPlan is what one import attempt will write.
type importPlan struct {
	rec   GameRecord
	isNew bool
	// kept is how many of the stored entries stay in the log; head is the
	// hash of the last stored line when read ("" when none is stored).
	stored int
	kept   int
	head   string
	r      *replay.Replay // the log as it will be stored
	// withdrawn are stored entries that race takes out of the log.
	withdrawn []*logs.Entry
	race      *Race
	lines     []StoredLine
	evidence  []Equivocation
}

func (a *App) importOnce(ctx context.Context, entries []*logs.Entry, readErr error, source string, whole bool) (*ImportReport, error) {
	rep := &ImportReport{Game: entries[0].Game}
	if readErr != nil {
		rep.Failed = fmt.Errorf("%s: %w", source, readErr)
	}
	p, err := a.planImport(ctx, rep, entries[0], source)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if p.isNew && e.Seq == 0 {
			continue
		}
		if e.Game != rep.Game {
			rep.Failed = fmt.Errorf("%s: entry %d belongs to game %s, not %s", source, e.Seq, e.Game, rep.Game)
			break
		}
		if e.Seq < int64(p.r.Len()) && !bytes.Equal(p.r.Entry(e.Seq).Line, e.Line) {
			if stop, err := a.contest(rep, p, e, source); err != nil || stop {
				if err != nil {
					return nil, err
				}
				break
			}
			continue
		}
		err := p.r.Append(e)
		switch {
		case err == nil:
			p.lines = append(p.lines, StoredLine{Seq: e.Seq, Line: e.Line})
			rep.Added = append(rep.Added, Played{Entry: e, Events: p.r.Events(e.Seq)})
			continue
		case errors.Is(err, replay.ErrDuplicate):
			rep.Duplicates++
			continue
		default:
			rep.Failed = fmt.Errorf("%s: %w", source, err)
		}
		break
	}
	if whole && rep.Failed != nil {
		rep.Added, rep.Races = nil, nil
		return rep, nil
	}
	rep.Invited = isInvited(p.r, p.rec.Seat)
	if !rep.Invited {
		// Dice answers first (the log awaits them), then this player's entries
		// that lost a race, made again after everything else.
		if rep.Answered, err = a.makeAnswers(ctx, p.rec, p.r); err != nil {
			return rep, err
		}
		for _, pl := range rep.Answered {
			p.lines = append(p.lines, StoredLine{Seq: pl.Entry.Seq, Line: pl.Entry.Line})
		}
		a.rebaseOwn(ctx, rep, p)
	}
	switch {
	case rep.Invited && p.rec.Status != StatusDeclined:
		// A declined invitation stays declined when it comes again.
		p.rec.Status = StatusInvited
	case rep.Invited:
	case p.r.Waiting().Over:
		p.rec.Status = "finished"
	}
	if len(p.lines) == 0 && len(p.withdrawn) == 0 && len(p.evidence) == 0 && !p.isNew {
		return rep, nil
	}
	err = a.Store.Update(ctx, func(tx *StoreTx) error {
		if _, head, err := tx.Head(ctx, rep.Game); err != nil {
			return err
		} else if head != p.head {
			return errStale
		}
		if err := tx.PutGame(ctx, p.rec); err != nil {
			return err
		}
		if err := tx.Withdraw(ctx, rep.Game, withdrawnLines(rep.Rebased, p)); err != nil {
			return err
		}
		if _, err := tx.AppendLines(ctx, rep.Game, source, p.lines); err != nil {
			return err
		}
		for _, eq := range p.evidence {
			if _, err := tx.RecordEquivocation(ctx, eq); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrConflict) || errors.Is(err, ErrChain) || errors.Is(err, ErrGap) {
		err = fmt.Errorf("%w: %w", errStale, err)
	}
	if err != nil {
		return nil, err
	}
	for i := range rep.Answered {
		rep.Answered[i].Game, rep.Answered[i].Replay = p.rec, p.r
	}
	return rep, nil
}

// planImport reads the game as stored and starts the plan from it; a game not
// stored yet starts from first, which must be its invite.
func (a *App) planImport(ctx context.Context, rep *ImportReport, first *logs.Entry, source string) (*importPlan, error) {
	stored, err := a.Store.Lines(ctx, rep.Game)
	if err != nil {
		return nil, err
	}
	p := &importPlan{isNew: len(stored) == 0, stored: len(stored), kept: len(stored)}
	if !p.isNew {
		if p.rec, err = a.Store.Game(ctx, rep.Game); err != nil {
			return nil, err
		}
		p.head = logs.LineHash(stored[len(stored)-1])
		p.r, err = replayLines(rep.Game, stored, a.Load)
		return p, err
	}
	if first.Seq != 0 {
		return nil, fmt.Errorf("%s: game %s is not in this store and the file starts at entry %d: import the whole log", source, rep.Game, first.Seq)
	}
	if p.r, err = replay.Start(first, a.Load); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if p.rec, err = a.seatFor(p.r); err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	p.lines = append(p.lines, StoredLine{Seq: 0, Line: first.Line})
	rep.Added = append(rep.Added, Played{Entry: first})
	return p, nil
}

// AnswerDice sends what the dice protocol awaits from this player, as long as it
// awaits something: an answer to a request, or the link that draws the dice.
// Neither needs a human choice, which is why import, sync and serve do it.
func (a *App) AnswerDice(ctx context.Context, game string) ([]Played, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return nil, err
	}
	done, err := a.makeAnswers(ctx, rec, r)
	if err != nil || len(done) == 0 {
		return nil, err
	}
	var made []*logs.Entry
	for _, p := range done {
		made = append(made, p.Entry)
	}
	if r.Waiting().Over {
		rec.Status = "finished"
	}
	if err := a.store(ctx, rec, made, "local", nil); err != nil {
		return nil, err
	}
	for i := range done {
		done[i].Game, done[i].Replay = rec, r
	}
	return done, nil
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
		b, err := r.Build(seat, nil, a.linkSource(ctx, r, rec.ID, rec.Seat), a.Now())
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
