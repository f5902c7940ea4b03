package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// airNavalEd1 is airNavalGame in the first edition.
func airNavalEd1(t *testing.T, turn int, w Weather) *Game {
	t.Helper()
	g := airNavalMap().withZones("nbz 0404 0405 0606 0808").ed1(t, Allied, turn)
	g.setStage(turn, PhaseCombat, Allied)
	g.s.Weather = w
	g.supportMarkers()
	return g
}

// D37, 19.1.2 (IT L1276): "American and British air units may be used for
// any combat: nationality is no limit"; 2.2 ties each to its own
// nationality's attacks (its change log, 19.1.2). A US attack with the one
// CW marker ready:
func TestEd1_D37_AirOfAnyNationality(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast3)
	g.s.Air = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 1}}
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 air 1", "19.1.1, 19.1.2, 22.1.1")
	g = airNavalEd1(t, 3, WeatherOvercast3)
	g.s.Air = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 1}}
	ev := apply(t, g, Allied, "attack 0404 from 0403 maf a1 air 1")
	if !strings.Contains(ev[0].Text, "offensive air support") || markers(g.s.Air, "cw").Used != 1 {
		t.Errorf("the CW marker did not fly for the US attack: %v, %+v", ev[0].Text, g.s.Air)
	}
}

// D23, 12.4.3 (IT L902-904): the Allied defender's support for a Determined
// Defense comes from "naval, air units or HQ artillery"; 2.2 (12.4.7) names
// naval markers and HQs only. An Allied Lead outside the NBZ, no HQ near, an
// air marker ready:
func TestEd1_D23_AirSupportsADeterminedDefense(t *testing.T) {
	c := &Combat{Combat: &combat.Combat{Origin: "0202"}, In: CombatInput{Attacker: German, Defenders: []CombatUnit{{ID: "a3"}}}}
	if g := airNavalGame(t, 3, WeatherOvercast3); g.ddSupport(c, "a3") != nil {
		t.Error("2.2: an air marker supports a DD")
	}
	g := airNavalEd1(t, 3, WeatherOvercast3)
	if g.ddSupportBy(c, "a3", sourceAir) == nil {
		t.Error("the defender cannot name the air marker: 'dd a3 support air' (12.4.3)")
	}
	pay := g.ddSupport(c, "a3")
	if pay == nil {
		t.Fatal("no air support for the DD")
	}
	if got := pay(); !strings.Contains(got, "us air marker") || markers(g.s.Air, "us").Used != 1 {
		t.Errorf("paid by %q, air %+v", got, g.s.Air)
	}
	g.s.Weather = WeatherStorm
	if g.ddSupport(c, "a3") != nil {
		t.Error("air support in Storm (4.3)")
	}
}

// D38, 19.1.4 (IT L1284-1294) and the strafing table (IT L1910-1917): any
// German unit or stack outside Woods and City may be strafed, strongpoints
// unharmed; one die per unit, 1-4 no effect, 5-6 Disrupted, a modified 6
// also costs a silhouette a step; -1 next to FLAK, nothing for SM. The
// missions fly before the phase's first ground combat, whatever hex it is
// on. 2.2 strafes only silhouette armor, a 6 costing a step, and only
// before the attack on the strafed hex (AMBIG-35).
func TestEd1_D38_Strafing(t *testing.T) {
	refused(t, airNavalGame(t, 3, WeatherClear4), Allied, "strafe 0404 us", "19.1.4") // 2.2: infantry
	g := airNavalEd1(t, 3, WeatherClear4)                                             // 2 US, 2 CW air
	refused(t, g, Allied, "strafe 0808 us", "19.1.4")                                 // Woods
	apply(t, g, Allied, "strafe 0404 us")                                             // infantry
	apply(t, g, Allied, "strafe 0606 cw")                                             // the tanks, next to the Flak
	g.s.Units[g.index["gpz2"]].SM = true
	// An attack on 0202, strafed or not: every mission flies first.
	ev := apply(t, g, Allied, "attack 0202 from 0201 maf a3")
	if g.s.Combat != nil || g.s.Strafing == nil || len(g.s.Strafing.Targets) != 3 {
		t.Fatalf("strafing before the first combat: %+v\n%s", g.s.Strafing, rulestest.EventsText(ev))
	}
	for _, die := range []int{5, 6, 6} { // g1; gpz, gpz2 (6-1 = 5 next to the Flak)
		if _, err := g.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"g1", "gpz", "gpz2"} {
		us := g.s.Units[g.index[id]]
		if !us.Disrupted || us.Step != 0 {
			t.Errorf("%s: %+v, want Disrupted, no step lost", id, us)
		}
	}
	if g.s.Combat == nil {
		t.Fatal("the attack on 0202 did not open after the strafing")
	}
}

// D38: a modified 6 costs a silhouette its step; missions flown with no
// attack at all are rolled when the phase ends, before it does.
func TestEd1_D38_StrafingWithoutAttack(t *testing.T) {
	g := airNavalEd1(t, 3, WeatherClear4)
	g.s.Units[g.index["gflak"]].At = "0101" // no Flak next to the tanks
	apply(t, g, Allied, "strafe 0606 us")
	ev := apply(t, g, Allied, "end")
	if g.s.Phase != PhaseCombat || g.s.Strafing == nil {
		t.Fatalf("the phase ended before the strafing: %s\n%s", g.s.Phase, rulestest.EventsText(ev))
	}
	for _, die := range []int{6, 4} {
		if _, err := g.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
	}
	if us := g.s.Units[g.index["gpz"]]; !us.Disrupted || us.Step != 1 {
		t.Errorf("gpz after a 6: %+v, want Disrupted and a step lost", us)
	}
	if us := g.s.Units[g.index["gpz2"]]; us.Disrupted || us.Step != 0 {
		t.Errorf("gpz2 after a 4: %+v, want untouched", us)
	}
	if g.s.Phase == PhaseCombat {
		t.Errorf("the Combat Phase did not end after its strafing")
	}
}
