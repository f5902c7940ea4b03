package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// board is the scenario's map: the series' board (rules/hexwar) with the
// chart the scenario carries, and the places Salerno's own rules read. It
// is built once per game and shared read-only.
type board struct {
	*hexwar.Board
	chart *Chart
	names map[string]string // hex -> name
	ports map[string]Port
	// beaches by hex; vp by hex
	beaches map[string]Beach
	vp      map[string]int
	// areas are the entry areas, and the map hexes next to each (21.0).
	areas    map[string][]hex.Axial
	adjacent map[[2]string]bool
	// key is whether each hex, by number, is a port, a city or a VP hex,
	// whose control counts (16.3.4); mountain the hexsides of each hex
	// that are mountain hexsides without a road or pass (mountainNoRoad),
	// bit d the one in direction d. A game's supply lines read both some
	// millions of times, which looked them up by id and by hex (issue 18).
	key      []bool
	mountain []uint8
}

func newBoard(sc *Scenario) (*board, error) {
	layout, err := hex.ParseLayout(sc.Layout)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	m := hexwar.Map{Layout: layout, Features: features, Hexsides: sc.Hexsides, Roads: sc.Roads, Zones: sc.Zones}
	m.Hexes = make([]hexwar.MapHex, 0, len(sc.Hexes))
	for _, h := range sc.Hexes {
		m.Hexes = append(m.Hexes, hexwar.MapHex{ID: h.ID, Terrain: h.Terrain})
	}
	hb, err := hexwar.NewBoard(m, &sc.Chart.TEC)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	b := &board{Board: hb, chart: sc.Chart, names: map[string]string{}, ports: map[string]Port{},
		beaches: map[string]Beach{}, vp: map[string]int{}, areas: map[string][]hex.Axial{}, adjacent: map[[2]string]bool{}}
	for _, h := range sc.Hexes {
		if h.Name != "" {
			b.names[h.ID] = h.Name
		}
	}
	for _, p := range sc.Ports {
		b.ports[p.Hex] = p
	}
	for _, x := range sc.Beaches {
		b.beaches[x.Hex] = x
	}
	for _, v := range sc.VP {
		b.vp[v.Hex] += v.Points
	}
	for _, e := range sc.Entries {
		for _, id := range e.Hexes {
			a, _ := hb.Hex(id)
			b.areas[e.Name] = append(b.areas[e.Name], a)
		}
	}
	for _, p := range sc.Adjacent {
		b.adjacent[p], b.adjacent[[2]string{p[1], p[0]}] = true, true
	}
	grid := hb.Grid()
	b.key, b.mountain = make([]bool, grid.Len()), make([]uint8, grid.Len())
	for k := range grid.Len() {
		_, port := b.ports[hb.IDAt(k)]
		_, vp := b.vp[hb.IDAt(k)]
		b.key[k] = port || vp || hb.TerrainAt(k) == City
		a := grid.Hex(k)
		for d, n := range grid.NeighborsOf(k) {
			if n >= 0 && b.mountainNoRoad(a, grid.Hex(int(n))) {
				b.mountain[k] |= 1 << d
			}
		}
	}
	return b, nil
}

// keyHex reports whether hex id is a port, a city or a VP hex, whose
// control counts (16.3.4).
func (b *board) keyHex(id string) bool {
	k, ok := b.CellOf(id)
	return ok && b.key[k]
}

// mountainNoRoadAt is mountainNoRoad of the hexside of the hex numbered k
// in direction d.
func (b *board) mountainNoRoadAt(k int, d hex.Direction) bool { return b.mountain[k]>>d&1 != 0 }

// mountainNoRoad: the hexside from x to y is a mountain hexside that
// neither a road crosses nor a pass opens (5.6, 6.1, 7.6.1, 16.3.2).
func (b *board) mountainNoRoad(x, y hex.Axial) bool {
	return b.Feature(x, y, Mountain) && !b.Feature(x, y, Pass) && b.Road(x, y) == ""
}

// mountainWithoutRoad: a mountain hexside no road crosses, for the
// vehicles of 7.6.1, for whom a pass without a road is not enough.
func (b *board) mountainWithoutRoad(x, y hex.Axial) bool {
	return b.Feature(x, y, Mountain) && b.Road(x, y) == ""
}

// fullMountain: a hills hex whose six hexsides are mountain hexsides
// (2.2.2), which counts as hills (9.8) and blocks armor superiority (9.3.3).
func (b *board) fullMountain(a hex.Axial) bool {
	if b.Terrain(a) != Hills {
		return false
	}
	for d := range hex.DirectionCount {
		n := a.Neighbor(d)
		if !b.OnMap(n) || !b.Feature(a, n, Mountain) {
			return false
		}
	}
	return true
}

// inArea reports whether a is one of the map hexes next to entry area name.
func (b *board) inArea(name string, a hex.Axial) bool { return slices.Contains(b.areas[name], a) }
