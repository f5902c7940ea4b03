package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// The optional storm rules (25.1, 25.2), variant options fixed in the
// invitation. weather.go's weatherRollStands and forcedStorm hold the rules
// themselves; here they drive the Initial Phase. The engine never rolls: a
// weather die that must be rolled again is a new request through
// Pending().Dice, and a forced Storm turn has no roll at all.
const (
	optHistoricalStorms = "historical-storms" // 25.1
	optRandomStorm      = "random-storm"      // 25.2 (AMBIG-44)
)

// stormRule names the optional rule in force, for events.
func (g *Game) stormRule() string {
	switch g.opt.storms {
	case optHistoricalStorms:
		return "25.1"
	case optRandomStorm:
		return "25.2, AMBIG-44"
	}
	return ""
}

// weatherPurpose is what the weather die of the Initial Phase is for; a roll
// after rolled-again 1s says so, so that every request names its own purpose.
func (g *Game) weatherPurpose() string {
	if g.s.Rerolled > 0 {
		return fmt.Sprintf("weather, turn %d (4.1), again after %d rolled-again 1 (%s)", g.s.Turn, g.s.Rerolled, g.stormRule())
	}
	return fmt.Sprintf("weather, turn %d (4.1)", g.s.Turn)
}

// forcedStormNow reports whether this turn's weather is Storm without a roll:
// turns 14-16 under 25.1, the second and third turns of a 25.2 Storm.
func (g *Game) forcedStormNow() bool {
	return g.s.Turn >= 3 && forcedStorm(g.s.Turn, g.opt.storms, g.s.StormBegan)
}

// startInitial opens the Initial Phase. In a forced Storm turn (25.1, 25.2)
// the weather is Storm at once, the resources come from row 1 (the digest's
// ENGINE NOTE to 25.2: a forced storm turn uses resource row 1), and the
// phase waits for no die.
func (g *Game) startInitial() []rules.Event {
	g.s.Rerolled = 0
	if !g.forcedStormNow() {
		return nil
	}
	g.s.Weather = WeatherStorm
	events := []rules.Event{{Text: fmt.Sprintf("Turn %d weather: Storm without a roll (%s)", g.s.Turn, g.stormRule())}}
	// As after a rolled weather: row 1's resources, and no Allied markers
	// in a Storm (19.1.1, 19.2.1).
	return append(events, g.weatherKnown()...)
}

// rollWeather takes the weather die of the Initial Phase (4.1). In the first
// edition a die from turn 3 is first modified by the last turn's weather and
// kept within 1-6 (D01, IT L316-318); the modified roll is the row every
// result reads (4.3 note, IT L344). Under 25.1 or 25.2 a 1 that does not
// stand is rolled again (the phase asks for a new die); under the first
// edition's 28.1 it counts as 2 (D51, IT L1588); under 25.2 a Storm rolled
// in turns 12-22 begins a 3-turn storm.
func (g *Game) rollWeather(die int) ([]rules.Event, bool) {
	var events []rules.Event
	if drm := g.ed.weatherDRM(g.s.Weather); g.s.Turn >= 3 && drm != 0 {
		mod := min(max(die+drm, 1), 6)
		events = append(events, rules.Event{Text: fmt.Sprintf("Turn %d weather: die %d, %+d after last turn's %s, reads %d (4.1)", g.s.Turn, die, drm, g.s.Weather, mod)})
		die = mod
	}
	if g.ed.historicalWeatherOneIsTwo && g.opt.storms == optHistoricalStorms && die == 1 && g.s.Turn >= 3 {
		g.s.Rerolled++ // a 1 came up: S3.2.3's armor Repl may be used (stormOnlyReplUsable)
		events = append(events, rules.Event{Text: fmt.Sprintf("Turn %d weather: a 1 counts as 2 for everything (28.1)", g.s.Turn)})
		die = 2
	}
	if !weatherRollStands(g.s.Turn, die, g.opt.storms) {
		g.s.Rerolled++
		return append(events, rules.Event{Text: fmt.Sprintf("Turn %d weather: a 1 is rolled again (%s)", g.s.Turn, g.stormRule())}), false
	}
	w, rolled := weatherFor(g.s.Turn, die)
	events = append(events, rolled...)
	g.s.Weather = w
	if g.opt.storms == optRandomStorm && w.Storm() && g.s.Turn >= 12 && g.s.Turn <= 22 {
		g.s.StormBegan = g.s.Turn
		events = append(events, rules.Event{Text: fmt.Sprintf("The Storm lasts 3 turns, %d to %d (25.2)", g.s.Turn, g.s.Turn+2)})
	}
	return events, true
}

// stormOnlyReplUsable reports whether the Cherbourg scenario's German armor
// Repl (S3.2.3: only in a Storm turn) may be used now: in a Storm turn, or,
// with 25.1, in a turn whose weather die came up 1 before it was rolled
// again (S3.2.3: "with optional rule 25.1, every time a 1 is rolled"; the
// engine reads it as any such turn, the stock still being the one Repl).
func (g *Game) stormOnlyReplUsable() bool {
	return g.s.Weather.Storm() || (g.opt.storms == optHistoricalStorms && g.s.Rerolled > 0)
}
