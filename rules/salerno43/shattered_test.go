package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 13.3.2: an enemy unit advancing into a hex next to a Shattered unit that
// no friendly non-Shattered unit stands with makes its owner retreat it 2
// hexes at once. The 16 Pz attacks 141/36 from the west; the
// Shattered 142/36 stands east of it; when the armor advances into the
// vacated hex, the Allied player retreats 142/36 two hexes, still
// Shattered.
func TestShatteredAutomaticRetreat_13_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	O, E := id(hex.Axial{}), id(dE)
	g.put(t, "141/36", O)
	sh := g.put(t, "142/36", E)
	g.s.Units[sh].Status = Shattered
	g.put(t, "2pz/16", id(dW))
	g.put(t, "kgd/16", id(dW))
	g.put(t, "1-79/16", id(dSW))
	g.put(t, "1-64/16", id(dSW))
	al, de := rules.Seat(Allied), rules.Seat(German)
	if _, err := orderHandler(g, al, "order dd never"); err != nil {
		t.Fatal(err)
	}
	rulestest.Apply(t, g, de, "attack "+O+" with 2pz/16 kgd/16 1-79/16 1-64/16 maf 16pz")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, al, "no-def-air")
	}
	die := 0
	for d := 1; d <= 6 && die == 0; d++ {
		try := g.Clone().(*Game)
		if _, err := try.Roll([]int{d}); err != nil {
			t.Fatal(err)
		}
		if try.s.Combat == nil {
			continue
		}
		if r := try.combat().Result; r.Retreat > 0 && r.Advance == combat.AdvanceIfVacated && r.DefenderSteps == 0 && r.AttackerSteps == 0 {
			die = d
		}
	}
	if die == 0 {
		t.Fatalf("no CRT die retreats 141/36 without losses at %s", g.combat().Odds)
	}
	rulestest.Roll(t, g, die)
	asked, advanced := false, false
	for g.s.Combat != nil {
		a := g.combat().Await()
		switch {
		case a.Decision == combat.DecRetreat:
			rulestest.Apply(t, g, al, a.Choices[0])
		case a.Decision == combat.DecAdvance && !advanced:
			advanced = true
			rulestest.Apply(t, g, de, "advance 2pz/16 "+O)
		case a.Decision == combat.DecAdvance:
			rulestest.Apply(t, g, de, "advance-done")
		case a.Decision == DecSHRetreat:
			asked = true
			if a.Side != string(Allied) || !strings.HasPrefix(a.Choices[0], "sh-retreat 142/36 ") {
				t.Fatalf("13.3.2: the owner retreats the Shattered unit: %s", a)
			}
			for _, ch := range a.Choices {
				if f := strings.Fields(ch); len(f) < 4 {
					t.Errorf("13.3.2: the automatic retreat is 2 hexes: %q", ch)
				}
			}
			rulestest.Apply(t, g, al, a.Choices[0])
		default:
			t.Fatalf("the combat waits for %s", a)
		}
	}
	if !asked {
		t.Fatal("13.3.2: the advance next to the Shattered 142/36 makes it retreat")
	}
	us := g.s.Units[sh]
	to, ok := g.b.Hex(us.Hex)
	if !ok || hex.Distance(to, o.Add(dE)) != 2 && hex.Distance(to, o.Add(dE)) != 3 || us.Status != Shattered {
		t.Errorf("13.3.2: 142/36 retreats 2 hexes (3 with 12.2's extra hex), Shattered: %+v", us)
	}
}
