package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// statusCode runs 'pbem status' and returns its exit code as main would.
func statusCode(t *testing.T, home, id string, args ...string) int {
	t.Helper()
	_, err := pbemIn(t, home, "", append([]string{"status", id}, args...)...)
	var es *exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &es):
		return es.code
	}
	return 1
}

// The exit code of 'pbem status' says whose turn it is (docs/cli.md): 0
// yours, 3 another player's, 4 over; an error is 1.
func TestStatusExitCode(t *testing.T) {
	anna, jan, id, _ := duelOverFiles(t) // Jan's turn
	if c := statusCode(t, jan, id); c != 0 {
		t.Errorf("jan, whose turn it is: exit %d, want 0", c)
	}
	if c := statusCode(t, anna, id); c != exitWaiting {
		t.Errorf("anna, waiting for jan: exit %d, want %d", c, exitWaiting)
	}
	pbemOK(t, jan, "", "resign", id)
	if c := statusCode(t, jan, id); c != exitOver {
		t.Errorf("after a resignation: exit %d, want %d", c, exitOver)
	}
	if c := statusCode(t, jan, "no-such-game"); c != 1 {
		t.Errorf("no such game: exit %d, want 1", c)
	}
	// --at outside the log is an error that says what the log holds.
	for _, at := range []string{"99", "-1", "-5"} {
		_, err := pbemIn(t, jan, "", "status", id, "--at", at)
		if err == nil || !strings.Contains(err.Error(), "--at "+at+": game "+id+"'s log holds entries 0 to 3") {
			t.Errorf("--at %s: %v", at, err)
		}
	}
	wantIn(t, "--at 0", pbemOK(t, jan, "", "status", id, "--at", "0"), "after entry 0:")
}

// jsonOut runs pbem, checks that it printed one JSON document, decodes it
// into v, and, when jq is installed, checks each jq expression on it holds.
func jsonOut(t *testing.T, home string, v any, jq []string, args ...string) string {
	t.Helper()
	out, err := pbemIn(t, home, "", args...)
	var es *exitStatus
	if err != nil && !errors.As(err, &es) {
		t.Fatalf("pbem %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("pbem %s: not the documented JSON: %v\n%s", strings.Join(args, " "), err, out)
	}
	if dec.More() {
		t.Errorf("pbem %s: more than one JSON document", strings.Join(args, " "))
	}
	if _, err := exec.LookPath("jq"); err != nil || len(jq) == 0 {
		return out
	}
	for _, expr := range jq {
		cmd := exec.Command("jq", "-e", expr)
		cmd.Stdin = strings.NewReader(out)
		if res, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("pbem %s | jq -e '%s': %v\n%s", strings.Join(args, " "), expr, err, res)
		}
	}
	return out
}

// --json on status, legal, games, log and unit prints the documented
// fields, version 1; encoding/json reads it strictly, and jq does too when
// it is installed (.ci/run installs it).
func TestJSONOutputs(t *testing.T) {
	home, id := toGermanTurn1(t)
	var st jsonStatus
	jsonOut(t, home, &st, []string{`.version == 1`, `.state == "your-turn"`, `.exit_code == 0`, `.seats | length == 2`,
		`.off_map | map(.id) | index("3/1050/77") != null`, `.waiting.text | test("German Movement Phase")`}, "status", id, "--json")
	if st.Version != 1 || st.Game != id || st.Rules != "normandy44" || st.Seat != "allied" || st.State != stateYourTurn || len(st.View) == 0 {
		t.Errorf("status --json: %+v", st)
	}
	var legal jsonLegal
	jsonOut(t, home, &legal, []string{`.choices | map(.command) | index("move 919/709 3011 2910") != null`,
		`.choices[] | select(.command == "move 919/709 3011 2910") | .line == "move 919/709 3011 2910   # 2 of 3 MP"`}, "legal", id, "919/709", "--json")
	if legal.Seat != "german" || len(legal.Choices) == 0 {
		t.Errorf("legal --json: %+v", legal)
	}
	var unit jsonUnitShown
	jsonOut(t, home, &unit, []string{`.unit.id == "3/1050/77"`, `.unit.on_map == false`, `(.unit.values[] | select(.name == "strength") | .text) == "2"`},
		"unit", id, "3/1050/77", "--json")
	var games jsonGames
	jsonOut(t, home, &games, []string{`.games[0].id == "` + id + `"`, `.games[0].state == "your-turn"`}, "games", "--json")
	var log jsonLog
	jsonOut(t, home, &log, []string{`.ok`, `.entries[0].kind == "invite"`, `.entries[0].scenario == "cherbourg"`, `[.entries[].draws[]?] | length > 0`}, "log", id, "--json")
	if !log.OK || len(log.Entries) < 3 || log.Entries[1].Draws == nil {
		t.Errorf("log --json: ok %v, %d entries", log.OK, len(log.Entries))
	}
}

// 'pbem log' reads a game of the player's, a file, or standard input.
func TestLogSources(t *testing.T) {
	anna, _, id, _ := duelOverFiles(t)
	fromGame := pbemOK(t, anna, "", "log", id[:6])
	wantIn(t, "log GAME", fromGame, "#0 ", "allied passes; german to play")
	file := filepath.Join(t.TempDir(), "duel.pbem")
	pbemOK(t, anna, "", "export", id, "-o", file)
	if fromFile := pbemOK(t, anna, "", "log", file); fromFile != fromGame {
		t.Errorf("log FILE differs from log GAME:\n%s\n---\n%s", fromFile, fromGame)
	}
	data, _ := os.ReadFile(file)
	if fromStdin := pbemOK(t, t.TempDir(), string(data), "log", "-"); fromStdin != fromGame {
		t.Errorf("log - differs from log GAME:\n%s", fromStdin)
	}
	if _, err := pbemIn(t, anna, "", "log", "nothing-like-it"); err == nil || !strings.Contains(err.Error(), "neither a file nor a game of yours") {
		t.Errorf("log of nothing: %v", err)
	}
	// A folder is no log: the message says so rather than that nothing is there.
	if _, err := pbemIn(t, anna, "", "log", t.TempDir()); err == nil || !strings.Contains(err.Error(), "is a folder, not a log file") {
		t.Errorf("log of a folder: %v", err)
	}
}

// 'pbem export -o' onto another game's log, or onto a file that is no log,
// refuses without --force; onto the same game's older log it writes.
func TestExportGuardsOtherFiles(t *testing.T) {
	dir, anna, _ := annaAndJan(t)
	newGame := func(name string) string {
		out := pbemOK(t, anna, "", "new", name, "--scenario", "freeplay/allied-german", "--side", "allied", "--dice", "solo")
		return strings.TrimSuffix(strings.Fields(out)[1], ":")
	}
	one, two := newGame("one"), newGame("two")
	file := filepath.Join(dir, "one.pbem")
	pbemOK(t, anna, "", "export", one, "-o", file)
	pbemOK(t, anna, "", "do", one, "pass")
	wantIn(t, "export onto the same game's log", pbemOK(t, anna, "", "export", one, "-o", file), "2 entries written")
	_, err := pbemIn(t, anna, "", "export", two, "-o", file)
	if err == nil || !strings.Contains(err.Error(), "it holds the log of another game, "+one+"; nothing was written") {
		t.Errorf("export onto another game's log: %v", err)
	}
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), `"game":"`+one+`"`) {
		t.Error("the other game's log was replaced")
	}
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("my plans\n"), 0o644)
	if _, err := pbemIn(t, anna, "", "export", two, "-o", notes); err == nil || !strings.Contains(err.Error(), "holds no pbem log") {
		t.Errorf("export onto a file that is no log: %v", err)
	}
	wantIn(t, "export --force", pbemOK(t, anna, "", "export", two, "-o", file, "--force"), "written to "+file)
	// Into a folder that does not exist: the error names the file asked
	// for and its folder, not the temporary file written beside it.
	missing := filepath.Join(dir, "no-such-folder", "two.pbem")
	if _, err := pbemIn(t, anna, "", "export", two, "-o", missing); err == nil ||
		!strings.Contains(err.Error(), missing+": cannot write in folder "+filepath.Dir(missing)) || strings.Contains(err.Error(), ".pbem-") {
		t.Errorf("export into a missing folder: %v", err)
	}
}

// A public key imported by mistake, and a log a mail client re-wrapped, are
// named as such by import and verify.
func TestBadFilesExplained(t *testing.T) {
	dir, anna, jan := annaAndJan(t)
	_, err := pbemIn(t, anna, "", "import", filepath.Join(dir, "jan.pub"))
	if err == nil || !strings.Contains(err.Error(), "this is a public key (ssh-ed25519 AAAA...), not a game log: a key goes to 'pbem new GAME --opponent-key FILE'") {
		t.Errorf("import of a public key: %v", err)
	}
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied", "--opponent-key", filepath.Join(dir, "jan.pub"))
	id := strings.TrimSuffix(strings.Fields(out)[1], ":")
	var wrapped strings.Builder
	for _, line := range strings.SplitAfter(pbemOK(t, anna, "", "export", id, "-o", "-"), "\n") {
		for len(line) > 77 {
			wrapped.WriteString(line[:76] + "\n")
			line = line[76:]
		}
		wrapped.WriteString(line)
	}
	file := filepath.Join(dir, "wrapped.pbem")
	os.WriteFile(file, []byte(wrapped.String()), 0o644)
	out, err = pbemIn(t, jan, "", "import", file)
	if err == nil || !strings.Contains(out+err.Error(), "long lines were broken") {
		t.Errorf("import of a re-wrapped log: %v\n%s", err, out)
	}
	out, err = pbemIn(t, jan, "", "verify", file)
	if err == nil || !strings.Contains(out, "long lines were broken") {
		t.Errorf("verify of a re-wrapped log: %v\n%s", err, out)
	}
}

// Completion offers game ids, unit ids and, for 'pbem do', the words of the
// commands the rules allow now, one at a time.
func TestCompletion(t *testing.T) {
	home, id := toGermanTurn1(t)
	complete := func(args ...string) []string {
		out := pbemOK(t, home, "", append([]string{"__complete"}, args...)...)
		var words []string
		for _, l := range strings.Split(out, "\n") {
			if l != "" && !strings.HasPrefix(l, ":") && !strings.HasPrefix(l, "Completion ended") {
				w, _, _ := strings.Cut(l, "\t")
				words = append(words, w)
			}
		}
		return words
	}
	has := func(what string, got []string, want ...string) {
		t.Helper()
		for _, w := range want {
			found := false
			for _, g := range got {
				found = found || g == w
			}
			if !found {
				t.Errorf("%s: %q lacks %q", what, got, w)
			}
		}
	}
	has("status GAME", complete("status", ""), id)
	has("unit GAME UNIT", complete("unit", id, "919"), "919/709")
	has("do GAME", complete("do", id, ""), "move", "reserve", "end")
	has("do GAME move", complete("do", id, "move", ""), "919/709", "920/243")
	has("do GAME move 919/709 3011", complete("do", id, "move", "919/709", "3011", ""), "2910")
	has("do GAME 'move 919/709 3011 29'", complete("do", id, "move 919/709 3011 29"), "move 919/709 3011 2910")
}
