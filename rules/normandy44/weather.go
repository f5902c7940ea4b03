package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// Weather (4.0) and the resources one weather roll decides (T5, 4.3 note): the
// weather table is data below, each row with its rulebook reference.

// Weather is the state on the Weather track: the row of the weather table that
// gives the turn's resources (4.2: the row, not the die, so a turn-2 roll of 6
// is Overcast-3). The zero value means no weather has been set.
type Weather int

const (
	WeatherStorm     Weather = 1 // T5 row 1
	WeatherOvercast2 Weather = 2 // T5 row 2; turn 1 (4.1), turn 2 on 1-3 (4.2)
	WeatherOvercast3 Weather = 3 // T5 row 3; turn 2 on 4-6 (4.2)
	WeatherClear4    Weather = 4 // T5 row 4
	WeatherClear5    Weather = 5 // T5 row 5
	WeatherClear6    Weather = 6 // T5 row 6
)

var weatherNames = [...]string{"", "Storm", "Overcast-2", "Overcast-3", "Clear-4", "Clear-5", "Clear-6"}

// String is the name on the Weather track, e.g. "Overcast-3".
func (w Weather) String() string {
	if w < WeatherStorm || w > WeatherClear6 {
		return fmt.Sprintf("Weather(%d)", int(w))
	}
	return weatherNames[w]
}

// Valid reports whether w is one of the six weather states.
func (w Weather) Valid() bool { return w >= WeatherStorm && w <= WeatherClear6 }

// Storm, Overcast and Clear are the three kinds of weather of 4.3.
func (w Weather) Storm() bool    { return w == WeatherStorm }
func (w Weather) Overcast() bool { return w == WeatherOvercast2 || w == WeatherOvercast3 }
func (w Weather) Clear() bool    { return w >= WeatherClear4 && w <= WeatherClear6 }

// weatherRow is one row of a weather table: the die faces it covers and the
// state they give.
type weatherRow struct {
	lo, hi int
	w      Weather
	rule   string
}

// turn2Weather is the turn-2 table (4.2, T6).
var turn2Weather = []weatherRow{
	{1, 3, WeatherOvercast2, "4.2: 1-3 Overcast-2"},
	{4, 6, WeatherOvercast3, "4.2: 4-6 Overcast-3"},
}

// weatherTable is the Weather table from turn 3 (4.1, T5 "Rzut/Pogoda").
var weatherTable = []weatherRow{
	{1, 1, WeatherStorm, "T5 row 1: Storm"},
	{2, 2, WeatherOvercast2, "T5 row 2: Overcast"},
	{3, 3, WeatherOvercast3, "T5 row 3: Overcast"},
	{4, 4, WeatherClear4, "T5 row 4: Clear"},
	{5, 5, WeatherClear5, "T5 row 5: Clear"},
	{6, 6, WeatherClear6, "T5 row 6: Clear"},
}

// weatherFor is the weather of a turn from its die roll (4.1). Turn 1 is
// Overcast-2 without a roll, so roll is ignored there; from turn 2 roll is the
// weather die, 1 to 6. The optional rules 25.1 and 25.2 decide whether a roll
// stands (weatherRollStands) before it comes here. A roll outside 1..6 is a
// caller's bug (the dice protocol draws 1..6) and panics.
func weatherFor(turn int, roll int) (Weather, []rules.Event) {
	if turn <= 1 {
		return WeatherOvercast2, []rules.Event{{Text: "Turn 1 weather: Overcast-2, without a roll (4.1)"}}
	}
	table := weatherTable
	if turn == 2 {
		table = turn2Weather
	}
	for _, r := range table {
		if roll >= r.lo && roll <= r.hi {
			return r.w, []rules.Event{{Text: fmt.Sprintf("Turn %d weather: die %d gives %s (%s)", turn, roll, r.w, r.rule)}}
		}
	}
	panic(fmt.Sprintf("normandy44: weather roll %d is not a die face 1-6", roll))
}

// weatherRollStands applies the optional storm rules to a weather roll from
// turn 3 (25.1, 25.2): false means roll the die again. With "historical-storms"
// (25.1) turns 14-16 are Storm whatever the die (see forcedStorm) and a 1 is
// rerolled in every other turn. With "random-storm" (25.2, AMBIG-44) a 1 is
// rerolled in turns 3-11 and stands from turn 12. Without an option every roll
// stands.
func weatherRollStands(turn, roll int, option string) bool {
	if roll != 1 || turn < 3 {
		return true
	}
	switch option {
	case optHistoricalStorms:
		return false
	case optRandomStorm:
		return turn >= 12
	}
	return true
}

// forcedStorm reports whether a turn's weather is Storm without a roll: turns
// 14-16 under 25.1, and under 25.2 the two turns after a Storm that began in
// turns 12-22 (stormBegan is that turn, 0 if none).
func forcedStorm(turn int, option string, stormBegan int) bool {
	switch option {
	case optHistoricalStorms:
		return turn >= 14 && turn <= 16
	case optRandomStorm:
		return stormBegan >= 12 && turn > stormBegan && turn < stormBegan+3
	}
	return false
}

// weatherEffects is T4 (4.3) as data, for the three kinds of weather.
type weatherEffects struct {
	germanMechMALoss  int    // 4.3, 9.7: Clear -2
	germanMechRoadMP  [2]int // MP per major-road hex for German mechanized, as a fraction (9.7, TEC note B)
	jabos             bool   // 19.1.3: roll before each German attack
	cyclistRoadMA     int    // 9.9: MA if moving only by road; 0 if no change
	alliedAirNaval    bool   // 4.3: Storm, no Allied air or naval support
	newIPs            bool   // 16.1.2: no new IPs in Storm
	artilleryShiftCap int    // 17.2, 17.3: shifts per combat from artillery; 0 if weather sets no cap
	tigerPantherRepl  bool   // 6.4.1
	rule              string
}

var (
	clearEffects    = weatherEffects{2, [2]int{1, 2}, true, 0, true, true, 0, false, "4.3 Clear"}
	overcastEffects = weatherEffects{0, [2]int{1, 2}, false, 6, true, true, 0, false, "4.3 Overcast"}
	stormEffects    = weatherEffects{0, [2]int{1, 3}, false, 0, false, false, 1, true, "4.3 Storm; 9.7: no air superiority"}
)

func (w Weather) effects() weatherEffects {
	switch {
	case w.Storm():
		return stormEffects
	case w.Clear():
		return clearEffects
	}
	return overcastEffects
}

// GermanMechMALoss is the MA German mechanized units lose (4.3, 9.7: 2 in Clear).
func (w Weather) GermanMechMALoss() int { return w.effects().germanMechMALoss }

// GermanMechMajorRoadMP is what a German mechanized unit pays per major-road hex,
// num/den MP: 1/2 in Clear and Overcast (9.7, TEC note B), 1/3 in Storm.
func (w Weather) GermanMechMajorRoadMP() (num, den int) {
	c := w.effects().germanMechRoadMP
	return c[0], c[1]
}

// Jabos reports whether the German player rolls on the Jabos table before each
// attack (4.3, 19.1.3: Clear only).
func (w Weather) Jabos() bool { return w.effects().jabos }

// CyclistRoadMA is the cyclists' MA when they move only by road (9.9: 6 in
// Overcast); 0 means their printed MA.
func (w Weather) CyclistRoadMA() int { return w.effects().cyclistRoadMA }

// AirAllowed reports whether Allied air support may fly (4.3: not in Storm).
// How many air markers are ready is resourcesFor's.
func (w Weather) AirAllowed() bool { return w.effects().alliedAirNaval }

// NavalAllowed reports whether Allied naval support may fire (4.3: not in Storm).
func (w Weather) NavalAllowed() bool { return w.effects().alliedAirNaval }

// NewIPsAllowed reports whether new Improved Positions may be started (16.1.2).
func (w Weather) NewIPsAllowed() bool { return w.effects().newIPs }

// ArtilleryShiftCap is the most artillery shifts (HQ or Werfer) one attacker may
// use in one combat because of the weather (4.3: 1 in Storm); 0 means the
// weather sets no cap.
func (w Weather) ArtilleryShiftCap() int { return w.effects().artilleryShiftCap }

// TigerPantherRepl reports whether the German armor Repl of this turn may
// restore a Tiger or Panther if used at once (6.4.1: roll 1, Storm).
func (w Weather) TigerPantherRepl() bool { return w.effects().tigerPantherRepl }
