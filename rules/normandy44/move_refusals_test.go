package normandy44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestStepRefusalsNameTheirRules: every reason a search keeps for a refused
// step becomes, for a command, a refusal by its rule that names the hex, so
// no refusal is lost by keeping reasons instead of errors.
func TestStepRefusalsNameTheirRules(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	i := g.index["ainf"]
	m, err := g.newMover(g.moveContext(Allied), i, false, false)
	if err != nil {
		t.Fatal(err)
	}
	from, to := g.b.ids["0101"], g.b.ids["0102"]
	rule := map[barReason]string{
		barOffMap: "9.2", barSea: "2.2.1", barEnemy: "9.1", barReplEZOC: "6.2.5", barConfined: "17.6.2",
		barImpassable: "9.6", barSMRoad: "9.8.1", barCyclistRoad: "9.9", barSMEnemyAdjacent: "9.8.2",
		barCyclistEnemyAdjacent: "9.9", barTrucksEZOC: "9.8.6", barMechLeavesFlooded: "9.5.1",
		barMechEntersFlooded: "9.5.1", barRoadOnly: "T3", barMechFloodedRiver: "9.5.1",
		barFloodedRiverFirst: "9.5.1", barMajorRiverFirst: "9.4.1", barZOCLine: "8.5.2",
		barEntryEnemy: "6.6", barEntryZOCLine: "8.5.2", barEntrySMRoad: "9.8.1",
		barScenario: "22.1.2", // with rule armyBoundary
	}
	for why := stepOK + 1; why <= barEntrySMRoad; why++ {
		want, ok := rule[why]
		if !ok {
			t.Errorf("reason %d has no rule in this test", why)
			continue
		}
		err := m.refusal(stepBar{why: why, rule: armyBoundary}, from, to)
		var r *rules.Refusal
		if !errors.As(err, &r) || r.Rule != want || !(strings.Contains(r.Reason, "0101") || strings.Contains(r.Reason, "0102")) {
			t.Errorf("reason %d: refusal %v, want rule %s naming the hex", why, err, want)
		}
	}
	if err := m.refusal(stepBar{}, from, to); err != nil {
		t.Errorf("an allowed step is refused: %v", err)
	}
}
