package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// disOnBeachhead is 1-64/16 (3) attacking bh-red (2) alone in 2616, 1-1,
// under version; a 5 there is Dis (10.1). It returns the BH's state once
// the combat is over.
func disOnBeachhead(t *testing.T, version string) unitState {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseCombat, German)
	g.s.Ready = nil // no Allied air: no defensive air decision
	bh := g.put(t, "bh-red", "2616")
	g.put(t, "1-64/16", "2617")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2616 with 1-64/16 maf 16pz")
	if c := g.combat(); c.Odds.Column() != "1-1" {
		t.Fatalf("setup: 3 against 2 should be 1-1, got %s", c.Odds)
	}
	text := rulestest.EventsText(rulestest.Roll(t, g, 5))
	for g.s.Combat != nil {
		a := g.combat().Await()
		if a.Decision == "" {
			t.Fatalf("the combat waits for nothing: %+v", a)
		}
		text += rulestest.EventsText(rulestest.Apply(t, g, rules.Seat(a.Side), a.Choices[len(a.Choices)-1]))
	}
	if !strings.Contains(text, ": Dis") {
		t.Fatalf("setup: a 5 at 1-1 should be Dis: %s", text)
	}
	return g.s.Units[bh]
}

// 18.1.3 (L1070): "Jednostki BH są zawsze uważane za pełnosprawne i nie
// można ich zdeorganizować." A Dis result on a BH alone leaves it in Good
// Order on its hex. salerno43/2 made it DG.
func TestBeachhead_DisLeavesItInGoodOrder_18_1_3(t *testing.T) {
	if us := disOnBeachhead(t, ""); us.Hex != "2616" || us.Status != GoodOrder {
		t.Errorf("18.1.3: a BH unit is always in Good Order; after a Dis it is %+v", us)
	}
	if us := disOnBeachhead(t, "salerno43/2"); us.Status != Disorganized {
		t.Errorf("salerno43/2 replays as played: the Dis made the BH DG; it is %+v", us)
	}
}
