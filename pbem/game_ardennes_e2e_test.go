package pbem

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Issue 14, "Done when": two players play Ardennes '44's six-turn scenario
// (S2) in strict dice mode between two homes by exchanging files, to the
// victory check after turn 6 (S2.4).
//
// About 40 s on 2 shared cores (401 entries, 323 files handed over): each
// import and status resumes from the verified state kept beside the stored
// log (rules/ardennes44/snapshot.go) instead of replaying the whole log,
// which took 2 to 5 minutes. Not under -short.
func TestArdennesSixTurnStrictGameOverFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole six-turn game over files, about 40 s; not under -short")
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
