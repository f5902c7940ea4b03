package ardennes44

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The digest's worked examples of movement (digest 5: T-06 in part, T-07,
// T-09), on fixtures.

// column is a straight run of hexes up column c from row r0 to r1.
func column(c, r0, r1 int) []string {
	var out []string
	for r := r0; r <= r1; r++ {
		out = append(out, fmt.Sprintf("%02d%02d", c, r))
	}
	return out
}

// roadMove is the move of unit along the first n hexes of path after its
// start, with flags.
func roadMove(unit string, path []string, n int, flags ...string) string {
	return strings.Join(append(append([]string{"move", unit}, path[:n+1]...), flags...), " ")
}

// T-07 (12.1): a mechanized cavalry squadron of MA 7 in Strategic Movement
// has 14 MP: 28 primary-road hexes in mud (1/2 MP each), not 29.
func TestT07_SMDistance_12_1(t *testing.T) {
	road := column(2, 1, 31)
	f := fixture{cols: 3, rows: 31, roads: [][]string{append([]string{"primary"}, road...)}, setup: []string{"14cav/18 0201"}}
	g := f.game(t, 3, PhaseMovement, Allied)
	_, err := g.Apply(rules.Seat(Allied), roadMove("14cav/18", road, 29, "sm"))
	refused(t, err, "11.1")
	if at(g, "14cav/18") != "0201" {
		t.Fatal("a refused move moved the unit")
	}
	apply(t, g, Allied, roadMove("14cav/18", road, 28, "sm"))
	if at(g, "14cav/18") != road[28] {
		t.Errorf("28 primary-road hexes in SM: at %s, want %s (12.1)", at(g, "14cav/18"), road[28])
	}
}

// T-09 (12.4.4): a non-mechanized unit on Trucks has 12 MP, not doubled:
// 24 primary-road hexes, not 25.
func TestT09_TruckRange_12_4_4(t *testing.T) {
	road := column(2, 1, 31)
	f := fixture{cols: 3, rows: 31, roads: [][]string{append([]string{"primary"}, road...)}, setup: []string{"99/394 0201"}}
	g := f.game(t, 4, PhaseMovement, Allied)
	u := st(g, "99/394")
	u.SM, u.Trucks = true, true // loaded in the turn before (12.4.3)
	_, err := g.Apply(rules.Seat(Allied), roadMove("99/394", road, 25, "sm"))
	refused(t, err, "11.1")
	apply(t, g, Allied, roadMove("99/394", road, 24, "sm"))
	if at(g, "99/394") != road[24] {
		t.Errorf("24 primary-road hexes on Trucks: at %s, want %s (12.4.4)", at(g, "99/394"), road[24])
	}
}

// T-06 (9.2, 11.3, 11.4, 11.5): parts of the movement panel.
func TestT06_MovementPanel_11_4(t *testing.T) {
	// H: a unit entering an enemy ZOC stops there (9.2).
	h := "0606"
	z := nb(h, 0) // in the ZOC of the German unit beyond it
	g := fixture{setup: []string{"99/394 " + h, "12/27 " + nb(z, 0)}}.game(t, 3, PhaseMovement, Allied)
	_, err := g.Apply(rules.Seat(Allied), "move 99/394 "+h+" "+z+" "+nb(z, 1))
	refused(t, err, "9.")
	apply(t, g, Allied, "move 99/394 "+h+" "+z)

	// C and D: an unbridged river hexside is crossed only by Tactical
	// Movement from next to it (11.4.1), never by a vehicle (11.4).
	a, b := "0606", nb("0606", 3)
	f := fixture{sides: [][3]string{{a, b, "river"}}, setup: []string{"99/394 " + nb(a, 0), "99/395 " + a, "9arm/cca " + nb(a, 5)}}
	g = f.game(t, 3, PhaseMovement, Allied)
	_, err = g.Apply(rules.Seat(Allied), "move 99/394 "+nb(a, 0)+" "+a+" "+b+" tactical")
	refused(t, err, "11.4")
	_, err = g.Apply(rules.Seat(Allied), "move 99/395 "+a+" "+b)
	refused(t, err, "11.4")
	apply(t, g, Allied, "move 99/395 "+a+" "+b+" tactical")
	_, err = g.Apply(rules.Seat(Allied), "move 9arm/cca "+nb(a, 5)+" "+a+" "+b)
	refused(t, err, "11.4")

	// B: Extended Movement gives a non-mechanized unit of MA 3 5 MP
	// (11.2).
	road := column(2, 1, 12)
	g = fixture{setup: []string{"99/394 0201"}}.game(t, 3, PhaseMovement, Allied) // clear, 1 MP a hex
	_, err = g.Apply(rules.Seat(Allied), roadMove("99/394", road, 4))
	refused(t, err, "11.1")
	apply(t, g, Allied, roadMove("99/394", road, 5, "extended"))
	if at(g, "99/394") != road[5] {
		t.Errorf("Extended Movement: at %s, want %s (11.2: MA 3 + 2)", at(g, "99/394"), road[5])
	}
	// It may not end next to an enemy unit (11.2).
	g = fixture{setup: []string{"99/394 0201", "12/27 " + nb(road[5], 0)}}.game(t, 3, PhaseMovement, Allied)
	_, err = g.Apply(rules.Seat(Allied), roadMove("99/394", road, 5, "extended"))
	refused(t, err, "11.2")
}

// T-06 G (24.2, 11.8): a mechanized unit pays 4 MP for a forest-road hex
// with an enemy Traffic marker: the road's 2 and the marker's 2.
func TestT06G_TrafficMarker_24_2(t *testing.T) {
	path := column(6, 1, 5)
	ter := map[string]Terrain{}
	for _, h := range path {
		ter[h] = Forest
	}
	f := fixture{terrain: ter, roads: [][]string{append([]string{"forest"}, path...)}, setup: []string{"1ss/1pg 0601"}}
	g := f.game(t, 3, PhaseMovement, German)
	apply(t, g, German, roadMove("1ss/1pg", path, 3)) // 2 + 2 + 2 = its MA of 6
	g = f.game(t, 3, PhaseMovement, German)
	g.s.Traffic = []marker{{Side: Allied, N: 1, Hex: "0603"}}
	_, err := g.Apply(rules.Seat(German), roadMove("1ss/1pg", path, 3))
	refused(t, err, "11.1")
	if !strings.Contains(err.Error(), "costs 8 MP") {
		t.Errorf("%v: want a cost of 2 + 4 + 2 = 8 MP (24.2)", err)
	}
	apply(t, g, German, roadMove("1ss/1pg", path, 2)) // 2 + 4
}

// T-06 E (11.3, 9.2.1): leaving an enemy ZOC into a forest and then light
// woods costs 1 + 4 + 3 = 8 MP; Tactical Movement goes the 2 hexes whatever
// they cost.
func TestT06E_TacticalMovement_11_3(t *testing.T) {
	f := fixture{terrain: map[string]Terrain{"0605": Forest, "0604": LightWoods}, setup: []string{"99/394 0606", "12/27 0607"}}
	g := f.game(t, 3, PhaseMovement, Allied)
	_, err := g.Apply(rules.Seat(Allied), "move 99/394 0606 0605 0604")
	refused(t, err, "11.1")
	if !strings.Contains(err.Error(), "costs 8 MP") {
		t.Errorf("%v: want 1 + 4 + 3 = 8 MP (9.2.1, TEC)", err)
	}
	apply(t, g, Allied, "move 99/394 0606 0605 0604 tactical")
	if at(g, "99/394") != "0604" {
		t.Errorf("at %s, want 0604 (11.3)", at(g, "99/394"))
	}
}

// T-06 F, J, K (11.6, 11.4.1): a road-less wooded-rough hexside is crossed
// only by Tactical Movement, as the move's first hex from next to it (F
// did not start next to it; J may); and not together with an unbridged
// river in one move (K).
func TestT06FJK_WoodedRoughHexside_11_6(t *testing.T) {
	f := fixture{sides: [][3]string{{"0605", "0606", "wooded-rough"}, {"0606", "0607", "river"}},
		setup: []string{"99/394 0604", "99/395 0605"}}
	g := f.game(t, 3, PhaseMovement, Allied)
	_, err := g.Apply(rules.Seat(Allied), "move 99/394 0604 0605 0606 tactical")
	refused(t, err, "11.6")
	_, err = g.Apply(rules.Seat(Allied), "move 99/395 0605 0606")
	refused(t, err, "11.6")
	_, err = g.Apply(rules.Seat(Allied), "move 99/395 0605 0606 0607 tactical")
	refused(t, err, "11.4.1")
	apply(t, g, Allied, "move 99/395 0605 0606 tactical")
}

// T-06 I (11.5, 11.6): a vehicle enters a forest or wooded-rough hex only
// along a road.
func TestT06I_VehicleWoods_11_5(t *testing.T) {
	f := fixture{terrain: map[string]Terrain{"0605": Forest, "0506": Forest, "0705": WoodedRough}, roads: [][]string{{"secondary", "0606", "0605"}},
		setup: []string{"9arm/cca 0606"}}
	g := f.game(t, 3, PhaseMovement, Allied)
	_, err := g.Apply(rules.Seat(Allied), "move 9arm/cca 0606 0506")
	refused(t, err, "11.5")
	_, err = g.Apply(rules.Seat(Allied), "move 9arm/cca 0606 0705")
	refused(t, err, "11.6")
	apply(t, g, Allied, "move 9arm/cca 0606 0605")
}
