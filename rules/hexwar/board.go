package hexwar

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
)

// Board is a scenario's map in axial coordinates, with its chart: the one
// model of the map that movement, zones of control, bonds and supply read.
// A game builds it once per game; it is read-only afterwards, and clones
// share it.
//
// Inside, each hex of the map has a number (hex.Grid, in Axial order) and
// what the map says of it lives in cells indexed by that number, so that the
// searches, which ask about thousands of hexes, index slices instead of
// hashing hexes. Printed ids are kept per cell, for the edges: commands,
// events and the state.
type Board struct {
	layout hex.Layout
	grid   *hex.Grid
	tec    *TEC
	cells  []cell
	// printed is each hex's printed id, by number: apart from the cells,
	// as Legal writes ids by the thousand (issue 18) and reads nothing
	// else of the hexes of its paths.
	printed []string
	// entered is what a step reads of the hex it enters, by number: the
	// searches read it some thirty thousand times a Legal (issue 18), a
	// few bytes a hex rather than a cell's hundred and more.
	entered []enteredHex
	// cheapest is the least cost of entering a playable hex of the board
	// off road, by the chart's column (non-mechanized, mechanized), and
	// roadOf the road classes on it, by the number the cells' roads give
	// them, 0 (none) first: a step costs no less than the cheaper of the
	// two (Mover.cheapestStep).
	cheapest [2]int
	roadOf   []RoadClass
	ids      map[string]hex.Axial
	// features are the game's hexside features; bit k of a Features value
	// stands for features[k].
	features   []Feature
	sideRows   []*HexsideRow // by bit
	impassable Features      // the features that bar movement
	// zones holds, for each zone the scenario names, whether each hex (by
	// number) is in it.
	zones map[string][]bool
	land  []hex.Axial // playable hexes, in Axial order
	// minRow is the lowest second pair of digits on the map: hexes beyond
	// it lie off the west edge (N44 8.5.5).
	minRow int
}

// cell is what the map says of one hex.
type cell struct {
	terrain Terrain
	own     *TerrainRow // the row of its terrain
	move    *TerrainRow // the row its movement costs come from (a Town's base)
	// sides and roads are what lies on each hexside, by direction; each
	// hexside is recorded in both of its hexes. A road is its class's
	// number in Board.roadOf: the searches compare thousands a Legal, and
	// the collector reads no pointer in a number (issue 18).
	sides [hex.DirectionCount]Features
	roads [hex.DirectionCount]uint8
	// tacticalWhy is why Tactical Movement stops on entering the hex, made
	// with the board; "" where it does not (TerrainRow.TacticalStop).
	tacticalWhy string
}

// enteredHex is what the searches read of a hex entered off road: whether
// it is playable, and the row its movement costs come from; and of its own
// terrain's row whether a mechanized unit leaves it only by road and
// whether Tactical Movement stops in it (TerrainRow).
type enteredHex struct {
	unplayable, stop          bool
	leaveByRoad, tacticalStop bool
	nonMech, mech             int32
}

// Map is what a board is built from: the series' map records in the core's
// terms. A game turns its scenario's records into it.
type Map struct {
	Layout hex.Layout
	Hexes  []MapHex
	// Features lists the game's hexside features, at most 16: what a
	// Features value's bits stand for, in this order.
	Features []Feature
	Hexsides []Hexside
	Roads    []Road
	Zones    []Zone
}

// MapHex is what the core reads of one hex.
type MapHex struct {
	ID      string
	Terrain Terrain
	// Base is the terrain whose movement costs the hex takes, "" for its
	// own (Normandy's Town costs its base terrain, AMBIG-12).
	Base Terrain
	// River: a river runs through the hex, so its river hexsides count as
	// plain ones (HexsideRow.River).
	River bool
}

// Hexside is the border between two adjacent hexes and what lies on it.
type Hexside struct {
	A, B     string // printed ids, A < B
	Features []Feature
}

// Road is a road drawn through a chain of adjacent hexes; it crosses the
// hexside between each consecutive pair.
type Road struct {
	Class RoadClass
	Hexes []string
}

// Zone is a set of hexes that a map line encloses, named in the game's
// words.
type Zone struct {
	Name  string
	Hexes []string
}

// Features is a set of hexside features, a bit each (Map.Features).
type Features uint16

// ErrMap is wrapped by every problem of a map a board cannot be built from.
var ErrMap = errors.New("map")

// NewBoard builds the board of a map and its chart. Every terrain, feature
// and road class the map uses must have its row in the chart.
func NewBoard(m Map, tec *TEC) (*Board, error) {
	if len(m.Features) > 16 {
		return nil, fmt.Errorf("%w: %d hexside features, at most 16", ErrMap, len(m.Features))
	}
	b := &Board{layout: m.Layout, tec: tec, ids: make(map[string]hex.Axial, len(m.Hexes)), zones: map[string][]bool{}, minRow: 99, roadOf: []RoadClass{""},
		features: slices.Clone(m.Features), sideRows: make([]*HexsideRow, len(m.Features))}
	for k, f := range m.Features {
		row, ok := tec.Hexsides[f]
		if !ok {
			return nil, fmt.Errorf("%w: hexside feature %q has no row in the chart", ErrMap, f)
		}
		b.sideRows[k] = &row
		if row.Impassable {
			b.impassable |= 1 << k
		}
	}
	all := make([]hex.Axial, 0, len(m.Hexes))
	byHex := make(map[hex.Axial]*MapHex, len(m.Hexes))
	for i := range m.Hexes {
		h := &m.Hexes[i]
		a, err := m.Layout.Parse(h.ID)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrMap, err)
		}
		if _, dup := byHex[a]; dup {
			return nil, fmt.Errorf("%w: hex %s twice", ErrMap, h.ID)
		}
		byHex[a], b.ids[h.ID] = h, a
		all = append(all, a)
		_, row, _ := m.Layout.Offset(a)
		b.minRow = min(b.minRow, row)
	}
	b.grid = hex.NewGrid(all)
	b.cells, b.printed, b.entered = make([]cell, b.grid.Len()), make([]string, b.grid.Len()), make([]enteredHex, b.grid.Len())
	rivers := make([]bool, b.grid.Len())
	for i, a := range b.grid.Hexes() {
		h := byHex[a]
		own, ok := tec.Terrain[h.Terrain]
		if !ok {
			return nil, fmt.Errorf("%w: hex %s: terrain %q has no row in the chart", ErrMap, h.ID, h.Terrain)
		}
		move := &own
		if h.Base != "" {
			base, ok := tec.Terrain[h.Base]
			if !ok {
				return nil, fmt.Errorf("%w: hex %s: terrain %q has no row in the chart", ErrMap, h.ID, h.Base)
			}
			move = &base
		}
		b.cells[i], b.printed[i] = cell{terrain: h.Terrain, own: &own, move: move}, h.ID
		if own.TacticalStop {
			b.cells[i].tacticalWhy = "Tactical Movement stops on entering a " + string(h.Terrain) + " hex"
		}
		b.entered[i] = enteredHex{unplayable: own.Unplayable, stop: move.Stop, leaveByRoad: own.LeaveByRoad, tacticalStop: own.TacticalStop,
			nonMech: int32(move.NonMech), mech: int32(move.Mech)}
		rivers[i] = h.River
		if !own.Unplayable {
			b.land = append(b.land, a)
		}
	}
	b.cheapest = [2]int{math.MaxInt32, math.MaxInt32}
	for _, e := range b.entered {
		for k, c := range [2]int32{e.nonMech, e.mech} {
			if !e.unplayable && int(c) != NotAllowed {
				b.cheapest[k] = min(b.cheapest[k], int(c))
			}
		}
	}
	var riverBits Features
	for k, row := range b.sideRows {
		if row.River {
			riverBits |= 1 << k
		}
	}
	for _, hs := range m.Hexsides {
		x, y, d, err := b.side(hs.A, hs.B)
		if err != nil {
			return nil, fmt.Errorf("hexside %s/%s: %w", hs.A, hs.B, err)
		}
		var fs Features
		for _, f := range hs.Features {
			bit, ok := b.Bit(f)
			if !ok {
				return nil, fmt.Errorf("%w: hexside %s/%s: unknown feature %q", ErrMap, hs.A, hs.B, f)
			}
			fs |= bit
		}
		// N44 2.2.3, A44 3.3: a river that runs through a hex is part of
		// that hex's terrain, so its hexsides there are not rivers.
		if rivers[x] || rivers[y] {
			fs &^= riverBits
		}
		b.cells[x].sides[d] = fs
		b.cells[y].sides[d.Opposite()] = fs
	}
	for _, r := range m.Roads {
		if _, ok := tec.Roads[r.Class]; !ok {
			return nil, fmt.Errorf("%w: road class %q has no row in the chart", ErrMap, r.Class)
		}
		k := slices.Index(b.roadOf, r.Class)
		if k < 0 {
			if len(b.roadOf) > math.MaxUint8 {
				return nil, fmt.Errorf("%w: more than %d road classes", ErrMap, math.MaxUint8)
			}
			k = len(b.roadOf)
			b.roadOf = append(b.roadOf, r.Class)
		}
		class := uint8(k)
		for i := 1; i < len(r.Hexes); i++ {
			x, y, d, err := b.side(r.Hexes[i-1], r.Hexes[i])
			if err != nil {
				return nil, fmt.Errorf("road: %w", err)
			}
			// Where two roads cross one hexside, the cheaper counts.
			if old := b.cells[x].roads[d]; old == 0 || cheaper(tec.Roads[r.Class], tec.Roads[b.roadOf[old]]) {
				b.cells[x].roads[d] = class
				b.cells[y].roads[d.Opposite()] = class
			}
		}
	}
	for _, z := range m.Zones {
		in := b.zones[z.Name]
		if in == nil {
			in = make([]bool, b.grid.Len())
		}
		for _, id := range z.Hexes {
			if i, ok := b.CellOf(id); ok {
				in[i] = true
			}
		}
		b.zones[z.Name] = in
	}
	return b, nil
}

// cheaper reports whether road row a is cheaper than b: for mechanized
// units, then for the others.
func cheaper(a, b RoadRow) bool {
	if a.Mech != b.Mech {
		return a.Mech < b.Mech
	}
	return a.NonMech < b.NonMech
}

// side finds the hexside between two printed ids: the number of the first
// hex, of the second, and the direction from the first to the second.
func (b *Board) side(x, y string) (int, int, hex.Direction, error) {
	a, err := b.layout.Parse(x)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%w: %w", ErrMap, err)
	}
	c, err := b.layout.Parse(y)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("%w: %w", ErrMap, err)
	}
	d, ok := hex.DirectionTo(a, c)
	if !ok {
		return 0, 0, 0, fmt.Errorf("%w: %s and %s are not adjacent", ErrMap, x, y)
	}
	i, okA := b.grid.Index(a)
	j, okB := b.grid.Index(c)
	if !okA || !okB {
		return 0, 0, 0, fmt.Errorf("%w: %s/%s is off the map", ErrMap, x, y)
	}
	return i, j, d, nil
}

// Layout is the map's layout, which reads and prints hex ids.
func (b *Board) Layout() hex.Layout { return b.layout }

// Grid numbers the hexes of the map.
func (b *Board) Grid() *hex.Grid { return b.grid }

// TEC is the board's chart.
func (b *Board) TEC() *TEC { return b.tec }

// Cell is the number of a hex of the map; ok is false off the map.
func (b *Board) Cell(a hex.Axial) (int, bool) { return b.grid.Index(a) }

// CellOf is the number of the hex a printed id names; ok is false for an id
// that is no hex of the map (a box, a waiting mark).
func (b *Board) CellOf(id string) (int, bool) {
	// The board's ids are the ones Layout.Parse read, four digits each, of
	// its own hexes: an id is one of them exactly when it reads as a hex of
	// the grid whose id it is. Read so, with no map to hash it into, as the
	// rules look up where each unit stands many times an entry (issue 18).
	if len(id) != 4 {
		return -1, false
	}
	var n [4]int
	for k := range 4 {
		c := id[k]
		if c < '0' || c > '9' {
			return -1, false
		}
		n[k] = int(c - '0')
	}
	a, ok := b.layout.FromOffset(n[0]*10+n[1], n[2]*10+n[3])
	if !ok {
		return -1, false
	}
	i, ok := b.grid.Index(a)
	if !ok || b.printed[i] != id {
		return -1, false
	}
	return i, true
}

// Hex is the hex a printed id names; ok is false for an id that is no hex of
// the map.
func (b *Board) Hex(id string) (hex.Axial, bool) {
	i, ok := b.CellOf(id)
	if !ok {
		return hex.Axial{}, false
	}
	return b.grid.Hex(i), true
}

// ID is the printed id of a hex, on the map or off it.
func (b *Board) ID(a hex.Axial) string {
	if i, ok := b.Cell(a); ok {
		return b.printed[i]
	}
	return b.layout.ID(a)
}

// IDAt is the printed id of the hex numbered i.
func (b *Board) IDAt(i int) string { return b.printed[i] }

// OnMap reports whether a hex is part of the map, playable or not.
func (b *Board) OnMap(a hex.Axial) bool { _, ok := b.Cell(a); return ok }

// Land reports whether a hex is on the map and playable (not all sea, N44
// 2.2.1).
func (b *Board) Land(a hex.Axial) bool {
	i, ok := b.Cell(a)
	return ok && !b.cells[i].own.Unplayable
}

// LandAt is Land for the hex numbered i.
func (b *Board) LandAt(i int) bool { return !b.entered[i].unplayable }

// LandHexes lists the playable hexes in Axial order. The slice is the
// board's own: do not change it.
func (b *Board) LandHexes() []hex.Axial { return b.land }

// Terrain is a hex's terrain, "" off the map.
func (b *Board) Terrain(a hex.Axial) Terrain {
	if i, ok := b.Cell(a); ok {
		return b.cells[i].terrain
	}
	return ""
}

// TerrainAt is the terrain of the hex numbered i.
func (b *Board) TerrainAt(i int) Terrain { return b.cells[i].terrain }

// MoveRow is the chart row the movement costs of the hex numbered i come
// from: its terrain's, or its base terrain's.
func (b *Board) MoveRow(i int) *TerrainRow { return b.cells[i].move }

// Bit is a feature's bit in a Features value; ok is false for a feature the
// game does not have.
func (b *Board) Bit(f Feature) (Features, bool) {
	k := slices.Index(b.features, f)
	if k < 0 {
		return 0, false
	}
	return 1 << k, true
}

// Has reports whether the set holds feature f of board b.
func (fs Features) Has(b *Board, f Feature) bool {
	bit, _ := b.Bit(f)
	return fs&bit != 0
}

// Side is what lies on the hexside between x and y, and the road across it;
// nothing unless x is on the map and y next to it.
func (b *Board) Side(x, y hex.Axial) (Features, RoadClass) {
	i, ok := b.Cell(x)
	if !ok {
		return 0, ""
	}
	d, ok := hex.DirectionTo(x, y)
	if !ok {
		return 0, ""
	}
	return b.cells[i].sides[d], b.roadOf[b.cells[i].roads[d]]
}

// SideAt is Side for the hexside in direction d of the hex numbered i.
func (b *Board) SideAt(i int, d hex.Direction) (Features, RoadClass) {
	return b.cells[i].sides[d], b.roadOf[b.cells[i].roads[d]]
}

// Feature reports whether the hexside between adjacent hexes x and y
// carries f.
func (b *Board) Feature(x, y hex.Axial, f Feature) bool {
	s, _ := b.Side(x, y)
	return s.Has(b, f)
}

// Road is the road class across the hexside between x and y, "" if none.
func (b *Board) Road(x, y hex.Axial) RoadClass {
	_, r := b.Side(x, y)
	return r
}

// Impassable reports whether the hexside between x and y bars movement
// across it (HexsideRow.Impassable).
func (b *Board) Impassable(x, y hex.Axial) bool {
	s, _ := b.Side(x, y)
	return s&b.impassable != 0
}

// ImpassableSet reports whether a hexside's features bar movement across it.
func (b *Board) ImpassableSet(s Features) bool { return s&b.impassable != 0 }

// SideRows calls row for each feature of s, in the game's order, with its
// chart row.
func (b *Board) SideRows(s Features, row func(f Feature, r *HexsideRow)) {
	for k, r := range b.sideRows {
		if s&(1<<k) != 0 {
			row(b.features[k], r)
		}
	}
}

// Zone reports whether the scenario names zone and a is in it.
func (b *Board) Zone(zone string, a hex.Axial) bool {
	in, ok := b.zones[zone]
	if !ok {
		return false
	}
	i, ok := b.Cell(a)
	return ok && in[i]
}

// ZoneAt is Zone for the hex numbered i; -1 is a hex off the map.
func (b *Board) ZoneAt(zone string, i int) bool {
	in, ok := b.zones[zone]
	return ok && i >= 0 && in[i]
}

// ZoneCells is a zone by hex number, nil for a zone the scenario does not
// name. The slice is the board's own: do not change it.
func (b *Board) ZoneCells(zone string) []bool { return b.zones[zone] }

// WestOf reports whether an off-map hex lies beyond the west edge: its second
// pair of digits is lower than any on the map.
func (b *Board) WestOf(a hex.Axial) bool {
	_, row, ok := b.layout.Offset(a)
	return ok && row < b.minRow
}

// IDs maps each printed id of the map to its hex. The map is the board's
// own: do not change it.
func (b *Board) IDs() map[string]hex.Axial { return b.ids }
