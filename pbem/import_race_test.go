package pbem

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// A kept state made on entries that a race then takes out of the log is never
// used (docs/log.md, Races): the withdrawal forgets it, and were it kept all
// the same (put back here, as a pbem that did not forget it would leave it),
// the stored lines no longer hash to its digest, and the game is replayed
// whole instead.
func TestRaceForgetsTheWithdrawnTailsKeptState(t *testing.T) {
	ctx := context.Background()
	anna, jan, game := started(t)
	note(t, anna, game, "first thought")
	note(t, anna, game, "second thought")
	stale, ok, err := anna.Store.LatestSnapshot(ctx, game, math.MaxInt64)
	if err != nil || !ok || stale.Seq != 7 {
		t.Fatalf("anna's pbem keeps the state after her notes, 6 and 7: %+v %v %v", stale, ok, err)
	}
	do(t, jan, game, "play the crossing")
	rep := importFile(t, anna, exportLog(t, ctx, jan, game))
	if len(rep.Rebased) != 2 || rep.Rebased[1].New == nil || rep.Rebased[1].New.Entry.Seq != 8 {
		t.Fatalf("anna's notes follow jan's move as 7 and 8: %+v", rep.Rebased)
	}
	if sn, ok, err := anna.Store.LatestSnapshot(ctx, game, 7); err != nil || ok && sn.Seq >= 6 {
		t.Fatalf("a kept state after entry %d survives the withdrawal of entries 6 and 7 (%v)", sn.Seq, err)
	}
	if sn, ok, err := anna.Store.LatestSnapshot(ctx, game, math.MaxInt64); err != nil || !ok || sn.Seq != 8 {
		t.Fatalf("the import keeps the state of the log it leaves: %+v %v", sn, err)
	}

	if _, err := anna.Store.db.ExecContext(ctx, `INSERT INTO snapshots (game, seq, by, digest, sum, data, made) VALUES (?, ?, ?, ?, ?, ?, '')`,
		stale.Game, stale.Seq, stale.By, stale.Digest, stale.Sum, stale.Data); err != nil {
		t.Fatal(err)
	}
	msgs := debugLog(anna)
	o, err := anna.loadReplay(ctx, anna.Store.storeReader, game, 8) // the newest state before 8: the stale one
	if err != nil {
		t.Fatal(err)
	}
	if o.from != nil || !o.misfit || len(*msgs) == 0 || !strings.Contains((*msgs)[0], "the stored lines 0 to 7 hash to") {
		t.Fatalf("the stale state is used (from %+v), or not said (%q)", o.from, *msgs)
	}
	whole, err := anna.replayWhole(ctx, anna.Store.storeReader, game, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	sameReplay(t, o.r, whole.r)
}

// Jan's move crosses Anna's note and is followed, in the same file, by more
// than a batch of notes: the batch is written before the import ends, so
// Anna's note leaves the log (saying that her pbem re-bases it) before it is
// re-based, after everything.
func TestRaceBeforeMoreThanABatch(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a megabyte of notes")
	}
	ctx := context.Background()
	anna, jan, game := started(t)
	note(t, anna, game, "over to you")
	do(t, jan, game, "play the crossing")
	text := strings.Repeat("a long letter ", 1000)
	notes := importBatch/len(text) + 2
	for range notes {
		note(t, jan, game, text)
	}
	rep := importFile(t, anna, exportLog(t, ctx, jan, game))
	want := int64(6 + 1 + notes)
	if len(rep.Rebased) != 1 || rep.Rebased[0].New == nil || rep.Rebased[0].New.Entry.Seq != want || rep.AddedCount() != 1+notes {
		t.Fatalf("anna's note follows jan's move and %d notes as entry %d; added %d: %+v", notes, want, rep.AddedCount(), rep.Rebased)
	}
	withdrawn, _ := anna.Store.Withdrawn(ctx, game)
	if len(withdrawn) != 1 || withdrawn[0].Seq != 6 || !strings.Contains(withdrawn[0].Reason, "allied's pbem re-bases it") {
		t.Fatalf("the note is kept apart, with why: %+v", withdrawn)
	}
	importFile(t, jan, exportLog(t, ctx, anna, game))
	if r := sameLogs(t, game, anna, jan); r.Entry(want).Text != "over to you" {
		t.Fatalf("entry %d is not anna's note", want)
	}
}

// A hand-over carries the log its summary and headers were made from: the
// lines up to the replay's last entry, and only while they are still the
// ones it folded (the replay and the lines are read apart, and a race may
// take lines out of the log between the two).
func TestHandOverLogIsTheOneFolded(t *testing.T) {
	ctx := context.Background()
	anna, jan, game := started(t)
	note(t, anna, game, "first thought")
	_, r, err := anna.Status(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	folded := exportLog(t, ctx, anna, game)
	note(t, anna, game, "second thought")
	if log, err := anna.storedLog(ctx, game, r); err != nil || string(log) != string(folded) {
		t.Fatalf("the log up to entry 6, as folded: %v\n%s", err, log)
	}
	do(t, jan, game, "play the crossing")
	importFile(t, anna, exportLog(t, ctx, jan, game)) // entry 6 is jan's now
	if _, err := anna.storedLog(ctx, game, r); !errors.Is(err, errChangedMeanwhile) {
		t.Fatalf("a log that changed under the replay: %v", err)
	}
	if q, err := anna.QueueHandOver(ctx, game); err != nil || len(q) != 1 || q[0].Seq != 8 {
		t.Fatalf("the hand-over of the log as it stands: %+v %v", q, err)
	}
}
