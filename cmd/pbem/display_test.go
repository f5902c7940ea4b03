package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
)

// A hostile opponent's client controls every byte of its entries. Its name,
// its mail address (also its key's comment) and its note try to draw on the
// victim's terminal: clear the screen, print a fake entry and a green fake
// "verified ok" line, and reverse text with a bidi override.
const (
	hostileName = "Jan\x1b[2J\x1b[H\u009b31m"
	hostileMail = "jan\u202egro.elpmaxe@example.org"
	hostileNote = "gg\n#9 2026-06-06T07:00:00Z allied act\n    > pass\n\x1b[32mduel.pbem: ok: verified\x1b[0m\r\u2066\u200b"
)

// displaySafe fails the test when out holds a control character other than
// pbem's own newlines, a C1 control, an invisible format character, bytes
// that are not UTF-8, or a line that starts the way the hostile note's fake
// lines do.
func displaySafe(t *testing.T, what, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("%s: output is not UTF-8: %q", what, out)
	}
	for _, r := range out {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r < 0xa0) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
			t.Errorf("%s: output holds %U:\n%q", what, r, out)
			return
		}
	}
	for _, line := range strings.Split(out, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "#9 2026-06-06T07:00:00Z") || strings.HasPrefix(l, "duel.pbem: ok") {
			t.Errorf("%s: the note printed a fake line %q:\n%s", what, line, out)
		}
	}
}

// hostileGame has jan, with a hostile identity, join anna's game and write the
// hostile note; it returns anna's and jan's homes, the game id, and the file
// jan sends back.
func hostileGame(t *testing.T) (anna, jan, id, file string) {
	dir := t.TempDir()
	anna, jan = filepath.Join(dir, "anna"), filepath.Join(dir, "jan")
	pbemOK(t, anna, "", "id", "new", "--name", "Anna", "--email", "anna@example.org")
	pbemOK(t, jan, "", "id", "new", "--name", hostileName, "--email", hostileMail)
	pub := strings.Split(pbemOK(t, jan, "", "id", "show"), "\n")[1]
	if err := os.WriteFile(filepath.Join(dir, "jan.pub"), []byte(pub+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"))
	id = regexp.MustCompile(`duel-[0-9a-f]+`).FindString(out)
	pbemOK(t, jan, pbemOK(t, anna, "", "export", id, "-o", "-"), "import", "-")
	pbemOK(t, jan, "", "join", id)
	pbemOK(t, jan, "", "note", id, hostileNote)
	file = filepath.Join(dir, "reply.pbem")
	pbemOK(t, jan, "", "export", id, "-o", file)
	return anna, jan, id, file
}

// Every command that prints what came from a log shows the hostile entries
// escaped: import, status, games, log, verify.
func TestHostileEntriesPrintEscaped(t *testing.T) {
	anna, _, id, file := hostileGame(t)
	imp := pbemOK(t, anna, "", "import", file)
	displaySafe(t, "import", imp)
	// The note is there, visibly: escaped, not dropped.
	wantIn(t, "import", imp, `german notes: gg\n#9 2026-06-06T07:00:00Z allied act\n    > pass\n\x1b[32mduel.pbem: ok: verified\x1b[0m\r\u2066\u200b`,
		`Jan\x1b[2J\x1b[H\u009b31m joins as german`)
	st := pbemOK(t, anna, "", "status", id)
	displaySafe(t, "status", st)
	wantIn(t, "status", st, `Jan\x1b[2J\x1b[H\u009b31m <jan\u202egro.elpmaxe@example.org>`)
	displaySafe(t, "games", pbemOK(t, anna, "", "games"))
	lg := pbemOK(t, anna, "", "log", file)
	displaySafe(t, "log", lg)
	wantIn(t, "log", lg, `= german notes: gg\n#9`)
	v := pbemOK(t, anna, "", "verify", file)
	displaySafe(t, "verify", v)
	wantIn(t, "verify", v, `german jan\u202egro.elpmaxe@example.org`)
}

// An entry that fails quotes received text in its error: verify's problems,
// import's rejection and the error pbem exits with are escaped as well.
func TestHostileErrorsPrintEscaped(t *testing.T) {
	anna, _, id, _ := hostileGame(t)
	home := pbem.Home{Config: anna, Data: anna}
	app, err := pbem.Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if _, _, err := app.Export(t.Context(), id, &log); err != nil {
		t.Fatal(err)
	}
	idt, err := app.Identity()
	if err != nil {
		t.Fatal(err)
	}
	app.Close()
	// Anna's own key re-signs an invite naming a rules version with a fake
	// line in it, as a hostile inviter's client would.
	inv, err := logs.ParseLine(bytes.SplitAfter(log.Bytes(), []byte("\n"))[0])
	if err != nil {
		t.Fatal(err)
	}
	b := inv.Body
	b.Engine = "freeplay/1\n\x1b[32mduel.pbem: ok: verified\x1b[0m"
	bad, err := logs.SignBody(idt.Signer(), &b)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "bad.pbem")
	if err := os.WriteFile(file, bad.Line, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := pbemIn(t, anna, "", "verify", file)
	if !errors.Is(err, errFailed) {
		t.Fatalf("verify of the bad invite: %v\n%s", err, out)
	}
	displaySafe(t, "verify", out)
	wantIn(t, "verify", out, `freeplay/1\n\x1b[32mduel.pbem: ok: verified\x1b[0m`)
	out, err = pbemIn(t, t.TempDir(), "", "log", file)
	if err == nil {
		t.Fatal("log of the bad invite succeeded")
	}
	displaySafe(t, "log", out)

	// import fails with an error; main prints it escaped.
	fresh := filepath.Join(t.TempDir(), "fresh")
	pbemOK(t, fresh, "", "id", "new", "--name", "Bob", "--email", "bob@example.org")
	_, err = pbemIn(t, fresh, "", "import", file)
	if err == nil {
		t.Fatal("import of the bad invite succeeded")
	}
	var printed bytes.Buffer
	printError(&printed, err)
	displaySafe(t, "import error", printed.String())
	if strings.Count(printed.String(), "\n") != 1 {
		t.Errorf("the error took more than one line:\n%s", printed.String())
	}
	// A hint stays on a line of its own.
	printed.Reset()
	printError(&printed, &hintError{errors.New("entry 3: \x1b[31mno\x1b[0m"), "not your turn: waiting for german\n\x1b[2J"})
	if got, want := printed.String(), "pbem: entry 3: \\x1b[31mno\\x1b[0m\nnot your turn: waiting for german\\n\\x1b[2J\n"; got != want {
		t.Errorf("printError:\n got %q\nwant %q", got, want)
	}
}

// sync and serve print each message's import, the mail's own headers and its
// problem through printSync: all escaped.
func TestHostileSyncReportPrintsEscaped(t *testing.T) {
	anna, _, _, file := hostileGame(t)
	t.Setenv("PBEM_HOME", anna)
	err := withApp(func(app *pbem.App) error {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		ir, err := app.Import(t.Context(), f, "mail <x@y>")
		if err != nil {
			return err
		}
		rep := &pbem.SyncReport{Mailbox: "INBOX", Messages: []pbem.SyncedMessage{
			{UID: 7, MessageID: "m@evil", Game: ir.Game, Import: ir},
			{UID: 8, MessageID: "id\x1b]0;pwned\x07@evil", Problem: errors.New("entry 2: note \"\n\x1b[32mok\x1b[0m\"")},
		}}
		games, err := app.Store.Games(t.Context())
		if err != nil {
			return err
		}
		_, r, err := app.Status(t.Context(), games[0].ID)
		if err != nil {
			return err
		}
		rep.Games = []pbem.GameWaiting{{Game: games[0], Waiting: r.Waiting(), Hint: "pbem do x\x1b[8m"}}
		var out bytes.Buffer
		cmd := &cobra.Command{}
		cmd.SetContext(t.Context())
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		if !printSync(cmd, app, rep) {
			t.Error("printSync did not report the failed message")
		}
		displaySafe(t, "sync", out.String())
		wantIn(t, "sync", out.String(), `german notes: gg\n#9`, `message id\x1b]0;pwned\x07@evil`, `note "\n\x1b[32mok\x1b[0m"`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A game's id is the inviter's to choose, so it is received text too: a
// hostile inviter's id is printed escaped where a game is named, by 'pbem
// status' of a stuck game (the "stuck:" line) and by 'pbem repair'.
func TestHostileGameIDPrintsEscaped(t *testing.T) {
	dir := t.TempDir()
	anna, _ := newPlayer(t, dir, "Anna", "anna@example.org")
	jan, pub := newPlayer(t, dir, "Jan", "jan@example.org")
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied", "--opponent-key", pub)
	plain := regexp.MustCompile(`duel-[0-9a-f]+`).FindString(out)
	// Anna's key signs the invite again with a hostile id, as a modified
	// client would; a second home of hers holds that game alone.
	hostile := filepath.Join(dir, "hostile")
	var invite []byte
	withStore(t, anna, func(app *pbem.App) {
		idt, err := app.Identity()
		if err != nil {
			t.Fatal(err)
		}
		e, err := logs.ParseLine(entryLine(t, anna, plain, 0))
		if err != nil {
			t.Fatal(err)
		}
		b := e.Body
		b.Game = "duel\x1b[2J\u202e-" + strings.TrimPrefix(plain, "duel-")
		signed, err := logs.SignBody(idt.Signer(), &b)
		if err != nil {
			t.Fatal(err)
		}
		invite = signed.Line
		for _, f := range []string{filepath.Base(app.Home.KeyPath()), filepath.Base(app.Home.IdentityPath())} {
			data, err := os.ReadFile(filepath.Join(anna, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(hostile, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(hostile, f), data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	})
	pbemOK(t, hostile, string(invite), "import", "-")
	hand := func(from, to string) { pbemOK(t, to, pbemOK(t, from, "", "export", "duel", "-o", "-"), "import", "-") }
	hand(hostile, jan)
	pbemOK(t, jan, "", "join", "duel")
	hand(jan, hostile)
	pbemOK(t, hostile, "", "do", "duel", "pass")
	hand(hostile, jan)
	// A note crossing a move, filed as an equivocation by an older pbem: the
	// game is stuck, forked, and names itself in the stuck line.
	pbemOK(t, hostile, "", "note", "duel", "good luck")
	pbemOK(t, jan, "", "do", "duel", "play the crossing")
	id := "duel\x1b[2J\u202e-" + strings.TrimPrefix(plain, "duel-")
	fileAsEquivocation(t, hostile, id, entryLine(t, jan, "duel", 3))
	st := pbemOK(t, hostile, "", "status", "duel")
	wantIn(t, "status", st, `stuck: FORKED at entry 3: run pbem repair duel\x1b[2J\u202e-`)
	displaySafe(t, "status", st)
	rp := pbemOK(t, jan, "", "repair", "duel")
	wantIn(t, "repair", rp, `game duel\x1b[2J\u202e-`)
	displaySafe(t, "repair", rp)
}
