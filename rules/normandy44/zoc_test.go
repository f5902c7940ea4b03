package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// TestZOC_8_2_StopAndLeave: entering an enemy ZOC costs nothing extra and
// stops the unit; leaving one costs +1 MP (8.2). ginf at 0404 has a ZOC in
// 0403, 0405, 0303, 0304, 0503 and 0504.
func TestZOC_8_2_StopAndLeave(t *testing.T) {
	m := testMap{units: []string{gerInf, allInf}, setup: []string{"ginf 0404", "ainf 0401"}}
	g := m.game(t, Allied, 2)
	wantCost(t, g, 2*mp, "ainf", "0401", "0402", "0403")
	wantRefused(t, g, "8.2", "ainf", "0401", "0402", "0403", "0303")
	wantCost(t, g, 2*mp, "ainf", "0403", "0402")                       // 1 + 1 to leave
	refused(t, g, Allied, "move ainf 0403 0402 0401 0301 0201", "9.1") // 5 MP of 4
}

// TestZOC_8_3_EZOCToEZOC: a unit that starts in an enemy ZOC may move straight
// into another enemy-ZOC hex, and then stops.
func TestZOC_8_3_EZOCToEZOC(t *testing.T) {
	m := testMap{units: []string{gerInf, allInf}, setup: []string{"ginf 0404", "ainf 0403"}}
	g := m.game(t, Allied, 2)
	wantCost(t, g, 2*mp, "ainf", "0403", "0303")
	wantRefused(t, g, "8.2", "ainf", "0403", "0303", "0302")
	apply(t, g, Allied, "move ainf 0403 0303")
}

// lineAlong reports whether one of owner's Hexside Lines runs along the
// hexside between printed ids a and b.
func lineAlong(t *testing.T, g *Game, owner Side, occ map[hex.Axial][]int, a, b string) bool {
	t.Helper()
	x, okX := g.b.ids[a]
	y, okY := g.b.ids[b]
	if _, adjacent := hex.SideBetween(x, y); !okX || !okY || !adjacent {
		t.Fatalf("%s/%s is no hexside of the map", a, b)
	}
	return g.lines(owner, occ).Side(x, y)
}

// TestE06_ZOCLines_8_5: the figure of ZOC Lines (L570) is lost; its cases are
// rebuilt here on the test map.
func TestE06_ZOCLines_8_5(t *testing.T) {
	t.Run("E-F hex line, negated by an enemy unit in its hex", func(t *testing.T) {
		m := testMap{units: []string{gerInf, gerInf2, allInf, allInf2},
			setup: []string{"ginf 0302", "ginf2 0304", "ainf 0203"}}
		g := m.game(t, Allied, 2)
		if !g.lines(German, g.occupancy()).Hex(g.b.ids["0303"]) {
			t.Fatal("no Hex Line through 0303 between 0302 and 0304")
		}
		// 0203 and 0303 are both in a German ZOC; 8.3 would allow the
		// step, but not into a ZOC Line (8.5.2).
		refused(t, g, Allied, "move ainf 0203 0303", "8.5.2")
		g.s.Units[g.index["ainf2"]].At = "0303"
		if g.lines(German, g.occupancy()).Hex(g.b.ids["0303"]) {
			t.Error("the Hex Line through 0303 survives an Allied unit in 0303 (8.5.3)")
		}
		apply(t, g, Allied, "move ainf 0203 0303")
	})
	t.Run("D-E hexside line, negated by enemy units on both sides", func(t *testing.T) {
		m := testMap{units: []string{gerInf, gerInf2, allInf, allInf2},
			setup: []string{"ginf 0204", "ginf2 0404", "ainf 0303", "ainf2 0502"}}
		g := m.game(t, Allied, 2)
		if !lineAlong(t, g, German, g.occupancy(), "0303", "0304") || !lineAlong(t, g, German, g.occupancy(), "0304", "0303") {
			t.Fatal("no Hexside Line 0303|0304 between 0204 and 0404, seen from either hex")
		}
		refused(t, g, Allied, "move ainf 0303 0304", "8.5.2")
		g.s.Units[g.index["ainf2"]].At = "0304"
		if lineAlong(t, g, German, g.occupancy(), "0303", "0304") {
			t.Error("the Hexside Line 0303|0304 survives Allied units on both sides (8.5.3)")
		}
	})
	t.Run("F-G line crossed by an enemy line", func(t *testing.T) {
		// German 0204-0404 run along 0303|0304; Allied 0302-0304 run
		// through 0303, across it. Both lines stand (8.5.4).
		m := testMap{units: []string{gerInf, gerInf2, allInf, allInf2},
			setup: []string{"ginf 0204", "ginf2 0404", "ainf 0302", "ainf2 0304"}}
		g := m.game(t, Allied, 2)
		occ := g.occupancy()
		if !lineAlong(t, g, German, occ, "0303", "0304") {
			t.Error("the German line 0303|0304 is gone with only one side held by the Allies")
		}
		if !g.lines(Allied, occ).Hex(g.b.ids["0303"]) {
			t.Error("the Allied line through 0303 is missing")
		}
	})
	t.Run("C and H anchored to the east edge, not the west", func(t *testing.T) {
		// ginf at 0307: its far vertices beyond 0208|0308 and 0308|0408
		// lie on the east edge (0209, 0409 are off the map).
		m := testMap{units: []string{gerInf, gerInf2, allInf, allInf2},
			setup: []string{"ginf 0307", "ainf 0308", "ginf2 0202", "ainf2 0201"}}
		g := m.game(t, Allied, 2)
		refused(t, g, Allied, "move ainf 0308 0208", "8.5.2")
		refused(t, g, Allied, "move ainf 0308 0408", "8.5.2")
		// ginf2 at 0202 has the west edge beyond 0201|0301: no anchor,
		// so 8.3 lets ainf2 step between two hexes of its ZOC.
		apply(t, g, Allied, "move ainf2 0201 0301")
	})
	t.Run("anchored to a marsh hex, the coastline and an impassable hexside", func(t *testing.T) {
		// ginf at 0304: beyond 0205|0305 lies 0206, beyond 0305|0405 lies 0406.
		base := testMap{units: []string{gerInf, allInf}, setup: []string{"ginf 0304", "ainf 0305"}}
		g := base.game(t, Allied, 2)
		if c, err := cost(t, g, "ainf", "0305", "0205"); err != nil || c != 2*mp {
			t.Fatalf("without anchors 0305-0205 is %s MP, %v; want 2 (8.3)", mpText(c), err)
		}
		anchored := base
		anchored.terrain = map[string]string{"0206": "marsh", "0406": "sea"}
		g = anchored.game(t, Allied, 2)
		refused(t, g, Allied, "move ainf 0305 0205", "8.5.2")
		refused(t, g, Allied, "move ainf 0305 0405", "8.5.2")
		blue := base
		blue.hexsides = []string{"0205/0206 impassable"}
		g = blue.game(t, Allied, 2)
		refused(t, g, Allied, "move ainf 0305 0205", "8.5.2")
	})
}

// TestZOC_8_1_NoZOC: strongpoints and units of strength 1 have no ZOC.
func TestZOC_8_1_NoZOC(t *testing.T) {
	m := testMap{units: []string{"sp german heer - strongpoint 3-0", "weak german heer 1 infantry 1-3", allInf},
		setup: []string{"sp 0404", "weak 0604", "ainf 0401"}}
	g := m.game(t, Allied, 2)
	wantCost(t, g, 4*mp, "ainf", "0401", "0402", "0403", "0503", "0603")
}
