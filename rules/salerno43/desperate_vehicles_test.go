package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// riverStand is a German stack, the paratroopers 1-1fj and the recon
// kgd/16 (a vehicle), in clear hex x beside an unbridged river into y,
// the US 36th attacking it from another side and block Allied units on
// the next ones, up to the DD's decision under version. ok: such a
// position was built.
func riverStand(t *testing.T, version string, x, y hex.Axial, block int) (*Game, bool) {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, Allied)
	g.put(t, "1-1fj", g.b.ID(x))
	g.put(t, "kgd/16", g.b.ID(x))
	blockers := []string{"179/45", "157/45", "504/82", "505/82", "128/46", "138/46"}
	attack := ""
	for _, n := range x.Neighbors() {
		if n == y {
			continue
		}
		if !g.b.OnMap(n) || !g.b.Land(n) || g.b.ID(n) == "" || g.areaOf(n) != "" {
			return nil, false
		}
		if attack == "" {
			if !g.plainSide(x, n) {
				return nil, false
			}
			attack = g.b.ID(n)
			for _, id := range []string{"141/36", "142/36", "143/36"} {
				g.put(t, id, attack)
			}
			continue
		}
		if block > 0 {
			g.put(t, blockers[0], g.b.ID(n))
			blockers, block = blockers[1:], block-1
		}
	}
	if _, err := g.Apply(rules.Seat(Allied), "attack "+g.b.ID(x)+" with 141/36 142/36 143/36 maf 36"); err != nil {
		return nil, false
	}
	ok := rollFor(t, g, func(try *Game) bool {
		return try.s.Combat != nil && try.combat().Await().Decision == combat.DecDD && try.combat().Result.Retreat > 0
	})
	return g, ok
}

// 11.5.2 (L662), 11.5.4 (L679, "Pojazdy bez odwrotu"): "Jeśli niektóre
// jednostki mogą się wycofać, a inne nie, obrońca musi wycofać te, które
// mogą, a pozostałymi wykonać zdesperowaną obronę." The recon kgd/16, a
// vehicle, is eliminated on every retreat across the unbridged river
// (12.3.1); the paratroopers can cross it. Led by kgd/16 the DD is a
// Desperate Defense, and once it holds the paratroopers retreat across
// the river while kgd/16 stays. salerno43/2 counted only MA 0 units as
// unable to retreat: no Desperate Defense.
func TestDesperateDefenseOfVehicleBeforeRiver_11_5_4(t *testing.T) {
	var g *Game
	block := 0
	x, y := riverSide(t, emptyGame(t, 2, PhaseCombat, Allied), func(x, y hex.Axial) bool {
		for block = range 5 {
			try, ok := riverStand(t, "", x, y, block)
			if !ok {
				continue
			}
			if _, err := try.Apply(rules.Seat(German), "dd kgd/16"); err != nil || try.combat().retreatEliminates() {
				continue // a stack with no retreat at all is 11.5.2's first case
			}
			if try.combat().Await().Decision == DecDespD {
				g = try
				return true
			}
		}
		return false
	})
	de := rules.Seat(German)
	if a := g.combat().Await(); a.Decision != DecDespD {
		t.Fatalf("11.5.4: kgd/16 is lost on every retreat across the river %s-%s: a Desperate Defense is offered; waits for %s", g.b.ID(x), g.b.ID(y), a)
	}
	rulestest.Apply(t, g, de, "despd")
	if !rollFor(t, g, func(try *Game) bool { return try.s.Combat != nil && try.combat().Await().Decision == DecPartRetreat }) {
		t.Fatal("11.5.4: no die holds and sends the paratroopers across the river")
	}
	a := g.combat().Await()
	rulestest.Apply(t, g, de, a.Choices[0])
	for g.s.Combat != nil {
		ch := g.Legal(rules.Seat(Allied))
		if len(ch) == 0 {
			t.Fatalf("the combat waits for %s", g.combat().Await())
		}
		rulestest.Apply(t, g, rules.Seat(Allied), ch[0].Command)
	}
	if us := g.s.Units[g.index("kgd/16")]; us.Hex != g.b.ID(x) {
		t.Errorf("11.5.4: kgd/16 holds %s: %+v", g.b.ID(x), us)
	}
	if us := g.s.Units[g.index("1-1fj")]; us.Hex == g.b.ID(x) || us.Hex == "" {
		t.Errorf("11.5.4: the paratroopers retreat across the river: %+v", us)
	}

	old, ok := riverStand(t, "salerno43/2", x, y, block)
	if !ok {
		t.Fatal("salerno43/2: the position is not built")
	}
	rulestest.Apply(t, old, de, "dd kgd/16")
	if a := old.combat().Await(); a.Decision == DecDespD {
		t.Errorf("salerno43/2 offered kgd/16 a Desperate Defense: %s", a)
	}
}
