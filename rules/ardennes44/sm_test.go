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
