package normandy44

import (
	"fmt"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hex"
)

// board is a scenario's map in axial coordinates, built once per game and
// shared (read only) by every clone: the one model of the map that movement,
// zones of control, supply and combat read.
//
// Inside, each hex of the map has a number (hex.Grid, in Axial order) and what
// the map says of it lives in cells, indexed by that number, so that the
// searches, which ask about thousands of hexes, index slices instead of
// hashing hexes. Printed ids are kept per cell and are for the edges:
// commands, events and the state.
type board struct {
	layout hex.Layout
	grid   *hex.Grid
	cells  []cell // by grid number
	hexes  map[hex.Axial]*Hex
	ids    map[string]hex.Axial
	// zones holds, for each zone the scenario names, whether each hex (by
	// grid number) is in it.
	zones map[string][]bool
	// landHexes are the hexes that are not all sea (2.2.1), in Axial order.
	landHexes []hex.Axial
	// minRow is the lowest second pair of digits on the map: hexes beyond it
	// lie off the west edge, which anchors no ZOC Line (8.5.5, AMBIG-66).
	minRow int
}

// cell is what the map says of one hex.
type cell struct {
	hex *Hex   // the scenario's record, shared: its terrain is read through it
	id  string // printed id
	// sides and roads are what lies on each of the hex's hexsides, by
	// direction; each hexside is recorded in both of its hexes.
	sides [hex.DirectionCount]sideInfo
	roads [hex.DirectionCount]RoadClass // the best road through the hexside
}

// sideInfo is what lies on one hexside: a bit per HexsideFeature.
type sideInfo uint8

// featureBit is f's bit in a sideInfo, 0 for an unknown feature.
func featureBit(f HexsideFeature) sideInfo {
	switch f {
	case MinorRiver:
		return 1 << 0
	case MajorRiver:
		return 1 << 1
	case FloodedRiver:
		return 1 << 2
	case Causeway:
		return 1 << 3
	case Impassable:
		return 1 << 4
	case Carpiquet:
		return 1 << 5
	case CherbourgLine:
		return 1 << 6
	}
	return 0
}

// has reports whether the hexside carries f.
func (s sideInfo) has(f HexsideFeature) bool { return s&featureBit(f) != 0 }

func newBoard(sc *Scenario) (*board, error) {
	layout, err := hex.ParseLayout(sc.Layout)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	b := &board{
		layout: layout,
		hexes:  map[hex.Axial]*Hex{},
		ids:    map[string]hex.Axial{},
		zones:  map[string][]bool{},
		minRow: 99,
	}
	all := make([]hex.Axial, 0, len(sc.Hexes))
	for i := range sc.Hexes {
		h := &sc.Hexes[i]
		a, err := layout.Parse(h.ID)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
		}
		b.hexes[a], b.ids[h.ID] = h, a
		all = append(all, a)
		_, row, _ := layout.Offset(a)
		b.minRow = min(b.minRow, row)
	}
	b.grid = hex.NewGrid(all)
	b.cells = make([]cell, b.grid.Len())
	for i, a := range b.grid.Hexes() {
		h := b.hexes[a]
		b.cells[i] = cell{hex: h, id: h.ID}
		if h.Terrain != Sea {
			b.landHexes = append(b.landHexes, a)
		}
	}
	for _, hs := range sc.Hexsides {
		x, y, d, err := b.side(hs.A, hs.B)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: hexside %s/%s: %w", sc.Name, hs.A, hs.B, err)
		}
		var info sideInfo
		for _, f := range hs.Features {
			info |= featureBit(f)
		}
		// 2.2.3: a river that runs through a Town, City or flooded hex is
		// part of that hex's terrain, so its hexsides there are not rivers.
		if b.cells[x].hex.River || b.cells[y].hex.River {
			info &^= featureBit(MinorRiver) | featureBit(MajorRiver)
		}
		b.cells[x].sides[d] = info
		b.cells[y].sides[d.Opposite()] = info
	}
	for _, r := range sc.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			x, y, d, err := b.side(r.Hexes[i-1], r.Hexes[i])
			if err != nil {
				return nil, fmt.Errorf("scenario %s: road: %w", sc.Name, err)
			}
			if b.cells[x].roads[d] != MajorRoad {
				b.cells[x].roads[d] = r.Class
				b.cells[y].roads[d.Opposite()] = r.Class
			}
		}
	}
	for _, z := range sc.Zones {
		in := b.zones[z.Name]
		if in == nil {
			in = make([]bool, b.grid.Len())
		}
		for _, id := range z.Hexes {
			if i, ok := b.cellOf(id); ok {
				in[i] = true
			}
		}
		b.zones[z.Name] = in
	}
	return b, nil
}

// side finds the hexside between two printed ids: the number of the first
// hex, of the second, and the direction from the first to the second.
func (b *board) side(x, y string) (int, int, hex.Direction, error) {
	a, err := b.layout.Parse(x)
	if err != nil {
		return 0, 0, 0, err
	}
	c, err := b.layout.Parse(y)
	if err != nil {
		return 0, 0, 0, err
	}
	d, ok := hex.DirectionTo(a, c)
	if !ok {
		return 0, 0, 0, fmt.Errorf("%s and %s: %w", x, y, ErrAdjacent)
	}
	i, okA := b.grid.Index(a)
	j, okB := b.grid.Index(c)
	if !okA || !okB {
		return 0, 0, 0, fmt.Errorf("%s/%s: %w", x, y, ErrOffMap)
	}
	return i, j, d, nil
}

// cell is the number of a hex of the map; ok is false off the map.
func (b *board) cell(a hex.Axial) (int, bool) { return b.grid.Index(a) }

// cellOf is the number of the hex a printed id names; ok is false for an id
// that is no hex of the map (a box, a waiting mark).
func (b *board) cellOf(id string) (int, bool) {
	a, ok := b.ids[id]
	if !ok {
		return -1, false
	}
	return b.grid.Index(a)
}

// id is the printed id of a hex.
func (b *board) id(a hex.Axial) string {
	if i, ok := b.cell(a); ok {
		return b.cells[i].id
	}
	return b.layout.ID(a)
}

// onMap reports whether a hex is part of the map (sea hexes included).
func (b *board) onMap(a hex.Axial) bool { _, ok := b.cell(a); return ok }

// land reports whether a hex is on the map and not all sea (2.2.1, 8.5.6).
func (b *board) land(a hex.Axial) bool {
	i, ok := b.cell(a)
	return ok && b.cells[i].hex.Terrain != Sea
}

func (b *board) terrain(a hex.Axial) Terrain {
	if i, ok := b.cell(a); ok {
		return b.cells[i].hex.Terrain
	}
	return ""
}

// sideOf is what lies on the hexside between x and y, and the road through
// it; nothing unless x is on the map and y next to it.
func (b *board) sideOf(x, y hex.Axial) (sideInfo, RoadClass) {
	i, ok := b.cell(x)
	if !ok {
		return 0, ""
	}
	d, ok := hex.DirectionTo(x, y)
	if !ok {
		return 0, ""
	}
	return b.cells[i].sides[d], b.cells[i].roads[d]
}

// feature reports whether the hexside between two adjacent hexes carries f.
func (b *board) feature(x, y hex.Axial, f HexsideFeature) bool {
	s, _ := b.sideOf(x, y)
	return s.has(f)
}

// road is the best road class crossing the hexside between x and y, "" if none.
func (b *board) road(x, y hex.Axial) RoadClass {
	_, r := b.sideOf(x, y)
	return r
}

func (b *board) inZone(zone string, a hex.Axial) bool {
	in, ok := b.zones[zone]
	if !ok {
		return false
	}
	i, ok := b.cell(a)
	return ok && in[i]
}

// inZoneAt is inZone for the hex numbered i; -1 is a hex off the map.
func (b *board) inZoneAt(zone string, i int) bool {
	in, ok := b.zones[zone]
	return ok && i >= 0 && in[i]
}

// westOf reports whether an off-map hex lies beyond the west edge.
func (b *board) westOf(a hex.Axial) bool {
	_, row, ok := b.layout.Offset(a)
	return ok && row < b.minRow
}

// cities lists the City hexes a scenario names name (17.4, 18.2: Cherbourg's
// three hexes), in Axial order.
func (b *board) cities(name string) []hex.Axial {
	var out []hex.Axial
	for i, c := range b.cells {
		if c.hex.Terrain == City && c.hex.Name == name {
			out = append(out, b.grid.Hex(i))
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// known reports whether id is a hex of the map (not a box or a waiting mark).
func (b *board) known(id string) bool { _, ok := b.ids[id]; return ok }

// townOrCity reports whether terrain is a Town or a City, the hexes whose
// control outlasts occupation (2.2.5).
func townOrCity(t Terrain) bool { return t == Town || t == City }

// hexSet is a set of the board's hexes, a flag per grid number: what the
// searches ask of a position (enemy ZOC, ZOC Lines, hexes next to the enemy)
// thousands of times, without hashing. The zero value is an empty set that
// holds nothing; add needs a set made by newHexSet.
type hexSet struct {
	b  *board
	in []bool
}

func (b *board) newHexSet() hexSet { return hexSet{b, make([]bool, b.grid.Len())} }

// Has reports whether a is in the set.
func (s hexSet) Has(a hex.Axial) bool {
	if s.in == nil {
		return false
	}
	i, ok := s.b.cell(a)
	return ok && s.in[i]
}

// has reports whether the hex numbered i is in the set.
func (s hexSet) has(i int) bool { return s.in != nil && s.in[i] }

// add puts a in the set; a hex off the map is left out.
func (s hexSet) add(a hex.Axial) {
	if i, ok := s.b.cell(a); ok {
		s.in[i] = true
	}
}

// Sorted lists the hexes of the set in Axial.Compare order (the grid's).
func (s hexSet) Sorted() []hex.Axial {
	var out []hex.Axial
	for i, in := range s.in {
		if in {
			out = append(out, s.b.grid.Hex(i))
		}
	}
	return out
}
