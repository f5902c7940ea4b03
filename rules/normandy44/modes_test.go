package normandy44

import (
	"fmt"
	"strings"
	"testing"
)

// TestTacticalMovement_9_10: a unit may always move 1 or 2 hexes whatever the
// cost, keeping every other rule.
func TestTacticalMovement_9_10(t *testing.T) {
	m := testMap{
		terrain: map[string]string{"0403": "forest", "0603": "flooded", "0202": "flooded"},
		roads:   []string{"minor 0102 0202 0302"},
		units:   []string{allSlow, gerInf},
		setup:   []string{"aslow 0401", "ginf 0707"},
	}
	g := m.game(t, Allied, 2)
	apply(t, g, Allied, "move aslow 0401 0402 0403") // 2 MP of MA 1
	if !g.s.Units[g.index["aslow"]].Tactical {
		t.Error("the move is not marked tactical (no Reserve, 9.10)")
	}
	g.s.Units[g.index["aslow"]].Moved = false
	refused(t, g, Allied, "move aslow 0403 0404 0405 0406", "9.1")
	// Stop on entering a flooded hex, even as Tactical Movement.
	g.s.Units[g.index["aslow"]].At = "0503"
	refused(t, g, Allied, "move aslow 0503 0603 0604", "9.5.1")
	// Along a road too, where a move on its MA goes on (9.5.1): Tactical
	// Movement stops on entering a flooded hex (9.10). 1/2 MP along the
	// road and 1 off it is more than aslow's MA, and tactically it would
	// stop in 0202: refused, under 9.1 as too dear for the MA.
	g.s.Units[g.index["aslow"]].At = "0102"
	refused(t, g, Allied, "move aslow 0102 0202 0203", "9.1")
	apply(t, g, Allied, "move aslow 0102 0202 0302") // 1 MP along the road, on its MA
	g.s.Units[g.index["aslow"]].Moved = false
	// Stop on entering an enemy ZOC: ginf at 0707 has 0706 in its ZOC.
	g.s.Units[g.index["aslow"]].At = "0705"
	refused(t, g, Allied, "move aslow 0705 0706 0806", "8.2")
	if _, ok := legalTo(g, "aslow", "0706"); !ok {
		t.Error("Legal lacks the 1-hex tactical move into the enemy ZOC")
	}
	for _, c := range g.Legal("allied") {
		if strings.Contains(c.Command, " 0706 ") {
			t.Errorf("Legal offers a move through an enemy ZOC: %s", c.Command)
		}
	}
}

// stratMap has a major road along column 4 and a minor one along column 6.
var stratMap = testMap{
	roads: []string{"major 0401 0402 0403 0404 0405 0406 0407 0408", "minor 0601 0602 0603"},
	units: []string{allMech, "amech2 allied us 3 armored 7-6 5-6 ac=gray:3", allInf, gerInf,
		"amech3 allied us 3 armored 7-6 5-6", "amech4 allied us 3 armored 7-6 5-6"},
	setup: []string{"amech 0401", "amech2 0601", "ainf 0101", "ginf 0507"},
}

// TestStrategicMovement_9_8: mechanized units double their MA on roads only,
// never next to an enemy, never ending stacked; 3 markers; not in turn 1.
func TestStrategicMovement_9_8(t *testing.T) {
	g := stratMap.game(t, Allied, 2)
	// 7 hexes of major road at 1/3: 2 1/3 MP, within 6 either way; the
	// doubled MA shows when the budget is 12.
	m, err := g.newMover(g.moveContext(Allied), g.index["amech"], true, false)
	if err != nil || m.Budget != 12*mp {
		t.Fatalf("SM budget %d, %v; want 12 MP", m.Budget/mp, err)
	}
	refused(t, g, Allied, "move ainf 0101 0102 sm", "9.8.1")   // not mechanized
	refused(t, g, Allied, "move amech2 0601 0701 sm", "9.8.1") // off road
	// 0407 is next to ginf at 0507.
	refused(t, g, Allied, "move amech 0401 0402 0403 0404 0405 0406 0407 sm", "9.8.2")
	apply(t, g, Allied, "move amech 0401 0402 0403 0404 0405 sm")
	if !g.s.Units[g.index["amech"]].SM {
		t.Error("no SM marker on amech")
	}
	// No one ends a move with an SM-marked unit; an SM move never ends stacked.
	g.s.Units[g.index["ainf"]].At = "0305"
	refused(t, g, Allied, "move ainf 0305 0405", "9.8.2")
	g.s.Units[g.index["ainf"]].At = "0603"
	refused(t, g, Allied, "move amech2 0601 0602 0603 sm", "9.8.2")
	g.s.Units[g.index["amech3"]].SM = true
	g.s.Units[g.index["amech4"]].SM = true
	refused(t, g, Allied, "move amech2 0601 0602 sm", "9.8.3")
	g.s.Turn = 1
	g.s.Units[g.index["amech4"]].SM = false
	refused(t, g, Allied, "move amech2 0601 0602 sm", "9.8.7")
}

// TestTrucks_9_8_6: one German non-mechanized unit a turn moves as mechanized
// with MA 5 (3 in Clear weather); not into an enemy ZOC; not in turn 1.
func TestTrucks_9_8_6(t *testing.T) {
	m := testMap{
		roads: []string{"major 0201 0202 0203 0204 0205 0206 0207 0208"},
		units: []string{gerInf, gerInf2, allInf},
		setup: []string{"ginf 0201", "ginf2 0501", "ainf 0808"},
	}
	g := m.game(t, German, 1)
	refused(t, g, German, "move ginf 0201 0202 trucks", "9.8.7")
	g.s.Turn = 2
	// 7 major-road hexes at 1/2 (German mechanized, Overcast): 3 1/2 of 5.
	apply(t, g, German, "move ginf 0201 0202 0203 0204 0205 0206 0207 0208 trucks")
	refused(t, g, German, "move ginf2 0501 0502 trucks", "9.8.6") // once a turn
	g.s.TrucksTurn, g.s.Weather = 0, WeatherClear4
	mv, err := g.newMover(g.moveContext(German), g.index["ginf2"], false, true)
	if err != nil || mv.Budget != 3*mp {
		t.Errorf("Trucks in Clear weather: MA %d, %v; want 3", mv.Budget/mp, err)
	}
}

// TestP13_GermanTurn1_20_4: the example of play's German turn 1 (L1738-1768):
// Ost and restricted units stay put, cyclists ride 6 MP along the roads in
// Overcast weather, and mechanized units pay 1/2 on major roads.
func TestP13_GermanTurn1_20_4(t *testing.T) {
	m := testMap{
		roads: []string{"minor 0101 0102 0103 0104 0105 0106 0107 0108", "major 0301 0302 0303 0304 0305"},
		units: []string{gerCycle, gerMech, allInf,
			"ost german heer - ost 2-3 quality=-1", "rst german heer 1 infantry 4-3 restricted"},
		setup: []string{"gcyc 0101", "gpz 0301", "ainf 0808", "ost 0601", "rst 0701"},
	}
	g := m.game(t, German, 1)
	refused(t, g, German, "move ost 0601 0602", "20.4")
	refused(t, g, German, "move rst 0701 0702", "20.4")
	// 7 minor-road hexes at 1/2 MP are 3 1/2 MP: more than the printed
	// MA of 3, within the 6 MP of 9.9.
	ev := apply(t, g, German, "move gcyc 0101 0102 0103 0104 0105 0106 0107 0108")
	if !strings.Contains(ev[0].Text, "9.9") {
		t.Errorf("the cyclist move does not say it used 9.9: %q", ev[0].Text)
	}
	wantCost(t, g, 4*(mp/2), "gpz", "0301", "0302", "0303", "0304", "0305")
	// Off the road, or next to an enemy unit, the cyclist has its MA of 3.
	g.s.Units[g.index["gcyc"]].Moved = false
	refused(t, g, German, "move gcyc 0108 0208 0308 0408 0508", "9.1")
	// Clear weather takes 2 MP off German mechanized units (4.3, 9.7).
	g.s.Weather = WeatherClear5
	mv, err := g.newMover(g.moveContext(German), g.index["gpz"], false, false)
	if err != nil || mv.Budget != 3*mp {
		t.Errorf("gpz in Clear weather: MA %s, %v; want 3", mpText(mv.Budget), err)
	}
}

// TestRelease_17_6_1: at the start of a German Movement Phase from turn 2, an
// Allied unit within 2 hexes of a restricted unit releases them all.
func TestRelease_17_6_1(t *testing.T) {
	m := testMap{
		units: []string{allInf, "rst german heer 1 infantry 4-3 restricted", "rst2 german heer 1 infantry 4-3 restricted"},
		setup: []string{"ainf 0404", "rst 0402", "rst2 0808"},
	}
	g := m.game(t, German, 1)
	g.startMovement()
	if g.s.RestrictedFree {
		t.Fatal("released in turn 1")
	}
	g.s.Turn = 2
	g.s.Units[g.index["ainf"]].At = "0405" // 3 hexes away
	g.startMovement()
	if g.s.RestrictedFree {
		t.Fatal("released by a unit 3 hexes away")
	}
	g.s.Units[g.index["ainf"]].At = "0404"
	g.startMovement()
	if !g.s.RestrictedFree {
		t.Fatal("not released by a unit 2 hexes away")
	}
	apply(t, g, German, "move rst2 0808 0807")
}

// TestCherbourgDefense_17_6_2: until released, the Cherbourg defense units
// move only inside the Cherbourg area.
func TestCherbourgDefense_17_6_2(t *testing.T) {
	m := testMap{
		units:   []string{"chr german heer chr garrison 3-2 cherbourg-defense", allInf},
		setup:   []string{"chr 0202", "ainf 0808"},
		special: []string{},
	}
	text := m.withZones("cherbourg-region 0201-0203").text()
	gg, err := New([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseMovement, German)
	refused(t, g, German, "move chr 0202 0302", "17.6.2")
	apply(t, g, German, "move chr 0202 0203")
	g.s.CherbourgFree, g.s.Units[g.index["chr"]].Moved = true, false
	apply(t, g, German, "move chr 0203 0303")
}

// TestReplMarker_6_2_4: a unit that took a replacement moves 1 hex at most and
// never into an enemy ZOC, though it may leave one.
func TestReplMarker_6_2_4(t *testing.T) {
	m := testMap{units: []string{allInf, allInf2, gerInf}, setup: []string{"ainf 0401", "ainf2 0403", "ginf 0405"}}
	g := m.game(t, Allied, 2)
	g.s.Units[g.index["ainf"]].Repl = true
	g.s.Units[g.index["ainf2"]].Repl = true
	refused(t, g, Allied, "move ainf 0401 0402 0302", "6.2.4")
	refused(t, g, Allied, "move ainf2 0403 0404", "6.2.5") // 0404 is next to ginf
	for _, c := range g.Legal("allied") {
		if c.Piece != "" && strings.Count(c.Command, " ") != 3 {
			t.Errorf("Legal offers a Repl unit more than 1 hex: %s", c.Command)
		}
	}
	apply(t, g, Allied, "move ainf 0401 0402")
	apply(t, g, Allied, "move ainf2 0403 0402")
}

// TestStrategicMovementBarred_9_8_1: no Strategic Movement when Disrupted or
// out of supply.
func TestStrategicMovementBarred_9_8_1(t *testing.T) {
	g := stratMap.game(t, Allied, 2)
	g.s.Units[g.index["amech"]].Disrupted = true
	refused(t, g, Allied, "move amech 0401 0402 sm", "9.8.1")
	g.s.Units[g.index["amech"]].Disrupted = false
	g.s.Units[g.index["amech"]].OutOfSupply = true
	refused(t, g, Allied, "move amech 0401 0402 sm", "9.8.1")
	apply(t, g, Allied, "move amech 0401 0402")
}

// TestScenarioRules_S3: the scenario's own movement rules: a zone no unit
// enters and a zone edge a side may not cross (S3.1), a formation held near
// given hexes from a turn on (S3.3).
func TestScenarioRules_S3(t *testing.T) {
	m := testMap{
		units: []string{allInf, "para allied us ab paratroop 5-4", gerInf},
		setup: []string{"ainf 0402", "para 0602", "ginf 0808"},
		special: []string{"no-entry no-entry", "no-cross german north-of-27june",
			"range ab from=2 within=1 of=0602"},
	}
	text := m.withZones("no-entry 0101-0108", "north-of-27june 0701-0708").text()
	gg, err := New([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseMovement, Allied)
	refused(t, g, Allied, "move ainf 0402 0302 0202 0102", "S3.1")
	refused(t, g, Allied, "move para 0602 0603 0604", "S3.3")
	apply(t, g, Allied, "move para 0602 0603")
	g.s.Side = German
	refused(t, g, German, "move ginf 0808 0807 0707", "S3.1")
	apply(t, g, German, "move ginf 0808 0807")
}

// TestArmyBoundary_22_1_2: Allied units move at most 1 hex beyond their army's
// side of the boundary; south of row 16xx the boundary ends. The shared test
// map (columns 01-08) lies wholly south of it, so this one has columns 15-22.
func TestArmyBoundary_22_1_2(t *testing.T) {
	g := boundaryGame(t, "us allied us 4 infantry 6-4\ngb allied gb 50 infantry 6-4\ngus allied us 4 infantry 6-4\n", "us 2003\ngb 2006\ngus 1503\n")
	g.setStage(2, PhaseMovement, Allied)
	refused(t, g, Allied, "move us 2003 2004 2005 2006", "22.1.2") // 2 hexes beyond
	refused(t, g, Allied, "move gb 2006 2005 2004 2003", "22.1.2")
	apply(t, g, Allied, "move us 2003 2004 2005") // 1 hex beyond
	apply(t, g, Allied, "move gb 2006 2005 2004")
	apply(t, g, Allied, "move gus 1503 1504 1505 1506") // column 15: south of the line's end
}

// boundaryGame is a game on columns 15-22 with the US side of the army
// boundary on rows 01-04 (22.1.2): the shared test map (columns 01-08) lies
// wholly south of row 16xx, where the boundary ends.
func boundaryGame(t *testing.T, units, setup string) *Game {
	t.Helper()
	return boundaryGameUnder(t, "", Version, units, setup)
}

// boundaryGameUnder is boundaryGame in the edition variant names, under a
// rules version.
func boundaryGameUnder(t *testing.T, variant, version, units, setup string) *Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("game normandy44\nscenario test\ntitle Boundary\nedition 2.2\nprovenance stand-in: test\nlayout flat-top odd-columns-down\nturns 3\n\n[terrain]\n")
	for c := 15; c <= 22; c++ {
		fmt.Fprintf(&b, "%02d01-%02d08 clear\n", c, c)
	}
	b.WriteString("\n[zones]\nus-sector")
	for c := 15; c <= 22; c++ {
		fmt.Fprintf(&b, " %02d01-%02d04", c, c)
	}
	b.WriteString("\n\n[units]\n" + units + "\n[setup]\n" + setup)
	g, err := newGame([]byte(b.String()), variant, nil, version)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}
