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

// clearWithPlainSide is a clear hex and a neighbour across a plain hexside.
func clearWithPlainSide(t *testing.T, g *Game) (string, string) {
	t.Helper()
	for k := 0; k < g.b.Grid().Len(); k++ {
		a := g.b.Grid().Hex(k)
		if !g.b.Land(a) || g.b.Terrain(a) != Clear || g.b.ID(a) == "" || g.areaOf(a) != "" {
			continue
		}
		for _, n := range a.Neighbors() {
			if g.b.Land(n) && g.b.ID(n) != "" && g.plainSide(a, n) {
				return g.b.ID(a), g.b.ID(n)
			}
		}
	}
	t.Fatal("no clear hex with a plain hexside")
	return "", ""
}

// 12.5: a unit that retreated earlier in the Combat Phase into a hex held
// by friendly units adds no defense when that hex is attacked, leads no DD
// and takes no step loss; 141/36 (6) with the DG 142/36 that retreated in
// defends with 6, not 6 + 3.
func TestRetreatedUnitsAddNoDefense_12_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	H, F := clearWithPlainSide(t, g)
	g.put(t, "141/36", H)
	r := g.put(t, "142/36", H)
	g.s.Units[r].Status = Disorganized
	g.s.Retreated = []string{"142/36"}
	g.put(t, "2pz/16", F)
	rulestest.Apply(t, g, rules.Seat(German), "attack "+H+" with 2pz/16 maf 2pz/16")
	c := g.combat()
	if c.Odds.Defense != 6 {
		t.Errorf("12.5: the retreated 142/36 adds no defense: %s, want 6", c.Odds)
	}
	for _, u := range c.Defenders {
		if u.ID == "142/36" && !u.RetreatedIn {
			t.Error("12.5: 142/36 is read as retreated into the hex (no lead, no loss, eliminated by a retreat)")
		}
	}
	if slices.ContainsFunc(combat.Leads(c.Defenders), func(u combat.Unit) bool { return u.ID == "142/36" }) {
		t.Error("12.5: a retreated unit never leads a DD")
	}
}

// 12.5 names the hex held by friendly units: a unit that retreated into an
// empty hex defends there as any DG unit, its defense halved (13.2.1).
func TestRetreatedAloneDefends_12_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	H, F := clearWithPlainSide(t, g)
	r := g.put(t, "142/36", H)
	g.s.Units[r].Status = Disorganized
	g.s.Retreated = []string{"142/36"}
	g.put(t, "2pz/16", F)
	rulestest.Apply(t, g, rules.Seat(German), "attack "+H+" with 2pz/16 maf 2pz/16")
	if c := g.combat(); c.Odds.Defense != 3 {
		t.Errorf("12.5, 13.2.1: 142/36 alone defends DG with 3: %s", c.Odds)
	}
}

// mountainSide is a pair of land hexes across a mountain hexside with no
// road and no pass, and a third hex across another such hexside from the
// second, if the map has one.
func mountainSide(t *testing.T, g *Game) (a, b, c hex.Axial, third bool) {
	t.Helper()
	for k := 0; k < g.b.Grid().Len(); k++ {
		a = g.b.Grid().Hex(k)
		if !g.b.Land(a) {
			continue
		}
		for _, b = range a.Neighbors() {
			if !g.b.Land(b) || !g.b.mountainNoRoad(a, b) {
				continue
			}
			for _, c = range b.Neighbors() {
				if c != a && g.b.Land(c) && g.b.mountainNoRoad(b, c) {
					return a, b, c, true
				}
			}
		}
	}
	for k := 0; k < g.b.Grid().Len(); k++ {
		a = g.b.Grid().Hex(k)
		for _, b = range a.Neighbors() {
			if g.b.Land(a) && g.b.Land(b) && g.b.mountainNoRoad(a, b) {
				return a, b, hex.Axial{}, false
			}
		}
	}
	t.Fatal("no mountain hexside without a road or a pass")
	return
}

// 12.3.2: a vehicle retreating across a mountain hexside without a road
// or a pass is eliminated; any other unit gets ½ Eff, and a second such
// hexside in the same retreat eliminates it.
func TestRetreatAcrossMountain_12_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	a, b, c, third := mountainSide(t, g)
	inf := combat.RetreatUnit{ID: "141/36", Steps: 2, MA: 3}
	veh := combat.RetreatUnit{ID: "2pz/16", Steps: 2, MA: 7, Mechanized: true}
	p, ok := g.retreatGround(a, b, []combat.RetreatUnit{inf}, combat.RetreatPath{})
	if !ok || p.Crossed != 1 || len(p.MechLost) != 0 {
		t.Errorf("12.3.2: infantry crosses, counted for its ½ Eff: %+v %v", p, ok)
	}
	if third {
		if _, ok := g.retreatGround(b, c, []combat.RetreatUnit{inf}, p); ok {
			t.Error("12.3.2: a second road-less mountain hexside in one retreat eliminates the unit")
		}
	}
	p, ok = g.retreatGround(a, b, []combat.RetreatUnit{inf, veh}, combat.RetreatPath{})
	if !ok || !slices.Equal(p.MechLost, []string{"2pz/16"}) || p.Losses != 2 {
		t.Errorf("12.3.2: the vehicle is eliminated, the infantry goes on: %+v %v", p, ok)
	}
	i := g.put(t, "141/36", g.b.ID(b))
	if w := g.retreatHalfEff(i, a, []hex.Axial{b}); w == "" || !g.s.Units[i].HalfEff {
		t.Errorf("12.3.2: ½ Eff after the crossing: %q %+v", w, g.s.Units[i])
	}
	j := g.put(t, "142/36", g.b.ID(a))
	if w := g.retreatHalfEff(j, b, []hex.Axial{a}); w == "" {
		t.Error("12.3.2: the crossing counts both ways")
	}
	if got := fewestCrossings([]combat.RetreatPath{{Crossed: 1}, {Crossed: 0}}); len(got) != 1 || got[0].Crossed != 0 {
		t.Errorf("12.1.3 priority 5: the retreat avoids the mountain hexside where it can: %+v", got)
	}
}

// 12.3.1: a vehicle retreating across an unbridged river is eliminated;
// rivers do not affect other units.
func TestRetreatAcrossRiver_12_3_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	for k := 0; k < g.b.Grid().Len(); k++ {
		a := g.b.Grid().Hex(k)
		for _, b := range a.Neighbors() {
			if !g.b.Land(a) || !g.b.Land(b) || !g.b.Feature(a, b, River) || g.b.Road(a, b) != "" || g.b.Feature(a, b, Mountain) {
				continue
			}
			inf := combat.RetreatUnit{ID: "141/36", Steps: 2, MA: 3}
			veh := combat.RetreatUnit{ID: "kgd/16", Steps: 2, MA: 6}
			p, ok := g.retreatGround(a, b, []combat.RetreatUnit{inf, veh}, combat.RetreatPath{})
			if !ok || !slices.Equal(p.MechLost, []string{"kgd/16"}) || p.Crossed != 0 {
				t.Errorf("12.3.1: the vehicle is eliminated, the infantry crosses freely: %+v %v", p, ok)
			}
			return
		}
	}
	t.Fatal("no unbridged river hexside")
}

// openGround is a hex o with every hex within 4 of it on the map, outside
// the entry areas, and no river, mountain or sea hexside among them: the
// ground of a retreat example with nothing but units and ZOC in it.
func openGround(t *testing.T, g *Game) hex.Axial {
	t.Helper()
	for k := 0; k < g.b.Grid().Len(); k++ {
		o := g.b.Grid().Hex(k)
		ok := true
		for dq := -4; dq <= 4 && ok; dq++ {
			for dr := -4; dr <= 4 && ok; dr++ {
				a := o.Add(hex.Axial{Q: dq, R: dr})
				if hex.Distance(o, a) > 4 {
					continue
				}
				if !g.b.Land(a) || g.b.ID(a) == "" || g.areaOf(a) != "" {
					ok = false
					break
				}
				for _, n := range a.Neighbors() {
					if hex.Distance(o, n) <= 4 && (g.b.Impassable(a, n) || g.b.Feature(a, n, River) || g.b.Feature(a, n, Mountain) || g.b.Feature(a, n, SeaSide)) {
						ok = false
					}
				}
			}
		}
		if ok {
			return o
		}
	}
	t.Fatal("no open ground of radius 4")
	return hex.Axial{}
}

// retreatExample sets German units at o+at, Allied units at o+enemy (DG
// but the first, the attacker in the west, so that they form no bonds,
// 13.2.1), and lists the German stack's retreats of n hexes from o.
func retreatExample(t *testing.T, n int, at map[string]hex.Axial, enemy map[string]hex.Axial) (*Game, hex.Axial, []combat.RetreatPath) {
	t.Helper()
	return retreatExampleIn(t, "", n, at, enemy)
}

// retreatExampleIn is retreatExample in a game under the rules version
// named ("" the current one).
func retreatExampleIn(t *testing.T, version string, n int, at map[string]hex.Axial, enemy map[string]hex.Axial) (*Game, hex.Axial, []combat.RetreatPath) {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, Allied)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	var stack []string
	for u, d := range at {
		g.put(t, u, id(d))
		if d == (hex.Axial{}) {
			stack = append(stack, u)
		}
	}
	attacker := ""
	for u, d := range enemy {
		i := g.put(t, u, id(d))
		if d == (hex.Axial{Q: -1, R: 0}) {
			attacker = u
			continue
		}
		g.s.Units[i].Status = Disorganized
	}
	a, err := ParseAttack("attack " + g.b.ID(o) + " with " + attacker + " maf " + attacker)
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.newCombat(a, false)
	if err != nil {
		t.Fatal(err)
	}
	var movers []combat.RetreatUnit
	for _, u := range c.Defenders {
		if slices.Contains(stack, u.ID) {
			movers = append(movers, combat.RetreatUnit{ID: u.ID, Strength: u.Strength, Steps: u.Steps, MA: u.MA})
		}
	}
	return g, o, combat.RetreatPaths(o, n, movers, c.RetreatMap)
}

// Axial offsets from the retreating stack: its ring of six, and beyond.
var (
	dE, dNE, dNW = hex.Axial{Q: 1, R: 0}, hex.Axial{Q: 1, R: -1}, hex.Axial{Q: 0, R: -1}
	dW, dSW, dSE = hex.Axial{Q: -1, R: 0}, hex.Axial{Q: -1, R: 1}, hex.Axial{Q: 0, R: 1}
	ex18Enemies  = map[string]hex.Axial{"141/36": dW, "142/36": dNW, "143/36": dSW, "179/45": dSE, "157/45": {Q: 3, R: -1}, "128/46": {Q: 2, R: -3}}
	ex19Enemies  = map[string]hex.Axial{"141/36": dW, "142/36": dNW, "143/36": dSW, "179/45": dSE, "157/45": dNE, "128/46": {Q: 3, R: -1}}
)

func offsets(o hex.Axial, hs []hex.Axial) []hex.Axial {
	var out []hex.Axial
	for _, h := range hs {
		out = append(out, hex.Axial{Q: h.Q - o.Q, R: h.R - o.R})
	}
	return out
}

// EX-18 (12, L741-743), unit A: its first retreat hex may be a vacant EZOC
// hex, every later one must be free of EZOC or held by a friendly unit
// (12.1.3 priority 3). Allied units west, north-west, south-west and
// south-east leave it the east and north-east hexes, both in their ZOC;
// the Allied units three hexes out put every hex beyond in an EZOC. A's
// one legal retreat of 2 goes east, then into the hex of the friendly unit
// C, whose presence negates the EZOC there; without C it has none.
func TestEX18_Retreat1(t *testing.T) {
	c := hex.Axial{Q: 2, R: 0}
	g, o, paths := retreatExample(t, 2, map[string]hex.Axial{"1-1fj": {}, "gar-ta": c}, ex18Enemies)
	if len(paths) != 1 || !slices.Equal(offsets(o, paths[0].Hexes), []hex.Axial{dE, c}) {
		t.Errorf("EX-18: A's one retreat is east, then C's hex: %v", pathsText(g, paths))
	}
	_, _, paths = retreatExample(t, 2, map[string]hex.Axial{"1-1fj": {}}, ex18Enemies)
	if len(paths) != 0 {
		t.Errorf("EX-18: without C, A cannot retreat (12.2: two vacant EZOC hexes in a row): %v", pathsText(g, paths))
	}
}

// EX-19 (12, L745-747): A, ringed by Allied units but to the east, enters
// one vacant EZOC hex and then another, whichever way it goes: it is
// eliminated (12.2). B, with the friendly C in the east hex, retreats
// through C, into an EZOC hex beyond, and then one extra hex out of the
// EZOC (12.2, bullet 4): east then east-north-east is refused (two EZOC
// hexes in a row); its three retreats are through C to 2 east then 2 east
// and 1 south, or through C south-east to 2 east 1 south or 1 east 2 south.
// The example's ground has no line of supply to tell them apart: under
// salerno43/2 all three are offered; under salerno43/3, which keeps the
// retreats that end in supply when any do (12.1.3 priority 4), those of
// the three that do on the stand-in map.
func TestEX19_Retreat2(t *testing.T) {
	g, _, paths := retreatExample(t, 2, map[string]hex.Axial{"1-1fj": {}}, ex19Enemies)
	if len(paths) != 0 {
		t.Errorf("EX-19: A enters two vacant EZOC hexes in a row and is eliminated: %v", pathsText(g, paths))
	}
	want := [][]hex.Axial{
		{dE, {Q: 2, R: 0}, {Q: 2, R: 1}},
		{dE, {Q: 1, R: 1}, {Q: 2, R: 1}},
		{dE, {Q: 1, R: 1}, {Q: 1, R: 2}},
	}
	for _, version := range []string{"salerno43/2", ""} {
		g, o, paths := retreatExampleIn(t, version, 2, map[string]hex.Axial{"2-1fj": {}, "gar-ta": dE}, ex19Enemies)
		var got [][]hex.Axial
		for _, p := range paths {
			got = append(got, offsets(o, p.Hexes))
		}
		for _, h := range got {
			if !slices.ContainsFunc(want, func(w []hex.Axial) bool { return slices.Equal(h, w) }) {
				t.Errorf("version %q, EX-19: B's retreat %v is not one of the example's: %v", version, h, pathsText(g, paths))
			}
		}
		if version != "" && len(got) != len(want) || len(got) == 0 {
			t.Errorf("version %q, EX-19: B's retreats through C and an extra hex: %v", version, pathsText(g, paths))
		}
	}
}

func pathsText(g *Game, paths []combat.RetreatPath) []string {
	var out []string
	for _, p := range paths {
		out = append(out, strings.Join(hexIDs(g, p.Hexes), " "))
	}
	return out
}
