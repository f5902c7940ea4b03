package rulestest

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// Restored is g restored from its own snapshot onto fresh, a game newly
// started with the same scenario, options and rules version (as pbem
// restores a kept state, rules.Snapshotter); it fails the test when either
// step does.
func Restored(t testing.TB, fresh, g rules.Game) rules.Game {
	t.Helper()
	snap, err := g.(rules.Snapshotter).Snapshot()
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	r, err := fresh.(rules.Snapshotter).Restore(snap)
	if err != nil {
		t.Fatalf("%s: restore: %v", g.Pending().Phase, err)
	}
	return r
}
