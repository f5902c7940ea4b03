package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// EX-25 (16.3, L969-971): the Allied units A-D are in supply: their lines
// of supply cross no enemy bond and never enter two EZOC hexes in a row,
// a friendly unit negating the EZOC of its own hex (16.3.2). The diagram's
// geometry is its own; on the stand-in map: A at l0, the source at l2, l1
// between them, and four German units on the other neighbours of l1, a
// wall whose ZOC covers every way around and whose hex bonds run through
// l1 and along the hexsides l0|l1 and l1|l2. Alone, A has no line: l1 is
// a bond hex, and every other way enters two EZOC hexes in a row or is
// longer than 5 hexes. With B in l1 the hex bonds are broken (7.3) and
// l1's EZOC negated, but the hexside bond l1|l2 stands while no Allied
// unit holds l2; with C there too, A, B and C trace their lines, none
// entering an EZOC hex that no friendly unit negates.
func TestSupplyLines_EX25_16_3(t *testing.T) {
	g := emptyGame(t, 3, PhaseSupply, Allied)
	// plain: a land hex that is no key hex (16.3.4), with no road and no
	// mountain, river or sea hexside toward the hexes around c.
	plain := func(a, c hex.Axial) bool {
		if !g.lineHex(a) {
			return false
		}
		for _, n := range a.Neighbors() {
			if hex.Distance(n, c) <= 1 && !g.plainSide(a, n) {
				return false
			}
		}
		return true
	}
	var l [3]hex.Axial
	found := false
	for k := 0; k < g.b.Grid().Len() && !found; k++ {
		c := g.b.Grid().Hex(k)
		ok := true
		for _, a := range hex.Range(c, 1) {
			ok = ok && plain(a, c)
		}
		if ok {
			l = [3]hex.Axial{c.Neighbor(0), c, c.Neighbor(3)}
			found = true
		}
	}
	if !found {
		t.Fatal("no land hex with plain hexsides all around on the stand-in map")
	}
	for _, n := range l[1].Neighbors() {
		if n == l[0] || n == l[2] {
			continue
		}
		for _, id := range []string{"1-64/16", "2-64/16", "1-79/16", "2-79/16"} {
			if g.s.Units[g.index(id)].Hex == "" {
				g.put(t, id, g.b.ID(n))
				break
			}
		}
	}
	g.put(t, "141/36", g.b.ID(l[0])) // A
	sources := []hex.Axial{l[2]}
	cell := func(a hex.Axial) int { k, _ := g.b.Cell(a); return k }
	st := hexwar.NewTracer(g.b.Board, g.supplyRules(Allied, false)).Statuses(sources)
	if st[cell(l[0])] == hexwar.InSupply {
		t.Errorf("16.3.2: A at %s has no line to %s past the German wall: %v", g.b.ID(l[0]), g.b.ID(l[2]), st[cell(l[0])])
	}
	g.put(t, "142/36", g.b.ID(l[1])) // B
	st = hexwar.NewTracer(g.b.Board, g.supplyRules(Allied, false)).Statuses(sources)
	if st[cell(l[0])] == hexwar.InSupply {
		t.Errorf("7.3: the bond along %s/%s stands while no Allied unit holds %s: A has no line", g.b.ID(l[1]), g.b.ID(l[2]), g.b.ID(l[2]))
	}
	g.put(t, "143/36", g.b.ID(l[2])) // C
	st = hexwar.NewTracer(g.b.Board, g.supplyRules(Allied, false)).Statuses(sources)
	if st[cell(l[0])] != hexwar.InSupply || st[cell(l[1])] != hexwar.InSupply {
		t.Errorf("EX-25: with B in %s and C in %s, A (%v) and B (%v) are in supply (16.3.2, 7.3)", g.b.ID(l[1]), g.b.ID(l[2]), st[cell(l[0])], st[cell(l[1])])
	}
}

// lineHex: a land hex that is no key hex (16.3.4: no city, port or VP
// hex), which a line of supply enters whoever controls it.
func (g *Game) lineHex(a hex.Axial) bool {
	if !g.b.Land(a) || g.b.Terrain(a) == City {
		return false
	}
	id := g.b.ID(a)
	_, vp := g.b.vp[id]
	_, port := g.b.ports[id]
	return !vp && !port
}
