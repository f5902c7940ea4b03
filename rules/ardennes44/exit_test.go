package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// exitFixture: the Allied 4/8/2 in 0401 on the south-east edge, 12/27 in
// 0601, whose ZOC covers 0501 and not 0401.
func exitFixture(version string) fixture {
	return fixture{zones: []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
		setup: []string{"4/8/2 0401", "12/27 0601"}, version: version}
}

// 9.2.1 (L423: "Jednostki muszą zatrzymać się po wkroczeniu do Strefy
// Kontroli wroga"), 11.9.1 (L543: leaving the map costs 1 MP): a unit that
// enters an enemy ZOC on the map edge stops there; it leaves the map by a
// move of its own, in a later phase. Under ardennes44/3 it went on off the
// map in the same move.
func TestExit_NotAfterEnteringEnemyZOC_9_2_1(t *testing.T) {
	const move = "move 4/8/2 0401 0501 exit"
	g := exitFixture("").game(t, 3, PhaseMovement, Allied)
	if g.zoc(German).Has(mustHex("0401")) || !g.zoc(German).Has(mustHex("0501")) {
		t.Fatal("fixture: want 0501 in the German ZOC and 0401 not")
	}
	_, err := g.Apply(rules.Seat(Allied), move)
	refused(t, err, "9.2.1")
	// The move that stops in 0501 is allowed, and leaving the map from
	// 0401 at once is too.
	if _, err := g.Clone().(*Game).Apply(rules.Seat(Allied), "move 4/8/2 0401 0501"); err != nil {
		t.Errorf("4/8/2 into the enemy ZOC in 0501: %v", err)
	}
	apply(t, g, Allied, "move 4/8/2 0401 exit")
	if at(g, "4/8/2") != offPrefix+"se" {
		t.Errorf("4/8/2 left the map from 0401 to %s, want the SE Off-map Area", at(g, "4/8/2"))
	}

	old := exitFixture("ardennes44/3").game(t, 3, PhaseMovement, Allied)
	apply(t, old, Allied, move)
	if at(old, "4/8/2") != offPrefix+"se" {
		t.Errorf("ardennes44/3: 4/8/2 went through 0501 to %s, want the SE Off-map Area as it played", at(old, "4/8/2"))
	}
}
