package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// board is the scenario's map: the series' board (rules/hexwar) with the
// chart the scenario carries, and what Ardennes '44's own rules read of it
// (the West Wall, the places). It is built once per game and shared read
// only by every clone.
type board struct {
	*hexwar.Board
	layout hex.Layout
	ids    map[string]hex.Axial
	info   map[string]*Hex
	chart  *Chart

	entries    map[string]*Entry // by hex
	letters    map[string]*Entry // by letter
	victory    map[string]string // hex -> kind
	start      map[string]string // hex -> division (S1.3)
	bottleneck map[string]bool   // 24.7
	bastogne   []string
	named      map[string]NamedBridge // by hexside
	bridges    []string               // every bridge's hexside, sorted (findBridges)
	// the map's edges (10.6, 11.9, 17.6): the lowest and highest column
	// and row; beyond the lowest column is the east edge.
	minCol, maxCol, minRow, maxRow int
}

func newBoard(sc *Scenario) (*board, error) {
	layout, err := hex.ParseLayout(sc.Layout)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	m := hexwar.Map{Layout: layout, Features: features, Hexsides: sc.Hexsides, Roads: sc.Roads, Zones: sc.Zones}
	m.Hexes = make([]hexwar.MapHex, 0, len(sc.Hexes))
	for _, h := range sc.Hexes {
		m.Hexes = append(m.Hexes, hexwar.MapHex{ID: h.ID, Terrain: h.Terrain, River: h.River})
	}
	hb, err := hexwar.NewBoard(m, &sc.Chart.TEC)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	b := &board{Board: hb, layout: layout, ids: hb.IDs(), info: make(map[string]*Hex, len(sc.Hexes)), chart: sc.Chart,
		entries: map[string]*Entry{}, letters: map[string]*Entry{}, victory: map[string]string{},
		start: map[string]string{}, bottleneck: map[string]bool{}, bastogne: sc.Bastogne, named: map[string]NamedBridge{},
		minCol: 99, minRow: 99}
	for i := range sc.Hexes {
		h := &sc.Hexes[i]
		b.info[h.ID] = h
		c, r, _ := scn.ColRow(h.ID)
		b.minCol, b.maxCol = min(b.minCol, c), max(b.maxCol, c)
		b.minRow, b.maxRow = min(b.minRow, r), max(b.maxRow, r)
	}
	for i := range sc.Entries {
		e := &sc.Entries[i]
		b.entries[e.Hex], b.letters[e.Letter] = e, e
	}
	for _, v := range sc.Victory {
		b.victory[v.Hex] = v.Kind
	}
	for _, sp := range sc.Starts {
		for _, h := range sp.Hexes {
			b.start[h] = sp.Division
		}
	}
	for _, h := range sc.Bottleneck {
		b.bottleneck[h] = true
	}
	for _, nb := range sc.Bridges {
		b.named[nb.Side] = nb
	}
	b.bridges = b.findBridges()
	return b, nil
}

// findBridges lists every bridge of the map: a road across a river
// hexside (7.1), by its hexside, sorted.
func (b *board) findBridges() []string {
	var out []string
	for _, a := range b.LandHexes() {
		for _, n := range a.Neighbors() {
			if b.OnMap(n) && b.id(a) < b.id(n) && b.bridgeSide(a, n) {
				out = append(out, b.sideID(a, n))
			}
		}
	}
	slices.Sort(out)
	return out
}

func (b *board) id(a hex.Axial) string { return b.ID(a) }

// hexInfo is the scenario's record of a hex on the map.
func (b *board) hexInfo(a hex.Axial) *Hex { return b.info[b.ID(a)] }

func (b *board) terrain(a hex.Axial) Terrain { return b.Terrain(a) }

// westWall: a West Wall hex (15.7).
func (b *board) westWall(a hex.Axial) bool {
	h := b.hexInfo(a)
	return h != nil && h.WestWall
}

// feature reports whether the hexside between adjacent x and y carries f.
func (b *board) feature(x, y hex.Axial, f Feature) bool { return b.Feature(x, y, f) }

// road is the road class across the hexside between x and y, "" for none.
func (b *board) road(x, y hex.Axial) RoadClass { return b.Road(x, y) }

// river reports whether a river, the Meuse included, runs along the
// hexside between x and y (11.4, 15.3); rivers through a hex's middle are
// not on its hexsides (3.3).
func (b *board) river(x, y hex.Axial) bool { return b.feature(x, y, River) || b.feature(x, y, Meuse) }

// bridgeSide reports whether the hexside between x and y is a bridge: a road
// across a river (7.1).
func (b *board) bridgeSide(x, y hex.Axial) bool { return b.river(x, y) && b.road(x, y) != "" }

// zone reports whether a lies in a zone of the map.
func (b *board) zone(z string, a hex.Axial) bool { return b.Zone(z, a) }

// sideID is the state's name of the hexside between x and y.
func (b *board) sideID(x, y hex.Axial) string { return sideKey(b.id(x), b.id(y)) }

// parseSide reads "HEX/HEX" naming two adjacent hexes of the map.
func (b *board) parseSide(s string) (hex.Axial, hex.Axial, bool) {
	x, y, ok := cutSide(s)
	if !ok {
		return hex.Axial{}, hex.Axial{}, false
	}
	a, okA := b.ids[x]
	c, okC := b.ids[y]
	if !okA || !okC {
		return hex.Axial{}, hex.Axial{}, false
	}
	if _, adj := hex.DirectionTo(a, c); !adj {
		return hex.Axial{}, hex.Axial{}, false
	}
	return a, c, true
}

func cutSide(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}

// edgeBeyond says which map edge an off-map hex lies beyond: "east",
// "west", "south", "north", "" for a hex of the map or beyond a corner.
func (b *board) edgeBeyond(a hex.Axial) string {
	if b.OnMap(a) {
		return ""
	}
	col, row, ok := b.layout.Offset(a)
	switch {
	case !ok:
		return ""
	case col < b.minCol:
		return "east"
	case col > b.maxCol:
		return "west"
	case row < b.minRow:
		return "south"
	case row > b.maxRow:
		return "north"
	}
	return ""
}

// ownEdge reports whether a map edge is one a side's bonds anchor on
// (10.6: the Allies' the south, west and north; the Germans' the east).
func ownEdge(side Side, edge string) bool {
	if side == German {
		return edge == "east"
	}
	return edge == "south" || edge == "west" || edge == "north"
}

// areaOf is the Off-map Area beyond an edge hex of the map, "" for none
// (11.9.1).
func (b *board) areaOf(a hex.Axial) string {
	for _, ar := range areas {
		if b.zone(edgeZone(ar), a) {
			return ar
		}
	}
	return ""
}
