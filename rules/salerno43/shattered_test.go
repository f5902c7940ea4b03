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
	attackForRetreat(t, g, O, "2pz/16 kgd/16 1-79/16 1-64/16", "retreats 141/36", func(r combat.Result) bool {
		return r.Retreat > 0 && r.Advance == combat.AdvanceIfVacated
	})
	al, de := rules.Seat(Allied), rules.Seat(German)
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

// 10.1, 13.1.3: Dis makes good-order defenders DG, and those DG already
// Shattered, and they retreat 2 hexes (the owner's path) with no advance
// after.
func TestDisShattersAndRetreatsDG_10_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	O := id(hex.Axial{})
	dg := g.put(t, "141/36", O)
	g.s.Units[dg].Status = Disorganized
	gor := g.put(t, "142/36", O)
	g.put(t, "2pz/16", id(dW))
	g.put(t, "kgd/16", id(dW))
	g.put(t, "1-79/16", id(dSW))
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Apply(t, g, de, "attack "+O+" with 2pz/16 kgd/16 1-79/16 maf 16pz")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, al, "no-def-air")
	}
	if !rollFor(t, g, func(try *Game) bool { return try.s.Combat != nil && baseCode(try.combat().Result.Code) == "Dis" }) {
		t.Fatalf("no CRT die gives Dis at %s", g.combat().Odds)
	}
	a := g.combat().Await()
	if a.Decision != DecSHRetreat || a.Side != string(Allied) || a.Rule != "10.1" || !strings.HasPrefix(a.Choices[0], "sh-retreat 141/36 ") {
		t.Fatalf("10.1: the DG 141/36 retreats 2 hexes, its owner's path: %s", a)
	}
	rulestest.Apply(t, g, al, a.Choices[0])
	if g.s.Combat != nil {
		t.Fatalf("A-14: no advance after Dis; the combat waits for %s", g.combat().Await())
	}
	us := g.s.Units[dg]
	if to, ok := g.b.Hex(us.Hex); !ok || hex.Distance(o, to) < 2 || us.Status != Shattered {
		t.Errorf("10.1: 141/36 is Shattered 2 hexes away: %+v", us)
	}
	if us := g.s.Units[gor]; us.Hex != O || us.Status != Disorganized {
		t.Errorf("10.1: 142/36 stays, DG: %+v", us)
	}
}

// attackForRetreat has the Germans attack target with units (their MAF 16pz),
// the Allies giving no DD and no defensive air, and rolls the first CRT
// die whose result want takes, with no step lost on either side; it fails
// the test, naming what, when no die gives one.
func attackForRetreat(t *testing.T, g *Game, target, units, what string, want func(combat.Result) bool) {
	t.Helper()
	al, de := rules.Seat(Allied), rules.Seat(German)
	if _, err := orderHandler(g, al, "order dd never"); err != nil {
		t.Fatal(err)
	}
	rulestest.Apply(t, g, de, "attack "+target+" with "+units+" maf 16pz")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, al, "no-def-air")
	}
	if !rollFor(t, g, func(try *Game) bool {
		if try.s.Combat == nil {
			return false
		}
		r := try.combat().Result
		return want(r) && r.DefenderSteps == 0 && r.AttackerSteps == 0
	}) {
		t.Fatalf("no CRT die %s without losses at %s", what, g.combat().Odds)
	}
}
