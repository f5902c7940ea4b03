package pbem

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Issue 17, "Done when": a new user plays Avalanche (Salerno '43, S1)
// between two homes by exchanging files in strict dice mode, from the
// invasion to the victory check: an automatic victory (23.2) or the
// end-of-scenario check (S1.2).
//
// A whole game (about 140 entries, 110 files handed over) takes about 25 s,
// so it runs by default and only -short skips it.
func TestSalernoAvalancheStrictGameOverFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole Avalanche game over files, about 25 s")
	}
	ctx := context.Background()
	start := time.Now()
	cg, err := playOverFiles(ctx, t.TempDir(), filesMatch{Rules: "salerno43", Scenario: "avalanche"}, 1, 4000)
	if cg != nil && cg.Anna != nil {
		defer cg.Anna.Close()
		defer cg.Jan.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	// 23.2 or S1.2: the game ends with one side's victory and its reason.
	if !strings.Contains(cg.Result, "victory: ") || !(strings.Contains(cg.Result, "(23.2)") || strings.Contains(cg.Result, "(S1.2)")) {
		t.Fatalf("the game ends with the 23.2 or S1.2 victory check: %q", cg.Result)
	}

	checkSeriesGame(t, ctx, cg, start)
}
