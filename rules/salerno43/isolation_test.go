package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// isolatedASU is hq/36 and 142/36 two plain hexes apart in a row, in the
// Allied Supply Phase of turn 3 under version, with no Allied source on
// the map (no BH, no port, turn < 11): both are isolated (16.5.1).
func isolatedASU(t *testing.T, version string) (g *Game, asu int) {
	t.Helper()
	g = underVersion(t, emptyGame(t, 3, PhaseSupply, Allied), version)
	a, m := pairWhere(t, g, func(a, m hex.Axial) bool {
		d, _ := hex.DirectionTo(a, m)
		n := m.Neighbor(d)
		return g.lineHex(a) && g.lineHex(m) && g.lineHex(n) && g.plainSide(a, m) && g.plainSide(m, n)
	})
	d, _ := hex.DirectionTo(a, m)
	asu = g.put(t, "hq/36", g.b.ID(a))
	g.put(t, "142/36", g.b.ID(m.Neighbor(d)))
	if st := g.supplyStatuses(Allied).status(g, asu); st.String() != "isolated" {
		t.Fatalf("setup: hq/36 should be isolated with no Allied source, got %v", st)
	}
	return g, asu
}

// 16.5.2 (L991): "ASU są odporne na wyniszczenie izolacją jeśli znajdują się
// w stosie lub mogą śledzić LOS (16.3) do przyjaznej jednostki, która nie
// jest ASU. Izolowane ASU są natychmiast eliminowane, jeśli nie mogą tego
// zrobić." Isolated hq/36 traces a LOS of two hexes to 142/36: it stays.
// salerno43/2 looked in the ASU's own hex only and eliminated it.
func TestIsolatedASU_LOSToFriendSavesIt_16_5_2(t *testing.T) {
	g, asu := isolatedASU(t, "")
	ev := g.enterSupply()
	if us := g.s.Units[asu]; us.Box == BoxEliminated || !us.Isolated {
		t.Errorf("16.5.2: isolated hq/36 traces a LOS to 142/36, a friendly non-ASU unit: immune, it stays isolated on the map; it is %+v: %v", us, ev)
	}
	g, asu = isolatedASU(t, "salerno43/2")
	g.enterSupply()
	if us := g.s.Units[asu]; us.Box != BoxEliminated {
		t.Errorf("salerno43/2 replays as played: hq/36 with no friend in its hex is eliminated; it is %+v", us)
	}
}

// 16.5.2 (L991): an isolated ASU with no friendly non-ASU unit to trace a
// LOS to is eliminated at once.
func TestIsolatedASU_NoFriendEliminated_16_5_2(t *testing.T) {
	g, asu := isolatedASU(t, "")
	g.s.Units[g.index("142/36")] = unitState{ID: "142/36"} // out of play
	g.enterSupply()
	if us := g.s.Units[asu]; us.Box != BoxEliminated || !us.NoReturn {
		t.Errorf("16.5.2, 16.5.6: isolated hq/36 with no friend to trace a LOS to is eliminated for good; it is %+v", us)
	}
}
