package ardennes44

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
	{File: "six-turn", Scenario: "six-turn", Seed: 1},
	{File: "six-turn-busy", Scenario: "six-turn", Seed: 2, Redraw: 3},
	{File: "eight-turn-options", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptGreif, OptAttackLimit}, Seed: 3, Redraw: 1},
	{File: "campaign", Scenario: "campaign", Seed: 4},
	{File: "campaign-all-options", Scenario: "campaign", Options: []string{OptInfiltration, OptFuelDumps, OptRoadblocks, OptAttackLimit, OptBodenplatte, OptGreif, OptExtended}, Seed: 5},
	// Under ardennes44/2 (17.4's excess steps).
	{File: "v2-six-turn", Scenario: "six-turn", Seed: 6},
	{File: "v2-eight-turn-busy", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptAttackLimit}, Seed: 7, Redraw: 2},
	// Under ardennes44/3 (17.1's split retreats); seeds whose random
	// players split a retreating stack.
	{File: "v3-six-turn", Scenario: "six-turn", Options: []string{OptRoadblocks, OptAttackLimit}, Seed: 26, Redraw: 2},
	{File: "v3-eight-turn", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptAttackLimit}, Seed: 19, Redraw: 2},
	// Under ardennes44/4 (the audit of the rules against the book), the
	// version new games are made in: Patton's Counterattack, with its Fuel
	// Shortage checks, Nights, replacements and British units, and a busier
	// eight-turn game with its retreats and advances.
	{File: "v4-patton", Scenario: "patton", Seed: 40, Redraw: 1},
	{File: "v4-eight-turn", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptAttackLimit}, Seed: 41, Redraw: 2},
	// Under ardennes44/5 (advances: breakdown before an advance, 26.2;
	// bridges blown against one, 7.4; the Ouren check, 7.7), the version
	// new games are made in.
	{File: "v5-eight-turn", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptAttackLimit}, Seed: 60, Redraw: 2},
	// ardennes44/5's fixes of the optional rules (31-36): the eight-turn
	// scenario with every option it takes.
	{File: "v5-eight-turn-options", Scenario: "eight-turn", Options: []string{OptInfiltration, OptFuelDumps, OptRoadblocks, OptGreif, OptAttackLimit}, Seed: 61, Redraw: 1},
	// Under ardennes44/6 (Strategic Movement and Trucks leave the map along
	// a road, 12.1; the Greif Commando placed as the Allies try to blow a
	// bridge, 36), the version new games are made in: a seed whose Allied
	// units leave the map in SM (its random German player, as in every seed
	// tried, 70 to 76, places the Greif in his own turn first).
	{File: "v6-eight-turn-greif", Scenario: "eight-turn", Options: []string{OptRoadblocks, OptGreif, OptAttackLimit}, Seed: 70, Redraw: 2},
	// Under ardennes44/7 (leaving the map is a hex of Tactical Movement's
	// two, 11.3, 11.9.1; Tactical Movement for Allied artillery on its
	// Fired side, 22.1, and on a Prime Mover, 22.3), the version new games
	// are made in, with Night Infiltration, whose moves of 1 hex Legal now
	// offers whole (31), and Allied artillery moving on its Fired side,
	// which Legal now offers.
	{File: "v7-six-turn-infiltration", Scenario: "six-turn", Options: []string{OptInfiltration, OptRoadblocks, OptAttackLimit}, Seed: 80, Redraw: 2},
}

const goldenDir = "testdata/golden"

// goldenSuite is the golden games with what replays them.
func goldenSuite() rulestest.GoldenSuite {
	return rulestest.GoldenSuite{Engine: Engine(), Games: goldenGames, Dir: goldenDir, Scenario: readScenario, Skip: skipLong}
}

// skipLong leaves the campaign's golden games out under -short: they are
// long.
func skipLong(gg rulestest.Golden) string {
	if testing.Short() && gg.Scenario == "campaign" {
		return "the campaign's golden games are long; not under -short"
	}
	return ""
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
