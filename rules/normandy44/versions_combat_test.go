package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The fixes of normandy44/5 to combat, each against the rulebook (seeds/000,
// its line), on a small test map; normandy44/4, under which older logs still
// replay, keeps its reading.

// combatUnder is m's game in side's Combat Phase of turn 3 under a rules
// version, in weather w.
func (m testMap) combatUnder(t *testing.T, version string, side Side, w Weather) *Game {
	t.Helper()
	g := m.gameUnder(t, version, side, 3)
	g.s.Phase, g.s.Weather = PhaseCombat, w
	return g
}

// TestJabos_AMBIG34_AlliedRolls: the Jabos die before a German attack in
// Clear weather is the Allied player's, as the example of 19.1.3 has it (L1314:
// "gracz aliancki rzuca w tabeli Jabos"), the digest's reading of AMBIG-34;
// normandy44/4 had the German roll it, as 4.3 reads (L334).
func TestJabos_AMBIG34_AlliedRolls(t *testing.T) {
	m := testMap{
		units: []string{gerInf, "a1 allied us 4 infantry 2-4 1-4"},
		setup: []string{"ginf 0505", "a1 0504"},
	}
	for version, roller := range map[string]rules.Seat{Version: "allied", "normandy44/4": "german"} {
		g := m.combatUnder(t, version, German, WeatherClear5)
		apply(t, g, German, "attack 0504 from 0505 maf ginf")
		p := g.Pending()
		if p.Dice == nil || p.Dice.By != roller || len(p.Seats) != 1 || p.Seats[0] != roller {
			t.Errorf("%s: the Jabos die is awaited from %+v (seats %v), want %s's", version, p.Dice, p.Seats, roller)
		}
	}
}
