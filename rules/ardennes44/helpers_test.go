package ardennes44

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// scenarioDir is where the shipped scenarios are.
const scenarioDir = "../../scenarios/ardennes44"

// readScenario assembles a shipped scenario with its map and chart.
func readScenario(t testing.TB, name string) []byte {
	t.Helper()
	open := func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(scenarioDir, f)) }
	data, err := open(name + ".scn")
	if err != nil {
		t.Fatal(err)
	}
	text, err := Assemble(data, open)
	if err != nil {
		t.Fatalf("assemble %s: %v", name, err)
	}
	return text
}

// readTiny is testdata/tiny.scn assembled: two units on a four-by-four
// map, small enough for the fuzzers to mutate fast.
func readTiny(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/tiny.scn")
	if err != nil {
		t.Fatal(err)
	}
	text, err := Assemble(data, func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(scenarioDir, f)) })
	if err != nil {
		t.Fatalf("assemble tiny: %v", err)
	}
	return text
}

// newGame starts a shipped scenario with options.
func newGame(t testing.TB, name string, opts ...string) *Game {
	t.Helper()
	g, err := New(readScenario(t, name), opts)
	if err != nil {
		t.Fatalf("new %s: %v", name, err)
	}
	return g.(*Game)
}

// apply gives a command and fails the test on a refusal.
func apply(t testing.TB, g *Game, seat Side, command string) []rules.Event {
	t.Helper()
	ev, err := g.Apply(rules.Seat(seat), command)
	if err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	return ev
}

// roll gives dice and fails the test on an error.
func roll(t testing.TB, g *Game, values ...int) []rules.Event {
	t.Helper()
	ev, err := g.Roll(values)
	if err != nil {
		t.Fatalf("roll %v: %v", values, err)
	}
	return ev
}
