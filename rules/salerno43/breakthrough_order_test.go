package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 15.2.1 / 15.2.2 (L876-882): the breakthrough group finishes all its
// advancing and breakthrough combats before the other attackers advance
// ("Grupa przełamująca musi zakończyć cały swój pościg i wszystkie
// przełamania zanim inne oddziały biorące udział w ataku będą mogły
// ścigać"); they advance after it (step 3) and break through no more.
// The first combat is goOnAttack's: 2pz/16 and kgd/16 at 5-1 roll 5, a DR4,
// an advance of 3.

// advanceInTurn picks, in turn, the first advance each pick accepts ("" when
// none is left, or none is offered).
func advanceInTurn(picks ...func(w []string) bool) func([]string) string {
	return func(choices []string) string {
		for len(picks) > 0 {
			pick := picks[0]
			for _, c := range choices {
				if w := strings.Fields(c); w[0] == "advance" && pick(w) {
					picks = picks[1:]
					return c
				}
			}
			return ""
		}
		return ""
	}
}

// into picks unit id's advance of one hex into h.
func into(id, h string) func([]string) bool {
	return func(w []string) bool { return len(w) == 3 && w[1] == id && w[2] == h }
}

// TestBreakthroughNotAfterOthersAdvanced_15_2_2: kgd/16 advances a hex
// aside, then 2pz/16 enters the vacated hex. kgd/16 has advanced before any
// group was done, so 2pz/16 breaks through no more: from salerno43/4 no
// breakthrough follows; salerno43/3 let 2pz/16 break through after it.
func TestBreakthroughNotAfterOthersAdvanced_15_2_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/3"} {
		g, T, Y := goOnAttackIn(t, version)
		aside := func(w []string) bool { return len(w) == 3 && w[1] == "kgd/16" && w[2] != T && w[2] != Y }
		playCombat(t, g, 5, Y, advanceInTurn(aside, into("2pz/16", T)))
		if g.s.Units[g.index("kgd/16")].Hex == g.s.Units[g.index("2pz/16")].Hex {
			t.Fatalf("%q: kgd/16 did not advance aside", version)
		}
		bt := "attack " + Y + " with 2pz/16 maf 2pz/16 breakthrough"
		listed := slices.ContainsFunc(g.Legal(rules.Seat(German)), func(c rules.Choice) bool { return c.Command == bt })
		if version == "salerno43/3" {
			if !listed {
				t.Errorf("salerno43/3 lists %q", bt)
			}
			rulestest.Apply(t, g, rules.Seat(German), bt)
			continue
		}
		if listed || g.s.Breakthrough != nil {
			t.Errorf("15.2.2: kgd/16 advanced before the group was done, yet %q is listed (%+v)", bt, g.s.Breakthrough)
		}
		rulestest.Refused(t, g, rules.Seat(German), bt, "15.1", "15.2.2")
	}
}

// TestBreakthroughOthersAdvanceAfterGroup_15_2_1: kgd/16 waits while
// 2pz/16 enters the vacated hex and breaks through; it may not break
// through itself, nor advance during the group's combat; once the group is
// done (a DR2: it enters the hex it vacated and stops, 15.2.1 step 2) it
// advances, as it would have in the first combat (step 3). salerno43/3
// had it advance in the first combat or not at all.
func TestBreakthroughOthersAdvanceAfterGroup_15_2_1(t *testing.T) {
	de := rules.Seat(German)
	g, T, Y := goOnAttackIn(t, "")
	playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T)))
	b, w := g.s.Breakthrough, g.s.Waiting
	if b == nil || len(b.Units) != 1 || b.Units[0].ID != "2pz/16" {
		t.Fatalf("15.2.2: 2pz/16, which advanced, is the group: %+v", b)
	}
	if w == nil || !slices.Equal(w.Units, []string{"kgd/16"}) || w.Vacated != T || w.Reach != 3 {
		t.Fatalf("15.2.1 step 3: kgd/16 waits to advance 3 from %s: %+v", T, w)
	}
	after := "advance-after kgd/16 " + T
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == after }) {
		t.Errorf("Legal lists no %q", after)
	}
	rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 maf 2pz/16 breakthrough")
	if _, err := g.Apply(de, after); err == nil {
		t.Fatalf("15.2.2: %q during the group's breakthrough combat", after)
	}
	playCombat(t, g, 4, T, advanceInTurn(into("2pz/16", Y)))
	if g.s.Breakthrough != nil {
		t.Fatalf("15.2.1: after a DR2 the group stops: %+v", g.s.Breakthrough)
	}
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == after }) {
		t.Errorf("15.2.1 step 3: the group done, Legal lists no %q", after)
	}
	rulestest.Apply(t, g, de, after)
	if at := g.s.Units[g.index("kgd/16")].Hex; at != T || g.s.Waiting != nil {
		t.Errorf("15.2.1 step 3: kgd/16 advances into %s once the group is done: in %s, %+v", T, at, g.s.Waiting)
	}

	g, T, Y = goOnAttackIn(t, "salerno43/3")
	playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T)))
	if g.s.Waiting != nil {
		t.Errorf("salerno43/3 keeps no waiting attackers: %+v", g.s.Waiting)
	}
	rulestest.Refused(t, g, de, after, "15.2.1")
}

// TestBreakthroughOthersAdvanceEndsGroup_15_2_2: an attacker that waited
// advances only once the group is done: its advance ends the group's
// breakthrough, which never goes on after it; another attack ends the
// wait (8.1).
func TestBreakthroughOthersAdvanceEndsGroup_15_2_2(t *testing.T) {
	de := rules.Seat(German)
	g, T, Y := goOnAttackIn(t, "")
	playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T)))
	var after string
	for _, c := range g.Legal(de) {
		if strings.HasPrefix(c.Command, "advance-after kgd/16 ") && !strings.Contains(c.Command, T) {
			after = c.Command
			break
		}
	}
	if after == "" {
		t.Fatal("15.2.1: Legal lists no advance of kgd/16 but into the vacated hex")
	}
	rulestest.Apply(t, g, de, after)
	if g.s.Breakthrough != nil {
		t.Errorf("15.2.2: kgd/16's advance ends the group's breakthrough: %+v", g.s.Breakthrough)
	}
	rulestest.Refused(t, g, de, "attack "+Y+" with 2pz/16 maf 2pz/16 breakthrough", "15.1")

	g, T, Y = goOnAttackIn(t, "")
	playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T)))
	y, _ := g.b.Hex(Y)
	for _, n := range y.Neighbors() {
		if g.b.ID(n) != T && len(g.pos().at(n)) == 0 {
			g.put(t, "1-64/16", g.b.ID(n))
			break
		}
	}
	rulestest.Apply(t, g, de, "attack "+Y+" with 1-64/16 maf 1-64/16")
	if g.s.Waiting != nil || g.s.Breakthrough != nil {
		t.Errorf("8.1: another attack ends the breakthrough and the wait: %+v, %+v", g.s.Breakthrough, g.s.Waiting)
	}
}

// 15.2.2, 15.2.3 (L882-884): "W każdym ataku, tylko jeden stos może
// przeprowadzić przełamanie"; "Grupa przełamująca może być sformowana na
// opuszczonym przez obrońcę heksie poprzez wejście na ten heks jednostek
// biorących udział w ataku (do limitu stosu)". The group is a stack of the
// attackers, or one formed by entering the vacated hex; units that attacked
// from two hexes and came together in another hex are no group.

// twoHexAttack declares 2pz/16's attack from F and kgd/16's from S, on
// either side of T, on 1-141/36 in T (9 against 2 with armor: 5-1), under
// the rules version named; X is the hex next to F, S and T, and 5h/46
// stands in Z beyond X, 2 hexes from F, S and T.
func twoHexAttack(t *testing.T, version string) (g *Game, T, X, Z string) {
	t.Helper()
	g = emptyGameIn(t, version, 2, PhaseCombat, German)
	l := findBTLine(t, g)
	var s, x, z hex.Axial
	found := false
	for _, n := range l.tgt.Neighbors() { // S: either side of F, X between
		if hex.Distance(n, l.f) != 2 || found {
			continue
		}
		s = n
		for _, m := range l.tgt.Neighbors() {
			if hex.Distance(m, l.f) == 1 && hex.Distance(m, s) == 1 {
				x = m
			}
		}
		z = x.Add(x.Sub(l.tgt))
		found = g.b.Land(z) && g.b.Land(s)
	}
	if !found {
		t.Fatal("no land hex 2 hexes beyond the attack")
	}
	g.put(t, "2pz/16", g.b.ID(l.f))
	g.put(t, "kgd/16", g.b.ID(s))
	g.put(t, "1-141/36", g.b.ID(l.tgt))
	g.put(t, "5h/46", g.b.ID(z))
	rulestest.Apply(t, g, rules.Seat(German), "attack "+g.b.ID(l.tgt)+" with 2pz/16 kgd/16 maf 16pz")
	if f := g.combat().Odds.Final; f != combat.At(5, 1) {
		t.Fatalf("odds %v, want 5-1 (9 against 2, armor)", f)
	}
	return g, g.b.ID(l.tgt), g.b.ID(x), g.b.ID(z)
}

// TestBreakthroughGroupFormsOnVacatedHex_15_2_3: on a DR4 (an advance of
// 3) 2pz/16 and kgd/16, from two hexes, both advance into X, beside the
// vacated hex: they are not one stack and did not form on the vacated hex,
// so from salerno43/4 no breakthrough follows, Legal lists none and the
// declaration on 5h/46 beyond X is refused; salerno43/3 let them break
// through together.
// Entering the vacated hex, both form the group there.
func TestBreakthroughGroupFormsOnVacatedHex_15_2_3(t *testing.T) {
	de := rules.Seat(German)
	for _, version := range []string{"", "salerno43/3"} {
		g, _, X, Z := twoHexAttack(t, version)
		playCombat(t, g, 5, X, advanceInTurn(into("2pz/16", X), into("kgd/16", X)))
		if g.s.Units[g.index("2pz/16")].Hex != X || g.s.Units[g.index("kgd/16")].Hex != X {
			t.Fatalf("%q: both advance into %s", version, X)
		}
		b := g.s.Breakthrough
		bt := slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return strings.HasSuffix(c.Command, " breakthrough") })
		if version == "salerno43/3" {
			if b == nil || len(b.Units) != 2 {
				t.Errorf("salerno43/3 lets both break through from %s: %+v", X, b)
			}
			continue
		}
		if b != nil || bt {
			t.Errorf("15.2.3: units from two hexes came together in %s, not on the vacated hex, yet they may break through: %+v", X, b)
		}
		rulestest.Refused(t, g, de, "attack "+Z+" with 2pz/16 kgd/16 maf 16pz breakthrough", "15.1", "15.2.3")
	}

	g, T, X, _ := twoHexAttack(t, "")
	playCombat(t, g, 5, X, advanceInTurn(into("2pz/16", T), into("kgd/16", T)))
	if b := g.s.Breakthrough; b == nil || len(b.Units) != 2 {
		t.Errorf("15.2.3: 2pz/16 and kgd/16 form the group on the vacated hex %s: %+v", T, b)
	}
}
