package pbem

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// Issue 14, "Done when": two players play Ardennes '44's six-turn scenario
// (S2) in strict dice mode between two homes by exchanging files, to the
// victory check after turn 6 (S2.4).
//
// It takes 2 to 5 minutes (each import replays the whole log: about 340
// files of up to 430 entries), too long beside this package's other tests
// under go test's 10-minute limit on a loaded machine: it runs with
// PBEM_LONG_GAMES=1.
func TestArdennesSixTurnStrictGameOverFiles(t *testing.T) {
	if testing.Short() || os.Getenv("PBEM_LONG_GAMES") != "1" {
		t.Skip("a whole six-turn game over files, 2 to 5 minutes: set PBEM_LONG_GAMES=1")
	}
	ctx := context.Background()
	start := time.Now()
	cg, err := playOverFiles(ctx, t.TempDir(), filesMatch{Rules: "ardennes44", Scenario: "six-turn"}, 1, 4000)
	if cg != nil && cg.Anna != nil {
		defer cg.Anna.Close()
		defer cg.Jan.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	// S2.4: the game ends after turn 6 with a victory one side or the
	// other.
	if !strings.Contains(cg.Result, "victory (S2.4)") {
		t.Fatalf("the game ends with the S2.4 victory check: %q", cg.Result)
	}

	checkSeriesGame(t, ctx, cg, start)
}
