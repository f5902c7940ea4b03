package salerno43

import (
	"errors"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// A scenario file holds what the rulebook does not print (digest §1.3):
// the map, which scenarios take from a shared map file (salerno.map), the
// charts, from a chart file a player who owns the game replaces with the
// real cards (standard.chart, chart.go), the counters, the set-up, the
// reinforcement schedule, the turn track, the scenario's special rules and
// its victory conditions (docs/scenario-format.md, "Salerno '43").

// Scenario is a parsed scenario, assembled with its map and chart.
type Scenario struct {
	// The head's LastTurn ends the game (S1.1: 8).
	hexwar.ScenarioHead

	Hexes    []Hex
	Hexsides []hexwar.Hexside
	Roads    []hexwar.Road
	Zones    []hexwar.Zone

	Ports     []Port
	Beaches   []Beach
	Airfields []string
	VP        []VPHex
	Entries   []EntryArea
	// Adjacent are the pairs of entry areas a unit moves between (21.5).
	Adjacent [][2]string

	Units          []Unit
	Remnants       []Remnant
	Setup          []Placement
	Reinforcements []Reinforcement
	Track          []TurnBox
	Special        Special
	Win            Victory

	Chart *Chart
}

// Hex is one [terrain] record.
type Hex struct {
	ID      string
	Terrain Terrain
	Name    string
}

// Port is a port (18.2): its capacity in landing points a turn, the white
// number by its symbol (18.4.4), and whether it may never be used
// (Sorrento, Torre Annunziata: the number in brackets, 18.2.2).
type Port struct {
	Hex      string
	LP       int
	Unusable bool
}

// Beach is a landing beach (24.2): its hex, its name and the army whose
// beachhead lands there.
type Beach struct {
	Hex, Name string
	Nation    string // "us" or "cw"
}

// VPHex is an objective hex and its value (23.1.1).
type VPHex struct {
	Hex    string
	Points int
}

// EntryArea is an entry area beyond the map edge (21.0): N1, N2 (north),
// S1-S3 (south), E1-E5 (east), and the map hexes next to it.
type EntryArea struct {
	Name  string
	Hexes []string
}

// Code is the area's entry code, its letter (21.1.1).
func (e EntryArea) Code() string { return e.Name[:1] }

// entryAreas are the book's areas (21.1.1, 21.2).
var entryAreas = []string{"N1", "N2", "S1", "S2", "S3", "E1", "E2", "E3", "E4", "E5"}

// Errors a scenario may have beyond the toolkit's classes.
var (
	ErrSyntax    = scn.ErrSyntax
	ErrUnknown   = scn.ErrUnknown
	ErrInvalid   = scn.ErrInvalid
	ErrMissing   = scn.ErrMissing
	ErrDuplicate = scn.ErrDuplicate
	// ErrStacking: a set-up over the stacking limit (4.1-4.3).
	ErrStacking = errors.New("stacking")
)

// The side files' endings: the shared map and the charts.
const (
	MapExt   = hexwar.MapExt
	ChartExt = hexwar.ChartExt
)

// mapFiles and chartFiles are the two kinds of side files (rules/scn): a
// scenario names its map with "map NAME" (a window clips it) and its charts
// with "chart NAME".
var (
	mapFiles   = hexwar.MapFiles("salerno43", clipPlace)
	chartFiles = hexwar.ChartFiles("salerno43", chartSections)
)

var chartSections = []scn.MapSection{{Name: "tec"}, {Name: "crt"}, {Name: "invasion"}, {Name: "dd"}, {Name: "weather"}}

// Assemble inlines the chart file and the map file a scenario names, in
// that order, into the one text a game reads and an invite digests.
func Assemble(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	withChart, err := chartFiles.Assemble(data, open)
	if err != nil {
		return nil, err
	}
	return mapFiles.Assemble(withChart, open)
}

// clipPlace clips a [places] record to a window by its kind's shape: an
// entry area keeps its hexes inside; an area pair names no hex; the others
// keep their hex, the second word.
func clipPlace(w scn.Window, l scn.Line) ([]string, bool) {
	switch l.Words[0] {
	case "entry":
		if len(l.Words) < 3 {
			return nil, true
		}
		rest := scn.Line{Words: append([]string{l.Words[0] + " " + l.Words[1]}, l.Words[2:]...), Raw: l.Raw}
		return scn.ClipHexesAfter(w, rest)
	case "areas":
		return nil, true
	}
	return scn.ClipHexSecond(w, l)
}
