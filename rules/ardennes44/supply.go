package ardennes44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Supply paths (23.2, 23.3) traced by the series' tracer (rules/hexwar):
// an Overland part of at most 4 hexes, then a Road part of any length, to
// a source of the side's: its entry hexes and the map's other sources
// (23.2: the Allied green-circle hexes are their entry hexes; the German
// balkenkreuz hexes are the East edge's roads), each blocked while an enemy
// unit holds it.

// overland is the Overland part's length (23.3).
const overland = 4

// supplyRules are side's supply lines in the position (23.3): no line
// enters an enemy-held hex or a hex with an enemy Roadblock (33.1), or
// enters or crosses an enemy ZOC bond; the Overland part enters an empty
// enemy-ZOC hex only as the first hex it enters; the Road part follows
// the roads hexside by hexside (AMB-29: two road hexes side by side are
// not consecutive unless a road crosses their common hexside) and enters no
// enemy-ZOC hex without a friendly unit, no empty enemy-controlled town or
// city, and crosses no unbridged river (a blown bridge is no bridge).
// Traffic markers do nothing (24.2).
func (g *Game) supplyRules(side Side) hexwar.SupplyRules {
	b := g.b
	n := b.Grid().Len()
	occ := g.occupancy()
	enemy, friends := make([]bool, n), make([]bool, n)
	for a, us := range occ {
		k, _ := b.Cell(a)
		if g.sideOf(us[0]) == side {
			friends[k] = true
		} else {
			enemy[k] = true
		}
	}
	for _, m := range g.s.Roadblocks {
		if k, ok := b.CellOf(m.Hex); ok && m.Side != side {
			enemy[k] = true
		}
	}
	ezoc := g.zoc(side.Other())
	bonds := g.bonds(side.Other())
	return hexwar.SupplyRules{
		OffRoad: overland,
		Enemy:   enemy,
		Step: func(i, j int, d hex.Direction, first bool) bool {
			if bonds.BlocksAt(i, j, d, friends[j]) {
				return false
			}
			return first || friends[j] || !ezoc.HasAt(j)
		},
		RoadOpen: func(i int) bool {
			if ezoc.HasAt(i) && !friends[i] {
				return false
			}
			if t := b.TerrainAt(i); (t == Town || t == City) && !friends[i] {
				if g.controller(occ, b.IDAt(i)) == side.Other() {
					return false
				}
			}
			return true
		},
		RoadCut: g.blownRoads(),
	}
}

// sources are side's supply sources not held by the enemy (23.2).
func (g *Game) sources(side Side) []hex.Axial {
	occ := g.occupancy()
	var out []hex.Axial
	for _, e := range append(slices.Clone(g.sc.Entries), g.sc.Sources...) {
		a := g.b.ids[e.Hex]
		if e.Side == side && g.sideAt(occ, a) != side.Other() {
			out = append(out, a)
		}
	}
	return out
}

// supplyStatuses is the status a unit of side would have in each hex.
// Callers only read it.
func (g *Game) supplyStatuses(side Side) map[int]hexwar.SupplyStatus {
	return g.keptSupply(side).statuses
}

// suppliedCells are the hexes where side's units would be in supply.
// Callers only read them.
func (g *Game) suppliedCells(side Side) map[int]bool {
	return g.keptSupply(side).cells
}

// keptSupply is side's supply as traced last (supplyKept), traced again if
// the state it was traced from has changed since. Legal, which asks it for
// each move it checks and changes nothing, compares once (memo).
func (g *Game) keptSupply(side Side) *supplyTrace {
	return remember(g.memo, func(m *memo) *map[Side]*supplyTrace { return &m.supply }, side, func() *supplyTrace {
		return g.traceSupply(side)
	})
}

// traceSupply is keptSupply outside Legal's memo.
func (g *Game) traceSupply(side Side) *supplyTrace {
	k := &g.supplyKept[0]
	if side == Allied {
		k = &g.supplyKept[1]
	}
	if *k == nil || !(*k).holds(&g.s) {
		statuses := hexwar.NewTracer(g.b.Board, g.supplyRules(side)).Statuses(g.sources(side))
		cells := map[int]bool{}
		for c, st := range statuses {
			if st == hexwar.InSupply {
				cells[c] = true
			}
		}
		s := &g.s
		*k = &supplyTrace{side: side, units: slices.Clone(s.Units), bridges: slices.Clone(s.Bridges),
			control: slices.Clone(s.Control), statuses: statuses, cells: cells}
		for _, m := range s.Roadblocks {
			if m.Side != side {
				(*k).roadblocks = append((*k).roadblocks, m)
			}
		}
	}
	return *k
}

// supplyTrace is a side's supply statuses and the hexes where its units
// would be in supply, with what they were traced from: the units, the
// enemy's Roadblocks, the bridges and the control of hexes, all that a
// trace reads of the state (supplyRules, sources; the rest is the
// scenario's). A game asks for them many times with none of these changed:
// each road hex the Traffic Phase's awaits check might take a Roadblock
// needs a supply path (33.2), and the phase's awaits are read several times
// an input. It is never changed once made: clones share it.
type supplyTrace struct {
	side       Side
	units      []unitState
	roadblocks []marker
	bridges    []bridgeState
	control    []control
	statuses   map[int]hexwar.SupplyStatus
	cells      map[int]bool
}

// holds reports whether t was traced from what s holds.
func (t *supplyTrace) holds(s *state) bool {
	if !slices.Equal(t.units, s.Units) || !slices.Equal(t.bridges, s.Bridges) || !slices.Equal(t.control, s.Control) {
		return false
	}
	k := 0 // the enemy's Roadblocks, in order
	for _, m := range s.Roadblocks {
		if m.Side == t.side {
			continue
		}
		if k == len(t.roadblocks) || t.roadblocks[k] != m {
			return false
		}
		k++
	}
	return k == len(t.roadblocks)
}

// supplyDistance scores a hex for 'order retreat toward-supply': its
// overland distance from side's nearest source.
//
// The trace is made on the first call: a combat is built at every step of
// its exchange, and only a retreat under that order asks.
func (g *Game) supplyDistance(side Side) func(hex.Axial) int {
	var dist map[int]int
	return func(a hex.Axial) int {
		if dist == nil {
			t := hexwar.NewTracer(g.b.Board, g.supplyRules(side))
			dist = t.Distances(t.Cells(g.sources(side)), false, 1<<30)
		}
		k, ok := g.b.Cell(a)
		if !ok {
			return 0 // off the map: an Off-map Area, the Allies' own
		}
		if d, ok := dist[k]; ok {
			return d
		}
		return 1 << 20
	}
}

// roadCells are the hexes with Road Supply for side: a path of the Road
// part alone to a source (23.3), traced once while Legal runs (memo).
func (g *Game) roadCells(side Side) map[int]int {
	return remember(g.memo, func(m *memo) *map[Side]map[int]int { return &m.roads }, side, func() map[int]int {
		return g.traceRoadCells(side)
	})
}

// traceRoadCells is roadCells traced in the position.
func (g *Game) traceRoadCells(side Side) map[int]int {
	r := g.supplyRules(side)
	t := hexwar.NewTracer(g.b.Board, r)
	var goals []int
	for _, k := range t.Cells(g.sources(side)) {
		if r.RoadOpen(k) {
			goals = append(goals, k)
		}
	}
	return t.Distances(goals, true, 1<<30)
}

// roadSupplied reports whether hex a has Road Supply for side (23.3).
func (g *Game) roadSupplied(a hex.Axial, side Side) bool {
	k, ok := g.b.Cell(a)
	if !ok {
		return false
	}
	_, ok = g.roadCells(side)[k]
	return ok
}
