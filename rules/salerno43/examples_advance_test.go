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

// The advance after combat examples (14.4, 14.5): the German 2pz/16 (5-3-7,
// armor 4) attacks the US 1-141/36 (2-2-3) in clear terrain: 5 against 2 is
// 2-1, 3-1 with armor superiority; a 4 is DR2 (L1720) and an advance of 2.

// advanceChoices plays that attack from f on t, the defender declining the
// DD and every other decision, and returns the attacker's advance choices.
func advanceChoices(t *testing.T, g *Game, tgt, f hex.Axial) []string {
	t.Helper()
	T, F := g.b.ID(tgt), g.b.ID(f)
	g.put(t, "1-141/36", T)
	g.put(t, "2pz/16", F)
	rulestest.Apply(t, g, rules.Seat(German), "attack "+T+" with 2pz/16 maf 2pz/16")
	advances := resolveCombat(t, g, 4)
	if us := g.s.Units[g.index("1-141/36")]; us.Hex == T {
		t.Fatalf("1-141/36 retreats from %s: %+v", T, us)
	}
	return advances
}

// resolveCombat plays the combat in progress to its end, every die die:
// the defender declines the DD, every other decision takes a "no-" choice
// if there is one, else the first; the attacker advances no unit. It
// returns the first advance choices offered.
func resolveCombat(t *testing.T, g *Game, die int) []string {
	t.Helper()
	var advances []string
	for g.s.Combat != nil {
		a := g.combat().Await()
		seat := rules.Seat(a.Side)
		switch {
		case a.Roll != "":
			rulestest.Roll(t, g, die)
		case a.Decision == combat.DecAdvance:
			if advances == nil {
				advances = a.Choices
			}
			rulestest.Apply(t, g, seat, "advance-done")
		case a.Decision == combat.DecDD:
			rulestest.Apply(t, g, seat, "no-dd")
		case len(a.Choices) > 0:
			pick := a.Choices[0]
			for _, c := range a.Choices {
				if strings.HasPrefix(c, "no-") {
					pick = c
				}
			}
			rulestest.Apply(t, g, seat, pick)
		default:
			t.Fatalf("the combat waits for %v", a)
		}
	}
	return advances
}

// EX-20 (14.4, L851-853): an advance ignores the enemy ZOC in the vacated
// defender hex: the armor goes through it and on, though another enemy
// unit stands next to it.
func TestAdvanceIgnoresZOCInVacatedHex_EX20_14_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	clear := func(a hex.Axial) bool { return g.b.Land(a) && g.b.Terrain(a) == Clear }
	// f, tgt, beyond in a line; the other enemy unit next to tgt, away
	// from f and beyond.
	var f, tgt, other hex.Axial
	found := false
	for k := 0; k < g.b.Grid().Len() && !found; k++ {
		tgt = g.b.Grid().Hex(k)
		for d := range hex.DirectionCount {
			f, other = tgt.Neighbor(d.Opposite()), tgt.Neighbor((d+2)%hex.DirectionCount)
			ok := clear(tgt) && clear(f) && clear(other) && g.plainSide(f, tgt) && g.plainSide(tgt, other)
			for _, n := range tgt.Neighbors() {
				ok = ok && clear(n) && g.plainSide(tgt, n)
			}
			if ok {
				found = true
				break
			}
		}
	}
	if !found {
		t.Fatal("no hexes for EX-20")
	}
	g.put(t, "142/36", g.b.ID(other)) // its ZOC covers tgt
	advances := advanceChoices(t, g, tgt, f)
	T := g.b.ID(tgt)
	if !slices.ContainsFunc(advances, func(c string) bool {
		w := strings.Fields(c)
		return len(w) == 4 && w[1] == "2pz/16" && w[2] == T
	}) {
		t.Errorf("EX-20: 2pz/16 advances through %s, in 142/36's ZOC, and one hex on: %v", T, advances)
	}
}

// EX-21 (14.5, L862-864): the armor's advance may not cross a mountain
// hexside without a road or pass (hex A), nor an unbridged river it did
// not attack across (hex B).
func TestAdvanceAndTerrain_EX21_14_5(t *testing.T) {
	for _, c := range []struct {
		name string
		shut func(g *Game, a, b hex.Axial) bool
		rule string
	}{
		{"A", func(g *Game, a, b hex.Axial) bool {
			return g.b.mountainNoRoad(a, b) && !g.b.Feature(a, b, Pass) && !g.b.Feature(a, b, River)
		}, "a mountain hexside without road or pass"},
		{"B", func(g *Game, a, b hex.Axial) bool {
			return g.b.Feature(a, b, River) && g.b.Road(a, b) == "" && !g.b.Feature(a, b, Mountain)
		}, "an unbridged river"},
	} {
		g := emptyGame(t, 2, PhaseCombat, German)
		var f, tgt, shut hex.Axial
		found := false
		for k := 0; k < g.b.Grid().Len() && !found; k++ {
			tgt = g.b.Grid().Hex(k)
			if !g.b.Land(tgt) || g.b.Terrain(tgt) != Clear {
				continue
			}
			var fs, ss []hex.Axial
			for _, n := range tgt.Neighbors() {
				switch {
				case !g.b.Land(n) || g.b.fullMountain(n):
				case g.b.Terrain(n) == Clear && g.plainSide(tgt, n):
					fs = append(fs, n)
				case c.shut(g, tgt, n):
					ss = append(ss, n)
				}
			}
			if len(fs) >= 2 && len(ss) > 0 {
				f, shut, found = fs[0], ss[0], true
			}
		}
		if !found {
			t.Fatalf("EX-21 %s: no clear hex with %s", c.name, c.rule)
		}
		advances := advanceChoices(t, g, tgt, f)
		if len(advances) == 0 {
			t.Fatalf("EX-21 %s: no advance offered", c.name)
		}
		bad := "advance 2pz/16 " + g.b.ID(tgt) + " " + g.b.ID(shut)
		if slices.Contains(advances, bad) {
			t.Errorf("EX-21 %s: %q crosses %s: %v", c.name, bad, c.rule, advances)
		}
	}
}
