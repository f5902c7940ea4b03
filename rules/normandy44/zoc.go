package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Zones of control and ZOC Lines (8.x) are the series' (rules/hexwar); this
// file says who exerts and forms them in Normandy, and what anchors a line.

// position is the game's units as the series core reads them.
type position struct{ g *Game }

func (p position) Units() int                  { return len(p.g.s.Units) }
func (p position) Hex(i int) (hex.Axial, bool) { return p.g.onMap(i) }
func (p position) Side(i int) Side             { return p.g.unit(i).Side }

// hasZOC reports whether a unit exerts a zone of control (8.1): strongpoints
// and units of current strength 1 do not (AMBIG-8, AMBIG-55: the strength of
// the current step side, parenthesized or not), nor counters marked no-zoc.
func (g *Game) hasZOC(i int) bool {
	u := g.unit(i)
	return u.Type != Strongpoint && g.strength(i) != 1 && !slices.Contains(u.Marks, MarkNoZOC)
}

// zocHexes are the hexes where owner's units have a ZOC (8.1). A ZOC does not
// reach all-sea hexes nor across impassable hexsides (8.5.6).
func (g *Game) zocHexes(owner Side) hexSet { return g.zocHexesBut(owner, nil) }

// zocHexesBut is zocHexes without the ZOC that skip says a unit in from does
// not project into to (16.3: across the Cherbourg line, retreatZOC).
func (g *Game) zocHexesBut(owner Side, skip func(from, to hex.Axial) bool) hexSet {
	r := g.zocRules()
	if skip != nil {
		r.Reaches = func(_ int, from, to hex.Axial) bool { return !skip(from, to) }
	}
	return hexwar.ZOC(g.b.Board, position{g}, owner, r)
}

// zocLines are the ZOC Lines of one side (8.5): the series' bonds.
type zocLines = hexwar.Bonds

// lines computes owner's ZOC Lines (8.5.1) in the position occ, reading
// AMBIG-9 as the digest proposes (the geometry is hexwar.NewBonds'):
//   - a Hex Line joins two ZOC-holding stacks in a straight line two hexes
//     apart; it runs through the middle hex, which must lie in both units'
//     ZOC (8.5.6: not all sea, not across an impassable hexside), and an
//     enemy unit there negates it (8.5.3);
//   - a Hexside Line joins two such stacks two hexes apart and offset; it runs
//     along the hexside between their two common neighbours, both land
//     hexes, and is negated when enemy units hold both of them (8.5.3);
//   - a stack also forms a Hexside Line to an anchor (8.5.5, anchor).
//
// Scattered units form no lines and are no link in one (20.2.3): a hex
// counts only through a unit with a ZOC that is not Scattered.
func (g *Game) lines(owner Side, occ map[hex.Axial][]int) zocLines {
	held := make([]Side, g.b.grid.Len())
	for a, us := range occ {
		if k, ok := g.b.cell(a); ok {
			held[k] = g.unit(us[0]).Side
		}
	}
	return hexwar.NewBonds(g.b.Board, position{g}, held, owner, g.bondRules())
}

// zocRules are Normandy's rules of zones of control for the series core:
// who exerts one (8.1); where they reach is the core's (8.5.6).
func (g *Game) zocRules() hexwar.ZOCRules { return hexwar.ZOCRules{Exerts: g.hasZOC} }

// bondRules are Normandy's rules of ZOC Lines for the series core: a unit
// with a ZOC that is not Scattered forms them (8.5.1, 20.2.3); a Hex Line's
// middle hex lies in both units' ZOC (8.5.6: land, no impassable hexside
// between); the anchors of 8.5.5. A Hexside Line has no route to break.
func (g *Game) bondRules() hexwar.BondRules {
	return hexwar.BondRules{
		Forms:  func(i int) bool { return g.hasZOC(i) && !g.s.Units[i].Scattered },
		Anchor: g.anchor,
		HexBreaks: func(p [3]hex.Axial) bool {
			return !g.b.land(p[1]) || g.b.feature(p[0], p[1], Impassable) || g.b.feature(p[2], p[1], Impassable)
		},
	}
}

// anchor reports whether the vertex shared by x, y and z anchors a Hexside
// Line along x|y (8.5.5): the far vertex lies on the south or east map edge
// (never the west, AMBIG-66), on the coastline (an all-sea hex), on a marsh
// hex, or on an impassable hexside.
func (g *Game) anchor(x, y, z hex.Axial) bool {
	if !g.b.onMap(z) {
		return !g.b.westOf(z)
	}
	t := g.b.terrain(z)
	return t == Sea || t == Marsh || g.b.feature(x, z, Impassable) || g.b.feature(y, z, Impassable)
}
