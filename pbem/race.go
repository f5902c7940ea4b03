package pbem

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// Race is an honest race met on import (docs/log.md, Races): two seats wrote
// entry Seq at once. The log alone decides which stands, identically on every
// machine (replay.Judge); the loser's author re-bases it after the winner.
type Race struct {
	Seq           int64
	Winner, Loser *logs.Entry
	// Awaited is true when the game waited for the winner's seat; otherwise
	// the tie-break decided (seat order in the invite, then line hash).
	Awaited bool
	// names are the players' names by seat, for the words.
	names map[string]string
}

// Words says what happened, for the player who holds seat you.
func (rc Race) Words(you string) string {
	why := fmt.Sprintf("the game waited for %s", rc.name(rc.Winner.By, you, false))
	if !rc.Awaited {
		why = "neither was awaited alone, so the seat first in the invitation wins"
		if rc.Winner.By == rc.Loser.By {
			why = "two players took one open seat, so the lower line hash wins"
		}
	}
	s := fmt.Sprintf("entry %d: %s %s crossed %s %s; %s stands (%s)", rc.Seq,
		rc.name(rc.Loser.By, you, true), entryNoun(rc.Loser), rc.name(rc.Winner.By, you, true), entryNoun(rc.Winner),
		rc.name(rc.Winner.By, you, true)+" "+entryNoun(rc.Winner), why)
	if rc.Loser.By != you {
		s += fmt.Sprintf("; %s pbem re-bases the %s after it when it sees it", rc.name(rc.Loser.By, you, true), entryNoun(rc.Loser))
	}
	return s
}

// name is a seat's player as the words need it: "you"/"your" for the reader.
func (rc Race) name(seat, you string, possessive bool) string {
	n := rc.names[seat]
	if n == "" {
		n = seat
	}
	switch {
	case seat == you && possessive:
		return "your"
	case seat == you:
		return "you"
	case possessive:
		return n + "'s"
	}
	return n
}

// Rebase is one of this player's entries that lost a race: made again after
// the winner (New), or dropped when the log no longer allows it (Dropped says
// why). Either way the old line is kept in the store's withdrawn table.
type Rebase struct {
	Race    Race
	Old     *logs.Entry
	New     *Played
	Dropped string
}

// Words says what became of the entry, for its author.
func (rb Rebase) Words() string {
	what := entryNoun(rb.Old)
	winner := rb.Race.name(rb.Race.Winner.By, rb.Old.By, true) + " " + entryNoun(rb.Race.Winner)
	if rb.New != nil {
		return fmt.Sprintf("your %s (entry %d) crossed %s; it now follows it as entry %d", what, rb.Old.Seq, winner, rb.New.Entry.Seq)
	}
	return fmt.Sprintf("your %s (entry %d) crossed %s and cannot follow it: %s. It is dropped (kept apart in your store, never sent); give it again if you still mean it",
		what, rb.Old.Seq, winner, rb.Dropped)
}

// contest handles an entry e of the file that differs from the stored entry
// with its seq: the log judges them (replay.Judge) on the entries before,
// folded from the store. An equivocation is kept as evidence; a race lost by
// the stored entry takes it and the stored entries after it out of the log
// (before the next lines are written: flush), and e takes its place. It
// reports whether the rest of the file is to be skipped (it follows an entry
// that is not in the log).
func (im *importer) contest(e *logs.Entry) (bool, error) {
	ctx, rep, game, seq := im.ctx, im.rep, im.rep.Game, e.Seq
	refuse := func(format string, args ...any) (bool, error) {
		rep.Failed = fmt.Errorf("%s: entry %d: %s", im.source, seq, fmt.Sprintf(format, args...))
		return true, nil
	}
	switch {
	case seq == 0:
		return refuse("another invitation with the id of game %s", game)
	case int64(im.r.Len()) != im.stored || im.race != nil:
		return refuse("the file holds two different entries %d, or its entries are out of order", seq)
	}
	line, err := im.tx.Line(ctx, game, seq)
	if err != nil {
		return true, err
	}
	held, err := logs.ParseLine(line)
	if err != nil {
		return true, fmt.Errorf("game %s: stored entry %d: %w", game, seq, err)
	}
	if e.Prev != held.Prev {
		return refuse("it follows another entry %d than the one stored here: this file's log parted from yours earlier; import the whole log", seq-1)
	}
	prefix, err := im.a.loadPrefix(ctx, im.tx.storeReader, game, seq-1)
	if err != nil {
		return true, err
	}
	v, err := prefix.r.Judge(held, e)
	if err != nil {
		rep.Failed = fmt.Errorf("%s: %w", im.source, err)
		return true, nil
	}
	if v.Equivocation {
		rep.Equivocations = append(rep.Equivocations, &replay.EquivocationError{Seq: seq, Stored: held.Line, Received: e.Line})
		_, err := im.tx.RecordEquivocation(ctx, Equivocation{Game: game, Seq: seq, Stored: held.Line, Received: e.Line,
			Found: im.a.Now(), Source: im.source})
		return true, err
	}
	race := Race{Seq: seq, Winner: v.Winner, Loser: v.Loser, Awaited: v.Awaited, names: seatNames(prefix.r)}
	rep.Races = append(rep.Races, race)
	if v.Winner == held {
		return true, nil
	}
	// The stored tail leaves the log: it is read whole, for the withdrawn
	// table and for re-basing this player's entries; it holds what was
	// written on this store since the race, which is little.
	var tail []*logs.Entry
	if err := im.tx.EachLine(ctx, game, seq, func(s int64, line []byte) error {
		e, err := logs.ParseLine(line)
		if err != nil {
			return fmt.Errorf("game %s: stored entry %d: %w", game, s, err)
		}
		tail = append(tail, e)
		return nil
	}); err != nil {
		return true, err
	}
	im.race, im.withdrawn = &race, tail
	im.r, im.resumed = prefix.r, prefix.from != nil
	if err := im.r.Append(e); err != nil {
		return true, fmt.Errorf("game %s: entry %d judged good does not append (a bug in pbem): %w", game, seq, err)
	}
	if err := im.add(e); err != nil {
		return true, err
	}
	rep.add(Played{Entry: e, Events: im.r.Events(seq)})
	return false, nil
}

func seatNames(r *replay.Replay) map[string]string {
	names := map[string]string{}
	for _, s := range r.Seats() {
		names[s.Seat] = s.Name
	}
	return names
}

// rebaseOwn makes this player's withdrawn entries again after the log as it
// now stands, in their order, and says what became of each.
func (im *importer) rebaseOwn() error {
	if im.race == nil {
		return nil
	}
	race := *im.race
	race.names = seatNames(im.r)
	for _, old := range im.withdrawn {
		if old.By != im.rec.Seat {
			continue // another seat's: its author re-bases it
		}
		rb := Rebase{Race: race, Old: old}
		made, why := im.a.rebase(im.ctx, im.rec, im.r, old)
		if made != nil {
			if err := im.add(made.Entry); err != nil {
				return err
			}
			rb.New = made
		} else {
			rb.Dropped = why
		}
		im.rep.Rebased = append(im.rep.Rebased, rb)
	}
	return nil
}

// rebase makes old again as the next entry of r: the same kind and content,
// with a new seq, prev, time and state hash, signed with this player's key. It
// says why not when the log no longer allows it. An entry that revealed dice
// is never made again: its dice would be rolled again.
func (a *App) rebase(ctx context.Context, rec GameRecord, r *replay.Replay, old *logs.Entry) (*Played, string) {
	switch {
	case old.Link != "" || len(old.Draws) > 0 || old.Epoch != 0 || old.Secret != "" || old.Box != "":
		return nil, "it revealed dice, and making it again would roll them again"
	case old.Kind == logs.KindResign && r.Waiting().Over:
		return nil, "the game ended first (" + r.Waiting().Text + ")"
	}
	b := r.NextBody(old.By, old.Kind, a.Now())
	b.Commands, b.Text, b.To = slices.Clone(old.Commands), old.Text, old.To
	b.Key, b.Head, b.Name, b.Mail = old.Key, old.Head, old.Name, old.Mail
	if err := r.CompleteWith(b, a.own(ctx, r, rec.ID, rec.Seat)); err != nil {
		return nil, strings.TrimPrefix(err.Error(), fmt.Sprintf("entry %d: ", b.Seq))
	}
	e, err := a.sign(r, b)
	if err != nil {
		return nil, err.Error()
	}
	return &Played{Entry: e, Events: r.Events(e.Seq)}, ""
}

// withdrawnLines are the stored lines a race takes out of the log, each with
// what became of it (rebased says, for this player's own, once known).
func withdrawnLines(rebased []Rebase, race Race, withdrawn []*logs.Entry) []WithdrawnLine {
	var out []WithdrawnLine
	for _, old := range withdrawn {
		why := fmt.Sprintf("entry %d went to %s's %s in a race", race.Seq, race.Winner.By, entryNoun(race.Winner))
		if old.Seq > race.Seq {
			why = fmt.Sprintf("it followed entry %d, which lost a race to %s's %s", race.Seq, race.Winner.By, entryNoun(race.Winner))
		}
		i := slices.IndexFunc(rebased, func(rb Rebase) bool { return rb.Old == old })
		switch {
		case i < 0:
			why += fmt.Sprintf("; %s's pbem re-bases it", old.By)
		case rebased[i].New != nil:
			why += fmt.Sprintf("; re-based as entry %d", rebased[i].New.Entry.Seq)
		default:
			why += "; dropped: " + rebased[i].Dropped
		}
		out = append(out, WithdrawnLine{Seq: old.Seq, Line: old.Line, Reason: why})
	}
	return out
}
