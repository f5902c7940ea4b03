package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/scenarios"
)

// pbem scenario check validates every shipped scenario, and lists each problem
// of a broken one with its line.
func TestScenarioCheck(t *testing.T) {
	for _, s := range scenarios.List() {
		data, err := scenarios.Read(s.Game, s.Name)
		if err != nil {
			t.Fatal(err)
		}
		game, err := scenarioGame(data, s.Game)
		if err != nil || checkScenario(game, data) != nil {
			t.Errorf("%s/%s does not check: %v %v", s.Game, s.Name, err, checkScenario(game, data))
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
	err = checkScenario("normandy44", broken)
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
