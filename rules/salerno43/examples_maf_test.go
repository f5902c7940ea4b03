package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// EX-07 (8.4.3, L428-430): the US 3rd Division's units and one tank
// battalion attached to them and stacked with them form the MAF at full
// strength; two other units attack at half, rounded up unit by unit; the
// attack is 20. The book's unit values are in its diagram only; on the
// stand-in counters the three 5-6-3 regiments (15) and the 3-2-6 751st Tank
// Battalion (3) are the MAF with its add-on, and two 2-2-4 Ranger
// battalions of another formation add 1 each (2 halved, rounded up): 20.
func TestEX07_MAFPlusAddOn_8_4_3(t *testing.T) {
	g := campaignGame(t, 10, PhaseCombat, Allied)
	near, _ := ring(t, g, openHex)
	setUp := func(g *Game) {
		g.put(t, "1-1fj", openHex)
		g.put(t, "7/3", near[0])
		g.put(t, "751tk", near[0]) // the add-on, stacked with a MAF unit
		g.put(t, "15/3", near[1])
		g.put(t, "30/3", near[2])
		g.put(t, "1rgr", near[3])
		g.put(t, "3rgr", near[3])
	}
	setUp(g)
	rulestest.Apply(t, g, rules.Seat(Allied), "attack "+openHex+" with 7/3 751tk 15/3 30/3 1rgr 3rgr maf 3 addon 751tk")
	if got := g.combat().Odds.Attack; got != 20 {
		t.Errorf("EX-07: the attack is %d, want 20 (MAF 15 + add-on 3 at full, two Rangers at 2/2 = 1 each)", got)
	}

	// Without the add-on the tank battalion is one of the others: 3/2
	// rounds up to 2, so the attack is 19 (8.4.1: units not in the MAF at
	// half).
	g = campaignGame(t, 10, PhaseCombat, Allied)
	setUp(g)
	rulestest.Apply(t, g, rules.Seat(Allied), "attack "+openHex+" with 7/3 751tk 15/3 30/3 1rgr 3rgr maf 3")
	if got := g.combat().Odds.Attack; got != 19 {
		t.Errorf("8.4.1: without the add-on the attack is %d, want 19", got)
	}

	// 8.4.3: the add-on stands with a unit of the MAF.
	g = campaignGame(t, 10, PhaseCombat, Allied)
	g.put(t, "1-1fj", openHex)
	g.put(t, "7/3", near[0])
	g.put(t, "751tk", near[4])
	rulestest.Refused(t, g, rules.Seat(Allied), "attack "+openHex+" with 7/3 751tk maf 3 addon 751tk", "8.4.3", "stacked")
}
