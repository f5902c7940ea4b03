package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// enterInitial puts g in the Initial Phase of turn and enters it.
func enterInitial(g *Game, turn int) []rules.Event {
	g.setStage(turn, PhaseInitial, "")
	return g.enterPhase()
}

// rollInitial gives the weather die and returns the events and what the game
// then waits for.
func rollInitial(t *testing.T, g *Game, die int) ([]rules.Event, rules.Pending) {
	t.Helper()
	ev, err := g.Roll([]int{die})
	if err != nil {
		t.Fatalf("weather die %d: %v", die, err)
	}
	return ev, g.Pending()
}

// TestStorms_25_1_RerollOnes: with historical storms a weather roll of 1 is
// rolled again, as a new request for a die with its own purpose, until it is
// not 1; the turn then has that roll's weather.
func TestStorms_25_1_RerollOnes(t *testing.T) {
	g := fourGame(t, Allied, "historical-storms")
	enterInitial(g, 5)
	first := g.Pending().Dice
	if first == nil || first.For != "weather, turn 5 (4.1)" {
		t.Fatalf("the weather die: %+v", first)
	}
	ev, p := rollInitial(t, g, 1)
	if g.s.Phase != PhaseInitial || p.Dice == nil || !strings.Contains(ev[0].Text, "a 1 is rolled again (25.1)") {
		t.Fatalf("after a 1: %s, %+v, %v", p.Phase, p.Dice, ev)
	}
	if p.Dice.For == first.For || !strings.Contains(p.Dice.For, "again after 1 rolled-again 1 (25.1)") {
		t.Errorf("the second request: %q", p.Dice.For)
	}
	rollInitial(t, g, 1)
	if !strings.Contains(g.Pending().Dice.For, "after 2 rolled-again 1") {
		t.Errorf("the third request: %q", g.Pending().Dice.For)
	}
	rollInitial(t, g, 3)
	if g.s.Weather != WeatherOvercast3 || g.s.Phase == PhaseInitial {
		t.Errorf("25.1: the roll of 3 gives %s at %s", g.s.Weather, g.Pending().Phase)
	}
	// Turn 2 has its own table, where a 1 is Overcast-2 (4.2): it stands.
	g2 := fourGame(t, Allied, "historical-storms")
	enterInitial(g2, 2)
	rollInitial(t, g2, 1)
	if g2.s.Weather != WeatherOvercast2 {
		t.Errorf("turn 2, die 1: %s", g2.s.Weather)
	}
}

// TestStorms_25_1_Turns14To16: turns 14-16 are Storm without a roll; their
// resources are row 1's (the Allies get no RP, 6.5.1).
func TestStorms_25_1_Turns14To16(t *testing.T) {
	for turn := 13; turn <= 17; turn++ {
		g := fourGame(t, Allied, "historical-storms")
		ev := enterInitial(g, turn)
		forced := turn >= 14 && turn <= 16
		if got := g.s.Phase != PhaseInitial; got != forced {
			t.Errorf("turn %d: passed the Initial Phase without a roll: %v", turn, got)
		}
		if !forced {
			continue
		}
		if g.s.Weather != WeatherStorm || !strings.Contains(ev[0].Text, "Storm without a roll (25.1)") {
			t.Errorf("turn %d: %s, %v", turn, g.s.Weather, ev)
		}
		if len(g.s.RP) != 0 {
			t.Errorf("turn %d: Storm gives the Allies RP %v (6.5.1)", turn, g.s.RP)
		}
	}
	// Without the option turn 14 rolls.
	g := fourGame(t, Allied)
	enterInitial(g, 14)
	if g.Pending().Dice == nil {
		t.Error("without 25.1 turn 14 has a weather roll")
	}
}

// TestStorms_25_2_ThreeDayStorm: 1s are rolled again until turn 11 (AMBIG-44
// ENGINE NOTE); a Storm rolled in turns 12-22 lasts 3 turns, the two after it
// Storm without a roll, then the weather is rolled again.
func TestStorms_25_2_ThreeDayStorm(t *testing.T) {
	g := fourGame(t, Allied, "random-storm")
	enterInitial(g, 11)
	if _, p := rollInitial(t, g, 1); p.Dice == nil || g.s.Phase != PhaseInitial {
		t.Fatal("25.2: a 1 in turn 11 is rolled again")
	}
	rollInitial(t, g, 4)
	if g.s.Weather != WeatherClear4 {
		t.Errorf("turn 11: %s", g.s.Weather)
	}
	enterInitial(g, 12)
	ev, _ := rollInitial(t, g, 1)
	if g.s.Weather != WeatherStorm || g.s.StormBegan != 12 || !strings.Contains(ev[len(ev)-1].Text+ev[1].Text, "3 turns") {
		t.Fatalf("turn 12, die 1: %s, began %d, %v", g.s.Weather, g.s.StormBegan, ev)
	}
	for _, turn := range []int{13, 14} {
		g.s.Weather = WeatherClear6
		enterInitial(g, turn)
		if g.s.Weather != WeatherStorm || g.s.Phase == PhaseInitial {
			t.Errorf("25.2: turn %d is %s at %s", turn, g.s.Weather, g.Pending().Phase)
		}
	}
	enterInitial(g, 15)
	if g.Pending().Dice == nil {
		t.Fatal("25.2: after three Storm turns the weather is rolled again")
	}
	rollInitial(t, g, 2)
	if g.s.Weather != WeatherOvercast2 {
		t.Errorf("turn 15: %s", g.s.Weather)
	}
}

// TestStorms_S3_2_3_ArmorReplWith25_1: in the Cherbourg scenario the German
// armor Repl is usable only in a Storm turn; with 25.1, in any turn whose
// weather die came up 1 before it was rolled again (S3.2.3).
func TestStorms_S3_2_3_ArmorReplWith25_1(t *testing.T) {
	data := readFile(t, "../../scenarios/normandy44/cherbourg.scn")
	for _, c := range []struct {
		options []string
		dice    []int
		usable  bool
	}{
		{nil, []int{4}, false},
		{nil, []int{1}, true},
		{[]string{"historical-storms"}, []int{4}, false},
		{[]string{"historical-storms"}, []int{1, 4}, true},
	} {
		gg, err := New(data, c.options)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		enterInitial(g, 5)
		for _, d := range c.dice {
			rollInitial(t, g, d)
		}
		if got := g.stormOnlyReplUsable(); got != c.usable {
			t.Errorf("%v, dice %v: the S3.2.3 armor Repl usable %v, want %v", c.options, c.dice, got, c.usable)
		}
	}
}

// TestStorms_ForcedStormInitialPhase: a Storm turn without a roll (25.1:
// turns 14-16, seed L1505) is still an Initial Phase: an HQ on its Moved side
// that has a supply line flips back (17.2.3, seed L1129-1131), and the
// Allied markers of the turn before are gone, Storm giving none (4.3, 19.1.1,
// 19.2.1: "Wszystkie są odwracane z powrotem ... w Fazie Początkowej").
func TestStorms_ForcedStormInitialPhase(t *testing.T) {
	g := germanCombat(t, caenMap())
	g.opt.storms = optHistoricalStorms
	g.s.Units[g.index["ghq"]].HQMoved = true
	g.s.Air = []markerPool{{Army: "us", Ready: 3, Used: 1}, {Army: "cw", Ready: 3}}
	g.s.Naval = []markerPool{{Army: "us", Ready: 2}, {Army: "cw", Ready: 2, Used: 2}}
	enterInitial(g, 14)
	if g.s.Weather != WeatherStorm || g.s.Phase == PhaseInitial {
		t.Fatalf("turn 14 under 25.1: %s in the %s", g.s.Weather, g.s.Phase)
	}
	if g.s.Units[g.index["ghq"]].HQMoved {
		t.Error("17.2.3: the supplied HQ stays on its Moved side through a forced Storm Initial Phase")
	}
	for _, ps := range [][]markerPool{g.s.Air, g.s.Naval} {
		for _, p := range ps {
			if p.Ready != 0 || p.Used != 0 {
				t.Errorf("4.3: Storm turn keeps last turn's markers: %+v", p)
			}
		}
	}
}
