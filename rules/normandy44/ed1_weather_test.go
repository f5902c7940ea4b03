package normandy44

import (
	"errors"
	"strings"
	"testing"
)

// weatherMap is a plain map for the weather rules: one unit a side.
func weatherMap() testMap {
	return testMap{units: []string{gerInf, allInf}, setup: []string{"ginf 0808", "ainf 0101"}}
}

// D01, 4.1 (IT L316-318): from turn 3 the weather die is modified by the
// last turn's weather: -1 after a Storm, +1 after Clear-6 ("Bello-6"); a
// modified roll below 1 or above 6 reads 1 or 6; the modified roll gives
// every row of the table (4.3 note, IT L344). 2.2 has no modifier.
func TestEd1_D01_WeatherModifier(t *testing.T) {
	for _, c := range []struct {
		prev     Weather
		die      int
		ed1, v22 Weather
	}{
		{WeatherStorm, 3, WeatherOvercast2, WeatherOvercast3},
		{WeatherStorm, 1, WeatherStorm, WeatherStorm}, // 0 reads 1
		{WeatherStorm, 5, WeatherClear4, WeatherClear5},
		{WeatherClear6, 5, WeatherClear6, WeatherClear5},
		{WeatherClear6, 6, WeatherClear6, WeatherClear6}, // 7 reads 6
		{WeatherClear6, 1, WeatherOvercast2, WeatherStorm},
		{WeatherClear5, 1, WeatherStorm, WeatherStorm}, // no modifier after Clear-5
		{WeatherOvercast2, 6, WeatherClear6, WeatherClear6},
	} {
		for _, v := range []string{"", "ed1"} {
			g := weatherMap().edition(t, v, "", 5)
			g.setStage(5, PhaseInitial, "")
			g.s.Weather = c.prev
			if _, err := g.Roll([]int{c.die}); err != nil {
				t.Fatal(err)
			}
			want := c.v22
			if v == "ed1" {
				want = c.ed1
			}
			if g.s.Weather != want {
				t.Errorf("edition %q, after %s, die %d: %s, want %s", v, c.prev, c.die, g.s.Weather, want)
			}
			// The row gives the resources: the German SupP of T5 / IT L1974-1979.
			if got, sp := pool(g, germanSupPPool), weatherResources[want].gerSupP; got != sp {
				t.Errorf("edition %q, after %s, die %d: %d German SupP, the %s row gives %d", v, c.prev, c.die, got, want, sp)
			}
		}
	}
}

// D01: turn 2 has its own table (4.2, IT L320-322) and no modifier.
func TestEd1_D01_Turn2Unmodified(t *testing.T) {
	g := weatherMap().ed1(t, "", 2)
	g.setStage(2, PhaseInitial, "")
	g.s.Weather = WeatherStorm // as if; turn 1 is Overcast-2 (4.1)
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if g.s.Weather != WeatherOvercast3 {
		t.Errorf("turn 2, die 4: %s, want Overcast-3", g.s.Weather)
	}
}

// D51, 28.1 (IT L1586-1588): with historical weather, every turn but 19-21
// June (turns 14-16, Storm without a roll) reads a weather 1 as 2 "for every
// aspect of the game, replacements included"; 2.2's 25.1 rolls it again.
func TestEd1_D51_HistoricalWeatherOneIsTwo(t *testing.T) {
	g := weatherMap().edition(t, "ed1", "", 5, optHistoricalStorms)
	enterInitial(g, 5)
	ev, p := rollInitial(t, g, 1)
	if g.s.Weather != WeatherOvercast2 || p.Dice != nil || !strings.Contains(ev[0].Text, "a 1 counts as 2 for everything (28.1)") {
		t.Fatalf("die 1: %s, %+v, %v", g.s.Weather, p.Dice, ev)
	}
	if got := pool(g, germanSupPPool); got != weatherResources[WeatherOvercast2].gerSupP {
		t.Errorf("die 1 read as 2: %d German SupP, row 2 gives %d", got, weatherResources[WeatherOvercast2].gerSupP)
	}
	enterInitial(g, 15)
	if g.s.Weather != WeatherStorm || g.Pending().Dice != nil {
		t.Errorf("turn 15 (20 June): %s, dice %+v; Storm without a roll", g.s.Weather, g.Pending().Dice)
	}
	g22 := weatherMap().edition(t, "", "", 5, optHistoricalStorms)
	enterInitial(g22, 5)
	if _, p := rollInitial(t, g22, 1); p.Dice == nil {
		t.Error("2.2's 25.1 reads the 1 instead of rolling again")
	}
}

// optionRefused checks that an option of one edition is refused in the
// other, saying whose rule it is.
func optionRefused(t *testing.T, variant, option, says string) {
	t.Helper()
	_, err := newGame([]byte(weatherMap().text()), variant, []string{option}, Version)
	if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "which this edition does not have") {
		t.Errorf("edition %q, option %s: %v", variant, option, err)
	}
}

// D52, 25.2 (2.2 only): the random 3-day storm. The first edition has no
// such optional rule (its 28, IT L1584-1602): the option is refused there;
// its own optional rules are taken.
func TestEd1_D52_NoRandomStorm(t *testing.T) {
	optionRefused(t, "ed1", optRandomStorm, "25.2")
	if _, err := newGame([]byte(weatherMap().text()), "ed1", []string{optFlankFire, optHistoricalStorms, optCoastalBatteries}, Version); err != nil {
		t.Errorf("the first edition's optional rules: %v", err)
	}
}
