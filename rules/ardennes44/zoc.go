package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Zones of control and ZOC bonds (9.0, 10.0) as the series' core computes
// them (rules/hexwar), with Ardennes '44's rules of who exerts and forms
// them, what anchors a bond and what terrain breaks one.

// zocRules: every combat unit exerts a zone of control, artillery included
// (9.1, 22.10), Disrupted and Broken units too (18.4); a silhouette
// vehicle's zone neither enters nor leaves a forest or wooded-rough hex but
// across a hexside a road crosses (9.3). ZOC crosses lakes (AMB-44), and
// never reaches into or out of an Off-map box (13.7), which is off the map.
//
// The real fuel dump (option 32) is a unit of DF 2 on the map (32.2) and,
// as every unit there, exerts a ZOC (9.1); it forms no bond (formsBond)
// and blocks entry as any enemy-held hex until captured. AMB-48's reading
// that it exerts none is not taken: the rulebook calls it a unit (a
// Belgian battalion), and the recorded games must keep their hashes.
func (g *Game) zocRules() hexwar.ZOCRules {
	return hexwar.ZOCRules{
		Reaches: func(i int, from, to hex.Axial) bool {
			u := g.unit(i)
			if !u.Silhouette() || !u.Mech() {
				return true
			}
			if !woods(g.b.terrain(from)) && !woods(g.b.terrain(to)) {
				return true
			}
			return g.b.road(from, to) != ""
		},
	}
}

// woods: a forest or wooded-rough hex (9.3, 10.5.3).
func woods(t Terrain) bool { return t == Forest || t == WoodedRough }

// formsBond: a unit forms ZOC bonds when it is in Good Order, not
// artillery, not under an SM marker (10.1, 12.5, 18.3); Out of Supply units
// still do (23.5).
func (g *Game) formsBond(i int) bool {
	us := g.s.Units[i]
	return !g.unit(i).Arty() && us.Status == "" && !us.SM && g.unit(i).Type != SupplyDepot
}

// bondRules are 10.1-10.6 for side's bonds.
func (g *Game) bondRules(side Side) hexwar.BondRules {
	occ := g.occupancy()
	// vehiclesOnly: the stack in a forms its bonds with silhouette vehicles
	// alone, which leave forest and wooded rough only along a road (10.5.3,
	// AMB-10).
	vehiclesOnly := func(a hex.Axial) bool {
		if !woods(g.b.terrain(a)) {
			return false
		}
		for _, i := range occ[a] {
			if g.sideOf(i) == side && g.formsBond(i) && !(g.unit(i).Silhouette() && g.unit(i).Mech()) {
				return false
			}
		}
		return true
	}
	blocked := func(a, next hex.Axial) bool {
		return g.b.OnMap(a) && vehiclesOnly(a) && g.b.road(a, next) == ""
	}
	// barriers counts the river and wooded-rough hexsides of a route; two
	// break a bond, lakes never count, roads and bridges never help
	// (10.5.1).
	barriers := func(p [3]hex.Axial) int {
		n := 0
		for _, s := range [][2]hex.Axial{{p[0], p[1]}, {p[1], p[2]}} {
			if g.b.river(s[0], s[1]) || g.b.feature(s[0], s[1], WRSide) {
				n++
			}
		}
		return n
	}
	return hexwar.BondRules{
		Forms: g.formsBond,
		// 10.6: a hexside bond with the side's own map edge, never a hex
		// bond: z is the vertex's third hex, beyond the edge.
		Anchor: func(x, y, z hex.Axial) bool {
			return ownEdge(side, g.b.edgeBeyond(z)) && g.b.OnMap(x) && g.b.OnMap(y)
		},
		HexBreaks: func(p [3]hex.Axial) bool {
			return barriers(p) >= 2 || blocked(p[0], p[1]) || blocked(p[2], p[1])
		},
		// 10.5.2: a hexside bond shifted through either common neighbour.
		SideBreaks: func(p [3]hex.Axial) bool {
			return barriers(p) >= 2 || blocked(p[0], p[1]) || blocked(p[2], p[1])
		},
	}
}

// zoc is the set of hexes in side's zones of control, read once while
// Legal runs (memo).
func (g *Game) zoc(side Side) hexwar.HexSet {
	return remember(g.memo, func(m *memo) *map[Side]hexwar.HexSet { return &m.zoc }, side, func() hexwar.HexSet {
		return hexwar.ZOC(g.b.Board, position{g}, side, g.zocRules())
	})
}

// bonds are side's ZOC bonds in the position.
func (g *Game) bonds(side Side) hexwar.Bonds {
	return remember(g.memo, func(m *memo) *map[Side]hexwar.Bonds { return &m.bonds }, side, func() hexwar.Bonds {
		return hexwar.NewBonds(g.b.Board, position{g}, hexwar.Held(g.b.Board, position{g}), side, g.bondRules(side))
	})
}

// moveContext is what every move of side's units needs in the position.
func (g *Game) moveContext(side Side) *hexwar.Context {
	return remember(g.memo, func(m *memo) *map[Side]*hexwar.Context { return &m.ctx }, side, func() *hexwar.Context {
		return hexwar.NewContext(g.b.Board, position{g}, side, g.zocRules(), g.bondRules(side.Other()))
	})
}
