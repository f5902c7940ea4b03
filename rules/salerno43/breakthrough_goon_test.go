package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// goOnAttack is the first combat of these tests: 2pz/16 and kgd/16
// attack 1-141/36 in T, 5h/46 beyond it in Y, on a line that leaves room to
// break through.
func goOnAttack(t *testing.T) (g *Game, T, Y string) {
	t.Helper()
	return goOnAttackIn(t, "")
}

// goOnAttackIn is goOnAttack under the rules version named ("" the
// current one).
func goOnAttackIn(t *testing.T, version string) (g *Game, T, Y string) {
	t.Helper()
	return btLineAttack(t, version, "2pz/16 kgd/16 maf 16pz", "2pz/16", "kgd/16")
}

// btLineAttack declares, under the rules version named ("" the current
// one), the German attack "attack T with "+decl by the attackers named,
// standing in F, on 1-141/36 in T, 5h/46 waiting beyond in Y, on a line of
// hexes found for breakthroughs (findBTLine).
func btLineAttack(t *testing.T, version, decl string, attackers ...string) (g *Game, T, Y string) {
	t.Helper()
	g = emptyGameIn(t, version, 2, PhaseCombat, German)
	l := findBTLine(t, g)
	F := g.b.ID(l.f)
	T, Y = g.b.ID(l.tgt), g.b.ID(l.y)
	for _, id := range attackers {
		g.put(t, id, F)
	}
	g.put(t, "1-141/36", T)
	g.put(t, "5h/46", Y)
	rulestest.Apply(t, g, rules.Seat(German), "attack "+T+" with "+decl)
	return g, T, Y
}

// 15.2.1 step 2 (L876-878), 15.2.4, 15.2.5: after a breakthrough combat
// that gives DR4 or DS the group need not stop: it may go on advancing,
// without attacking, and attack again, within the advance length of the
// first combat. 2pz/16 and kgd/16 (5+4 against 2: 4-1, 5-1 with armor
// superiority) roll 5, a DR4, an advance of 3 for mechanized units (10.1,
// L568); both enter the vacated hex (1 of the 3) and break through on
// 5h/46 at 5-1: a 5, DR4 again (2 of 3 spent), so the group may enter the
// hex it vacated, free, and go on 1 more hex (15.2.4): 2pz/16 does, and
// has spent all 3; kgd/16 stops in the free hex and has 1 left to attack
// again. That is salerno43/3's play: from salerno43/4 kgd/16, left behind,
// attacks no more (15.2.9, TestBreakthroughDroppedUnitStops_15_2_9).
func TestBreakthroughGoesOnAfterDR4_15_2_1(t *testing.T) {
	g, T, Y := goOnAttackIn(t, "salerno43/3")
	de := rules.Seat(German)
	if f := g.combat().Odds.Final; f != combat.At(5, 1) {
		t.Fatalf("odds %v, want 5-1 (9 against 2, armor)", f)
	}
	into := func(hex string) func([]string) string {
		return func(ch []string) string {
			for _, c := range ch {
				if w := strings.Fields(c); len(w) == 3 && w[2] == hex {
					return c
				}
			}
			return ""
		}
	}
	playCombat(t, g, 5, Y, into(T))
	b := g.s.Breakthrough
	if b == nil || b.Reach != 3 || len(b.Units) != 2 {
		t.Fatalf("15.1: a DR4 (advance 3) allows a breakthrough by both: %+v", b)
	}
	rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 kgd/16 maf 16pz breakthrough")
	if f := g.combat().Odds.Final; f != combat.At(5, 1) {
		t.Fatalf("odds %v, want 5-1 (9 against 2, armor)", f)
	}
	var longest int
	offered := playCombat(t, g, 5, T, func(ch []string) string {
		for _, c := range ch {
			w := strings.Fields(c)
			longest = max(longest, len(w)-2)
			if len(w) == 4 && w[1] == "2pz/16" && w[2] == Y {
				return c
			}
		}
		if c := "advance kgd/16 " + Y; slices.Contains(ch, c) {
			return c
		}
		return ""
	})
	if longest != 2 {
		t.Errorf("15.2.1, 15.2.4: after DR4 the group goes on: the free hex and 1 more; longest offered %d: %v", longest, offered)
	}
	at := g.s.Units[g.index("2pz/16")].Hex
	if at == Y || at == T {
		t.Fatalf("2pz/16 advanced 2 hexes, through %s: in %s", Y, at)
	}
	if k := g.s.Units[g.index("kgd/16")].Hex; k != Y {
		t.Fatalf("kgd/16 entered %s, free: in %s", Y, k)
	}
	b = g.s.Breakthrough
	if b == nil || !b.Group || len(b.Units) != 1 || b.Units[0] != (btUnit{ID: "kgd/16", Spent: 2}) {
		t.Errorf("15.2.4: kgd/16 has spent 2 of 3 and may attack again; 2pz/16 all 3: %+v", b)
	}
}

// 15.2.4, 15.2.5: after the breakthrough combat's DR4 the group has 1
// advance hex left (3, less 1 for the vacated hex of the first combat and 1
// for the attack) and the free entry into the hex the second combat
// vacated. A unit that enters it may go 1 hex on (2 in all); one that turns
// away from it has no free hex and goes 1 hex only, spending its last.
func TestBreakthroughTurnsAwayNoFreeHex_15_2_4(t *testing.T) {
	g, T, Y := goOnAttack(t)
	de := rules.Seat(German)
	playCombat(t, g, 5, Y, func(ch []string) string {
		for _, c := range ch {
			if w := strings.Fields(c); len(w) == 3 && w[2] == T {
				return c
			}
		}
		return ""
	})
	rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 kgd/16 maf 16pz breakthrough")
	var away string
	offered := playCombat(t, g, 5, T, func(ch []string) string {
		for _, c := range ch {
			w := strings.Fields(c)
			if away == "" && len(w) > 2 && w[1] == "2pz/16" && !slices.Contains(w[2:], Y) {
				away = c
				return c
			}
		}
		return ""
	})
	for _, c := range offered {
		w := strings.Fields(c)
		if n := len(w) - 2; n > 1 && !slices.Contains(w[2:], Y) {
			t.Errorf("15.2.4: a path away from %s has 1 hex, no free one: %q", Y, c)
		}
	}
	if away == "" {
		t.Fatalf("15.2.4: the group may turn away from %s: %v", Y, offered)
	}
	if b := g.s.Breakthrough; b != nil && slices.ContainsFunc(b.Units, func(u btUnit) bool { return u.ID == "2pz/16" }) {
		t.Errorf("15.2.4: 2pz/16 has spent its 3 hexes turning away (%s) and attacks no more: %+v", away, b)
	}
}

// 15.2.9 (L918): "Grupa przełamująca, gdy się porusza może zostawiać
// jednostki ze swojego stosu ale nie może przyłączać do siebie innych
// jednostek. Jednostki, które się odłączają muszą się zatrzymać i
// zakończyć pościg." After the breakthrough combat's DR4 (2 of 3 hexes
// spent) the group goes on and a unit it leaves stops: it takes no part in
// the group's next breakthrough combat. kgd/16 stopping in the free hex
// while 2pz/16 goes a hex beyond is left behind, and 2pz/16 has spent its
// 3: no breakthrough is left. 2pz/16 staying where it attacked from while
// kgd/16 enters the free hex is left behind: kgd/16 alone may attack
// again. salerno43/3 let the units left behind attack again.
func TestBreakthroughDroppedUnitStops_15_2_9(t *testing.T) {
	de := rules.Seat(German)
	for _, version := range []string{"", "salerno43/3"} {
		g, T, Y := goOnAttackIn(t, version)
		playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T), into("kgd/16", T)))
		rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 kgd/16 maf 16pz breakthrough")
		beyond := func(w []string) bool { return len(w) == 4 && w[1] == "2pz/16" && w[2] == Y }
		playCombat(t, g, 5, T, advanceInTurn(beyond, into("kgd/16", Y)))
		if g.s.Units[g.index("kgd/16")].Hex != Y || g.s.Units[g.index("2pz/16")].Hex == Y {
			t.Fatalf("%q: 2pz/16 went on beyond %s, kgd/16 stopped there", version, Y)
		}
		b := g.s.Breakthrough
		kgd := b != nil && slices.ContainsFunc(b.Units, func(u btUnit) bool { return u.ID == "kgd/16" })
		if version == "salerno43/3" {
			if !kgd {
				t.Errorf("salerno43/3 lets kgd/16, left behind, attack again: %+v", b)
			}
			continue
		}
		if b != nil {
			t.Errorf("15.2.9: kgd/16 was left behind and 2pz/16 has spent its 3 hexes, yet a breakthrough follows: %+v", b)
		}
		if slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return strings.HasSuffix(c.Command, " breakthrough") }) {
			t.Error("15.2.9: Legal lists a breakthrough by kgd/16, left behind")
		}
	}

	for _, version := range []string{"", "salerno43/3"} {
		g, T, Y := goOnAttackIn(t, version)
		playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T), into("kgd/16", T)))
		rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 kgd/16 maf 16pz breakthrough")
		playCombat(t, g, 5, T, advanceInTurn(into("kgd/16", Y)))
		if g.s.Units[g.index("2pz/16")].Hex != T {
			t.Fatalf("%q: 2pz/16 stays in %s", version, T)
		}
		b := g.s.Breakthrough
		want := []btUnit{{ID: "2pz/16", Spent: 2}, {ID: "kgd/16", Spent: 2}}
		if version == "" {
			want = want[1:] // 15.2.9: 2pz/16 was left behind and stops
		}
		if b == nil || !slices.Equal(b.Units, want) {
			t.Errorf("%q: 15.2.9: the breakthrough's units %+v, want %+v", version, b, want)
		}
	}
}
