package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// TestBoardTables: the board's tables of key hexes (16.3.4: the ports,
// cities and VP hexes, whose control counts) and of mountain hexsides
// without road or pass (5.6, 6.1, 16.3.2) give, on both shipped maps, what
// the lookups by id and hex they stand for give.
func TestBoardTables(t *testing.T) {
	for _, name := range []string{"avalanche", "campaign"} {
		sc, err := ParseScenario(readShipped(t, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := newBoard(sc)
		if err != nil {
			t.Fatal(err)
		}
		grid := b.Grid()
		keys, mountains := 0, 0
		for k := range grid.Len() {
			id := b.IDAt(k)
			_, port := b.ports[id]
			_, vp := b.vp[id]
			if want := port || vp || b.TerrainAt(k) == City; b.key[k] != want {
				t.Errorf("%s: hex %s: key %v, want %v", name, id, b.key[k], want)
			}
			if b.key[k] {
				keys++
			}
			for d, n := range grid.NeighborsOf(k) {
				if n < 0 {
					continue
				}
				want := b.mountainNoRoad(grid.Hex(k), grid.Hex(int(n)))
				if got := b.mountainNoRoadAt(k, hex.Direction(d)); got != want {
					t.Errorf("%s: %s to %s: mountain without road %v, want %v", name, id, b.IDAt(int(n)), got, want)
				}
				if want {
					mountains++
				}
			}
		}
		// The tables are not empty: the maps have both.
		if keys == 0 || mountains == 0 {
			t.Errorf("%s: %d key hexes, %d mountain hexsides without road", name, keys, mountains)
		}
	}
}
