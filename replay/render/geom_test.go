package render

import (
	"math"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

func near(a, b point) bool { return math.Abs(a.x-b.x) < 1e-6 && math.Abs(a.y-b.y) < 1e-6 }

// TestGrid_EdgesAreShared: for every layout and rotation, the hexside edge
// of a toward each neighbour is the segment both hexes share: its midpoint
// is midway between the two centres, and the neighbour's edge back is the
// same two corners.
func TestGrid_EdgesAreShared(t *testing.T) {
	for _, l := range []hex.Layout{hex.FlatOddColumnsDown, hex.PointyEvenRowsRight} {
		for rot := range 4 {
			g := &grid{layout: l, rotate: rot, size: 10}
			a := hex.Axial{Q: 3, R: -1}
			for d := range hex.DirectionCount {
				b := a.Neighbor(d)
				p, q := g.edge(a, d)
				mid := p.lerp(q, 0.5)
				if want := g.center(a).lerp(g.center(b), 0.5); !near(mid, want) {
					t.Errorf("%v rot %d dir %d: edge midpoint %v, centres' midpoint %v", l, rot, d, mid, want)
				}
				p2, q2 := g.edge(b, d.Opposite())
				if !(near(p, p2) && near(q, q2) || near(p, q2) && near(q, p2)) {
					t.Errorf("%v rot %d dir %d: edges %v-%v and %v-%v differ", l, rot, d, p, q, p2, q2)
				}
			}
		}
	}
}

// TestGrid_NorthUp: Normandy '44's numbers grow northward in their first
// pair (AMBIG-66); turned once, a hex of a higher column is drawn above, and
// one of a higher row (east) to the right.
func TestGrid_NorthUp(t *testing.T) {
	g := &grid{layout: hex.FlatOddColumnsDown, rotate: 1, size: 10}
	at := func(id string) point {
		a, err := g.layout.Parse(id)
		if err != nil {
			t.Fatal(err)
		}
		return g.center(a)
	}
	carentan, crisbecq, haye := at("2512"), at("3012"), at("2506")
	if !(crisbecq.y < carentan.y) {
		t.Errorf("Crisbecq 3012 at %v is not north of Carentan 2512 at %v", crisbecq, carentan)
	}
	if !(haye.x < carentan.x) {
		t.Errorf("La-Haye-du-Puits 2506 at %v is not west of Carentan at %v", haye, carentan)
	}
}
