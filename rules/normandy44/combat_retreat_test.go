package normandy44

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"slices"
	"strings"
	"testing"
)

func retreatUnitsOf(g *Game, idsIn ...string) []RetreatUnit {
	var out []RetreatUnit
	for _, id := range idsIn {
		u := cu(g, id)
		out = append(out, RetreatUnit{ID: id, Strength: u.Strength, Steps: u.Steps, MA: u.MA, Mechanized: u.info().Mechanized})
	}
	return out
}

func pathIDs(g *Game, ps []RetreatPath) []string {
	var out []string
	for _, p := range ps {
		var h []string
		for _, a := range p.Hexes {
			h = append(h, g.b.id(a))
		}
		out = append(out, strings.Join(h, " "))
	}
	slices.Sort(out)
	return out
}

// E19 (13.1-13.2, L964): the figure is lost; testdata/combat_e19.scn rebuilds
// it. A German tank (1 step) and infantry at 0404 retreat 2. B = 0405 is
// flooded and free of EZOC; A = 0504 and C = 0304 are vacant EZOC hexes
// (Allied units at 0604 and 0303) with no ZOC Line. Through B costs 2 steps
// (tank eliminated, 1 infantry step), through A or C nothing: the fewest
// losses outrank avoiding EZOC (13.1.4), so only A and C remain, each
// followed by a hex free of EZOC (0505 after A; 0205 or 0305 after C).
func TestRetreatE19FewestLosses(t *testing.T) {
	g := loadCombatMap(t, "combat_e19")
	m := combatMapOf(g, German, "gtank", "ginf")
	got := combat.RetreatPaths(ax(t, g, "0404"), 2, retreatUnitsOf(g, "gtank", "ginf"), m)
	want := []string{"0304 0205", "0304 0305", "0504 0505"}
	if ids := pathIDs(g, got); !slices.Equal(ids, want) {
		t.Fatalf("paths %v, want %v", ids, want)
	}
	for _, p := range got {
		if p.Losses != 0 || !p.EZOC {
			t.Errorf("%v: losses %d EZOC %v, want 0 and true", p.Hexes, p.Losses, p.EZOC)
		}
	}
	// With the Allied unit at 0303 gone, C is free of EZOC; a path that
	// avoids EZOC now exists and is preferred (13.1.2).
	g.s.Units[g.index["a1"]].At = "0101"
	m = combatMapOf(g, German, "gtank", "ginf")
	got = combat.RetreatPaths(ax(t, g, "0404"), 2, retreatUnitsOf(g, "gtank", "ginf"), m)
	for _, p := range got {
		if p.EZOC || g.b.id(p.Hexes[0]) != "0304" {
			t.Errorf("without a1: path %v EZOC %v, want first hex 0304 without EZOC", pathIDs(g, []RetreatPath{p}), p.EZOC)
		}
	}
	// A flooded hex entered off road costs the tank and one step (13.2.1 c)
	// when it is the only way: make A and C marsh (no retreat into them).
	// (Allied units in A and C would instead form a Hexside ZOC Line
	// along 0404/0405 and eliminate the stack, 8.5, 13.2.2.)
	g = loadCombatMap(t, "combat_e19")
	g.b.hexes[ax(t, g, "0304")].Terrain = Marsh
	g.b.hexes[ax(t, g, "0504")].Terrain = Marsh
	rebuildBoard(t, g)
	m = combatMapOf(g, German, "gtank", "ginf")
	got = combat.RetreatPaths(ax(t, g, "0404"), 2, retreatUnitsOf(g, "gtank", "ginf"), m)
	if len(got) == 0 {
		t.Fatal("no path through the flooded hex")
	}
	for _, p := range got {
		if g.b.id(p.Hexes[0]) != "0405" || p.Losses != 2 || !slices.Equal(p.MechLost, []string{"gtank"}) || p.Steps != 1 {
			t.Errorf("through B: %+v", p)
		}
	}
}

// The series' search itself (fewest losses, EZOC, one-hex stops by
// strength, overstacking) is tested in rules/hexwar/combat; these are the
// rulebook's examples on Normandy's ground.

// E21 and P27 (13.3, L976-978, L1846; figures rebuilt in
// testdata/combat_onehex.scn): from 0404, bocage 0304 is a vacant EZOC hex
// (Allied unit at 0303) and cannot stop a one-hex retreat; bocage 0504 is free
// of EZOC and can; so can the Town 0405 (Épron in P27).
func TestRetreatE21P27OneHex(t *testing.T) {
	g := loadCombatMap(t, "combat_onehex")
	m := combatMapOf(g, German, "gpg", "gsp")
	got := combat.RetreatPaths(ax(t, g, "0404"), 2, retreatUnitsOf(g, "gpg"), m)
	var one []string
	for _, p := range got {
		if p.OneHex {
			one = append(one, g.b.id(p.Hexes[0]))
		}
		if len(p.Hexes) == 1 && !p.OneHex {
			t.Errorf("a 1-hex path not marked OneHex: %v", p.Hexes)
		}
	}
	slices.Sort(one)
	if !slices.Equal(one, []string{"0405", "0504"}) {
		t.Errorf("one-hex stops %v, want 0405 and 0504 (not the EZOC bocage 0304)", one)
	}
	// 13.3: 4-hex retreats never stop after 1 hex.
	for _, p := range combat.RetreatPaths(ax(t, g, "0404"), 4, retreatUnitsOf(g, "gpg"), m) {
		if p.OneHex || len(p.Hexes) < 4 {
			t.Errorf("4-hex retreat %v stops early", p.Hexes)
		}
	}
}
