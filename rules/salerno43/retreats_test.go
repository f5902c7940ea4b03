package salerno43

import (
	"slices"
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
