package hexwar

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// The core's tests run on a small chart and map of their own, so that they
// read as the series' rules without any one game's tables.

// testTEC is a chart with a little of everything the rows can say.
var testTEC = &TEC{
	Terrain: map[Terrain]TerrainRow{
		"clear": {Rule: "T-clear", NonMech: 1 * MP, Mech: 1 * MP, AttackerAS: true},
		"woods": {Rule: "T-woods", NonMech: 2 * MP, Mech: 3 * MP, DB: 2},
		"town":  {Rule: "T-town", DB: 3}, // costs its base terrain
		"swamp": {Rule: "T-swamp", NonMech: 2 * MP, Mech: NotAllowed, Stop: true},
		"bog":   {Rule: "T-bog", NonMech: 2 * MP, Mech: NotAllowed, Stop: true, LeaveByRoad: true, TacticalStop: true},
		"marsh": {Rule: "T-marsh", NonMech: NotAllowed, Mech: NotAllowed},
		"sea":   {Rule: "T-sea", NonMech: NotAllowed, Mech: NotAllowed, Unplayable: true},
	},
	Roads: map[RoadClass]RoadRow{
		"main": {Rule: "T-main", NonMech: MP / 2, Mech: MP / 3},
		"side": {Rule: "T-side", NonMech: MP / 2, Mech: MP / 2},
	},
	Hexsides: map[Feature]HexsideRow{
		"stream": {Rule: "T-stream", NonMech: 0, Mech: 1 * MP, River: true},
		"river":  {Rule: "T-river", NonMech: 1 * MP, Mech: NotAllowed, FirstMove: true, River: true},
		"ford":   {Rule: "T-ford", Bridge: true},
		"cliff":  {Rule: "T-cliff", NonMech: NotAllowed, Mech: NotAllowed, Impassable: true},
	},
	LeaveEZOC: 1 * MP,
}

var testFeatures = []Feature{"stream", "river", "ford", "cliff"}

// testMap is an 8 x 8 flat-top map, odd columns down (hexes 0101-0808), clear
// unless given. A hex of an odd column touches rows r and r+1 of the
// columns beside it, a hex of an even column rows r-1 and r.
type testMap struct {
	terrain  map[string]string // hex -> terrain, or "town/BASE", or "TERRAIN river"
	hexsides []string          // "0404/0405 river ford"
	roads    []string          // "main 0101 0102 0103"
	zones    []string          // "zone 0101 0102"
}

func (m testMap) board(t testing.TB) *Board {
	t.Helper()
	mm := Map{Layout: hex.FlatOddColumnsDown, Features: testFeatures}
	for c := 1; c <= 8; c++ {
		for r := 1; r <= 8; r++ {
			id := fmt.Sprintf("%02d%02d", c, r)
			h := MapHex{ID: id, Terrain: "clear"}
			if w := strings.Fields(m.terrain[id]); len(w) > 0 {
				terrain, base, _ := strings.Cut(w[0], "/")
				h.Terrain, h.Base = Terrain(terrain), Terrain(base)
				h.River = len(w) > 1 && w[1] == "river"
			}
			mm.Hexes = append(mm.Hexes, h)
		}
	}
	for _, l := range m.hexsides {
		w := strings.Fields(l)
		a, b, _ := strings.Cut(w[0], "/")
		hs := Hexside{A: a, B: b}
		for _, f := range w[1:] {
			hs.Features = append(hs.Features, Feature(f))
		}
		mm.Hexsides = append(mm.Hexsides, hs)
	}
	for _, l := range m.roads {
		w := strings.Fields(l)
		mm.Roads = append(mm.Roads, Road{Class: RoadClass(w[0]), Hexes: w[1:]})
	}
	for _, l := range m.zones {
		w := strings.Fields(l)
		mm.Zones = append(mm.Zones, Zone{Name: w[0], Hexes: w[1:]})
	}
	b, err := NewBoard(mm, testTEC)
	if err != nil {
		t.Fatalf("test map: %v", err)
	}
	return b
}

// at is the hex a printed id names on b.
func at(t testing.TB, b *Board, id string) hex.Axial {
	t.Helper()
	a, ok := b.Hex(id)
	if !ok {
		t.Fatalf("%s is not on the test map", id)
	}
	return a
}

// testUnit is a unit of a test position.
type testUnit struct {
	side Side
	at   string // printed id, "" off the map
}

// testPos is a position of test units on a board.
type testPos struct {
	b     *Board
	units []testUnit
}

func (p testPos) Units() int { return len(p.units) }
func (p testPos) Hex(i int) (hex.Axial, bool) {
	a, ok := p.b.Hex(p.units[i].at)
	return a, ok
}
func (p testPos) Side(i int) Side { return p.units[i].side }

// pos is a position on b: "allied 0404" or "german 0302" per unit.
func pos(b *Board, units ...string) testPos {
	p := testPos{b: b}
	for _, u := range units {
		side, at, _ := strings.Cut(u, " ")
		p.units = append(p.units, testUnit{Side(side), at})
	}
	return p
}

// ids prints a set's hexes, in order.
func ids(b *Board, s HexSet) []string {
	var out []string
	for _, a := range s.Sorted() {
		out = append(out, b.ID(a))
	}
	return out
}

// testRefs are the test book's rule numbers.
var testRefs = &MoveRefs{Path: "M-path", OffMap: "M-edge", Enemy: "M-enemy", ZOC: "M-zoc", Bond: "M-bond", BondName: "bond", Entry: "M-entry",
	Tactical: "M-tactical"}

// mover is a mover for unit i of p, of side side, standing at its hex, with
// budget MP and no step rules; the enemy's every unit exerts a zone and
// forms bonds.
func mover(t testing.TB, b *Board, p testPos, i int, mech bool, budget int) *Mover {
	t.Helper()
	start, ok := p.Hex(i)
	if !ok {
		t.Fatalf("unit %d is not on the map", i)
	}
	ctx := NewContext(b, p, p.Side(i), ZOCRules{}, BondRules{})
	return &Mover{Board: b, Ctx: ctx, Refs: testRefs, Unit: i, UnitID: "u", Start: start, Mech: mech, Budget: budget * MP}
}
