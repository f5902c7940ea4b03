package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ownCherbourg writes a player's own Cherbourg into dir: the shipped
// scenario retitled, beside a copy of the shipped map with a town renamed,
// and returns the scenario's path.
func ownCherbourg(t *testing.T, dir string) string {
	t.Helper()
	scn, err := os.ReadFile("../../scenarios/normandy44/cherbourg.scn")
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile("../../scenarios/normandy44/normandy.map")
	if err != nil {
		t.Fatal(err)
	}
	scn = regexp.MustCompile(`(?m)^title .*$`).ReplaceAll(scn, []byte("title Cherbourg as we own it"))
	m = bytes.Replace(m, []byte(`"Valognes"`), []byte(`"Valognes of our map"`), 1)
	path := filepath.Join(dir, "my-cherbourg.scn")
	if err := os.WriteFile(path, scn, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "normandy.map"), m, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A game started from a player's own scenario file, with its own map beside
// it: the invitation carries the assembled text, so the opponent and a third
// machine that never saw the files replay and verify it; a text altered in
// the file is refused, naming the entry.
func TestNewFromOwnScenarioFile(t *testing.T) {
	dir, anna, jan := annaAndJan(t)
	maps := filepath.Join(dir, "maps")
	if err := os.Mkdir(maps, 0o755); err != nil {
		t.Fatal(err)
	}
	path := ownCherbourg(t, maps)
	out := pbemOK(t, anna, "", "new", "real", "--scenario", path, "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"))
	wantIn(t, "new from a file", out, "normandy44/my-cherbourg.scn, you play allied", "the invitation carries "+path+" whole")
	id := regexp.MustCompile(`real-[0-9a-f]+`).FindString(out)
	invite := filepath.Join(dir, "invite.pbem")
	pbemOK(t, anna, "", "export", id, "-o", invite)

	// The invite carries the scenario with the map beside it, not the shipped one.
	line, _ := os.ReadFile(invite)
	body, _, _ := strings.Cut(string(line), "\t")
	var inv struct {
		ScenarioData string `json:"scenario_data"`
	}
	if err := json.Unmarshal([]byte(body), &inv); err != nil {
		t.Fatal(err)
	}
	text, err := base64.StdEncoding.DecodeString(inv.ScenarioData)
	if err != nil || !bytes.Contains(text, []byte("Valognes of our map")) || !bytes.Contains(text, []byte("Cherbourg as we own it")) {
		t.Fatalf("the invite's scenario_data is not the assembled own scenario (%v):\n%.300s", err, text)
	}

	// A third machine: a fresh home, and nothing of the files.
	third := filepath.Join(t.TempDir(), "third")
	wantIn(t, "verify on a third machine", pbemOK(t, third, "", "verify", invite), invite+": ok: game "+id+", normandy44/my-cherbourg.scn")
	// The opponent joins and plays from the log alone.
	wantIn(t, "jan's import", pbemOK(t, jan, "", "import", invite), "game "+id+": 1 new entries")
	pbemOK(t, jan, "", "join", id)
	wantIn(t, "jan's status", pbemOK(t, jan, "", "status", id), "Cherbourg as we own it")

	// One character of the carried text changed in the file.
	i := bytes.Index(line, []byte(`"scenario_data":"`)) + len(`"scenario_data":"`) + 40
	line[i] ^= 'a' ^ 'b'
	bad := filepath.Join(dir, "bad.pbem")
	if err := os.WriteFile(bad, line, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = pbemIn(t, third, "", "verify", bad)
	if err == nil || !strings.Contains(out, "entry 0: bad signature") {
		t.Errorf("verify of an altered scenario text: err %v\n%s", err, out)
	}
}

// What --scenario takes for a file, and what it takes for a shipped
// scenario; a mistake says what to write.
func TestScenarioArgument(t *testing.T) {
	for v, file := range map[string]bool{
		"normandy44/cherbourg": false, "freeplay/allied-german": false,
		"./my-cherbourg.scn": true, "my-cherbourg.scn": true, "../maps/cherbourg": true,
		"/home/anna/cherbourg": true, "maps/normandy/cherbourg": true, `maps\cherbourg`: true, "~/cherbourg": true,
	} {
		if looksLikeFile(v) != file {
			t.Errorf("looksLikeFile(%q) = %v, want %v", v, !file, file)
		}
	}
	home := t.TempDir()
	pbemOK(t, home, "", "id", "new", "--name", "Anna", "--email", "anna@example.org")
	out, err := pbemIn(t, home, "", "new", "g", "--scenario", "cherbourg", "--side", "allied")
	if err == nil || !strings.Contains(err.Error(), "write GAME/SCENARIO") {
		t.Errorf("--scenario cherbourg: %v\n%s", err, out)
	}
	missing := filepath.Join(home, "nowhere.scn")
	if _, err := pbemIn(t, home, "", "new", "g", "--scenario", missing, "--side", "allied"); err == nil || !strings.Contains(err.Error(), "nowhere.scn") {
		t.Errorf("a missing file: %v", err)
	}
	free := filepath.Join(home, "seats")
	if err := os.WriteFile(free, []byte("title Ours\nseats a b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := pbemIn(t, home, "", "new", "g", "--scenario-file", free, "--side", "a"); err == nil || !strings.Contains(err.Error(), "give --game") {
		t.Errorf("a file with no game line, without --game: %v", err)
	}
	out = pbemOK(t, home, "", "new", "g", "--scenario-file", free, "--game", "freeplay", "--side", "a", "--dice", "solo")
	wantIn(t, "a freeplay file with --game", out, "freeplay/seats, you play a")
}
