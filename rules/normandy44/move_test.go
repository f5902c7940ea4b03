package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// costMap lays out the terrain, hexside and road rows of the TEC on the test
// map, one feature per place, so each cost can be checked alone.
var costMap = testMap{
	terrain: map[string]string{
		"0402": "forest", "0403": "bocage", "0404": "town base=forest",
		"0303": "marsh",
		"0705": "flooded", "0706": "flooded", "0707": "flooded",
		"0808": "sea",
	},
	hexsides: []string{
		"0102/0103 major-river",
		"0104/0105 minor-river",
		"0603/0604 major-river",
		"0705/0706 flooded-river",
		"0706/0707 flooded-river causeway",
		"0201/0202 impassable",
	},
	roads: []string{
		"minor 0501 0502 0503 0504",
		"major 0601 0602 0603 0604 0605 0606",
		"minor 0704 0705",
		"minor 0303 0304",
	},
	units: []string{allInf, allMech, gerMech},
	setup: []string{"ainf 0101", "amech 0401", "gpz 0801"},
}

// cost prices a path for a unit standing at its first hex, in sixths of an MP.
func cost(t *testing.T, g *Game, unit string, path ...string) (int, error) {
	t.Helper()
	i := g.index[unit]
	g.s.Units[i].At, g.s.Units[i].Moved = path[0], false
	ctx := g.moveContext(g.unit(i).Side)
	m, err := g.newMover(ctx, i, false, false)
	if err != nil {
		return 0, err
	}
	var p []hex.Axial
	for _, id := range path {
		a, err := g.b.layout.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		p = append(p, a)
	}
	return m.Walk(p)
}

func wantCost(t *testing.T, g *Game, want int, unit string, path ...string) {
	t.Helper()
	c, err := cost(t, g, unit, path...)
	if err != nil {
		t.Errorf("%s %v: %v", unit, path, err)
		return
	}
	if c != want {
		t.Errorf("%s %v costs %s MP, want %s", unit, path, mpText(c), mpText(want))
	}
}

func wantRefused(t *testing.T, g *Game, rule, unit string, path ...string) {
	t.Helper()
	_, err := cost(t, g, unit, path...)
	if !rulestest.IsRefusal(err, rule) {
		t.Errorf("%s %v: want a refusal under %s, have %v", unit, path, rule, err)
	}
}

// TestTEC_T3_HexCosts: clear, bocage and Town-on-forest cost 1, 1 and the
// base terrain; forest costs mechanized units 2 (T3, AMBIG-12).
func TestTEC_T3_HexCosts(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	wantCost(t, g, 4*mp, "ainf", "0401", "0402", "0403", "0404", "0405")
	wantCost(t, g, 6*mp, "amech", "0401", "0402", "0403", "0404", "0405")
	wantRefused(t, g, "T3", "ainf", "0302", "0303") // marsh: prohibited off road
	wantCost(t, g, mp/2, "ainf", "0304", "0303")    // ...but not along one
	wantRefused(t, g, "2.2.1", "ainf", "0807", "0808")
	wantRefused(t, g, "9.2", "ainf", "0801", "0800")
	wantRefused(t, g, "9.6", "ainf", "0201", "0202")
}

// TestRoads_9_3_9_7: minor roads cost 1/2, major roads 1/3 for mechanized and
// 1/2 for the rest; German mechanized units pay 1/2 on major roads except in
// Storm; a road over a river is a bridge.
func TestRoads_9_3_9_7(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	wantCost(t, g, 3*(mp/2), "ainf", "0501", "0502", "0503", "0504")
	wantCost(t, g, 5*(mp/3), "amech", "0601", "0602", "0603", "0604", "0605", "0606") // bridge at 0603/0604
	wantCost(t, g, 5*(mp/2), "ainf", "0601", "0602", "0603", "0604", "0605", "0606")
	g.s.Side = German
	park(g, "ainf", "amech")
	wantCost(t, g, 5*(mp/2), "gpz", "0601", "0602", "0603", "0604", "0605", "0606")
	g.s.Weather = WeatherStorm
	wantCost(t, g, 5*(mp/3), "gpz", "0601", "0602", "0603", "0604", "0605", "0606")
}

// TestRivers_9_4: an unbridged major river costs +1 and must be the first move
// of a unit that starts next to it (9.4.1); a minor river costs mechanized
// units +1 and the others nothing (9.4.2).
func TestRivers_9_4(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	wantCost(t, g, 2*mp, "ainf", "0102", "0103")
	wantRefused(t, g, "9.4.1", "ainf", "0101", "0102", "0103")
	wantCost(t, g, 1*mp, "ainf", "0104", "0105")
	wantCost(t, g, 2*mp, "amech", "0104", "0105")
}

// TestE07_FloodedRivers_9_5: the lost movement figure (L606) says blue numbers
// are extra costs for river and flooded hexsides and red ones mean stop, and
// that a non-mechanized unit crosses a flooded-river hexside only if it starts
// next to it. The geometry is rebuilt here: flooded hexes 0705-0707, a flooded
// river 0705/0706, a causeway 0706/0707 and a minor road 0704-0705.
func TestE07_FloodedRivers_9_5(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	// Off road, a flooded hex costs 2 and stops a non-mechanized unit.
	wantCost(t, g, 2*mp, "ainf", "0805", "0705")
	wantRefused(t, g, "9.5.1", "ainf", "0805", "0705", "0605")
	// Along the road it costs the road rate and does not stop...
	wantCost(t, g, mp/2+mp, "ainf", "0704", "0705", "0605")
	// ...but the flooded river beyond may only be the first move (TEC note A).
	wantRefused(t, g, "9.5.1", "ainf", "0704", "0705", "0706")
	// Starting next to it: flooded hex 2 + flooded hexside 1 (AMBIG-11).
	wantCost(t, g, 3*mp, "ainf", "0705", "0706")
	// A causeway bridges the flooded river at no cost (9.11).
	wantCost(t, g, 2*mp, "ainf", "0706", "0707")
	// Mechanized units: flooded hexes and hexsides only by road (9.5.1).
	wantRefused(t, g, "9.5.1", "amech", "0805", "0705")
	wantCost(t, g, mp/2, "amech", "0704", "0705")
	wantRefused(t, g, "9.5.1", "amech", "0705", "0805")
	wantRefused(t, g, "9.5.1", "amech", "0705", "0706")
}

// TestMoveCommand_9_1: a move is checked hex by hex against the unit's MA; the
// state changes only when the whole move is legal.
func TestMoveCommand_9_1(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	refused(t, g, Allied, "move amech 0401 0402 0403 0404 0405 0406", "9.1") // 7 MP of 6
	refused(t, g, Allied, "move amech 0402 0403", "9.1")                     // not where it stands
	refused(t, g, Allied, "move amech 0401 0403", "9.1")                     // not adjacent
	refused(t, g, Allied, "move gpz 0801 0802", "9.1")                       // not the phasing side's
	refused(t, g, Allied, "move nobody 0401 0402", "2.3")
	apply(t, g, Allied, "move amech 0401 0402 0403 0404 0405")
	if us := g.s.Units[g.index["amech"]]; us.At != "0405" || us.Spent != 6*mp || us.Hexes != 4 {
		t.Fatalf("amech after its move: %+v, want at 0405 having spent 6 MP on 4 hexes", us)
	}
	refused(t, g, Allied, "move amech 0405 0406", "9.1") // moved already this phase
	if _, err := g.Apply(rules.Seat(German), "end"); err == nil {
		t.Error("the German player ended the Allied phase")
	}
}

// park takes units off the map, out of the way of a test.
func park(g *Game, units ...string) {
	for _, u := range units {
		g.s.Units[g.index[u]].At = ""
	}
}
