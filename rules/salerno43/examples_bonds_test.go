package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// EX-04 (7.3-7.6, L357-359, L383), the bond catalogue, on the stand-in
// map (the positions are the diagram's only): the hexside bond D-E broken
// by enemy units on both sides of it; the hex bond E-F broken by an enemy
// unit in the bond hex; C-D not broken by two small-river hexsides
// (7.6.3); F and G keep their bond though an enemy bond crosses it (7.4);
// G bonds along a hexside with a friendly entry area (7.5, in
// TestBondWithFriendlyEntryArea_7_5) but never with the coastline (7.6.2).
func TestBondCatalogue_EX04_7_3_7_6(t *testing.T) {
	s := newTestSituation(t)
	plain := func(a, b hex.Axial) bool {
		return s.b.Land(a) && s.b.Land(b) && !s.b.Feature(a, b, Mountain) && !s.b.Feature(a, b, River) && !s.b.Feature(a, b, SeaSide)
	}
	clear := func(a hex.Axial) bool { return s.b.Land(a) && s.b.Terrain(a) == Clear }
	reset := func() {
		for _, id := range []string{"141/36", "142/36", "1-64/16", "2-64/16"} {
			s.place(id, "")
		}
	}

	// D-E: D at p and E at q, two hexes apart off a line; c1|c2 the
	// hexside between their common neighbours.
	var p, q, c1, c2 hex.Axial
	vertex(t, s, "D-E", func(a hex.Axial, d, e hex.Direction) bool {
		p, c1, c2 = a, a.Neighbor(d), a.Neighbor(e)
		q = c1.Neighbor(e)
		return clear(p) && clear(q) && clear(c1) && clear(c2) && plain(p, c1) && plain(p, c2) && plain(q, c1) && plain(q, c2) && plain(c1, c2)
	})
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if !s.bonds(Allied, noFriendly).Side(c1, c2) {
		t.Fatalf("7.1: D at %s and E at %s bond along %s/%s", s.b.ID(p), s.b.ID(q), s.b.ID(c1), s.b.ID(c2))
	}
	s.place("1-64/16", s.b.ID(c1))
	if !s.bonds(Allied, noFriendly).Side(c1, c2) {
		t.Error("7.3: an enemy unit on one side only does not break a hexside bond")
	}
	s.place("2-64/16", s.b.ID(c2))
	if s.bonds(Allied, noFriendly).Side(c1, c2) {
		t.Error("EX-04 D-E: enemy units on both sides of the hexside break the bond (7.3)")
	}
	reset()

	// E-F: a hex bond through m, broken by an enemy unit in m.
	p, m, q := findLine(t, s, func(p, m, q hex.Axial) bool { return clear(m) && plain(p, m) && plain(m, q) })
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if !s.bonds(Allied, noFriendly).Hex(m) {
		t.Fatalf("7.1: E at %s and F at %s bond through %s", s.b.ID(p), s.b.ID(q), s.b.ID(m))
	}
	s.place("1-64/16", s.b.ID(m))
	if s.bonds(Allied, noFriendly).Hex(m) {
		t.Error("EX-04 E-F: an enemy unit in the bond hex breaks the bond (7.3)")
	}
	reset()

	// C-D: a hex bond across two small-river hexsides stands (7.6.3).
	p, m, q = findLine(t, s, func(p, m, q hex.Axial) bool {
		return s.b.Feature(p, m, River) && s.b.Feature(m, q, River) && !s.b.Feature(p, m, Mountain) && !s.b.Feature(m, q, Mountain)
	})
	s.place("141/36", s.b.ID(p))
	s.place("142/36", s.b.ID(q))
	if !s.bonds(Allied, noFriendly).Hex(m) {
		t.Errorf("EX-04 C-D: %s-%s-%s crosses two small rivers: the bond stands (7.6.3)", s.b.ID(p), s.b.ID(m), s.b.ID(q))
	}
	reset()

	// F-G: an Allied hex bond through m and a German one through m across
	// it: neither breaks the other (7.4).
	var d hex.Direction
	vertex(t, s, "F-G", func(a hex.Axial, dd, e hex.Direction) bool {
		m, d = a, dd
		ok := clear(m)
		for _, r := range []hex.Axial{m.Neighbor(d), m.Neighbor(d.Opposite()), m.Neighbor(e), m.Neighbor(e.Opposite())} {
			ok = ok && clear(r) && plain(m, r)
		}
		return ok
	})
	e := (d + 1) % hex.DirectionCount
	s.place("141/36", s.b.ID(m.Neighbor(d)))
	s.place("142/36", s.b.ID(m.Neighbor(d.Opposite())))
	s.place("1-64/16", s.b.ID(m.Neighbor(e)))
	s.place("2-64/16", s.b.ID(m.Neighbor(e.Opposite())))
	if !s.bonds(Allied, noFriendly).Hex(m) || !s.bonds(German, noFriendly).Hex(m) {
		t.Errorf("EX-04 F-G: crossing bonds through %s both stand (7.4): Allied %v, German %v",
			s.b.ID(m), s.bonds(Allied, noFriendly).Hex(m), s.bonds(German, noFriendly).Hex(m))
	}
	reset()

	// G and the coast: a unit at p, x and y coastal land hexes next to it
	// and to each other, the vertex's third hex z all sea: no hexside bond
	// along x/y (7.6.2).
	var x, y hex.Axial
	vertex(t, s, "G and the coast", func(a hex.Axial, d, e hex.Direction) bool {
		p, x, y = a, a.Neighbor(d), a.Neighbor(e)
		z := x.Neighbor(e)
		return clear(a) && clear(x) && clear(y) && s.b.OnMap(z) && s.b.Terrain(z) == Sea && plain(a, x) && plain(a, y) && plain(x, y)
	})
	s.place("141/36", s.b.ID(p))
	if s.bonds(Allied, func(string) bool { return true }).Side(x, y) {
		t.Errorf("EX-04 G: no bond with the coastline along %s/%s (7.6.2)", s.b.ID(x), s.b.ID(y))
	}
}

// vertex calls ok with each land hex a and two neighbouring directions d
// and e (e the next after d) until it holds; what the example needs is not
// on the stand-in map otherwise.
func vertex(t *testing.T, s *situation, what string, ok func(a hex.Axial, d, e hex.Direction) bool) {
	t.Helper()
	for _, a := range s.b.LandHexes() {
		for d := range hex.DirectionCount {
			if ok(a, d, (d+1)%hex.DirectionCount) {
				return
			}
		}
	}
	t.Fatalf("no hexes for %s on the stand-in map", what)
}
