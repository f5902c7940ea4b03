package normandy44

import (
	hx "github.com/pbem-referee/pbem/rules/hex"
	"testing"
)

// BenchmarkCombatResolve resolves a whole combat with standing and
// conditional orders: odds, CRT, DD, retreat and advance (P23's odds), the
// dice cycling through 1-6 so that the results vary.
func BenchmarkCombatResolve(b *testing.B) {
	in := exampleInput(b, "P23_11.2_11.4_combat_F")
	in.Defenders[0].Steps, in.Defenders[0].Type = 2, Infantry
	g := loadCombatMap(b, "combat_open")
	retreat := combatMapOf(g, German, "441ost")
	advance := combatMapOf(g, Allied)
	for i := range in.Attackers {
		in.Attackers[i].FromHex = "0403"
	}
	orders := Orders{
		string(German): {{Kind: CmdOrderDD, Mode: ModeAlways}, {Kind: CmdOrderDespD, Mode: ModeAlways}, {Kind: CmdOrderRetreat, Mode: ModeTowardSupply},
			{Kind: CmdOrderLosses, Units: []string{"441ost", "8ab", "231/50"}}},
		string(Allied): {{Kind: CmdIfRetreat, Units: []string{"231/50"}}, {Kind: CmdOrderLosses, Units: []string{"8ab", "231/50", "441ost"}}},
	}
	south, _ := g.b.layout.Parse("0408")
	die := 0
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		c, err := NewCombat(in, g.b.layout, "0404", retreat, advance)
		if err != nil {
			b.Fatal(err)
		}
		c.SupplyDistance = func(a hx.Axial) int { return hx.Distance(a, south) }
		for {
			die = die%6 + 1
			p := c.Next(orders)
			if p.Done {
				break
			}
			if p.Roll == "" {
				b.Fatalf("undecided: %v", p)
			}
			if err := c.RollDie(p.Roll, die); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/attack")
}
