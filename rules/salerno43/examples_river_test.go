package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// EX-15 (9.8, L549-551): X, every US attacker attacks across the river,
// so the German defense is doubled; Y, one unit does not attack across
// it, so there is no doubling. The example's strengths are the diagram's
// (10 against 6 is 1-1; 12 against 3 is 4-1); here the stand-in 141/36 and
// 142/36 (attack 5 each) attack 1-1fj (defense 3) in a clear hex: across
// the river alone 5 against 6 (doubled), with 142/36 from a plain hexside
// 10 against 3.
func TestRiverDoublingXY_EX15_9_8(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, Allied)
	var w hex.Axial
	x, y := riverSide(t, g, func(a, b hex.Axial) bool {
		for _, n := range b.Neighbors() {
			if n != a && g.b.Land(n) && g.b.Terrain(n) == Clear && g.plainSide(n, b) {
				w = n
				return true
			}
		}
		return false
	})
	g.put(t, "141/36", g.b.ID(x))
	g.put(t, "142/36", g.b.ID(w))
	g.put(t, "1-1fj", g.b.ID(y))
	odds := func(with ...string) (int, int) {
		t.Helper()
		in, err := g.combatInput(AttackCommand{Target: g.b.ID(y), With: with, MAF: "36"}, true)
		if err != nil {
			t.Fatal(err)
		}
		return in.strengths()
	}
	if a, d := odds("141/36"); a != 5 || d != 6 {
		t.Errorf("EX-15 X: every attacker across the river: 5 against 3 doubled, 6; got %d against %d", a, d)
	}
	if a, d := odds("141/36", "142/36"); a != 10 || d != 3 {
		t.Errorf("EX-15 Y: 142/36 does not attack across the river: no doubling, 10 against 3; got %d against %d", a, d)
	}
	if a, d := odds("142/36"); a != 5 || d != 3 {
		t.Errorf("9.8: no attacker across the river: 5 against 3; got %d against %d", a, d)
	}
}

// riverSide is the first hexside x|y of the map with a river and nothing
// else, without a road, between clear hexes, for which ok holds.
func riverSide(t *testing.T, g *Game, ok func(x, y hex.Axial) bool) (hex.Axial, hex.Axial) {
	t.Helper()
	for _, hs := range g.sc.Hexsides {
		if len(hs.Features) != 1 || hs.Features[0] != River {
			continue
		}
		a, _ := g.b.Hex(hs.A)
		b, _ := g.b.Hex(hs.B)
		if g.b.Terrain(a) == Clear && g.b.Terrain(b) == Clear && g.b.Road(a, b) == "" && ok(a, b) {
			return a, b
		}
	}
	t.Fatal("no river hexside between clear hexes")
	return hex.Axial{}, hex.Axial{}
}
