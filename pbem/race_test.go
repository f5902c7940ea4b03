package pbem

import (
	"bytes"
	"context"
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

func note(t *testing.T, app *App, game, text string) {
	t.Helper()
	if _, err := app.Post(context.Background(), game, logs.KindNote, func(b *logs.Body) { b.Text = text }); err != nil {
		t.Fatal(err)
	}
}

// sameLogs checks that both players hold one log, that it verifies alone, and
// that neither store holds equivocation evidence.
func sameLogs(t *testing.T, game string, apps ...*App) *replay.Replay {
	t.Helper()
	ctx := context.Background()
	first := exportLog(t, ctx, apps[0], game)
	for _, a := range apps[1:] {
		if other := exportLog(t, context.Background(), a, game); !bytes.Equal(first, other) {
			t.Fatalf("the players hold different logs:\n%s\n----\n%s", first, other)
		}
	}
	rep := replay.Verify(bytes.NewReader(first), apps[0].Load)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	for _, a := range apps {
		if eqs, _ := a.Store.Equivocations(ctx, game); len(eqs) != 0 {
			t.Fatalf("an honest race left equivocation evidence: %+v", eqs)
		}
	}
	return rep.Replay
}

// Anna writes two notes while Jan moves: all three take seq 6. Jan's move
// stands (the game waited for him); Anna's pbem re-bases her notes after it
// on import, and the game goes on with no one doing anything.
func TestNotesCrossAMove(t *testing.T) {
	anna, jan, game := started(t)
	ctx := context.Background()
	note(t, anna, game, "nice roll")
	note(t, anna, game, "your move")
	if _, err := jan.Do(ctx, game, []string{"play 5/352 2512 to 2513"}); err != nil {
		t.Fatal(err)
	}
	annaFile, janFile := exportLog(t, context.Background(), anna, game), exportLog(t, context.Background(), jan, game)
	importFile(t, jan, annaFile) // Jan's move stands: nothing to store yet
	importFile(t, anna, janFile) // Anna's pbem re-bases her notes as 7 and 8
	importFile(t, jan, exportLog(t, context.Background(), anna, game))
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
	if _, err := jan.Do(ctx, game, []string{"pass"}); err != nil {
		t.Fatal(err)
	}
	importFile(t, anna, exportLog(t, context.Background(), jan, game))
	sameLogs(t, game, anna, jan)
}
