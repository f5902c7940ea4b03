package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 14.2.1 (L837): "Jednostki niezmechanizowane nie mogą jednak nigdy ścigać
// więcej niż dwa heksy"; a breakthrough group's actions are paid in the
// hexes it may advance (15.2.4, L890), and a unit it leaves behind stops
// (15.2.9, L918). The paratroops 1-1fj (3-3-3, elite, not mechanized)
// attack with 2pz/16 (5-3-7, armor 4): 8 against 1-141/36's 2 is 4-1, 6-1
// with the armor and elite shifts; a 4 there is DR4 (an advance of 3), a 6
// DS (4).

// paraAttack declares 2pz/16 and 1-1fj's attack on 1-141/36 in T, 5h/46
// waiting beyond in Y, under the rules version named ("" the current one).
func paraAttack(t *testing.T, version string) (g *Game, T, Y string) {
	t.Helper()
	g, T, Y = btLineAttack(t, version, "2pz/16 1-1fj maf 2pz/16 addon 1-1fj", "2pz/16", "1-1fj")
	if f := g.combat().Odds.Final; f != combat.At(6, 1) {
		t.Fatalf("odds %v, want 6-1 (8 against 2, armor and elite)", f)
	}
	return g, T, Y
}

// TestBreakthroughNonMechanizedLength_14_2_1: after a DS (an advance of 4)
// 1-1fj advances its 2 hexes: it may not attack again, its advance being
// spent. salerno43/3 counted the DS's 4 for it, leaving it 2 to break
// through.
func TestBreakthroughNonMechanizedLength_14_2_1(t *testing.T) {
	for _, version := range []string{"", "salerno43/3"} {
		g, _, Y := paraAttack(t, version)
		playCombat(t, g, 6, Y, advanceOnce("1-1fj", 2, Y))
		if at := g.s.Units[g.index("1-1fj")].Hex; at == g.s.Units[g.index("2pz/16")].Hex {
			t.Fatalf("%q: 1-1fj did not advance 2 hexes", version)
		}
		b := g.s.Breakthrough
		if version == "salerno43/3" && (b == nil || b.Reach != 4) {
			t.Fatalf("a DS gives an advance of 4: %+v", b)
		}
		in := b != nil && slices.ContainsFunc(b.Units, func(u btUnit) bool { return u.ID == "1-1fj" })
		if version == "salerno43/3" {
			if !in {
				t.Errorf("salerno43/3 lets 1-1fj break through after 2 of the DS's 4 hexes: %+v", b)
			}
			continue
		}
		if in {
			t.Errorf("14.2.1, 15.2.4: 1-1fj has spent the 2 hexes it may advance, yet may break through: %+v", b)
		}
	}
}

// TestBreakthroughGroupLeastLength_15_2_4: after a DR4 (3) both enter the
// vacated hex (1) and break through on 5h/46 (2); the breakthrough's DR4
// lets the group go on, but 1-1fj has spent its 2: the group, holding it,
// enters the hex it vacated, free, and no further; 2pz/16 alone may then
// attack again, 1-1fj being left behind (15.2.9). salerno43/3 let the
// group go on a hex more, 1-1fj with it.
func TestBreakthroughGroupLeastLength_15_2_4(t *testing.T) {
	de := rules.Seat(German)
	for _, version := range []string{"", "salerno43/3"} {
		g, T, Y := paraAttack(t, version)
		playCombat(t, g, 4, Y, advanceInTurn(into("2pz/16", T), into("1-1fj", T)))
		if b := g.s.Breakthrough; b == nil || len(b.Units) != 2 {
			t.Fatalf("%q: 15.2.3: both may break through after entering the vacated hex: %+v", version, b)
		}
		rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 1-1fj maf 2pz/16 addon 1-1fj breakthrough")
		var longest int
		playCombat(t, g, 4, T, func(ch []string) string {
			for _, c := range ch {
				longest = max(longest, len(strings.Fields(c))-2)
			}
			for _, id := range []string{"2pz/16", "1-1fj"} {
				if c := "advance " + id + " " + Y; slices.Contains(ch, c) {
					return c
				}
			}
			return ""
		})
		b := g.s.Breakthrough
		if version == "salerno43/3" {
			if longest != 2 || b == nil || len(b.Units) != 2 {
				t.Errorf("salerno43/3: the group goes on 2 hexes (%d), both may attack again: %+v", longest, b)
			}
			continue
		}
		if longest != 1 {
			t.Errorf("15.2.4, 14.2.1: 1-1fj's 2 hexes are spent: the group enters %s, free, and no further; %d offered", Y, longest)
		}
		if b == nil || len(b.Units) != 1 || b.Units[0] != (btUnit{ID: "2pz/16", Spent: 2}) {
			t.Errorf("15.2.9: 2pz/16 alone, 2 of 3 spent, may attack again: %+v", b)
		}
	}
}
