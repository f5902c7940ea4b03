package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
			err = checkScenario(game, path, data)
		}
		if err != nil {
			t.Errorf("%s/%s does not check: %v", s.Game, s.Name, err)
		}
	}
	data, err := scenarios.Read("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	if g, err := scenarioGame(data, ""); g != "normandy44" || err != nil {
		t.Fatalf("the game comes from the file's game line: %q %v", g, err)
	}
	broken := bytes.Replace(data, []byte("\n2512 town "), []byte("\n2512 twon "), 1)
	broken = bytes.Replace(broken, []byte("\nturns 12"), []byte("\nturns xii"), 1)
	err = checkScenario("normandy44", filepath.Join(dir, "broken.scn"), broken)
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
