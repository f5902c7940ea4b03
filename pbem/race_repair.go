package pbem

import (
	"bytes"
	"context"
	"fmt"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// IssueKind is the kind of trouble a game's log is in.
type IssueKind int

// The kinds of Issue.
const (
	// IssueEquivocation: one key signed two different entries for one seq of
	// the log. The game cannot safely go on.
	IssueEquivocation IssueKind = iota + 1
	// IssueForked: an older pbem kept this store's entry where the log's rule
	// gives another seat's (a race it took for an equivocation). The game is
	// stuck here until 'pbem repair' (or the next import or sync) re-bases it.
	IssueForked
	// IssueRaceWon: an older pbem took a race for an equivocation, but the
	// entry held here stands; the other seat's pbem has not re-based its
	// entry yet. Nothing to do here.
	IssueRaceWon
)

// Issue is something about a game's log that its player must see before
// anything else (pbem status and pbem games show it first).
type Issue struct {
	Kind IssueKind
	Seq  int64
	// Stuck is true when the game cannot go on from this store as it stands:
	// nobody's turn is to be announced.
	Stuck bool
	// Text says it in words; Short in a few, for a list of games.
	Text, Short string

	other []byte // the line that stands in place of the stored one (IssueForked)
}

// Issues judges again the evidence a game's store holds, against the log as
// it now stands (replay.Judge): lines an older pbem recorded as equivocations
// without checking them, which may be forged (ignored), races (settled or not)
// or true equivocations. r is the game's replayed log.
func (a *App) Issues(ctx context.Context, rec GameRecord, r *replay.Replay) ([]Issue, error) {
	rows, err := a.Store.Equivocations(ctx, rec.ID)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	prefixes := map[int64]*replay.Replay{}
	seen := map[[2]int64]bool{}
	var out []Issue
	for _, row := range rows {
		e, err := logs.ParseLine(row.Received)
		if err != nil || e.Game != rec.ID || e.Seq != row.Seq || e.Seq <= 0 || e.Seq >= int64(r.Len()) {
			continue
		}
		// The replay keeps only its last entries: the stored line, and the
		// log before it, come from the store.
		line, err := a.Store.Line(ctx, rec.ID, e.Seq)
		if err != nil {
			return nil, err
		}
		held, err := logs.ParseLine(line)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored entry %d: %w", rec.ID, e.Seq, err)
		}
		if bytes.Equal(held.Line, e.Line) || e.Prev != held.Prev {
			continue // in the log now, or of a branch that left it
		}
		prefix := prefixes[e.Seq]
		if prefix == nil {
			o, err := a.loadPrefix(ctx, a.Store.storeReader, rec.ID, e.Seq-1)
			if err != nil {
				return nil, err
			}
			prefix = o.r
			prefixes[e.Seq] = prefix
		}
		v, err := prefix.Judge(held, e)
		if err != nil {
			continue // not a valid entry: no evidence of anything
		}
		is := judgeIssue(rec, r, prefix, held, v, row)
		if is.Kind == 0 || seen[[2]int64{int64(is.Kind), is.Seq}] {
			continue
		}
		seen[[2]int64{int64(is.Kind), is.Seq}] = true
		out = append(out, is)
	}
	return out, nil
}

// judgeIssue turns a verdict on a stored line of evidence into an issue; the
// zero Issue when there is none (a race settled since). held is the entry the
// log holds with the verdict's seq.
func judgeIssue(rec GameRecord, r, prefix *replay.Replay, held *logs.Entry, v *replay.Verdict, row Equivocation) Issue {
	seq := v.Seq
	if v.Equivocation {
		fp := "?"
		if k := seatKey(prefix, v.Winner.By); k != "" {
			fp = keyFingerprint(k)
		}
		return Issue{Kind: IssueEquivocation, Seq: seq, Stuck: true,
			Short: fmt.Sprintf("EQUIVOCATION at entry %d by %s: see pbem status %s", seq, v.Winner.By, rec.ID),
			Text: fmt.Sprintf("EQUIVOCATION at entry %d: the key of seat %s (%s) signed two different entries %d of this log (the second came from %s, %s). "+
				"That is proof its holder showed different histories; the log keeps the first, but the game cannot safely go on until the players settle it.",
				seq, v.Winner.By, fp, seq, row.Source, row.Found.Format("2006-01-02 15:04"))}
	}
	race := Race{Seq: seq, Winner: v.Winner, Loser: v.Loser, Awaited: v.Awaited, names: seatNames(r)}
	if v.Winner != held {
		return Issue{Kind: IssueForked, Seq: seq, Stuck: true, other: v.Winner.Line,
			Short: fmt.Sprintf("FORKED at entry %d: run pbem repair %s", seq, rec.ID),
			Text: fmt.Sprintf("FORKED at %s. An older pbem kept the other entry here and called it an equivocation, which it was not. "+
				"Run 'pbem repair %s' (or 'pbem sync'): it puts the entry that stands in place and re-bases yours after it.", race.Words(rec.Seat), rec.ID)}
	}
	if r.LastBy(v.Loser.By) > seq {
		return Issue{} // its pbem has seen the winner since: settled
	}
	return Issue{Kind: IssueRaceWon, Seq: seq,
		Short: fmt.Sprintf("race at entry %d: waiting for %s's pbem to re-base its %s", seq, v.Loser.By, entryNoun(v.Loser)),
		Text: fmt.Sprintf("Race at %s. An older pbem recorded it as an equivocation; it was not one, and nothing is wrong here.",
			race.Words(rec.Seat))}
}

func seatKey(r *replay.Replay, seat string) string {
	for _, s := range r.Seats() {
		if s.Seat == seat {
			return s.Key
		}
	}
	return ""
}

// Stuck reports whether any issue stops the game from going on here.
func Stuck(issues []Issue) bool {
	for _, is := range issues {
		if is.Stuck {
			return true
		}
	}
	return false
}

// Repair puts right a game's log that an older pbem forked (IssueForked): for
// each such race, from the first, it imports the entry that stands as if it
// had just arrived, which withdraws this store's losing entries and re-bases
// this player's own after it. Both players may run it: on the side whose
// entry stands there is nothing to repair, and it says so.
func (a *App) Repair(ctx context.Context, game string) ([]*ImportReport, error) {
	var reps []*ImportReport
	for range 8 {
		rec, r, err := a.open(ctx, game)
		if err != nil {
			return reps, err
		}
		issues, err := a.Issues(ctx, rec, r)
		if err != nil {
			return reps, err
		}
		var fork *Issue
		for i := range issues {
			if issues[i].Kind == IssueForked && (fork == nil || issues[i].Seq < fork.Seq) {
				fork = &issues[i]
			}
		}
		if fork == nil {
			return reps, nil
		}
		// The entry that stands, imported as if it had just arrived.
		rep, err := a.Import(ctx, bytes.NewReader(fork.other), "repair")
		if err != nil {
			return reps, err
		}
		reps = append(reps, rep)
		if rep.Failed != nil {
			return reps, rep.Failed
		}
	}
	return reps, fmt.Errorf("game %s: still forked after 8 repairs", game)
}

// RepairAll repairs every game an older pbem forked, and queues the mail of
// those where this player has new entries (re-based ones, dice answers).
func (a *App) RepairAll(ctx context.Context) ([]*ImportReport, error) {
	games, err := a.Store.Games(ctx)
	if err != nil {
		return nil, err
	}
	var out []*ImportReport
	for _, g := range games {
		if n, err := a.Store.Equivocations(ctx, g.ID); err != nil || len(n) == 0 {
			if err != nil {
				return out, err
			}
			continue
		}
		reps, err := a.Repair(ctx, g.ID)
		out = append(out, reps...)
		if err != nil {
			return out, err
		}
		for _, rep := range reps {
			if rep.Changed() {
				if _, err := a.QueueHandOver(ctx, g.ID); err != nil {
					return out, err
				}
				break
			}
		}
	}
	return out, nil
}
