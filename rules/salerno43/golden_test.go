package salerno43

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The golden games (rulestest.Golden): seeded random games of Avalanche
// and of the Campaign played to their ends, each input's state hash
// recorded, so that a log signed under each rules version keeps verifying.
// Recorded once with PBEM_GOLDEN_RECORD=1 (PCG stream 1943); never
// re-recorded.
var goldenGames = []rulestest.Golden{
	{File: "avalanche", Scenario: "avalanche", Seed: 1, Stream: 1943},
	{File: "avalanche-busy", Scenario: "avalanche", Seed: 2, Redraw: 3, Stream: 1943},
	{File: "campaign", Scenario: "campaign", Seed: 1, Stream: 1943},
	// the optional rules 25.1-25.3 (a later recording than the two above)
	{File: "avalanche-options", Scenario: "avalanche", Options: []string{OptDisengagement, OptRecon, OptPortSupply}, Seed: 3, Stream: 1943},
	// Under salerno43/2 (12.1.2's split retreats), the version new games are
	// made in; a seed whose random players split a retreating stack.
	{File: "v2-avalanche", Scenario: "avalanche", Seed: 13, Stream: 1943},
	// Under salerno43/3 (the audit of the rules against the book), the
	// version new games are made in: busier seeds whose games retreat,
	// drop paratroops and land units by sea.
	{File: "v3-avalanche", Scenario: "avalanche", Seed: 24, Redraw: 2, Stream: 1943},
	{File: "v3-campaign", Scenario: "campaign", Seed: 10, Redraw: 2, Stream: 1943},
	// Under salerno43/4 (retreats aside before elimination, 12.1.3; a
	// breakthrough's defenders over the limit, 15.3; advances within the
	// limit, 14.1; the breakthrough group first, 15.2.2; each unit's
	// advance length in it, 14.2.1), the version new games are made in.
	{File: "v4-avalanche", Scenario: "avalanche", Seed: 35, Redraw: 2, Stream: 1943},
	{File: "v4-campaign", Scenario: "campaign", Seed: 12, Redraw: 2, Stream: 1943},
	// Under salerno43/5 (the Shattered automatic retreat hex by hex in
	// combat, 13.3.2), the version new games are made in: a seed whose
	// random players shatter units (none of the seeds tried set off an
	// automatic retreat in a combat).
	{File: "v5-avalanche", Scenario: "avalanche", Seed: 54, Redraw: 2, Stream: 1943},
}

const goldenDir = "testdata/golden"

// goldenSuite is the golden games with what replays them.
func goldenSuite() rulestest.GoldenSuite {
	return rulestest.GoldenSuite{Engine: Engine(), Games: goldenGames, Dir: goldenDir, Scenario: readShipped}
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
