package normandy44_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/normandy44"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The golden games are the safety net of every change that must not change a
// recorded state hash (a refactoring, a speed-up): seeded random games of every
// shipped scenario, recorded once as their inputs (each command with its seat,
// each roll with its values) and the state hash after each. The test replays
// the inputs through the engine's public interface and compares every hash, so
// a logs signed under normandy44/4 keeps verifying. The inputs are data: the
// random player may change without touching them.
//
// A golden file is written only by TestGoldenRecord, with PBEM_GOLDEN_RECORD=1,
// and never over an existing one: a hash that changes is a bug or a new engine
// version, never a reason to re-record.

// goldenGames are the recorded games: a file name, the scenario, its options
// and the seed of the random players and dice; Redraw > 0 makes a busier
// player; Variant is the edition, "" for 2.2 (the file's header names it).
var goldenGames = []rulestest.Golden{
	// normandy44/4, on the Cherbourg scenario's first text (past/cherbourg-1).
	{File: "cherbourg-2p", Scenario: "past/cherbourg-1", Seed: 1},
	{File: "cherbourg-3-allied", Scenario: "past/cherbourg-1", Options: []string{"players=3-allied"}, Seed: 2},
	{File: "cherbourg-3-german", Scenario: "past/cherbourg-1", Options: []string{"players=3-german"}, Seed: 3},
	{File: "cherbourg-4p", Scenario: "past/cherbourg-1", Options: []string{"players=4"}, Seed: 4},
	{File: "seven-turn", Scenario: "seven-turn", Options: []string{"coastal-batteries", "random-storm"}, Seed: 5},
	{File: "campaign", Scenario: "campaign", Options: []string{"historical-storms"}, Seed: 6},
	{File: "cherbourg-2p-busy", Scenario: "past/cherbourg-1", Seed: 7, Redraw: 3},
	{File: "campaign-busy", Scenario: "campaign", Seed: 8, Redraw: 2},
	// normandy44/5, the audit of edition 2.2 (versions.go), on the current
	// scenarios.
	{File: "v5-cherbourg-2p", Scenario: "cherbourg", Seed: 21},
	{File: "v5-cherbourg-2p-busy", Scenario: "cherbourg", Seed: 22, Redraw: 3},
	{File: "v5-cherbourg-4p", Scenario: "cherbourg", Options: []string{"players=4"}, Seed: 23},
	{File: "v5-cherbourg-readings", Scenario: "cherbourg", Options: []string{"retreat-step-once", "one-hex-per-retreat"}, Seed: 24, Redraw: 2},
	{File: "v5-seven-turn", Scenario: "seven-turn", Options: []string{"coastal-batteries", "random-storm"}, Seed: 25},
	{File: "v5-campaign-busy", Scenario: "campaign", Seed: 26, Redraw: 2},
	// normandy44/5 in the first edition (variant ed1), which came with it.
	{File: "v5-ed1-cherbourg-2p", Scenario: "cherbourg", Seed: 31, Variant: "ed1"},
	{File: "v5-ed1-cherbourg-2p-busy", Scenario: "cherbourg", Seed: 32, Redraw: 3, Variant: "ed1"},
	{File: "v5-ed1-cherbourg-4p", Scenario: "cherbourg", Options: []string{"players=4"}, Seed: 33, Variant: "ed1"},
	{File: "v5-ed1-cherbourg-readings", Scenario: "cherbourg", Options: []string{"retreat-step-once"}, Seed: 34, Redraw: 2, Variant: "ed1"},
	{File: "v5-ed1-seven-turn", Scenario: "seven-turn", Options: []string{"flank-fire", "historical-storms"}, Seed: 35, Redraw: 1, Variant: "ed1"},
	{File: "v5-ed1-campaign", Scenario: "campaign", Options: []string{"coastal-batteries"}, Seed: 36, Variant: "ed1"},
	// normandy44/6, Reserve markers off at their own side's word (15.4),
	// the version new games are made in, in both editions.
	{File: "v6-cherbourg-2p-busy", Scenario: "cherbourg", Seed: 41, Redraw: 3},
	{File: "v6-ed1-cherbourg-2p", Scenario: "cherbourg", Seed: 42, Variant: "ed1"},
}

// goldenScenarioOf is the scenario file a golden game is played on.
func goldenScenarioOf(t testing.TB, file string) string {
	t.Helper()
	for _, gg := range goldenGames {
		if gg.File == file {
			return gg.Scenario
		}
	}
	t.Fatalf("no golden game %s", file)
	return ""
}

const goldenDir = "testdata/golden"

// goldenEngine is the engine as the rest of pbem knows it (games lists it).
func goldenEngine(t testing.TB) rules.Engine {
	t.Helper()
	return normandy44.Engine()
}

// goldenScenario reads a shipped scenario assembled with its map, as pbem does.
func goldenScenario(t testing.TB, e rules.Engine, name string) []byte {
	t.Helper()
	dir := filepath.Join("..", "..", "scenarios", "normandy44")
	b, err := os.ReadFile(filepath.Join(dir, name+".scn"))
	if err != nil {
		t.Fatal(err)
	}
	b, err = e.Assemble(b, func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, f)) })
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// TestGoldenHashes replays every golden game input by input and compares each
// state hash with the recorded one.
func TestGoldenHashes(t *testing.T) {
	e := goldenEngine(t)
	for _, gg := range goldenGames {
		t.Run(gg.File, func(t *testing.T) { playGolden(t, e, gg, nil) })
	}
}

// playGolden replays the golden game gg (rulestest.ReplayGoldenFrom), under
// the rules version its header names. With next, the game goes on after each
// input as next returns it (snapshot_test.go restores it from a snapshot);
// the hashes must still agree.
func playGolden(t *testing.T, e rules.Engine, gg rulestest.Golden, next func(g rules.Game, setup rules.Setup) rules.Game) {
	t.Helper()
	path := filepath.Join(goldenDir, gg.File+".txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (record it with PBEM_GOLDEN_RECORD=1 go test -run TestGoldenRecord)", err)
	}
	defer f.Close()
	base := rules.Setup{Scenario: goldenScenario(t, e, gg.Scenario), Variant: gg.Variant}
	rulestest.ReplayGoldenFrom(t, e, base, path, f, next)
}

// TestGoldenRecord writes the golden games that are missing, with the random
// legal players (rulestest.RecordGolden). It runs only with
// PBEM_GOLDEN_RECORD=1.
func TestGoldenRecord(t *testing.T) {
	if os.Getenv("PBEM_GOLDEN_RECORD") != "1" {
		t.Skip("records missing golden games only with PBEM_GOLDEN_RECORD=1")
	}
	e := goldenEngine(t)
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, gg := range goldenGames {
		path := filepath.Join(goldenDir, gg.File+".txt")
		if _, err := os.Stat(path); err == nil {
			t.Logf("%s exists; not recorded again", path)
			continue
		}
		text := rulestest.RecordGolden(t, e, goldenScenario(t, e, gg.Scenario), gg)
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goldenVersion is rulestest.GoldenVersion, for draw_golden_test.go's own
// replay (it checks each input's events, which ReplayGoldenFrom does not see).
var goldenVersion = rulestest.GoldenVersion
