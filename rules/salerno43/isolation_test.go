package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// isolatedASU is hq/36 and 142/36 two plain hexes apart in a row, in the
// Allied Supply Phase of turn 3 under version, with no Allied source on
// the map (no BH, no port, turn < 11): both are isolated (16.5.1).
func isolatedASU(t *testing.T, version string) (g *Game, asu int) {
	t.Helper()
	g = emptyGameIn(t, version, 3, PhaseSupply, Allied)
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

// isolatedByRoad is 142/36, isolated (16.5.1), in the Allied Supply Phase
// of turn 3 in weather other than Clear (no +1), under version, on the hex
// nearest to a city with no city within 5 hexes from which a LOS (16.3)
// runs to that city once the Allies control it: along a road. allied: the
// Allies control that city. The 142/36's index and the two hexes' ids.
func isolatedByRoad(t *testing.T, version string, allied bool) (g *Game, i int, at, city string) {
	t.Helper()
	g = emptyGameIn(t, version, 3, PhaseSupply, Allied)
	g.s.Weather = cloudyBox(t, g)
	var c, far hex.Axial
	best := 1 << 30
	for _, a := range g.b.LandHexes() {
		if g.b.Terrain(a) != City {
			continue
		}
		g.s.Control = []string{g.b.ID(a)}
		los := hexwar.NewTracer(g.b.Board, g.supplyRules(Allied, false)).Statuses([]hex.Axial{a})
		for _, b := range g.b.LandHexes() {
			k, _ := g.b.Cell(b)
			if d := hex.Distance(a, b); d >= 6 && d < best && !g.cityWithin(b, 5) && los[k] == hexwar.InSupply {
				c, far, best = a, b, d
			}
		}
	}
	if best == 1<<30 {
		t.Fatal("no hex with a LOS to a city 6 or more hexes away")
	}
	g.s.Control = nil
	if allied {
		g.s.Control = []string{g.b.ID(c)}
	}
	i = g.put(t, "142/36", g.b.ID(far))
	g.s.Units[i].Isolated = true
	g.s.Rolls = []string{"142/36"}
	return g, i, g.b.ID(far), g.b.ID(c)
}

// 16.5.5 (L1003): "+2 MIASTO lub korpuśne ASU: Jeśli jednostka może
// prześledzić LOS do co najmniej jednego przyjaznego kontrolowanego
// miasta". A LOS (16.3.1) is up to 5 hexes overland, then roads of any
// length: isolated 142/36 with a LOS to an Allied city 6 or more hexes
// away rolls a 4 +2, 6, no effect (16.5.3). Were the city German, the 4
// would cost a step. salerno43/2 counted only cities within 5 hexes.
func TestIsolationAttrition_CityByLOS_16_5_5(t *testing.T) {
	g, i, at, city := isolatedByRoad(t, "", true)
	if ev := g.rollAttrition(4); g.s.Units[i].Lost != 0 {
		t.Errorf("16.5.5: 142/36 in %s traces a LOS to the Allied city %s: +2, a 4 reads 6, no effect; %v", at, city, ev)
	}
	g, i, at, city = isolatedByRoad(t, "", false)
	if ev := g.rollAttrition(4); g.s.Units[i].Lost != 1 {
		t.Errorf("16.5.5: the city %s is German: no +2, a 4 costs 142/36 in %s a step; %v", city, at, ev)
	}
	g, i, _, _ = isolatedByRoad(t, "salerno43/2", true)
	if ev := g.rollAttrition(4); g.s.Units[i].Lost != 1 {
		t.Errorf("salerno43/2 replays as played: no city within 5 hexes, no +2, a 4 costs a step; %v", ev)
	}
}

// cityWithin: a city lies within n hexes of a.
func (g *Game) cityWithin(a hex.Axial, n int) bool {
	for _, c := range g.b.LandHexes() {
		if g.b.Terrain(c) == City && hex.Distance(a, c) <= n {
			return true
		}
	}
	return false
}

// cloudyBox is a weather box that is not Clear.
func cloudyBox(t *testing.T, g *Game) int {
	t.Helper()
	for k, b := range g.b.chart.Weather.Boxes {
		if b.Weather != "clear" {
			return k
		}
	}
	t.Fatal("no weather box but Clear")
	return 0
}
