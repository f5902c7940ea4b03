package main

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const cherbourgLog = "../../replay/testdata/recorded/normandy44-4-cherbourg-strict.pbem"

// wellFormed parses a document as XML to its end.
func wellFormed(t *testing.T, what string, data []byte) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", what, err)
		}
	}
}

// pbem show FILE --at N draws the position after entry N: a well-formed SVG
// with a counter for each unit on the map then, captioned with the entry.
func TestShow_File(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pos.svg")
	_, errOut, err := runPbem(t, "show", cherbourgLog, "--at", "120", "-o", out)
	if err != nil {
		t.Fatalf("show: %v\n%s", err, errOut)
	}
	wantIn(t, "show's report", errOut, "wrote ", "pos.svg")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	wellFormed(t, "the picture", data)
	wantIn(t, "the picture", string(data), "after entry 120 of 418", `data-id="1057/91"`, "Legend", "Cherbourg (S3)")
	if n := strings.Count(string(data), `class="pc"`); n < 30 {
		t.Errorf("%d counters drawn", n)
	}
	if _, _, err := runPbem(t, "show", cherbourgLog, "--at", "999"); err == nil || !strings.Contains(err.Error(), "0 to 418") {
		t.Errorf("--at past the end: %v", err)
	}
	if _, _, err := runPbem(t, "show", cherbourgLog, "--seat", "french", "-o", out); err == nil || !strings.Contains(err.Error(), "the seats of this game are allied, german") {
		t.Errorf("an unknown seat: %v", err)
	}
	if _, _, err := runPbem(t, "replay", cherbourgLog, "--seat", "french", "-o", out); err == nil || !strings.Contains(err.Error(), "seats of this game") {
		t.Errorf("replay of an unknown seat: %v", err)
	}
	if _, _, err := runPbem(t, "show", cherbourgLog, "--seat", "german", "-o", out); err != nil {
		t.Errorf("a seat of the game: %v", err)
	}
	if _, _, err := runPbem(t, "show", filepath.Join(t.TempDir(), "none.pbem")); err == nil {
		t.Error("a file that does not exist is shown")
	}
}

// Without -o and not on a terminal, show writes the picture to standard
// output.
func TestShow_Stdout(t *testing.T) {
	out, _, err := runPbem(t, "show", cherbourgLog, "--at", "3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "<svg ") || !strings.HasSuffix(out, "</svg>\n") {
		t.Errorf("standard output is not the SVG: %.80q", out)
	}
}

// pbem replay FILE writes one page holding every entry, with no outside
// resource.
func TestReplay_File(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.html")
	_, errOut, err := runPbem(t, "replay", cherbourgLog, "-o", out)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, errOut)
	}
	wantIn(t, "replay's report", errOut, "419 entries")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	wantIn(t, "the page", page, `<script type="application/json" id="replay-data">`, `"seq":418`, "strict dice")
	if m := regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).FindString(page); m != "" {
		t.Errorf("the page loads an outside resource: %s", m)
	}
}

// A log that stops verifying is replayed up to its last good entry, and the
// command says why and fails.
func TestReplay_StopsAtABadEntry(t *testing.T) {
	data, err := os.ReadFile(cherbourgLog)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	bad := filepath.Join(t.TempDir(), "bad.pbem")
	// Entry 51 left out: entry 52 no longer follows.
	if err := os.WriteFile(bad, []byte(strings.Join(append(lines[:51:51], lines[52:]...), "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "bad.html")
	_, errOut, err := runPbem(t, "replay", bad, "-o", out)
	if err == nil {
		t.Fatal("a broken log replays without an error")
	}
	wantIn(t, "replay's report", errOut, "51 entries", "the log stops verifying", "entry 52")
	if page, err := os.ReadFile(out); err != nil || !strings.Contains(string(page), `"stopped":"entry 52`) {
		t.Errorf("the page does not say where the log stops (%v)", err)
	}
}

// pbem combats lists each combat as a block with its odds, shifts, dice,
// table and losses; --turn keeps one turn's.
func TestCombats_File(t *testing.T) {
	out, _, err := runPbem(t, "combats", cherbourgLog, "--turn", "3")
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "combats", out, "Combat 1, Turn 3, German Combat Phase (10.0), entry 72", "odds:      2-1, 3L Jabos (19.1.3) → 1-3",
		"Jabos (19.1.3): 6 → 3L", "table:     1-3: 1 A1, 2 A1, 3 A1, 4 A1, 5 A1/DR, 6 EX", "losses:    german 1057/91 -1")
	if strings.Contains(out, "Turn 4") {
		t.Errorf("--turn 3 lists another turn:\n%s", out)
	}
}

// pbem dice counts every die of the log by seat and purpose and says why
// they can be trusted.
func TestDice_File(t *testing.T) {
	out, _, err := runPbem(t, "dice", cherbourgLog)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "dice", out, "Strict dice: every value was recomputed", "combat results (10.5)", "weather (4.1)",
		"chi²", "Combat luck", "german   attacking")
	m := regexp.MustCompile(`(?m)^all\s+all\s+d6\s+(\d+)`).FindStringSubmatch(out)
	head := regexp.MustCompile(`: (\d+) dice in (\d+) rolls`).FindStringSubmatch(out)
	if m == nil || head == nil || m[1] != head[1] {
		t.Errorf("the total row and the heading disagree: %v %v\n%s", m, head, out)
	}
}

// The four commands read a game of the player's store by its id.
func TestSeeing_StoredGame(t *testing.T) {
	home, _ := soloGame(t, "cher", "normandy44/cherbourg", "allied")
	pbemOK(t, home, "", "do", "cher")
	svg := filepath.Join(home, "cher.svg")
	pbemOK(t, home, "", "show", "cher", "-o", svg)
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), `data-id="505/82"`) {
		t.Errorf("the stored game's picture lacks 505/82 (%v)", err)
	}
	wantIn(t, "dice", pbemOK(t, home, "", "dice", "cher"), "Solo dice", "airborne scatter (20.2.1)")
	wantIn(t, "combats", pbemOK(t, home, "", "combats", "cher"), "no combat yet")
	if out, err := pbemIn(t, home, "", "show", "nosuchgame"); err == nil || !strings.Contains(err.Error()+out, "no file") {
		t.Errorf("an unknown game: %v %s", err, out)
	}
}

// An empty file, or one that is no log, is refused with what it seems to be
// by every command that looks at a log, as by import, log and verify.
func TestSeeing_BadFiles(t *testing.T) {
	dir, _, _ := annaAndJan(t)
	empty := filepath.Join(dir, "empty.pbem")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"show", "replay", "combats", "dice"} {
		_, _, err := runPbem(t, c, empty, "-o", "-")
		if c == "combats" || c == "dice" {
			_, _, err = runPbem(t, c, empty)
		}
		if err == nil || !strings.Contains(err.Error(), "the file is empty") {
			t.Errorf("%s of an empty file: %v", c, err)
		}
		_, _, err = runPbem(t, c, filepath.Join(dir, "jan.pub"))
		if err == nil || !strings.Contains(err.Error(), "this is a public key") {
			t.Errorf("%s of a public key: %v", c, err)
		}
	}
}
