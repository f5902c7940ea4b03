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

// combatMapOf is the CombatMap the engine builds for side on a game's board
// (combatMap), with the units moving named by id. Tests may name units of
// their own making that stand nowhere on the map: they are not among the
// units that stay, so they change nothing.
func combatMapOf(g *Game, side Side, moving ...string) CombatMap {
	var idx []int
	for _, id := range moving {
		if i, ok := g.index[id]; ok {
			idx = append(idx, i)
		}
	}
	return g.combatMap(g, side, idx)
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
