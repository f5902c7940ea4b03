package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// PLAY-16 (11.4.3, L1777): the German elite Lead in a city rolls 4, +1
// elite = 5: "-/1 H or P", the defender's choice; he loses a step and
// holds. ddCityAttack brings such a combat to the defender's pick: the
// US 141/36 and 142/36 attack the elite recon/hg in a city, with the first
// CRT die that gives a DD (the stand-in CRT's cells are not all known).
func ddCityAttack(t *testing.T, orders ...string) *Game {
	t.Helper()
	g := emptyGame(t, 2, PhaseCombat, Allied)
	var city, from hex.Axial
	found := false
	for k := 0; k < g.b.Grid().Len() && !found; k++ {
		city = g.b.Grid().Hex(k)
		if !g.b.Land(city) || g.b.Terrain(city) != City {
			continue
		}
		for _, n := range city.Neighbors() {
			if g.b.Land(n) && g.b.Terrain(n) != City && g.plainSide(city, n) {
				from, found = n, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no city hex with a plain hexside")
	}
	C, F := g.b.ID(city), g.b.ID(from)
	g.put(t, "recon/hg", C)
	g.put(t, "141/36", F)
	g.put(t, "142/36", F)
	al, de := rules.Seat(Allied), rules.Seat(German)
	for _, o := range orders {
		// A standing order, given before the attack (digest 6.2).
		if _, err := orderHandler(g, de, o); err != nil {
			t.Fatal(err)
		}
	}
	rulestest.Apply(t, g, al, "attack "+C+" with 141/36 142/36 maf 36")
	for die := 1; die <= 6; die++ {
		try := g.Clone().(*Game)
		if _, err := try.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
		if try.s.Combat != nil && try.combat().Await().Decision == combat.DecDD {
			rulestest.Roll(t, g, die)
			rulestest.Apply(t, g, de, "dd recon/hg")
			rulestest.Roll(t, g, 4) // 4 + 1 elite = 5 in the City column
			return g
		}
	}
	t.Fatalf("no CRT die gives a DD at %s", g.combat().Odds)
	return nil
}

func TestDDDefenderPicks_PLAY16_11_4_3(t *testing.T) {
	g := ddCityAttack(t)
	a := g.combat().Await()
	if a.Decision != DecDDPick || a.Side != string(German) || len(a.Choices) != 2 ||
		a.Choices[0] != "dd-result hold" || a.Choices[1] != "dd-result partial" {
		t.Fatalf("11.4.3: the German picks between -/1 H and P: %+v", a)
	}
	if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != rules.Seat(German) {
		t.Errorf("11.4.3: the pick is the defender's: %+v", p)
	}
	if _, err := g.Apply(rules.Seat(German), "dd-result delay"); err == nil {
		t.Error("11.4.3: delay is not offered by this cell")
	}
	rulestest.Apply(t, g, rules.Seat(German), "dd-result hold")
	if g.s.Combat != nil {
		t.Fatalf("PLAY-16: the defender holds: the combat still waits for %+v", g.combat().Await())
	}
	if us := g.s.Units[g.index("recon/hg")]; us.Hex == "" || us.Lost != 1 {
		t.Errorf("PLAY-16: recon/hg loses a step (is flipped) and holds: %+v", us)
	}
}

// 11.4.3 with a standing order: the pick is made by the order, so the
// attack resolves in one exchange.
func TestDDPickByOrder_11_4_3(t *testing.T) {
	g := ddCityAttack(t, "order dd-result partial")
	if g.s.Combat != nil && g.combat().Await().Decision == DecDDPick {
		t.Fatal("11.4.3: the standing order picks")
	}
	if us := g.s.Units[g.index("recon/hg")]; us.Lost != 0 || us.Box != "" {
		t.Errorf("11.4.3, 11.6.2: P in a city holds with no loss: %+v", us)
	}
}
