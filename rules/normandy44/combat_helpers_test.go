package normandy44

import (
	"os"
	"slices"
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
)

// loadCombatMap starts a test map from testdata.
func loadCombatMap(t testing.TB, name string) *Game {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name + ".scn")
	if err != nil {
		t.Fatal(err)
	}
	gg, err := New(data, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return gg.(*Game)
}

// combatMapOf builds the CombatMap seen by side on a game's board: the
// enemy's ZOC and ZOC Lines, the units that stay (all of side's units not
// in moving), stacking at the limit of 7.2.
func combatMapOf(g *Game, side Side, moving ...string) CombatMap {
	occ := g.occupancy()
	enemy := other(side)
	zoc := g.zocHexes(enemy)
	lines := g.lines(enemy, occ)
	staying := func(a hx.Axial) []int {
		var out []int
		for _, i := range occ[a] {
			if g.unit(i).Side == side && !slices.Contains(moving, g.unit(i).ID) {
				out = append(out, i)
			}
		}
		return out
	}
	return CombatMap{
		OnMap:   g.b.land,
		Terrain: g.b.terrain,
		Fortified: func(a hx.Axial) bool {
			return slices.ContainsFunc(occ[a], func(i int) bool { return g.unit(i).Type == Strongpoint })
		},
		Feature:  g.b.feature,
		Road:     func(x, y hx.Axial) bool { return g.b.road(x, y) != "" },
		Enemy:    func(a hx.Axial) bool { return g.sideAt(occ, a) == enemy },
		EnemyZOC: zoc.Has,
		ZOCLine:  func(x, y hx.Axial) bool { return lines.blocks(x, y, len(staying(y)) > 0) },
		Friends: func(a hx.Axial) (bool, int) {
			st := staying(a)
			hold := 0
			for _, i := range st {
				if !g.s.Units[i].Disrupted && !g.s.Units[i].SM {
					hold += g.strength(i)
				}
			}
			return len(st) > 0, hold
		},
		Room: func(a hx.Axial, units []string) bool {
			extra := []int{}
			for _, id := range units {
				if i, ok := g.index[id]; ok {
					extra = append(extra, i)
				}
			}
			var here []int
			for _, i := range staying(a) {
				here = append(here, i)
			}
			m := map[hx.Axial][]int{a: here}
			return g.stackAt(m, a, extra...) <= stackLimit
		},
	}
}

// cu builds a combat unit from a game's counter.
func cu(g *Game, id string) CombatUnit {
	i := g.index[id]
	u := g.unit(i)
	st := u.Steps[g.s.Units[i].Step]
	return CombatUnit{ID: u.ID, Nationality: u.Nationality, Formation: u.Formation, Type: u.Type,
		Strength: st.Strength, DefendOnly: st.DefendOnly, Steps: len(u.Steps) - g.s.Units[i].Step, MA: st.MA,
		Quality: u.Quality, AC: u.AC, AntiTank: u.AntiTank, Tiger: slices.Contains(u.Marks, MarkTiger),
		FromHex: g.s.Units[i].At, From: g.b.terrain(g.b.ids[g.s.Units[i].At])}
}

// ax is a hex id as axial coordinates on the test maps' layout.
func ax(t *testing.T, g *Game, id string) hx.Axial {
	t.Helper()
	a, err := g.b.layout.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// unit builds a plain combat unit for odds tests: id, type, strength,
// formation; callers set the rest.
func unit(id string, typ UnitType, strength int, formation string) CombatUnit {
	return CombatUnit{ID: id, Type: typ, Strength: strength, Formation: formation, Steps: 2, MA: 4, From: Clear}
}

func mafUnit(id string, typ UnitType, strength int, formation string) CombatUnit {
	u := unit(id, typ, strength, formation)
	u.MAF = true
	return u
}

func tank(id string, strength, ac int, formation string, maf bool) CombatUnit {
	u := unit(id, Tank, strength, formation)
	u.AC, u.MAF, u.Steps, u.MA = ac, maf, 2, 6
	return u
}

func across(u CombatUnit, f ...HexsideFeature) CombatUnit {
	u.Across = f
	return u
}

// shiftSources lists the sources of an odds' shifts, in order.
func shiftSources(o Odds) []ShiftSource {
	var out []ShiftSource
	for _, s := range o.Shifts {
		out = append(out, s.Source)
	}
	return out
}

func testLayout(t *testing.T) hx.Layout {
	t.Helper()
	l, err := hx.ParseLayout("flat-top odd-columns-down")
	if err != nil {
		t.Fatal(err)
	}
	return l
}
