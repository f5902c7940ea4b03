package hexwar

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// TestBoardHexsides: a hexside's features and road read the same from both of
// its hexes, the cheaper of two roads across one hexside counts, and a river
// through a hex is part of its terrain (N44 2.2.3, A44 3.3).
func TestBoardHexsides(t *testing.T) {
	b := testMap{
		terrain:  map[string]string{"0606": "town/woods river"},
		hexsides: []string{"0404/0405 stream cliff", "0605/0606 river", "0606/0607 stream ford", "0202/0203 river"},
		roads:    []string{"side 0101 0102 0103", "main 0102 0103 0104", "side 0103 0104"},
	}.board(t)
	h := func(id string) hex.Axial { return at(t, b, id) }
	for _, c := range []struct {
		x, y string
		f    Feature
	}{{"0404", "0405", "stream"}, {"0404", "0405", "cliff"}, {"0202", "0203", "river"}} {
		if !b.Feature(h(c.x), h(c.y), c.f) || !b.Feature(h(c.y), h(c.x), c.f) {
			t.Errorf("%s/%s: %s not seen from both hexes", c.x, c.y, c.f)
		}
	}
	if !b.Impassable(h("0405"), h("0404")) || b.Impassable(h("0202"), h("0203")) {
		t.Error("the cliff is not impassable from 0405, or the river is")
	}
	if b.Feature(h("0605"), h("0606"), "river") || b.Feature(h("0606"), h("0607"), "stream") || !b.Feature(h("0606"), h("0607"), "ford") {
		t.Error("a river into a hex it runs through still counts, or a ford went with it")
	}
	if b.Road(h("0102"), h("0103")) != "main" || b.Road(h("0103"), h("0102")) != "main" || b.Road(h("0103"), h("0104")) != "main" {
		t.Errorf("0102/0103 carries %q: the main road is the cheaper", b.Road(h("0102"), h("0103")))
	}
	if b.Road(h("0101"), h("0102")) != "side" || b.Road(h("0104"), h("0105")) != "" || b.Road(h("0101"), h("0103")) != "" {
		t.Error("the roads' other hexsides read wrong")
	}
	if b.MoveRow(mustCell(t, b, "0606")).Rule != "T-woods" || b.TerrainAt(mustCell(t, b, "0606")) != "town" {
		t.Error("a town moves at its base terrain's cost and is still a town")
	}
}

func mustCell(t testing.TB, b *Board, id string) int {
	t.Helper()
	i, ok := b.CellOf(id)
	if !ok {
		t.Fatalf("%s is not on the test map", id)
	}
	return i
}

// TestBoardHexes: land, zones, printed ids and the west edge.
func TestBoardHexes(t *testing.T) {
	b := testMap{terrain: map[string]string{"0808": "sea"}, zones: []string{"north 0101 0102 0103"}}.board(t)
	if len(b.LandHexes()) != 63 || slices.Contains(b.LandHexes(), at(t, b, "0808")) || b.Land(at(t, b, "0808")) || !b.OnMap(at(t, b, "0808")) {
		t.Errorf("%d land hexes, want the 63 that are playable", len(b.LandHexes()))
	}
	if !b.Zone("north", at(t, b, "0102")) || b.Zone("north", at(t, b, "0104")) || b.Zone("south", at(t, b, "0102")) || b.ZoneCells("south") != nil {
		t.Error("zone membership reads wrong")
	}
	for id, a := range b.IDs() {
		if b.ID(a) != id {
			t.Fatalf("%s reads back as %q", id, b.ID(a))
		}
	}
	off, _ := hex.FlatOddColumnsDown.Parse("0500")
	if b.OnMap(off) || b.Land(off) || b.Terrain(off) != "" || !b.WestOf(off) || b.ID(off) != "0500" {
		t.Error("a hex off the west edge reads wrong")
	}
	east, _ := hex.FlatOddColumnsDown.Parse("0509")
	if b.WestOf(east) {
		t.Error("0509 is beyond the east edge, not the west")
	}
}

// TestBoardCellOf: an id names a hex of the board exactly when it is one of
// the board's ids, read without the map of them: box names, blank, short,
// long, non-digit and off-map ids name none.
func TestBoardCellOf(t *testing.T) {
	b := testMap{terrain: map[string]string{"0808": "sea"}}.board(t)
	for id, a := range b.IDs() {
		if i, ok := b.CellOf(id); !ok || b.Grid().Hex(i) != a {
			t.Errorf("CellOf(%s) = %d, %v; want the cell of %v", id, i, ok, a)
		}
		if h, ok := b.Hex(id); !ok || h != a {
			t.Errorf("Hex(%s) = %v, %v; want %v", id, h, ok, a)
		}
	}
	for _, id := range []string{"", "box", "Britain", "0", "010", "01011", "0A01", "01\u0661", "0000", "0100", "0109", "0901", "9999", " 101", "0101 ", "+101", "-101"} {
		checkCellOf(t, b, id)
	}
}

// checkCellOf fails unless CellOf and Hex find id as the board's ids do.
func checkCellOf(t *testing.T, b *Board, id string) {
	t.Helper()
	want, in := b.IDs()[id]
	i, ok := b.CellOf(id)
	h, hok := b.Hex(id)
	if ok != in || hok != in || in && (b.Grid().Hex(i) != want || h != want) {
		t.Errorf("%q: CellOf %d, %v; Hex %v, %v; the board's ids: %v, %v", id, i, ok, h, hok, want, in)
	}
}

// FuzzBoardCellOf: any text names a hex exactly when the board's ids hold it.
func FuzzBoardCellOf(f *testing.F) {
	for _, id := range []string{"0101", "0808", "0909", "box", "", "12345"} {
		f.Add(id)
	}
	b := testMap{terrain: map[string]string{"0808": "sea"}}.board(f)
	f.Fuzz(func(t *testing.T, id string) { checkCellOf(t, b, id) })
}

// TestBoardRefusesUnknownWords: a map whose words the chart lacks is no
// board.
func TestBoardRefusesUnknownWords(t *testing.T) {
	for _, m := range []Map{
		{Layout: hex.FlatOddColumnsDown, Hexes: []MapHex{{ID: "0101", Terrain: "lava"}}},
		{Layout: hex.FlatOddColumnsDown, Hexes: []MapHex{{ID: "0101", Terrain: "clear"}, {ID: "0102", Terrain: "clear"}},
			Hexsides: []Hexside{{A: "0101", B: "0102", Features: []Feature{"wall"}}}},
		{Layout: hex.FlatOddColumnsDown, Hexes: []MapHex{{ID: "0101", Terrain: "clear"}, {ID: "0103", Terrain: "clear"}},
			Roads: []Road{{Class: "side", Hexes: []string{"0101", "0103"}}}},
	} {
		if _, err := NewBoard(m, testTEC); !errors.Is(err, ErrMap) {
			t.Errorf("%+v: %v, want ErrMap", m, err)
		}
	}
}

// TestOccupantsOn: OccupantsOn, and OccupantsOf of a position, list what
// Occupants does, and appending to one hex's list leaves the others alone.
func TestOccupantsOn(t *testing.T) {
	b := testMap{}.board(t)
	ids := []string{"0101", "0202", "0101", "", "0303", "0202", "0101", "", "0808"}
	r := readPos{hexes: make([]hex.Axial, len(ids)), on: make([]bool, len(ids)), sides: make([]Side, len(ids))}
	for i, id := range ids {
		r.hexes[i], r.on[i] = b.Hex(id)
	}
	r.hexes = append(r.hexes, hex.Axial{Q: 40, R: 40}) // off the board: read as Occupants reads it
	r.on = append(r.on, true)
	r.sides = append(r.sides, "")
	for _, pos := range []readPos{{hexes: r.hexes[:len(ids)], on: r.on[:len(ids)], sides: r.sides[:len(ids)]}, r} {
		want := Occupants(pos)
		got := OccupantsOn(b, pos.hexes, pos.on)
		if !maps.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("OccupantsOn %v; Occupants %v", got, want)
		}
		if of := OccupantsOf(b, pos); !maps.EqualFunc(of, want, slices.Equal) {
			t.Fatalf("OccupantsOf %v; Occupants %v", of, want)
		}
	}
	occ := OccupantsOn(b, r.hexes[:len(ids)], r.on[:len(ids)])
	a, c := at(t, b, "0101"), at(t, b, "0202")
	occ[a] = append(occ[a], 99)
	if !slices.Equal(occ[c], []int{1, 5}) {
		t.Fatalf("appending to 0101's list changed 0202's: %v", occ[c])
	}
}
