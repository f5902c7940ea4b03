package hexwar

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// TestZOC: a zone of control covers the six hexes around the unit (N44 8.1,
// A44 9.1, S43 6.1), but no unplayable hex and not across an impassable
// hexside (N44 8.5.6); a game's rules say who exerts one and where it
// reaches.
func TestZOC(t *testing.T) {
	b := testMap{terrain: map[string]string{"0405": "sea"}, hexsides: []string{"0404/0303 cliff"}}.board(t)
	p := pos(b, "german 0404", "german 0707", "allied 0101")
	got := ids(b, ZOC(b, p, German, ZOCRules{Exerts: func(i int) bool { return i == 0 }}))
	if want := []string{"0304", "0403", "0503", "0504"}; !slices.Equal(got, want) {
		t.Errorf("ZOC %v, want %v: not into the sea, not across the cliff, none from the unit that exerts none", got, want)
	}
	noEast := ZOCRules{Reaches: func(i int, from, to hex.Axial) bool { return to.Q <= from.Q }}
	if got := ids(b, ZOC(b, p, Allied, noEast)); !slices.Equal(got, []string{"0102"}) {
		t.Errorf("allied ZOC that does not reach east %v, want 0102 (the rest is off the map)", got)
	}
}

// TestSameZOC: two adjacent hexes are in the same unit's zone when a unit
// in one of their common neighbours exerts its zone into both (N44 14.3.1);
// two zones of different units, a zone that does not reach across a cliff,
// or a unit that exerts none, are not.
func TestSameZOC(t *testing.T) {
	b := testMap{hexsides: []string{"0404/0303 cliff"}}.board(t)
	p := pos(b, "german 0404", "german 0606", "allied 0101")
	occ := Occupants(p)
	same := func(x, y string, r ZOCRules) bool {
		return SameZOC(b, p, occ, German, r, at(t, b, x), at(t, b, y))
	}
	all := ZOCRules{}
	switch {
	case !same("0403", "0503", all) || !same("0503", "0403", all):
		t.Error("0403 and 0503, both next to 0404: the same unit's zone")
	case same("0504", "0505", all):
		t.Error("0504 (0404's zone) and 0505 (0606's zone): two units' zones")
	case same("0304", "0303", all):
		t.Error("0303 lies across a cliff from 0404: not in its zone")
	case same("0403", "0503", ZOCRules{Exerts: func(i int) bool { return i != 0 }}):
		t.Error("a unit that exerts no zone")
	case same("0403", "0605", all):
		t.Error("hexes that are not adjacent")
	}
}

// The bond cases of N44 8.5 (E06, whose figure is lost), A44 10 and S43 7,
// on the test map: a hex of an odd column touches rows r and r+1 of the
// columns beside it.

// TestHexBond: two stacks two hexes apart in a straight line bond through
// the hex between them, and an enemy unit there negates it (N44 8.5.3, A44
// 10.3, S43 7.3).
func TestHexBond(t *testing.T) {
	b := testMap{}.board(t)
	p := pos(b, "german 0302", "german 0304")
	l := NewBonds(b, p, Held(b, p), German, BondRules{})
	if !l.Hex(at(t, b, "0303")) || l.Hex(at(t, b, "0203")) {
		t.Fatal("the hex bond runs through 0303 alone")
	}
	if !l.Blocks(at(t, b, "0203"), at(t, b, "0303"), false) || l.Blocks(at(t, b, "0203"), at(t, b, "0303"), true) {
		t.Error("the bond hex is closed to the enemy, unless its friends hold it")
	}
	p = pos(b, "german 0302", "german 0304", "allied 0303")
	if NewBonds(b, p, Held(b, p), German, BondRules{}).Hex(at(t, b, "0303")) {
		t.Error("an enemy unit in the bond hex negates the bond")
	}
	brk := BondRules{HexBreaks: func(path [3]hex.Axial) bool { return b.ID(path[1]) == "0303" }}
	p = pos(b, "german 0302", "german 0304")
	if NewBonds(b, p, Held(b, p), German, brk).Hex(at(t, b, "0303")) {
		t.Error("terrain that breaks the bond (A44 10.5.1, S43 7.6.1) leaves it standing")
	}
	if NewBonds(b, p, Held(b, p), German, BondRules{Forms: func(i int) bool { return i == 0 }}).Hex(at(t, b, "0303")) {
		t.Error("a unit that forms no bond makes one (N44 20.2.3, A44 10.1)")
	}
}

// TestHexsideBond: two stacks two hexes apart and offset bond along the
// hexside between their common neighbours; enemy units on both sides negate
// it, one does not; crossing it is blocked from either side.
func TestHexsideBond(t *testing.T) {
	b := testMap{}.board(t)
	p := pos(b, "german 0204", "german 0404", "allied 0303")
	l := NewBonds(b, p, Held(b, p), German, BondRules{})
	x, y := at(t, b, "0303"), at(t, b, "0304")
	if !l.Side(x, y) || !l.Side(y, x) || !l.Blocks(x, y, false) || !l.Blocks(y, x, false) {
		t.Fatal("no hexside bond 0303|0304 between 0204 and 0404, seen from either hex")
	}
	if l.Hex(x) || l.Hex(y) || l.Blocks(x, at(t, b, "0203"), false) {
		t.Error("a hexside bond closes no hex and no other hexside")
	}
	p = pos(b, "german 0204", "german 0404", "allied 0303", "allied 0304")
	if NewBonds(b, p, Held(b, p), German, BondRules{}).Side(x, y) {
		t.Error("enemy units on both sides negate the bond")
	}
	// Crossed bonds both stand (N44 8.5.4, A44 10.4, S43 7.4): the
	// Allies' hex bond through 0303 crosses the German hexside bond.
	p = pos(b, "german 0204", "german 0404", "allied 0302", "allied 0304")
	if !NewBonds(b, p, Held(b, p), German, BondRules{}).Side(x, y) || !NewBonds(b, p, Held(b, p), Allied, BondRules{}).Hex(x) {
		t.Error("crossed bonds: one of them is gone")
	}
}

// TestHexsideBondRoutes: terrain tests a hexside bond along its two routes,
// and the bond stands if one of them holds; a route through an enemy unit
// does not count (A44 10.5.2, S43 7.6.1).
func TestHexsideBondRoutes(t *testing.T) {
	b := testMap{}.board(t)
	through := func(id string) BondRules {
		return BondRules{SideBreaks: func(path [3]hex.Axial) bool { return b.ID(path[1]) == id }}
	}
	x, y := at(t, b, "0303"), at(t, b, "0304")
	p := pos(b, "german 0204", "german 0404")
	if !NewBonds(b, p, Held(b, p), German, through("0303")).Side(x, y) {
		t.Error("the route through 0304 holds: the bond stands")
	}
	p = pos(b, "german 0204", "german 0404", "allied 0304")
	if NewBonds(b, p, Held(b, p), German, through("0303")).Side(x, y) {
		t.Error("the only route that holds runs through an enemy unit: no bond")
	}
	both := BondRules{SideBreaks: func([3]hex.Axial) bool { return true }}
	p = pos(b, "german 0204", "german 0404")
	if NewBonds(b, p, Held(b, p), German, both).Side(x, y) {
		t.Error("both routes broken: no bond")
	}
}

// TestBondAnchor: a lone stack bonds to an anchor at the far vertex of a
// hexside beside it (N44 8.5.5, A44 10.6, S43 7.5), never along a hexside
// of an unplayable hex.
func TestBondAnchor(t *testing.T) {
	b := testMap{terrain: map[string]string{"0206": "sea"}}.board(t)
	p := pos(b, "german 0307")
	// 0307's far vertices beyond 0208|0308 and 0308|0408 lie on the east
	// edge (0209 and 0409 are off the map).
	east := BondRules{Anchor: func(x, y, z hex.Axial) bool { return !b.OnMap(z) && !b.WestOf(z) }}
	l := NewBonds(b, p, Held(b, p), German, east)
	if !l.Side(at(t, b, "0208"), at(t, b, "0308")) || !l.Side(at(t, b, "0308"), at(t, b, "0408")) {
		t.Error("no bond to the east edge")
	}
	if l.Side(at(t, b, "0206"), at(t, b, "0307")) {
		t.Error("a bond along a hexside with nothing there")
	}
	p = pos(b, "german 0305")
	any := BondRules{Anchor: func(x, y, z hex.Axial) bool { return true }}
	l = NewBonds(b, p, Held(b, p), German, any)
	if l.Side(at(t, b, "0205"), at(t, b, "0206")) || !l.Side(at(t, b, "0205"), at(t, b, "0304")) {
		t.Error("a bond runs along a hexside of the sea hex 0206, or none along 0205|0304")
	}
}
