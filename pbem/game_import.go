package pbem

import (
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

func (a *App) importLog(ctx context.Context, src io.Reader, source string, whole bool) (*ImportReport, error) {
	rep := &ImportReport{}
	entries, err := logs.ReadAll(src)
	if err != nil {
		rep.Failed = fmt.Errorf("%s: %w", source, err)
	}
	if len(entries) == 0 {
		if rep.Failed != nil {
			return nil, rep.Failed
		}
		return nil, fmt.Errorf("%s: no log entries", source)
	}
	rep.Game = entries[0].Game
	stored, err := a.Store.Lines(ctx, rep.Game)
	if err != nil {
		return nil, err
	}
	var r *replay.Replay
	var rec GameRecord
	isNew := len(stored) == 0
	if isNew {
		if entries[0].Seq != 0 {
			return nil, fmt.Errorf("%s: game %s is not in this store and the file starts at entry %d: import the whole log", source, rep.Game, entries[0].Seq)
		}
		if r, err = replay.Start(entries[0], a.Load); err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
		if rec, err = a.seatFor(r); err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
	} else {
		if rec, err = a.Store.Game(ctx, rep.Game); err != nil {
			return nil, err
		}
		if r, err = replayLines(rep.Game, stored, a.Load); err != nil {
			return nil, err
		}
	}
	var lines []StoredLine
	if isNew {
		lines = append(lines, StoredLine{Seq: 0, Line: entries[0].Line})
		rep.Added = append(rep.Added, Played{Entry: entries[0]})
	}
	for _, e := range entries {
		if isNew && e.Seq == 0 {
			continue
		}
		if e.Game != rep.Game {
			rep.Failed = fmt.Errorf("%s: entry %d belongs to game %s, not %s", source, e.Seq, e.Game, rep.Game)
			break
		}
		err := r.Append(e)
		var eq *replay.EquivocationError
		switch {
		case err == nil:
			lines = append(lines, StoredLine{Seq: e.Seq, Line: e.Line})
			rep.Added = append(rep.Added, Played{Entry: e, Events: r.Events(e.Seq)})
			continue
		case errors.Is(err, replay.ErrDuplicate):
			rep.Duplicates++
			continue
		case errors.As(err, &eq):
			rep.Equivocations = append(rep.Equivocations, eq)
			lines = append(lines, StoredLine{Seq: e.Seq, Line: e.Line})
		default:
			rep.Failed = fmt.Errorf("%s: %w", source, err)
		}
		break
	}
	rep.Invited = isInvited(r, rec.Seat)
	if rep.Invited && rec.Status != StatusDeclined {
		// A declined invitation stays declined when it comes again.
		rec.Status = StatusInvited
	} else if !rep.Invited && r.Waiting().Over {
		rec.Status = "finished"
	}
	if whole && rep.Failed != nil {
		rep.Added = nil
		return rep, nil
	}
	if len(lines) > 0 || isNew {
		if err := a.Store.Update(ctx, func(tx *StoreTx) error {
			if err := tx.PutGame(ctx, rec); err != nil {
				return err
			}
			_, err := tx.AppendLines(ctx, rec.ID, source, lines)
			return err
		}); err != nil {
			return nil, err
		}
	}
	if !rep.Invited {
		// The replay made here is the stored log's: answer from it rather
		// than fold the whole log again (twice per answer).
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
