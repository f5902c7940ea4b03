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

// goldenSuite is the golden games with what replays them.
func goldenSuite() rulestest.GoldenSuite {
	return rulestest.GoldenSuite{Engine: Engine(), Games: goldenGames, Dir: goldenDir, Scenario: read}
}

// TestGoldenHashes replays every golden game and compares each state hash.
func TestGoldenHashes(t *testing.T) { goldenSuite().ReplayAll(t, os.DirFS(goldenDir)) }

// TestGoldenRecord writes the golden games that are missing, with the random
// legal players. It runs only with PBEM_GOLDEN_RECORD=1.
func TestGoldenRecord(t *testing.T) {
	if os.Getenv("PBEM_GOLDEN_RECORD") != "1" {
		t.Skip("records missing golden games only with PBEM_GOLDEN_RECORD=1")
	}
	goldenSuite().RecordMissing(t, os.DirFS(goldenDir), func(name string, text []byte) error {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(goldenDir, name), text, 0o644)
	})
}
