package rhine44

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The golden games (rulestest.Golden): seeded random games of the shipped
// scenarios played to their ends, each input's state hash recorded, so a
// log signed under this engine version keeps verifying. Recorded once with
// PBEM_GOLDEN_RECORD=1; never re-recorded.
var goldenGames = []rulestest.Golden{
	// Under rhine44/1: the three-player game, plain and with the weather and
	// the shared deck, the two-player game with Monty's higher difficulty,
	// and the solo game against the automatic German.
	{File: "three-player", Scenario: "three-player", Seed: 1},
	{File: "three-player-options", Scenario: "three-player", Options: []string{"weather", "shared-deck"}, Seed: 4, Redraw: 2},
	{File: "two-player-hard", Scenario: "two-player", Options: []string{"hard=monty"}, Seed: 2, Redraw: 1},
	{File: "solo", Scenario: "solo", Seed: 3},
	// Under rhine44/2 (no counterattack on a main supply base, R14.4a), the
	// version new games are made in.
	{File: "v2-three-player", Scenario: "three-player", Seed: 5, Redraw: 1},
	{File: "v2-solo", Scenario: "solo", Options: []string{"hard=bradley"}, Seed: 6},
}

const goldenDir = "testdata/golden"

// TestGoldenHashes replays every golden game and compares each state hash.
func TestGoldenHashes(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.File, func(t *testing.T) {
			path := filepath.Join(goldenDir, gg.File+".txt")
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v (record it with PBEM_GOLDEN_RECORD=1 go test -run TestGoldenRecord)", err)
			}
			defer f.Close()
			rulestest.ReplayGolden(t, Engine(), read(t, gg.Scenario), path, f)
		})
	}
}

// TestGoldenRecord writes the golden games that are missing. It runs only
// with PBEM_GOLDEN_RECORD=1.
func TestGoldenRecord(t *testing.T) {
	if os.Getenv("PBEM_GOLDEN_RECORD") != "1" {
		t.Skip("records missing golden games only with PBEM_GOLDEN_RECORD=1")
	}
	for _, gg := range goldenGames {
		path := filepath.Join(goldenDir, gg.File+".txt")
		if _, err := os.Stat(path); err == nil {
			t.Logf("%s exists; not recorded again", path)
			continue
		}
		text := rulestest.RecordGolden(t, Engine(), read(t, gg.Scenario), gg)
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
