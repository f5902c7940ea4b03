package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// 12.4.3 (L602: an Allied non-mechanized unit uses Trucks if it starts its
// Movement Phase on a road, not next to an enemy unit and not in an
// Off-map Area, OCR-8; L604: reinforcements may enter on Trucks without
// loading them): 4/8/2, in the SE Off-map Area since turn 3, enters on
// turn 5 on foot, not on Trucks; arriving on turn 3 it may. Under
// ardennes44/3 it came on on Trucks whenever it entered.
func TestTrucks_OnlyArrivingReinforcementsEnterOnThem_12_4_3(t *testing.T) {
	road := column(3, 1, 12)
	f := entryFixture
	f.roads = [][]string{append([]string{"primary"}, road...)}
	f.extra = "\n[reinforcements]\n3 4/8/2 AB\n"
	offMapSince3 := func(g *Game) *Game {
		st(g, "4/8/2").At, st(g, "4/8/2").Arrived = offPrefix+"se", 3
		g.enterForTest()
		return g
	}
	move := roadMove("4/8/2", road, 10, "sm")

	g := offMapSince3(f.game(t, 5, PhaseMovement, Allied))
	_, err := g.Clone().(*Game).Apply(rules.Seat(Allied), move)
	refused(t, err, "12.4.3")
	for _, c := range choicesFor(g, Allied, "4/8/2") {
		if hasFlag(c, "sm") {
			t.Errorf("Legal offers %q: the unit has no Trucks (12.4.3)", c)
		}
	}
	apply(t, g, Allied, roadMove("4/8/2", road, 2)) // on foot, as the unit it is

	arriving := f.game(t, 3, PhaseMovement, Allied)
	arriving.enterForTest()
	apply(t, arriving, Allied, move)
	if at(arriving, "4/8/2") != road[10] || !st(arriving, "4/8/2").Trucks {
		t.Errorf("4/8/2 arriving on turn 3 is at %s (Trucks %v), want %s on Trucks (12.4.3, L604)", at(arriving, "4/8/2"), st(arriving, "4/8/2").Trucks, road[10])
	}

	f.version = "ardennes44/3"
	old := offMapSince3(f.game(t, 5, PhaseMovement, Allied))
	apply(t, old, Allied, move)
	if at(old, "4/8/2") != road[10] {
		t.Errorf("ardennes44/3: 4/8/2 at %s, want %s on Trucks as it played", at(old, "4/8/2"), road[10])
	}
}

// hasFlag reports whether a move command ends with flag among its flags.
func hasFlag(command, flag string) bool {
	mc, err := moveGrammar.Parse(command)
	return err == nil && mc.Has(flag)
}

// 12.2 (L578: a unit in Strategic Movement "Nie może zakończyć ruchu w
// heksie z inną jednostką (wyjątek 12.4.2)"), 12.4.2 (L596: units of one
// regiment "mogą być zgrupowane razem w Ruchu Strategicznym i używać
// jednego znacznika SM"): 106/424/1 on Trucks does not end its move with
// 106/424(-) unless that unit is in Strategic Movement too, and Legal
// offers no such end. Under ardennes44/3 any unit of the regiment would do.
func TestSM_EndsOnlyWithItsRegimentInSM_12_2(t *testing.T) {
	road := column(6, 1, 8)
	game := func(version string) *Game {
		f := fixture{roads: [][]string{append([]string{"primary"}, road...)}, setup: []string{"106/424/1 0601", "106/424(-) 0605"}, version: version}
		g := f.game(t, 4, PhaseMovement, Allied)
		u := st(g, "106/424/1")
		u.SM, u.Trucks = true, true // loaded on turn 3 (12.4.3)
		return g
	}
	move := roadMove("106/424/1", road, 4, "sm")

	g := game("")
	_, err := g.Clone().(*Game).Apply(rules.Seat(Allied), move)
	refused(t, err, "12.2")
	for _, c := range choicesFor(g, Allied, "106/424/1") {
		if mc, err := moveGrammar.Parse(c); err == nil && mc.Path[len(mc.Path)-1] == road[4] {
			t.Errorf("Legal offers %q, ending with 106/424(-), not in SM (12.2)", c)
		}
	}
	st(g, "106/424(-)").SM, st(g, "106/424(-)").Trucks = true, true
	apply(t, g, Allied, move)

	old := game("ardennes44/3")
	apply(t, old, Allied, move)
	if at(old, "106/424/1") != road[4] {
		t.Errorf("ardennes44/3: 106/424/1 at %s, want %s with its regiment as it played", at(old, "106/424/1"), road[4])
	}
}
