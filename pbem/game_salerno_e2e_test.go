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

	// Both homes hold the final log, it verifies alone and replays every
	// state hash; the game went through moves, combats and strict dice.
	r := checkFinalLog(t, ctx, cg)
	seen := map[string]int{}
	for seq := range int64(r.Len()) {
		e := r.Entry(seq)
		for _, c := range e.Commands {
			verb, _, _ := strings.Cut(c, " ")
			seen[verb]++
		}
		seen["draws"] += len(e.Draws)
	}
	if seen["attack"] == 0 || seen["move"] == 0 || seen["draws"] == 0 {
		t.Errorf("the game played moves, attacks and dice: %v", seen)
	}
	t.Logf("%s: %d entries, %d dice epochs, %d commands, %d files handed over, %v; %s (%.1fs)",
		cg.ID, r.Len(), r.Epochs(), cg.Commands, cg.Handovers, seen, cg.Result, time.Since(start).Seconds())
}
