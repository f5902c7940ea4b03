package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/scenarios"
)

// pbem scenario check validates every shipped scenario, and lists each problem
// of a broken one with its line.
func TestScenarioCheck(t *testing.T) {
	dir := t.TempDir()
	for _, s := range scenarios.List() {
		data, err := scenarios.Source(s.Game, s.Name)
		if err != nil {
			t.Fatal(err)
		}
		// Alone in a folder, a scenario finds the map that ships with its game.
		path := filepath.Join(dir, s.Name+".scn")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		game, err := scenarioGame(data, s.Game)
		if err == nil {
			err = games.CheckFile(game, path, data)
		}
		if err != nil {
			t.Errorf("%s/%s does not check: %v", s.Game, s.Name, err)
		}
	}
	data, err := games.ReadScenario("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	if g, err := scenarioGame(data, ""); g != "normandy44" || err != nil {
		t.Fatalf("the game comes from the file's game line: %q %v", g, err)
	}
	broken := bytes.Replace(data, []byte("\n2512 town "), []byte("\n2512 twon "), 1)
	broken = bytes.Replace(broken, []byte("\nturns 12"), []byte("\nturns xii"), 1)
	err = games.CheckFile("normandy44", filepath.Join(dir, "broken.scn"), broken)
	if err == nil {
		t.Fatal("a broken scenario checks")
	}
	msg := err.Error()
	for _, want := range []string{`turns "xii" is not a number`, `terrain "twon"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("the errors lack %q:\n%s", want, msg)
		}
	}
	if strings.Count(msg, "\n") < 1 || !strings.HasPrefix(msg, "line ") {
		t.Errorf("want one line-numbered error per problem:\n%s", msg)
	}
	if _, err := scenarioGame([]byte("seats a b\n"), ""); err == nil {
		t.Error("a file with no game line and no --game is accepted")
	}
}

// runPbem runs the command line in-process and returns its output.
func runPbem(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	root := newRoot()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), errOut.String(), err
}

// pbem scenarios lists the shipped scenarios, the campaign and the seven-turn
// scenario among them, with the editions Normandy '44 plays and those each
// scenario plays; pbem new --help lists them too; scenario show prints a file
// as written or assembled;
// scenario check resolves a map beside the file before a shipped one, and
// names the map's file and line in its errors.
func TestScenarioMaps(t *testing.T) {
	out, _, err := runPbem(t, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"normandy44/campaign\n    editions: the default, ed1\n", "normandy44/seven-turn\n    editions: the default, ed1\n",
		"normandy44/cherbourg\n    editions: the default, ed1\n",
		"normandy44: Normandy '44 (GMT, rules edition 2.2)\n  editions: the default (no --variant), or\n    --variant ed1  Normandy '44, first edition",
		"rhine44/solo\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("pbem scenarios lacks %q:\n%s", want, out)
		}
	}
	// pbem new --help lists the games and their editions, the flag, and the
	// editions each shipped scenario plays.
	help, _, err := runPbem(t, "new", "--help")
	if err != nil || !strings.Contains(help, "  freeplay: Free play") || !strings.Contains(help, "--variant string") ||
		!strings.Contains(help, "--variant ed1") || !strings.Contains(help, "  normandy44/cherbourg: editions: the default, ed1\n") {
		t.Errorf("pbem new --help does not list the editions: %v\n%s", err, help)
	}
	src, _, err := runPbem(t, "scenario", "show", "normandy44/cherbourg")
	if err != nil || !strings.Contains(src, "\nmap normandy") || !strings.Contains(src, "\nwindow 2001-3615") {
		t.Fatalf("show prints the file as written: %v\n%.300s", err, src)
	}
	full, _, err := runPbem(t, "scenario", "show", "--assembled", "normandy44/cherbourg")
	if err != nil || !strings.Contains(full, "\n2512 town base=bocage \"Carentan\"") || strings.Contains(full, "\nmap normandy") {
		t.Fatalf("show --assembled inlines the map: %v", err)
	}
	shipped, err := games.ReadScenario("normandy44", "cherbourg")
	if err != nil || full != string(shipped) {
		t.Fatalf("show --assembled is not what a game reads (games.ReadScenario): %v", err)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "mine.scn")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, err := runPbem(t, "scenario", "check", path); err != nil || !strings.Contains(out, "ok") {
		t.Fatalf("a copy with no map beside it uses the shipped map: %v %s", err, out)
	}
	m, err := scenarios.Embedded("normandy44")("normandy.map")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(m), "\n2512 town base=bocage \"Carentan\"", "\n2512 twon base=bocage \"Carentan\"", 1)
	if err := os.WriteFile(filepath.Join(dir, "normandy.map"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	line := strings.Count(broken[:strings.Index(broken, "2512 twon")], "\n") + 1
	_, errOut, err := runPbem(t, "scenario", "check", path)
	want := fmt.Sprintf("normandy.map line %d: unknown keyword or value: terrain \"twon\"", line)
	if err == nil || !strings.Contains(errOut, want) {
		t.Errorf("the map beside the file is read, and its errors name it: want %q in\n%s", want, errOut)
	}
	// The map file checked on its own names its own line.
	_, errOut, err = runPbem(t, "scenario", "check", filepath.Join(dir, "normandy.map"))
	if err == nil || !strings.Contains(errOut, want) {
		t.Errorf("pbem scenario check normandy.map: want %q in\n%s", want, errOut)
	}
	if out, _, err := runPbem(t, "scenario", "check", "../../scenarios/normandy44/normandy.map"); err != nil || !strings.Contains(out, "ok") {
		t.Errorf("the shipped map does not check on its own: %v %s", err, out)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(src, "map normandy", "map nowhere", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, err = runPbem(t, "scenario", "check", path)
	if err == nil || !strings.Contains(errOut, "nowhere.map") || !strings.Contains(errOut, "line ") {
		t.Errorf("a missing map is named with the scenario's line:\n%s", errOut)
	}
}
