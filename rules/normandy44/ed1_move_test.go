package normandy44

import (
	"testing"
)

// allWeak is an Allied unit of strength 1: it has no zone of control (8.1),
// so the hexes next to it are next to an enemy unit but in no enemy ZOC.
const allWeak = "aw allied us 4 infantry 1-4"

// D10, 9.8.2 (IT L613-620): a unit using Strategic Movement "may not start
// in, or at any time enter, an enemy ZOC, nor end stacked with another
// unit"; 2.2 keeps it away from every hex next to an enemy unit and bars
// other units from ending their move stacked with it.
func TestEd1_D10_StrategicMovementAndZOC(t *testing.T) {
	m := reserveMap("g21b 0204", "g21a 0104", "aw 0304")
	m.units = append(m.units, allWeak)
	m.roads = []string{"minor 0204 0205 0206 0207 0208"}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Weather = WeatherOvercast2
		const sm = "move g21b 0204 0205 0206 0207 sm"
		if !ed1 {
			refused(t, g, German, sm, "9.8.2") // it starts next to aw
			return
		}
		apply(t, g, German, sm) // aw exerts no ZOC
		apply(t, g, German, "move g21a 0104 0105 0206 0207")
		if at(g, "g21a") != "0207" {
			t.Errorf("g21a did not join the SM unit: %s", at(g, "g21a"))
		}
	})
	// 2.2 bars ending a move stacked with an SM unit; the first edition not.
	m = reserveMap("g21b 0205", "g21a 0104")
	m.roads = []string{"minor 0205 0206 0207 0208"}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Weather = WeatherOvercast2
		apply(t, g, German, "move g21b 0205 0206 0207 sm")
		if ed1 {
			apply(t, g, German, "move g21a 0104 0105 0206 0207")
		} else {
			refused(t, g, German, "move g21a 0104 0105 0206 0207", "9.8.2")
		}
	})
}

// D11, 9.9 (IT L634-636): in Overcast weather cyclists have MA 6 moving
// only along roads, "and must not start in or enter an enemy ZOC"; 2.2 also
// keeps them out of every hex next to an enemy unit. Along the road past
// the strength-1 aw, which exerts no ZOC:
func TestEd1_D11_CyclistsAndZOC(t *testing.T) {
	m := testMap{units: []string{gerCycle, allWeak}, setup: []string{"gcyc 0101", "aw 0204"},
		roads: []string{"minor 0101 0102 0103 0104 0105 0106 0107 0108"}}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Weather = WeatherOvercast2
		const road = "move gcyc 0101 0102 0103 0104 0105 0106 0107 0108" // 3 1/2 MP of its 3
		if ed1 {
			apply(t, g, German, road)
			return
		}
		if _, err := g.Apply(seatOf(German), road); err == nil {
			t.Error("2.2: the cyclists passed next to aw at 6 MP")
		}
	})
}

// D14, 15.2 (IT L1058): in the Reserve Movement Phase a unit in Reserve has
// half its MA, rounded up; 2.2 also lets it use Tactical Movement instead.
// The German mechanized MA 5 in Overcast weather is 3 there: two Woods hexes
// (2 MP each) are beyond it, and within Tactical Movement's 2 hexes.
func TestEd1_D14_ReserveMovementHalfMAOnly(t *testing.T) {
	m := reserveMap("g21b 0204", "ginf 0102", "ainf 0808")
	m.terrain = map[string]string{"0205": "forest", "0206": "forest"}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Weather = WeatherOvercast2
		apply(t, g, German, "reserve g21b")
		combatTurn(t, g)
		apply(t, g, German, "end")
		if g.s.Phase != PhaseReserveMovement {
			t.Fatalf("at %s", g.Pending().Phase)
		}
		const woods = "move g21b 0204 0205 0206"
		if _, ok := legalTo(g, "g21b", "0206"); ok == ed1 {
			t.Errorf("Legal lists the move through the Woods: %v", ok)
		}
		if ed1 {
			refused(t, g, German, woods, "15.2")
			apply(t, g, German, "move g21b 0204 0205")
		} else {
			apply(t, g, German, woods)
		}
	})
}
