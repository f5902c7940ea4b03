package ardennes44

import (
	"slices"
	"strings"
	"testing"
)

// T-28 (23.3): the Overland part of a supply path is at most 4 hexes; it
// may cross an unbridged river; an enemy ZOC stops it past its first hex,
// but a friendly unit negates the enemy ZOC in its own hex. A corridor two
// rows high: an Allied source at 1201, a primary road to 0901, a river
// between columns 06 and 07, a German unit in 0702.
func TestT28_OverlandSupply_23_3(t *testing.T) {
	f := fixture{cols: 12, rows: 2, places: []string{"source 1201 allied"},
		roads: [][]string{{"primary", "1201", "1101", "1001", "0901"}},
		sides: [][3]string{{"0601", "0701", "river"}, {"0602", "0702", "river"}, {"0602", "0701", "river"}},
		setup: []string{"12/27 0702"}}
	supplied := func(g *Game, h string) bool {
		k, _ := g.b.Cell(mustHex(h))
		return g.suppliedCells(Allied)[k]
	}
	g := f.game(t, 3, PhaseSupply, Allied)
	if !g.zoc(German).Has(mustHex("0701")) {
		t.Fatal("the fixture wants 0701 in the German ZOC")
	}
	if !supplied(g, "0601") {
		t.Error("0601: 0701, 0801 to the road at 0901, across the river: in supply (23.3)")
	}
	if supplied(g, "0501") {
		t.Error("0501: its path enters the enemy ZOC in 0701 past its first hex: out of supply (23.3)")
	}
	f.setup = append(f.setup, "99/395 0701")
	g = f.game(t, 3, PhaseSupply, Allied)
	if !supplied(g, "0501") {
		t.Error("0501: 99/395 in 0701 negates the enemy ZOC there: in supply (23.3)")
	}
	if supplied(g, "0401") {
		t.Error("0401: 5 hexes overland: out of supply (23.3)")
	}
}

// T-29 (23.3): the Road part of a supply path runs along roads, through no
// enemy ZOC a friendly unit does not negate and over no blown bridge (an
// unbridged crossing). A road along row 01 from the source at 1201, across
// a river between columns 06 and 07.
func TestT29_RoadSupply_23_3(t *testing.T) {
	f := fixture{cols: 12, rows: 2, places: []string{"source 1201 allied"},
		roads: [][]string{{"primary", "1201", "1101", "1001", "0901", "0801", "0701", "0601", "0501", "0401"}},
		sides: [][3]string{{"0601", "0701", "river"}}}
	road := func(g *Game, h string) bool { return g.roadSupplied(mustHex(h), Allied) }
	g := f.game(t, 3, PhaseSupply, Allied)
	if !road(g, "0401") {
		t.Fatal("0401: the road runs to the source over the bridge: Road Supply")
	}
	g.s.Bridges = append(g.s.Bridges, bridgeState{Side: "0601/0701"})
	if road(g, "0601") || !road(g, "0701") {
		t.Error("the blown bridge cuts the road: 0601 without Road Supply, 0701 with it (7.2, 23.3)")
	}
	// An enemy ZOC on the road cuts it; a friendly unit there negates it.
	f.setup = []string{"12/27 0902"}
	g = f.game(t, 3, PhaseSupply, Allied)
	if road(g, "0701") {
		t.Error("the German ZOC on the road at 0901 cuts the Road part (23.3)")
	}
	f.setup = append(f.setup, "99/394 0901")
	g = f.game(t, 3, PhaseSupply, Allied)
	if !road(g, "0701") {
		t.Error("99/394 in 0901 negates the German ZOC there (23.3)")
	}
}

// T-30 (23.6): isolated units form one group when each reaches another
// within a 4-hex Overland part; each group rolls on its own. A and B, 3
// hexes apart, are one group; C, 6 hexes from B, is another.
func TestT30_IsolatedGroups_23_6(t *testing.T) {
	f := fixture{cols: 12, rows: 2, setup: []string{"99/394 0101", "99/395 0401", "28/112 1001"}}
	g := f.game(t, 3, PhaseSupply, Allied)
	groups := g.regroup(Allied, []int{g.index["99/394"], g.index["99/395"], g.index["28/112"]})
	var got []string
	for _, gr := range groups {
		us := slices.Clone(gr.Units)
		slices.Sort(us)
		got = append(got, strings.Join(us, "+"))
	}
	slices.Sort(got)
	if want := []string{"28/112", "99/394+99/395"}; !slices.Equal(got, want) {
		t.Errorf("groups %v, want %v (23.6)", got, want)
	}
}
