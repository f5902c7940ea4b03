package normandy44

import (
	"slices"
	"strings"
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

func advanceIDs(g *Game, ps [][]hx.Axial) []string {
	var out []string
	for _, p := range ps {
		var h []string
		for _, a := range p {
			h = append(h, g.b.id(a))
		}
		out = append(out, strings.Join(h, " "))
	}
	return out
}

func advancesOf(t *testing.T, g *Game, unit string, limited bool) []string {
	t.Helper()
	u := cu(g, unit)
	m := combatMapOf(g, Allied, unit)
	return advanceIDs(g, combat.AdvancePaths(AdvanceUnit{ID: unit, From: ax(t, g, u.FromHex), Mechanized: u.info().Mechanized}, ax(t, g, "0404"), advanceHexes, limited, m))
}

// E22 (14.3, L1030; figure rebuilt in testdata/combat_advance.scn): the
// defender left 0404; German units at 0305 and 0504 make 0405 a hex of
// their ZOC Line and put 0304, 0404, 0405 and 0503 in their ZOC. A US
// regiment from 0403 may enter the vacated hex, and from there one more
// hex even from EZOC to EZOC (0304, 0503), but never into the ZOC Line
// hex 0405. Entering an EZOC hex other than the vacated one stops it.
func TestAdvanceE22ZOCLine(t *testing.T) {
	g := loadCombatMap(t, "combat_advance")
	got := advancesOf(t, g, "u1", false)
	for _, want := range []string{"0404", "0404 0304", "0404 0503", "0502 0503", "0302"} {
		if !slices.Contains(got, want) {
			t.Errorf("advance %s missing from %v", want, got)
		}
	}
	for _, bad := range []string{"0404 0405", "0404 0504", "0503 0404", "0503 0504"} {
		if slices.Contains(got, bad) {
			t.Errorf("illegal advance %s allowed", bad)
		}
	}
	// Limited Advance: the vacated hex only (14.1).
	if got := advancesOf(t, g, "u1", true); !slices.Equal(got, []string{"0404"}) {
		t.Errorf("limited advance %v, want only 0404", got)
	}
}

// 14.4.1: an advancing unit stops on entering bocage, unless it entered
// along a road and follows it; from a vacated bocage hex it leaves only
// along a road.
func TestAdvanceBocage(t *testing.T) {
	g := loadCombatMap(t, "combat_advance")
	g.b.hexes[ax(t, g, "0402")].Terrain = Bocage
	rebuildBoard(t, g)
	got := advancesOf(t, g, "u1", false)
	if !slices.Contains(got, "0402") || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "0402 ") }) {
		t.Errorf("off road into bocage: %v", got)
	}
	g.sc.Roads = append(g.sc.Roads, Road{Class: MinorRoad, Hexes: []string{"0403", "0402", "0401"}})
	rebuildBoard(t, g)
	got = advancesOf(t, g, "u1", false)
	if !slices.Contains(got, "0402 0401") || slices.Contains(got, "0402 0302") {
		t.Errorf("along a road through bocage: %v", got)
	}
	g = loadCombatMap(t, "combat_advance")
	g.b.hexes[ax(t, g, "0404")].Terrain = Bocage
	rebuildBoard(t, g)
	if got := advancesOf(t, g, "u1", false); slices.Contains(got, "0404 0304") || !slices.Contains(got, "0404") {
		t.Errorf("out of a vacated bocage hex off road: %v", got)
	}
}
