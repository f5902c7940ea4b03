package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The priorities of a retreat's path (12.1.3, L704-709), under
// salerno43/3; the older versions' readings are shown beside.

// 12.1.3 priority 3 (L707): "Pierwszy heks odwrotu może wejść na pusty heks
// w EZOC, o ile wycofująca się jednostka nie przekroczy ani nie wejdzie na
// wrogą linię ZOC": the first hex MAY be a vacant EZOC hex, with no "if
// possible" to put such a path behind the others. 1-1fj, attacked from the
// west, may retreat north-west (a vacant hex in the attacker's ZOC) and on
// to a hex free of it. salerno43/2 kept such a path only when no other was
// legal.
func TestRetreatFirstHexMayBeEZOC_12_1_3(t *testing.T) {
	want := []hex.Axial{dNW, {Q: 0, R: -2}}
	for _, tc := range []struct {
		version string
		offered bool
	}{{"", true}, {"salerno43/2", false}} {
		g, o, paths := retreatExampleIn(t, tc.version, 2, map[string]hex.Axial{"1-1fj": {}}, map[string]hex.Axial{"141/36": dW})
		got := slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return slices.Equal(offsets(o, p.Hexes), want) })
		if got != tc.offered || len(paths) == 0 {
			t.Errorf("version %q: the retreat %s %s (first hex a vacant EZOC hex) offered %v, want %v: %v",
				tc.version, g.b.ID(o.Add(want[0])), g.b.ID(o.Add(want[1])), got, tc.offered, pathsText(g, paths))
		}
	}
}

// retreatChoicesNow plays the combat in progress up to the defender's
// retreat with die for every roll, declining defensive air and the DD, and
// returns the retreat choices offered.
func retreatChoicesNow(t *testing.T, g *Game, die int) []string {
	t.Helper()
	for g.s.Combat != nil {
		a := g.combat().Await()
		switch {
		case a.Roll != "":
			rulestest.Roll(t, g, die)
		case a.Decision == combat.DecRetreat:
			return a.Choices
		case a.Decision == combat.DecDD:
			rulestest.Apply(t, g, rules.Seat(a.Side), "no-dd")
		case a.Decision == DecDefAir:
			rulestest.Apply(t, g, rules.Seat(a.Side), "no-def-air")
		case a.Decision == combat.DecAttackerLoss || a.Decision == combat.DecDefenderLoss:
			rulestest.Apply(t, g, rules.Seat(a.Side), "losses "+strings.Join(slices.Repeat(a.Choices[:1], a.Steps), " "))
		default:
			t.Fatalf("the combat waits for %s before any retreat", a)
		}
	}
	t.Fatal("the combat ended with no retreat")
	return nil
}

// supplyOpen is a clear hex o whose hexes within 2 are open land (no
// river, mountain or sea hexside, no entry area), with a map hex 5 east
// and 1 north of it for a BH: the ground of the supply example.
func supplyOpen(t *testing.T, g *Game) hex.Axial {
	t.Helper()
	open := func(o hex.Axial) bool {
		for _, a := range hex.Range(o, 2) {
			if !g.b.Land(a) || g.b.ID(a) == "" || g.areaOf(a) != "" {
				return false
			}
			for _, n := range a.Neighbors() {
				if hex.Distance(o, n) <= 2 && (g.b.Impassable(a, n) || g.b.Feature(a, n, River) || g.b.Feature(a, n, Mountain) || g.b.Feature(a, n, SeaSide)) {
					return false
				}
			}
		}
		return g.b.Terrain(o) == Clear
	}
	for k := 0; k < g.b.Grid().Len(); k++ {
		o := g.b.Grid().Hex(k)
		if open(o) && g.b.Land(o.Add(bhEastNorth)) && g.b.ID(o.Add(bhEastNorth)) != "" {
			return o
		}
	}
	t.Fatal("no open clear hex with a BH hex east of it")
	return hex.Axial{}
}

// bhEastNorth is where the supply example's BH stands from the retreating
// unit.
var bhEastNorth = hex.Axial{Q: 5, R: -1}

// 12.1.3 priority 4 (L708): "Jeśli to możliwe, wycofaj się na heks, na
// którym jednostka będzie zaopatrywana (16.3)". The US 1-141/36, attacked
// from the north-west with a DR2, may retreat east, towards the BH it
// draws supply from, or west, out of its line of supply: only the retreats
// that end in supply are legal while one is open. salerno43/2 offered
// both.
func TestRetreatTowardSupply_12_1_3(t *testing.T) {
	for _, tc := range []struct {
		version string
		outOK   bool
	}{{"", false}, {"salerno43/2", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		o := supplyOpen(t, g)
		g.put(t, "1-141/36", g.b.ID(o))
		g.put(t, "bh-blue", g.b.ID(o.Add(bhEastNorth)))
		g.put(t, "2pz/16", g.b.ID(o.Add(dNW)))
		sup := g.supplyStatuses(Allied)
		rulestest.Apply(t, g, rules.Seat(German), "attack "+g.b.ID(o)+" with 2pz/16 maf 2pz/16")
		var in, out []string
		for _, c := range retreatChoicesNow(t, g, 4) { // 3-1, 4: DR2
			w := strings.Fields(c)
			if cell, _ := g.b.CellOf(w[len(w)-1]); sup.los[cell] == hexwar.InSupply {
				in = append(in, c)
			} else {
				out = append(out, c)
			}
		}
		if len(in) == 0 || (len(out) > 0) != tc.outOK {
			t.Errorf("version %q: retreats ending in supply %v, out of it %v; want some in supply, and out of it too: %v",
				tc.version, in, out, tc.outOK)
		}
	}
}

// 12.1.3 (L704-706): the priorities rank in order, "nr 1 ma pierwszeństwo
// przed nr 2": a retreat into hexes that do not eliminate the unit (1)
// comes before one whose every hex takes it further from the combat's hex
// (2, "Jeśli to możliwe"). 1-1fj, attacked from the west, has Allied units
// west, north-west and south-west of it and on the five hexes two out that
// its friends gar-ta (east) and 2-1fj (north-east) lead to; every path of 2
// whose second hex is further enters enemy units or a second vacant EZOC
// hex after the south-east one (12.2). Stepping aside, east then north-east
// or back, or south-east then into gar-ta's hex, it survives.
// salerno43/3 held every hex further and eliminated it.
func TestRetreatNotEliminatedBeforeFurther_12_1_3(t *testing.T) {
	at := map[string]hex.Axial{"1-1fj": {}, "gar-ta": dE, "2-1fj": dNE}
	enemy := map[string]hex.Axial{"141/36": dW, "142/36": dNW, "143/36": dSW,
		"179/45": {Q: 2, R: 0}, "157/45": {Q: 2, R: -1}, "128/46": {Q: 1, R: 1}, "139/46": {Q: 2, R: -2}, "138/46": {Q: 1, R: -2}}
	want := [][]hex.Axial{{dE, dNE}, {dNE, dE}, {dSE, dE}}
	g, o, paths := retreatExample(t, 2, at, enemy)
	var got [][]hex.Axial
	for _, p := range paths {
		got = append(got, offsets(o, p.Hexes))
	}
	if len(got) != len(want) {
		t.Errorf("12.1.3 priority 1 before 2: 1-1fj's retreats %v, want the three that step aside %v", pathsText(g, paths), want)
	}
	for _, h := range got {
		if !slices.ContainsFunc(want, func(w []hex.Axial) bool { return slices.Equal(h, w) }) {
			t.Errorf("12.1.3: the retreat %v is not one of %v", h, want)
		}
	}
	if g, _, paths := retreatExampleIn(t, "salerno43/3", 2, at, enemy); len(paths) != 0 {
		t.Errorf("salerno43/3: every hex further, 1-1fj has no retreat: %v", pathsText(g, paths))
	}
}
