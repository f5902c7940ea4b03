package hexwar

import (
	"fmt"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// supplyMap: a main road down column 8 to its source at 0808, a side road
// from 0408 to it; the sea at 0101.
var supplyMap = testMap{
	terrain:  map[string]string{"0101": "sea"},
	hexsides: []string{"0606/0607 cliff"},
	roads:    []string{"main 0801 0802 0803 0804 0805 0806 0807 0808", "side 0408 0508 0608 0708 0808"},
}

// status is the status of hex id by the statuses st.
func status(t *testing.T, b *Board, st map[int]SupplyStatus, id string) SupplyStatus {
	t.Helper()
	return st[mustCell(t, b, id)]
}

// TestSupplyLines: a line runs overland up to the limit, then along roads
// to a source (N44 18.3, A44 23.3, S43 16.3.1); with an unlimited overland
// part only, a unit is out of supply; with no line at all, isolated.
func TestSupplyLines(t *testing.T) {
	b := supplyMap.board(t)
	src := []hex.Axial{at(t, b, "0808")}
	st := NewTracer(b, SupplyRules{OffRoad: 2}).Statuses(src)
	for id, want := range map[string]SupplyStatus{
		"0801": InSupply,    // on the road
		"0601": InSupply,    // 0701, then the road at 0801: 2 hexes
		"0401": OutOfSupply, // farther than 2 hexes from any road
		"0102": OutOfSupply,
	} {
		if got := status(t, b, st, id); got != want {
			t.Errorf("%s: %v, want %v", id, got, want)
		}
	}
	if _, ok := st[mustCell(t, b, "0101")]; ok {
		t.Error("the sea has a status")
	}
	// An enemy wall across the map cuts the west off: no line at all.
	enemy := make([]bool, b.grid.Len())
	for r := 1; r <= 8; r++ {
		enemy[mustCell(t, b, fmt.Sprintf("03%02d", r))] = true
	}
	st = NewTracer(b, SupplyRules{OffRoad: 2, Enemy: enemy}).Statuses(src)
	if status(t, b, st, "0102") != Isolated || status(t, b, st, "0801") != InSupply {
		t.Errorf("behind the enemy: %v; on the road: %v", status(t, b, st, "0102"), status(t, b, st, "0801"))
	}
	if _, ok := st[mustCell(t, b, "0304")]; ok {
		t.Error("a hex the enemy holds has a status")
	}
}

// TestSupplyRules: a game's step rule and its closed road hexes shape the
// lines; the first step from the unit's hex is told apart.
func TestSupplyRules(t *testing.T) {
	b := supplyMap.board(t)
	src := []hex.Axial{at(t, b, "0808")}
	closed := mustCell(t, b, "0804")
	st := NewTracer(b, SupplyRules{OffRoad: 1, RoadOpen: func(i int) bool { return i != closed }}).Statuses(src)
	if status(t, b, st, "0802") != OutOfSupply || status(t, b, st, "0805") != InSupply {
		t.Errorf("the road closed at 0804: 0802 %v, 0805 %v", status(t, b, st, "0802"), status(t, b, st, "0805"))
	}
	// A step rule that bars every step but the first: a unit next to a
	// road hex of the line is in supply, one farther is isolated.
	firstOnly := func(i, j int, d hex.Direction, first bool) bool { return first }
	st = NewTracer(b, SupplyRules{OffRoad: 3, Step: firstOnly}).Statuses(src)
	if status(t, b, st, "0707") != InSupply || status(t, b, st, "0606") != Isolated || status(t, b, st, "0808") != InSupply {
		t.Errorf("first steps only: 0707 %v, 0606 %v, 0808 %v", status(t, b, st, "0707"), status(t, b, st, "0606"), status(t, b, st, "0808"))
	}
}

// TestSupplyOverland: a rule on the overland part alone (N44 first edition
// 18.2: no flooded ground) shapes the overland part and leaves the road
// part alone: a road over the closed hexes still carries the line.
func TestSupplyOverland(t *testing.T) {
	b := supplyMap.board(t)
	src := []hex.Axial{at(t, b, "0808")}
	col7 := func(i, j int, d hex.Direction) bool { return b.IDAt(j)[:2] != "07" } // column 07 closed overland
	st := NewTracer(b, SupplyRules{OffRoad: 2, Overland: col7}).Statuses(src)
	if status(t, b, st, "0601") != Isolated {
		t.Errorf("0601 reaches a road or the source only through column 07: %v", status(t, b, st, "0601"))
	}
	if status(t, b, st, "0708") != InSupply || status(t, b, st, "0408") != InSupply {
		t.Errorf("the side road through 0708: 0708 %v, 0408 %v", status(t, b, st, "0708"), status(t, b, st, "0408"))
	}
	if st := NewTracer(b, SupplyRules{OffRoad: 2}).Statuses(src); status(t, b, st, "0601") != InSupply {
		t.Errorf("without the rule: 0601 %v", status(t, b, st, "0601"))
	}
}

// TestSupplyOverlandCost: a hex that counts 2 in the overland part (S43
// 16.3.2: swamp) shortens the lines through it, the first step from the
// unit's hex included; the road part is not counted.
func TestSupplyOverlandCost(t *testing.T) {
	b := supplyMap.board(t)
	src := []hex.Axial{at(t, b, "0808")}
	col7 := func(i, j int, d hex.Direction) int { // entering column 07 counts 2
		if b.IDAt(j)[:2] == "07" {
			return 2
		}
		return 1
	}
	for _, c := range []struct {
		offRoad int
		id      string
		want    SupplyStatus
	}{
		{2, "0701", InSupply},    // 0801: 1
		{2, "0601", OutOfSupply}, // 0701 (2), 0801 (1): 3
		{3, "0601", InSupply},
		{3, "0501", OutOfSupply}, // 0601 (1), 0701 (2), 0801 (1): 4
		{4, "0501", InSupply},
		{2, "0803", InSupply}, // on the road
	} {
		st := NewTracer(b, SupplyRules{OffRoad: c.offRoad, OverlandCost: col7}).Statuses(src)
		if got := status(t, b, st, c.id); got != c.want {
			t.Errorf("overland %d, column 07 counting 2: %s %v, want %v", c.offRoad, c.id, got, c.want)
		}
	}
	// Without costs every hex counts 1: 0501 is 3 hexes from the road.
	if st := NewTracer(b, SupplyRules{OffRoad: 3}).Statuses(src); status(t, b, st, "0501") != InSupply {
		t.Errorf("without costs: 0501 %v", status(t, b, st, "0501"))
	}
}

// TestSupplyDistances: the overland distances run backwards from the goals
// and never across an impassable hexside.
func TestSupplyDistances(t *testing.T) {
	b := supplyMap.board(t)
	tr := NewTracer(b, SupplyRules{})
	d := tr.Distances(tr.Cells([]hex.Axial{at(t, b, "0606")}), false, 9)
	if d[mustCell(t, b, "0606")] != 0 || d[mustCell(t, b, "0605")] != 1 || d[mustCell(t, b, "0607")] != 2 {
		t.Errorf("distances from 0606: 0605 %d, 0607 %d (across the cliff it is 2 around)", d[mustCell(t, b, "0605")], d[mustCell(t, b, "0607")])
	}
}

// TestSupplyRoadCut: a road cut at a hexside (A44 23.3: a blown bridge)
// stops the road part there, but the overland part may still cross.
func TestSupplyRoadCut(t *testing.T) {
	b := supplyMap.board(t)
	src := []hex.Axial{at(t, b, "0808")}
	from := mustCell(t, b, "0804")
	d, _ := hex.DirectionTo(at(t, b, "0804"), at(t, b, "0805"))
	cut := func(i int, dir hex.Direction) bool {
		j, _ := b.grid.Neighbor(i, dir)
		return (i == from && dir == d) || (j == from && dir == d.Opposite())
	}
	st := NewTracer(b, SupplyRules{OffRoad: 1, RoadCut: cut}).Statuses(src)
	if status(t, b, st, "0802") != OutOfSupply || status(t, b, st, "0804") != InSupply || status(t, b, st, "0806") != InSupply {
		t.Errorf("the road cut between 0804 and 0805: 0802 %v (want out of supply), 0804 %v (overland across the cut), 0806 %v",
			status(t, b, st, "0802"), status(t, b, st, "0804"), status(t, b, st, "0806"))
	}
}
