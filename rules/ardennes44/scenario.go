package ardennes44

import (
	"errors"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// A scenario file holds what the rulebook does not print
// (docs/scenario-format.md, "Ardennes '44"): the map, which scenarios take
// from a shared map file (ardennes.map), the charts, from a chart file that
// a player who owns the game replaces with the real player-aid card
// (standard.chart, chart.go), the counters, the set-up, the reinforcement
// schedule, the turn card's replacements, the scenario's special rules and
// its victory conditions.

// Scenario is a parsed scenario, assembled with its map and chart.
type Scenario struct {
	// The head's LastTurn, and FirstTurn, bound the game (S1.1: 1-22;
	// S4.1: 13-22; S5.1: to 30).
	hexwar.ScenarioHead
	FirstTurn int

	Hexes    []Hex
	Hexsides []hexwar.Hexside
	Roads    []hexwar.Road
	Zones    []hexwar.Zone

	Entries    []Entry
	Sources    []Entry // supply sources that are no entry hex (23.2); Letter and Area empty
	Victory    []VictoryHex
	Starts     []StartPosition
	Bottleneck []string // the three St-Vith bottleneck hexes (24.7)
	StVith     string   // the town whose control sets their cost (24.7)
	Bastogne   []string // S4.4, S5.2
	FuelDumps  []string // 32.1
	Bridges    []NamedBridge

	Units          []Unit
	Setup          []Placement
	Reinforcements []Reinforcement
	Replacements   []NightReplacements
	Special        Special
	Win            VictoryRule

	Chart *Chart
}

// Hex is one [terrain] record.
type Hex struct {
	ID      string
	Terrain Terrain
	// River: a river runs through the hex, a town's or a wooded-rough
	// hex's, and is ignored (3.3, 15.5.2 note).
	River    bool
	WestWall bool // 15.7
	Name     string
}

// Entry is an entry hex (3.2, 13.1): its letter and side, and for the
// Allies the Off-map Area whose sector it belongs to (13.4). Every entry hex
// is a supply source of its side (23.2).
type Entry struct {
	Hex    string
	Letter string
	Side   Side
	Area   string
}

// VictoryHex is a victory hex and what it counts for: "east" the East
// sheet's (S2.4), "liege" (30.2 b), "meuse" (30.2 c), "west" (30.2 d).
type VictoryHex struct {
	Hex  string
	Kind string
}

// StartPosition is a German Division Start Position (S1.3, 29.1.2, 30.3).
type StartPosition struct {
	Division string
	Hexes    []string
}

// NamedBridge is a bridge the rulebook names (7.6-7.9, S1.4, S4.3 E).
type NamedBridge struct {
	Side   string // "HEX/HEX", the lower first
	Number string // the book's #1-#6, "" for none
	Name   string
}

// Errors a scenario may have beyond the toolkit's classes.
var (
	ErrSyntax    = scn.ErrSyntax
	ErrUnknown   = scn.ErrUnknown
	ErrInvalid   = scn.ErrInvalid
	ErrMissing   = scn.ErrMissing
	ErrDuplicate = scn.ErrDuplicate
	// ErrStacking: a set-up over the stacking limit (8.1, 8.2).
	ErrStacking = errors.New("stacking")
)

// Ext are the side files' endings: the shared map and the charts.
const (
	MapExt   = hexwar.MapExt
	ChartExt = hexwar.ChartExt
)

// mapFiles and chartFiles are the two kinds of side files (rules/scn): a
// scenario names its map with "map NAME" (a window clips it) and its charts
// with "chart NAME".
var (
	mapFiles   = hexwar.MapFiles("ardennes44", clipPlace)
	chartFiles = hexwar.ChartFiles("ardennes44", []scn.MapSection{{Name: "tec"}, {Name: "frozen"}, {Name: "crt"}})
)

// Assemble inlines the chart file and the map file a scenario names, in
// that order, into the one text a game reads and an invite digests.
func Assemble(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	withChart, err := chartFiles.Assemble(data, open)
	if err != nil {
		return nil, err
	}
	return mapFiles.Assemble(withChart, open)
}

// clipPlace clips a [places] record to a window by its kind's shape: a
// start position keeps its hexes inside; a bridge its hexside if both hexes
// are inside; the others their hex, the second word.
func clipPlace(w scn.Window, l scn.Line) ([]string, bool) {
	switch l.Words[0] {
	case "start":
		if len(l.Words) < 3 {
			return nil, true
		}
		rest := scn.Line{Words: append([]string{l.Words[0] + " " + l.Words[1]}, l.Words[2:]...), Raw: l.Raw}
		return scn.ClipHexesAfter(w, rest)
	case "bridge":
		if len(l.Words) < 2 {
			return nil, true
		}
		return scn.ClipHexside(w, scn.Line{Words: l.Words[1:], Raw: l.Raw})
	}
	return scn.ClipHexSecond(w, l)
}
