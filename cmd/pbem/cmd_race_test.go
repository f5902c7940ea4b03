package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
)

// annaAndJan makes two homes in dir, each with an identity (newPlayer), and
// their public keys in dir/anna.pub and dir/jan.pub.
func annaAndJan(t *testing.T) (dir, anna, jan string) {
	t.Helper()
	dir = t.TempDir()
	anna, _ = newPlayer(t, dir, "Anna", "anna@example.org")
	jan, _ = newPlayer(t, dir, "Jan", "jan@example.org")
	return dir, anna, jan
}

// duelOverFiles starts a strict freeplay game between Anna (allied) and Jan
// (german) over files and passes Anna's turn: it is Jan's, and the log holds
// entries 0 to 2. hand exports from's log and imports it at to.
func duelOverFiles(t *testing.T) (anna, jan, id string, hand func(from, to string) string) {
	dir, anna, jan := annaAndJan(t)
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"), "--opponent-email", "jan@example.org")
	id = regexp.MustCompile(`duel-[0-9a-f]+`).FindString(out)
	hand = func(from, to string) string {
		t.Helper()
		out, _ := pbemIn(t, to, pbemOK(t, from, "", "export", id, "-o", "-"), "import", "-")
		return out
	}
	hand(anna, jan)
	pbemOK(t, jan, "", "join", id)
	hand(jan, anna)
	pbemOK(t, anna, "", "do", id, "pass")
	hand(anna, jan)
	return anna, jan, id, hand
}

// A note crossing a move, over files: both players are told in words, and
// the game goes on.
func TestRaceTold(t *testing.T) {
	anna, jan, id, hand := duelOverFiles(t)
	pbemOK(t, anna, "", "note", id, "good luck")
	pbemOK(t, jan, "", "do", id, "play the crossing")
	wantIn(t, "jan's import of the note", hand(anna, jan),
		"race at entry 3: Anna's note crossed your move; your move stands (the game waited for you); Anna's pbem re-bases the note after it")
	out := hand(jan, anna)
	wantIn(t, "anna's import of the move", out, "your note (entry 3) crossed Jan's move; it now follows it as entry 4", "#4 ")
	if strings.Contains(out, "EQUIVOCATION") {
		t.Fatalf("a race is no equivocation:\n%s", out)
	}
	wantIn(t, "jan's import of the re-based note", hand(anna, jan), "1 new entries", "your turn")
}

// withStore runs fn on a player's store, as an older pbem would have written it.
func withStore(t *testing.T, home string, fn func(app *pbem.App)) {
	t.Helper()
	t.Setenv("PBEM_HOME", home)
	h, err := pbem.FindHome()
	if err != nil {
		t.Fatal(err)
	}
	app, err := pbem.Open(h, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	fn(app)
}

// fileAsEquivocation records line as evidence against the stored entry with
// its seq, unchecked, as pbem did before races were told apart.
func fileAsEquivocation(t *testing.T, home, game string, line []byte) {
	t.Helper()
	withStore(t, home, func(app *pbem.App) {
		e, err := logs.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := app.Store.Lines(context.Background(), game)
		if err := app.Store.Update(context.Background(), func(tx *pbem.StoreTx) error {
			_, err := tx.RecordEquivocation(context.Background(), pbem.Equivocation{Game: game, Seq: e.Seq,
				Stored: stored[e.Seq], Received: line, Source: "an older pbem"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
	})
}

func entryLine(t *testing.T, home, game string, seq int) []byte {
	t.Helper()
	out := pbemOK(t, home, "", "export", game, "-o", "-")
	return []byte(strings.SplitAfter(out, "\n")[seq])
}

// A game an older pbem forked: status and games say so first, in words, and
// never "your turn"; both players run 'pbem repair', and the game goes on.
func TestForkedGameShownFirstAndRepaired(t *testing.T) {
	anna, jan, id, hand := duelOverFiles(t)
	pbemOK(t, anna, "", "note", id, "good luck")
	pbemOK(t, jan, "", "do", id, "play the crossing")
	fileAsEquivocation(t, anna, id, entryLine(t, jan, id, 3))
	fileAsEquivocation(t, jan, id, entryLine(t, anna, id, 3))

	out := pbemOK(t, anna, "", "status", id)
	if !strings.HasPrefix(out, "FORKED at entry 3: your note crossed Jan's move; Jan's move stands") {
		t.Fatalf("anna's status starts with the fork:\n%s", out)
	}
	wantIn(t, "anna's status", out, "pbem repair "+id, "stuck: FORKED at entry 3")
	if strings.Contains(out, "your turn") || strings.Contains(out, "EQUIVOCATION") {
		t.Fatalf("a forked game is nobody's turn, and no equivocation:\n%s", out)
	}
	wantIn(t, "anna's games", pbemOK(t, anna, "", "games"), "FORKED at entry 3: run pbem repair "+id)
	out = pbemOK(t, jan, "", "status", id)
	if !strings.HasPrefix(out, "Race at entry 3: Anna's note crossed your move; your move stands") || !strings.Contains(out, "your turn") {
		t.Fatalf("jan's status tells of the race first, and it is his turn:\n%s", out)
	}
	wantIn(t, "jan's games", pbemOK(t, jan, "", "games"), "race at entry 3: waiting for allied's pbem to re-base its note; german to act")

	wantIn(t, "jan's repair", pbemOK(t, jan, "", "repair", id), "nothing to repair")
	wantIn(t, "anna's repair", pbemOK(t, anna, "", "repair", id), "your note (entry 3) crossed Jan's move; it now follows it as entry 4")
	if out := pbemOK(t, anna, "", "status", id); strings.Contains(out, "FORKED") || strings.Contains(out, "stuck") {
		t.Fatalf("anna's game is repaired:\n%s", out)
	}
	hand(anna, jan)
	out = pbemOK(t, jan, "", "status", id)
	if strings.Contains(out, "Race at") || !strings.Contains(out, "your turn") {
		t.Fatalf("jan's game has nothing left to report:\n%s", out)
	}
	pbemOK(t, jan, "", "do", id, "pass")
	hand(jan, anna)
	wantIn(t, "anna's status", pbemOK(t, anna, "", "status", id), "your turn")
}

// A real equivocation is shown first, and the game is stuck.
func TestEquivocationShownFirst(t *testing.T) {
	anna, jan, id, _ := duelOverFiles(t)
	pbemOK(t, jan, "", "do", id, "play the crossing")
	move := entryLine(t, jan, id, 3)
	withStore(t, jan, func(app *pbem.App) {
		// Jan's second version of entry 3, signed by his key.
		id2, err := app.Identity()
		if err != nil {
			t.Fatal(err)
		}
		e, _ := logs.ParseLine(move)
		b := e.Body
		b.Kind, b.Commands, b.Text = logs.KindNote, nil, "a note instead"
		other, err := logs.SignBody(id2.Signer(), &b)
		if err != nil {
			t.Fatal(err)
		}
		file := pbemOK(t, anna, "", "export", id, "-o", "-")
		t.Setenv("PBEM_HOME", anna)
		out, _ := pbemIn(t, anna, file+string(move), "import", "-")
		wantIn(t, "the move", out, "1 new entries")
		out, _ = pbemIn(t, anna, file+string(other.Line), "import", "-")
		wantIn(t, "the second version", out, "EQUIVOCATION")
	})
	out, _ := pbemIn(t, anna, "", "status", id)
	if !strings.HasPrefix(out, "EQUIVOCATION at entry 3: the key of seat german") || !strings.Contains(out, "stuck: EQUIVOCATION") ||
		strings.Contains(out, "your turn") || strings.Contains(out, "waiting:") {
		t.Fatalf("the equivocation comes first and the game is stuck:\n%s", out)
	}
	out, _ = pbemIn(t, anna, "", "games")
	wantIn(t, "anna's games", out, "EQUIVOCATION at entry 3 by german")
}
