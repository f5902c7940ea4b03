package normandy44

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// board is the scenario's map: the series' board (rules/hexwar) built with
// Normandy's chart (T3, tec.go), and Normandy's own records of each hex
// (hilltops, airfields, the coast, place names), which only Normandy's
// rules read. It is built once per game and shared (read only) by every
// clone. Its methods read the board in Normandy's words.
type board struct {
	*hexwar.Board
	layout hex.Layout
	grid   *hex.Grid
	ids    map[string]hex.Axial // the board's own: printed id to hex
	hexes  map[hex.Axial]*Hex   // the scenario's records, shared
	info   []*Hex               // the same, by grid number
	// landHexes are the hexes that are not all sea (2.2.1), in Axial order.
	landHexes []hex.Axial
	// rules are the step rules of movement that depend on the board alone
	// (move_rules.go).
	rules boardRules
	// armySide is, by grid number, how many hexes each hex lies from the
	// side of the army boundary of the US army (true) and of the British
	// (false), 0 on it and south of the boundary's end (22.1.2,
	// move_scenario.go); nil without a boundary.
	armySide map[bool][]int
	// pathWords is, by grid number, each hex's id as a move's command
	// writes it in its path (destinations.go); nil if an id is too long.
	pathWords []pathWord
}

// pathWord is a hex's printed id with the space before it, written as one
// word of 8 bytes of which the first n count: Legal writes some 50,000
// hexes' ids into the moves' paths of a Movement Phase (issue 18).
type pathWord struct {
	text [pathWordLen]byte
	n    uint8
}

const pathWordLen = 8

// newPathWords makes board.pathWords, or nil if an id does not fit a word.
func newPathWords(b *hexwar.Board) []pathWord {
	words := make([]pathWord, b.Grid().Len())
	for c := range words {
		id := b.IDAt(c)
		if len(id) >= pathWordLen {
			return nil
		}
		words[c].text[0] = ' '
		copy(words[c].text[1:], id)
		words[c].n = uint8(1 + len(id))
	}
	return words
}

// appendHex appends the id of the hex numbered c to dst, after a space.
func (b *board) appendHex(dst []byte, c int32) []byte {
	if b.pathWords == nil {
		return append(append(dst, ' '), b.IDAt(int(c))...)
	}
	n := len(dst)
	dst = slices.Grow(dst, pathWordLen)[:n+pathWordLen]
	w := &b.pathWords[c]
	*(*[pathWordLen]byte)(dst[n:]) = w.text
	return dst[:n+int(w.n)]
}

// appendPath appends the ids of the path's hexes (by grid number) to dst,
// each after a space.
func (b *board) appendPath(dst []byte, path []int32) []byte {
	if b.pathWords == nil {
		for _, c := range path {
			dst = append(dst, ' ')
			dst = append(dst, b.IDAt(int(c))...)
		}
		return dst
	}
	// Room for a whole word a hex, each written at once, and the slice
	// cut back to the bytes written.
	n := len(dst)
	dst = slices.Grow(dst, pathWordLen*len(path))
	dst = dst[:n+pathWordLen*len(path)]
	for _, c := range path {
		w := &b.pathWords[c]
		*(*[pathWordLen]byte)(dst[n:]) = w.text
		n += int(w.n)
	}
	return dst[:n]
}

func newBoard(sc *Scenario, ed *edition) (*board, error) {
	layout, err := hex.ParseLayout(sc.Layout)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	m := hexwar.Map{Layout: layout, Features: hexsideFeatures, Hexsides: sc.Hexsides, Roads: sc.Roads, Zones: sc.Zones}
	m.Hexes = make([]hexwar.MapHex, 0, len(sc.Hexes))
	for _, h := range sc.Hexes {
		m.Hexes = append(m.Hexes, hexwar.MapHex{ID: h.ID, Terrain: h.Terrain, Base: h.Base, River: h.River})
	}
	hb, err := hexwar.NewBoard(m, chart)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	b := &board{Board: hb, layout: layout, grid: hb.Grid(), ids: hb.IDs(), hexes: map[hex.Axial]*Hex{},
		info: make([]*Hex, hb.Grid().Len()), landHexes: hb.LandHexes()}
	for i := range sc.Hexes {
		h := &sc.Hexes[i]
		a := b.ids[h.ID]
		k, _ := b.Cell(a)
		b.hexes[a], b.info[k] = h, h
	}
	b.rules = newBoardRules(b, ed)
	b.armySide = armySides(b)
	b.pathWords = newPathWords(hb)
	return b, nil
}

// cell is the number of a hex of the map; ok is false off the map.
func (b *board) cell(a hex.Axial) (int, bool) { return b.Cell(a) }

// cellOf is the number of the hex a printed id names; ok is false for an id
// that is no hex of the map (a box, a waiting mark).
func (b *board) cellOf(id string) (int, bool) { return b.CellOf(id) }

// id is the printed id of a hex.
func (b *board) id(a hex.Axial) string { return b.ID(a) }

// appendCells appends the numbers of hexes of the map, for a path Legal
// files (destinations): every hex a move reaches is on the map, as a step
// off it is refused (9.2), so a hex off it is a fault in the searches.
func (b *board) appendCells(dst []int32, hexes ...hex.Axial) []int32 {
	for _, a := range hexes {
		c, ok := b.cell(a)
		if !ok {
			panic(fmt.Sprintf("normandy44: a path reaches %v, off the map", a))
		}
		dst = append(dst, int32(c))
	}
	return dst
}

// onMap reports whether a hex is part of the map (sea hexes included).
func (b *board) onMap(a hex.Axial) bool { return b.OnMap(a) }

// land reports whether a hex is on the map and not all sea (2.2.1, 8.5.6).
func (b *board) land(a hex.Axial) bool { return b.Land(a) }

func (b *board) terrain(a hex.Axial) Terrain { return b.Terrain(a) }

// feature reports whether the hexside between two adjacent hexes carries f.
func (b *board) feature(x, y hex.Axial, f HexsideFeature) bool { return b.Feature(x, y, f) }

// road is the best road class crossing the hexside between x and y, "" if none.
func (b *board) road(x, y hex.Axial) RoadClass { return b.Road(x, y) }

func (b *board) inZone(zone string, a hex.Axial) bool { return b.Zone(zone, a) }

// westOf reports whether an off-map hex lies beyond the west edge.
func (b *board) westOf(a hex.Axial) bool { return b.WestOf(a) }

// cities lists the City hexes a scenario names name (17.4, 18.2: Cherbourg's
// three hexes), in Axial order.
func (b *board) cities(name string) []hex.Axial {
	var out []hex.Axial
	for i, h := range b.info {
		if h.Terrain == City && h.Name == name {
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

// hexSet is a set of the board's hexes (hexwar.HexSet).
type hexSet = hexwar.HexSet
