package pbem

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// importFile imports a file and fails the test on an equivocation or a
// refused entry: an honest race is neither.
func importFile(t *testing.T, to *App, file []byte) *ImportReport {
	t.Helper()
	rep, err := to.Import(context.Background(), bytes.NewReader(file), "race.pbem")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != nil || len(rep.Equivocations) > 0 {
		t.Fatalf("an honest race is neither refused nor an equivocation: %v %v", rep.Failed, rep.Equivocations)
	}
	return rep
}

// post appends an entry of kind to a game as app's player, failing the test if
// it is refused.
func post(t *testing.T, app *App, game string, kind logs.Kind, fill func(*logs.Body)) {
	t.Helper()
	if _, err := app.Post(context.Background(), game, kind, fill); err != nil {
		t.Fatal(err)
	}
}

func note(t *testing.T, app *App, game, text string) {
	t.Helper()
	post(t, app, game, logs.KindNote, func(b *logs.Body) { b.Text = text })
}

func do(t *testing.T, app *App, game string, commands ...string) {
	t.Helper()
	if _, err := app.Do(context.Background(), game, commands); err != nil {
		t.Fatal(err)
	}
}

// sameLogs checks that both players hold one log, that it verifies alone, and
// that neither store holds equivocation evidence.
func sameLogs(t *testing.T, game string, apps ...*App) *replay.Replay {
	t.Helper()
	r := sameLogsAllowingEvidence(t, game, apps...)
	for _, a := range apps {
		if eqs, _ := a.Store.Equivocations(context.Background(), game); len(eqs) != 0 {
			t.Fatalf("an honest race left equivocation evidence: %+v", eqs)
		}
	}
	return r
}

// Anna writes two notes while Jan moves: all three take seq 6. Jan's move
// stands (the game waited for him); Anna's pbem re-bases her notes after it
// on import, and the game goes on with no one doing anything.
func TestNotesCrossAMove(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	note(t, anna, game, "nice roll")
	note(t, anna, game, "your move")
	do(t, jan, game, "play 5/352 2512 to 2513")
	annaFile, janFile := exportLog(t, ctx, anna, game), exportLog(t, ctx, jan, game)
	importFile(t, jan, annaFile) // Jan's move stands: nothing to store yet
	importFile(t, anna, janFile) // Anna's pbem re-bases her notes as 7 and 8
	importFile(t, jan, exportLog(t, ctx, anna, game))
	r := sameLogs(t, game, anna, jan)
	if r.Len() != 9 {
		t.Fatalf("want 9 entries (the move, then both notes), have %d", r.Len())
	}
	if e := r.Entry(6); e.By != "german" || e.Kind != logs.KindAct {
		t.Fatalf("entry 6 is Jan's move, not %s's %s", e.By, e.Kind)
	}
	for i, text := range []string{"nice roll", "your move"} {
		if e := r.Entry(int64(7 + i)); e.Kind != logs.KindNote || e.Text != text || e.By != "allied" {
			t.Fatalf("entry %d is Anna's note %q, not %+v", 7+i, text, e.Body)
		}
	}
	// Play goes on.
	do(t, jan, game, "pass")
	importFile(t, anna, exportLog(t, context.Background(), jan, game))
	sameLogs(t, game, anna, jan)
}

// Anna's note crosses Jan's move that requests dice. Jan's pbem keeps its
// move and says why; Anna's pbem answers the dice request first (the log
// awaits it) and re-bases the note after her answer; Jan's pbem draws.
func TestNoteCrossesADiceRequest(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	note(t, anna, game, "good luck")
	do(t, jan, game, "roll 2d6 for the river crossing")
	rep := importFile(t, jan, exportLog(t, ctx, anna, game))
	if len(rep.Races) != 1 || len(rep.Added) != 0 || len(rep.Rebased) != 0 {
		t.Fatalf("jan's pbem keeps its move and adds nothing: %+v", rep)
	}
	if w := rep.Races[0].Words("german"); !strings.Contains(w, "anna's note crossed your move; your move stands (the game waited for you)") ||
		!strings.Contains(w, "anna's pbem re-bases the note") {
		t.Fatalf("jan is told in words: %s", w)
	}
	rep = importFile(t, anna, exportLog(t, ctx, jan, game))
	if len(rep.Answered) != 1 || rep.Answered[0].Entry.Seq != 7 || rep.Answered[0].Entry.Epoch == 0 {
		t.Fatalf("anna's pbem answers the request as entry 7: %+v", rep.Answered)
	}
	if len(rep.Rebased) != 1 || rep.Rebased[0].New == nil || rep.Rebased[0].New.Entry.Seq != 8 {
		t.Fatalf("anna's note follows as entry 8: %+v", rep.Rebased)
	}
	if w := rep.Rebased[0].Words(); w != "your note (entry 6) crossed jan's move; it now follows it as entry 8" {
		t.Fatalf("anna is told in words: %q", w)
	}
	if !rep.Changed() {
		t.Fatal("anna has entries to send")
	}
	withdrawn, _ := anna.Store.Withdrawn(ctx, game)
	if len(withdrawn) != 1 || withdrawn[0].Seq != 6 || !strings.Contains(withdrawn[0].Reason, "re-based as entry 8") {
		t.Fatalf("the superseded line is kept, with why: %+v", withdrawn)
	}
	rep = importFile(t, jan, exportLog(t, ctx, anna, game))
	if len(rep.Added) != 2 || len(rep.Answered) != 1 || len(rep.Answered[0].Entry.Draws) != 1 {
		t.Fatalf("jan's pbem takes the answer and the note and draws: %+v", rep)
	}
	importFile(t, anna, exportLog(t, ctx, jan, game))
	r := sameLogs(t, game, anna, jan)
	if r.Len() != 10 || r.Entry(8).Text != "good luck" {
		t.Fatalf("10 entries with the note at 8, have %d", r.Len())
	}
}

// What the log no longer allows is dropped and the player told, never lost
// silently: an agreement to a takeback that lapsed because play went on, a
// takeback proposal while dice are awaited, a resignation after the game
// ended.
func TestRaceDropsWhatCannotFollow(t *testing.T) {
	ctx := context.Background()
	t.Run("agree after play went on", func(t *testing.T) {
		anna, jan, game := started(t)
		post(t, jan, game, logs.KindTakeback, func(b *logs.Body) { b.To = 4 })
		importFile(t, anna, exportLog(t, ctx, jan, game))
		post(t, anna, game, logs.KindAgree, func(b *logs.Body) { b.To = 4 })
		do(t, jan, game, "play on")
		rep := importFile(t, anna, exportLog(t, ctx, jan, game))
		wantDropped(t, rep, "no takeback to 4 is proposed")
		importFile(t, jan, exportLog(t, ctx, anna, game))
		if r := sameLogs(t, game, anna, jan); r.Len() != 8 {
			t.Fatalf("the log holds jan's proposal and move, not the agreement: %d entries", r.Len())
		}
	})
	t.Run("takeback while dice are awaited", func(t *testing.T) {
		anna, jan, game := started(t)
		post(t, anna, game, logs.KindTakeback, func(b *logs.Body) { b.To = 4 })
		do(t, jan, game, "roll 1d6 for the bridge")
		rep := importFile(t, anna, exportLog(t, ctx, jan, game))
		wantDropped(t, rep, "takeback while dice are awaited")
		if len(rep.Answered) != 1 {
			t.Fatalf("the dice answer is made all the same: %+v", rep.Answered)
		}
	})
	t.Run("resign after the game ended", func(t *testing.T) {
		anna, jan, game := started(t)
		post(t, anna, game, logs.KindResign, func(*logs.Body) {})
		post(t, jan, game, logs.KindResign, func(*logs.Body) {})
		rep := importFile(t, anna, exportLog(t, ctx, jan, game))
		wantDropped(t, rep, "the game ended first")
		r := sameLogs(t, game, anna, jan)
		if r.Resigned() != "german" {
			t.Fatalf("jan's resignation, awaited, stands: %q", r.Resigned())
		}
	})
}

func wantDropped(t *testing.T, rep *ImportReport, why string) {
	t.Helper()
	if len(rep.Rebased) != 1 || rep.Rebased[0].New != nil || !strings.Contains(rep.Rebased[0].Dropped, why) {
		t.Fatalf("want the entry dropped because %s: %+v", why, rep.Rebased)
	}
	if w := rep.Rebased[0].Words(); !strings.Contains(w, "cannot follow it: ") || !strings.Contains(w, "It is dropped") {
		t.Fatalf("the player is told: %q", w)
	}
}

// Three seats: while the British seat is awaited, the two others write notes
// at once. Neither was awaited, so the seat first in the invite (american)
// wins; patton's pbem re-bases its note, and the British player's store,
// which held patton's note first, gives it up for american's. Every store
// ends with the same log.
func TestThreeSeatsRace(t *testing.T) {
	ctx := context.Background()
	names, seats := []string{"anna", "ben", "cleo"}, []string{"british", "american", "patton"}
	apps := make([]*App, 3)
	for i, n := range names {
		apps[i] = newTestApp(t, n, n+"@example.org")
	}
	_, rec, err := apps[0].New(ctx, NewGame{Name: "rhine", Rules: "freeplay", Scenario: "three-player", Seat: "british"})
	if err != nil {
		t.Fatal(err)
	}
	game := rec.ID
	for i := 1; i < 3; i++ {
		syncAll(t, apps, game)
		if _, err := apps[i].Join(ctx, game, seats[i]); err != nil {
			t.Fatal(err)
		}
	}
	syncAll(t, apps, game)
	anna, ben, cleo := apps[0], apps[1], apps[2]
	note(t, ben, game, "american here")
	note(t, cleo, game, "patton here")
	benFile, cleoFile := exportLog(t, ctx, ben, game), exportLog(t, ctx, cleo, game)
	importFile(t, anna, cleoFile) // anna stores patton's note first
	if rep := importFile(t, anna, benFile); len(rep.Races) != 1 || len(rep.Rebased) != 0 || len(rep.Added) != 1 {
		t.Fatalf("anna's store takes american's note in place of patton's: %+v", rep)
	}
	if rep := importFile(t, ben, cleoFile); len(rep.Races) != 1 || len(rep.Added) != 0 {
		t.Fatalf("ben's note stands: %+v", rep)
	}
	rep := importFile(t, cleo, benFile)
	if len(rep.Rebased) != 1 || rep.Rebased[0].New == nil || rep.Races[0].Awaited {
		t.Fatalf("cleo's pbem re-bases her note: %+v", rep)
	}
	syncAll(t, apps, game)
	r := sameLogs(t, game, anna, ben, cleo)
	n := r.Len()
	if r.Entry(int64(n-2)).By != "american" || r.Entry(int64(n-1)).By != "patton" {
		t.Fatalf("american's note, then patton's: %s, %s", r.Entry(int64(n-2)).By, r.Entry(int64(n-1)).By)
	}
	if w, _ := anna.Store.Withdrawn(ctx, game); len(w) != 1 || !strings.Contains(w[0].Reason, "patton's pbem re-bases it") {
		t.Fatalf("anna's store keeps patton's first note, with why: %+v", w)
	}
}

// Over mail: Anna's note crosses Jan's move. Anna's sync re-bases the note and
// mails it with no one asking; Jan's sync takes it. Nobody does anything.
func TestRaceOverMail(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)
	do(t, anna, game, "pass")
	mustSend(t, ctx, anna, game)
	mustSync(t, ctx, jan)
	do(t, jan, game, "play 21st Panzer to Caen")
	note(t, anna, game, "your move, Jan")
	mustSend(t, ctx, jan, game)
	mustSend(t, ctx, anna, game)

	rep := mustSync(t, ctx, anna)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Rebased) != 1 || len(rep.Messages[0].Queued) != 1 ||
		rep.Flush == nil || len(rep.Flush.Sent) != 1 {
		t.Fatalf("anna's sync re-bases her note and mails it: %+v", rep.Messages)
	}
	rep = mustSync(t, ctx, jan)
	if len(rep.Messages) != 2 || len(rep.Messages[0].Import.Races) != 1 || len(rep.Messages[1].Import.Added) != 1 {
		t.Fatalf("jan's sync meets the race, then takes the re-based note: %+v", rep.Messages)
	}
	for _, g := range rep.Games {
		if !g.Yours {
			t.Fatalf("it is jan's turn: %+v", g)
		}
	}
	sameLogs(t, game, anna, jan)
}

// forkLikeAnOlderPbem records, as pbem before races did, the other store's
// entry with the seq of one's own as equivocation evidence, unchecked.
func forkLikeAnOlderPbem(t *testing.T, app *App, game string, received []byte) {
	t.Helper()
	e, err := logs.ParseLine(received)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := app.Store.Lines(context.Background(), game)
	if err := app.Store.Update(context.Background(), func(tx *StoreTx) error {
		_, err := tx.RecordEquivocation(context.Background(), Equivocation{Game: game, Seq: e.Seq, Stored: stored[e.Seq],
			Received: received, Source: "mail <old@example.org>"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func lineAt(t *testing.T, app *App, game string, seq int64) []byte {
	t.Helper()
	lines, err := app.Store.Lines(context.Background(), game)
	if err != nil || int64(len(lines)) <= seq {
		t.Fatalf("no entry %d: %v", seq, err)
	}
	return lines[seq]
}

func issuesOf(t *testing.T, app *App, game string) []Issue {
	t.Helper()
	rec, r, err := app.Status(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	issues, err := app.Issues(context.Background(), rec, r)
	if err != nil {
		t.Fatal(err)
	}
	return issues
}

// A game forked by an older pbem: Anna's note and Jan's move took entry 6, each
// store kept its own and filed the other as an equivocation, and both went on
// (Jan passed, Anna wrote another note). The stores say so first, in words:
// Anna's is stuck until repaired, Jan's is not. Both run 'pbem repair'; Jan's
// has nothing to do; Anna's re-bases her notes; the game goes on.
func TestRepairForkedByAnOlderPbem(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	note(t, anna, game, "first thought")
	do(t, jan, game, "play the crossing")
	forkLikeAnOlderPbem(t, anna, game, lineAt(t, jan, game, 6))
	forkLikeAnOlderPbem(t, jan, game, lineAt(t, anna, game, 6))
	do(t, jan, game, "pass")
	note(t, anna, game, "second thought")

	ai, ji := issuesOf(t, anna, game), issuesOf(t, jan, game)
	if len(ai) != 1 || ai[0].Kind != IssueForked || !ai[0].Stuck || ai[0].Seq != 6 ||
		!strings.Contains(ai[0].Text, "your note crossed jan's move") || !strings.Contains(ai[0].Text, "pbem repair "+game) {
		t.Fatalf("anna's store is forked at 6 and says what to do: %+v", ai)
	}
	if len(ji) != 1 || ji[0].Kind != IssueRaceWon || ji[0].Stuck || !strings.Contains(ji[0].Text, "your move stands") {
		t.Fatalf("jan's store holds the entry that stands: %+v", ji)
	}
	if reps, err := jan.Repair(ctx, game); err != nil || len(reps) != 0 {
		t.Fatalf("jan has nothing to repair: %v %v", reps, err)
	}
	reps, err := anna.Repair(ctx, game)
	if err != nil || len(reps) != 1 || len(reps[0].Rebased) != 2 || reps[0].Rebased[1].New == nil {
		t.Fatalf("anna's repair re-bases both notes: %+v %v", reps, err)
	}
	if is := issuesOf(t, anna, game); len(is) != 0 {
		t.Fatalf("anna's store is repaired: %+v", is)
	}
	// The files cross again: Jan's pass stands at 7, Anna's notes follow it.
	importFile(t, jan, exportLog(t, ctx, anna, game))
	importFile(t, anna, exportLog(t, ctx, jan, game))
	importFile(t, jan, exportLog(t, ctx, anna, game))
	if is := issuesOf(t, jan, game); len(is) != 0 {
		t.Fatalf("jan's store has nothing to report once anna's notes are in: %+v", is)
	}
	r := sameLogsAllowingEvidence(t, game, anna, jan)
	if r.Len() != 10 || r.Entry(7).Kind != logs.KindAct || r.Entry(8).Text != "first thought" || r.Entry(9).Text != "second thought" {
		t.Fatalf("jan's move and pass, then anna's two notes: %d entries", r.Len())
	}
	if _, err := anna.Do(ctx, game, []string{"play on"}); err != nil {
		t.Fatalf("the game goes on: %v", err)
	}
}

// sameLogsAllowingEvidence is sameLogs for stores that an older pbem left with
// evidence rows.
func sameLogsAllowingEvidence(t *testing.T, game string, apps ...*App) *replay.Replay {
	t.Helper()
	first := heldLog(t, game, apps...)
	rep := replay.Verify(bytes.NewReader(first), apps[0].Load)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	// Verify keeps only the last entry; the tests look at every one.
	r, err := replayLines(game, splitLines(first), apps[0].Load)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The next import of the winner's log puts a forked store right by itself.
func TestForkedStoreRepairedByImport(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	note(t, anna, game, "first thought")
	do(t, jan, game, "play the crossing")
	forkLikeAnOlderPbem(t, anna, game, lineAt(t, jan, game, 6))
	rep := importFile(t, anna, exportLog(t, ctx, jan, game))
	if len(rep.Rebased) != 1 || rep.Rebased[0].New == nil {
		t.Fatalf("anna's note is re-based: %+v", rep)
	}
	if is := issuesOf(t, anna, game); len(is) != 0 {
		t.Fatalf("nothing left to report: %+v", is)
	}
}
