package rhine44

import (
	"errors"
	"os"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The command grammar round-trips: what parses prints back as the same text,
// and every other text is ErrCommand (DESIGN.md, The log).
func FuzzCommand(f *testing.F) {
	rulestest.FuzzRoundTrip(f, Canonical, ErrCommand,
		"supply lisieux", "supply lisieux special A +FR", "supply le-havre +AA", "trucks 5",
		"transport lisieux>brionne:FFAAA brionne>rouen:AA", "move XII vitry", "commander move XII vitry",
		"step chalons", "stop", "load XII F", "unload I FFR", "feed", "market RA", "decline", "return orleans FF",
		"air axis", "commander air pursuit", "recon axis", "resistance", "drop aachen aachen koln pay medal a18 a05+b04+b05+b06",
		"end", "axis aachen", "axis discard", "axis none", "counter bruxelles", "undo",
		"supply lisieux special", "transport a>b:RF", "market AA", "drop pay", "commander end", "move xii vitry")
}

// tiny is a small complete board and scenario (testdata), the fuzzer's
// seed: a small seed keeps each input cheap.
func tiny(t testing.TB) (scenario, components []byte) {
	t.Helper()
	var err error
	if scenario, err = os.ReadFile("testdata/tiny.scn"); err == nil {
		components, err = os.ReadFile("testdata/tiny.map")
	}
	if err != nil {
		t.Fatal(err)
	}
	return scenario, components
}

func openTiny(components []byte) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if name == "tiny.map" {
			return components, nil
		}
		return nil, os.ErrNotExist
	}
}

// The tiny board is a whole game: it starts for one, two and three players.
func TestTinyBoard(t *testing.T) {
	scenario, components := tiny(t)
	text, err := Assemble(scenario, openTiny(components))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]string{nil, {"players=monty,bradley"}, {"players=monty"}} {
		if _, err := New(text, opts); err != nil {
			t.Errorf("%v: %v", opts, err)
		}
	}
}

// A scenario text, assembled with a components file, parses or fails with
// problems that name their file and line; a scenario that parses starts a
// game. Nothing panics.
func FuzzScenario(f *testing.F) {
	scenario, components := tiny(f)
	f.Add(scenario, components)
	f.Add([]byte("game rhine44\nscenario x\ntitle x\nplayers monty\nmap tiny\nwindow 0101-0202\n"), components)
	f.Add([]byte("game rhine44\nscenario x\ntitle x\nplayers monty\nlayout 10x10\n[fields]\na A red 1 1 main=monty\n[arrows]\na a red\n"), []byte{})
	f.Fuzz(func(t *testing.T, scenario, components []byte) {
		text, err := Assemble(scenario, openTiny(components))
		if err != nil {
			if len(scn.LineErrors(err)) == 0 {
				t.Fatalf("an assembly error without a line: %v", err)
			}
			return
		}
		sc, err := ParseScenario(text)
		if err != nil {
			if len(scn.LineErrors(err)) == 0 {
				t.Fatalf("a parse error without a line: %v", err)
			}
			return
		}
		if _, err := New(text, nil); err != nil && !errors.Is(err, ErrScenario) && !errors.Is(err, ErrOption) {
			t.Fatalf("a parsed scenario (%d fields) does not start: %v", len(sc.Fields), err)
		}
	})
}
