// Package normandy44 is the Normandy '44 engine (GMT, rules edition 2.2, and
// the first edition as the variant ed1: edition.go). This file and the
// scenario_*.go files read and write scenario files: the map, the counters,
// the set-up, the reinforcement schedule and the victory conditions, which the
// rulebook does not print (docs/scenario-format.md describes the format).
package normandy44

import (
	"errors"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// Scenario is one parsed scenario file. It is plain data: every list has a fixed
// order (map data sorted by hex id, the rest in file order), so two files that
// say the same thing parse to equal values and Format writes them identically.
type Scenario struct {
	Game       string // always "normandy44"
	Name       string // file name without extension, e.g. "cherbourg"
	Title      string
	Edition    string // rules edition the data was made for, e.g. "2.2"
	Provenance string // "stand-in: <what is invented>" or "transcribed: <source>"
	Layout     string // hex grid layout, e.g. "flat-top odd-columns-down"
	Turns      int    // last turn of the scenario (S1 22, S2 7, S3 12)

	Hexes          []Hex     // sorted by ID; a hex not listed is off the map
	Hexsides       []Hexside // sorted by A then B, A < B
	Roads          []Road    // file order
	Zones          []Zone    // sorted by Name, hexes sorted
	Places         []Place   // sorted by Kind, Hex, Arg
	Boxes          []Box     // file order
	Units          []Unit    // file order
	Setup          []Placement
	Reinforcements []Reinforcement
	Special        []SpecialRule
	Victory        []VictoryRule
}

// Hex is one map hex and its terrain (2.2, TEC).
type Hex struct {
	ID      string // printed four-digit number, e.g. "2512"
	Terrain Terrain
	// Base is the terrain under a Town, which sets its movement cost (TEC "OtherT",
	// AMBIG-12). Empty for every other terrain.
	Base     Terrain
	Hilltop  bool // brown hilltop (2.2.2, 11.8)
	Airfield bool // information only except Carpiquet (11.7)
	Coastal  bool // partly sea: coastline for ZOC Lines (8.5.5) and attrition (18.5.2)
	// River: a river runs through this Town, City or flooded hex. Its terrain
	// already includes the river (2.2.3), so the minor and major river
	// hexsides of the hex count as plain hexsides.
	River bool
	Name  string // place name printed on the map, e.g. "Carentan"
}

// Hexside is the border between two adjacent hexes and what lies on it, A <
// B (rules/hexwar).
type Hexside = hexwar.Hexside

// Road is a road drawn through a chain of adjacent hexes (9.3); it crosses the
// hexside between each consecutive pair (rules/hexwar).
type Road = hexwar.Road

// Zone is a set of hexes that a map line encloses: the Cherbourg region, the
// naval bombardment zone, the Allied side of the 27 June line, ...
// (rules/hexwar).
type Zone = hexwar.Zone

// Place marks a hex with a role the rules refer to. Arg depends on Kind:
// beach: the beach name; drop, glider: the airborne formation; entry: the colour;
// mobilization: the division; mulberry: the nationality ("us" or "gb"); battery,
// fort: empty. Sector is the beach sector, for beaches only.
type Place struct {
	Kind   PlaceKind
	Hex    string
	Arg    string
	Sector string
}

// Box is an off-map holding area: In Britain, a beach approach box, a
// mobilization box (6.7). For is the beach or division it belongs to.
// Sector names the beach sector whose hex the box's first-assault units
// assault (20.3.1), for approach boxes of a beach with several hexes.
type Box struct {
	Name   string
	Kind   BoxKind
	For    string
	Sector string
}

// Unit is one combat unit counter (2.3).
//
// Cadres (2.3.5, 17.9): a 3-step unit's third step is its cadre, the values
// of its cadre counter, rather than a second counter in a Cadre Display. The
// rulebook does not give how many cadre counters there are of each letter
// (AMBIG-75), and only that number would make the two differ: with a cadre
// for every 3-step unit, as the engine reads the counter mix, swapping the
// counter for its cadre on the second step loss (17.9.1) is flipping it to
// its third step, with the same values, defending only (17.9.2); a Repl on
// the cadre brings back the unit reduced (17.9.3: step 2); an eliminated
// cadre is rebuilt as the cadre, then reduced, then full (17.9.4: step 3,
// 2, 1); and the Cadre Display's count of 3-step units at cadre (17.9.5,
// 23.3) is the count of units on their third step. The one rule a limited
// mix would add, a unit eliminated for want of a cadre (17.9.1, L1229),
// never applies. A transcription whose counters are fewer could model it
// with the Cadre letter, which the engine keeps for it and shows.
type Unit struct {
	ID          string // printed designation, e.g. "505/82", "922(-)/243"
	Side        Side
	Nationality string // us, gb, ca; heer, ss, luftwaffe, kriegsmarine, todt (2.3.4)
	Formation   string // division or group for the MAF (10.3.2); "" if none
	Type        UnitType
	Size        string // II, III, X, XX ... with (+) or (-); information only (2.3.2)
	Steps       []Step // full strength first; 1 to 3 steps (2.3.5)
	Quality     int    // -2..+2 (2.3.1)
	AC          int    // armor class, 0 if none (2.3.1)
	AntiTank    bool   // the AC is printed on red: anti-tank (11.4.3)
	Cadre       string // letter of the cadre counter of a 3-step unit (2.3.5, 17.9)
	Range       int    // artillery range printed on HQs and Werfers, 0 if not given
	Beach       string // an engineer's beach (17.8)
	Marks       []Mark // sorted
}

// Step is one step side of a counter.
type Step struct {
	Strength   int
	DefendOnly bool // strength printed in parentheses (10.7)
	MA         int
}

// Placement puts a unit on the map or in a box at the start (S1.2, S3.1).
type Placement struct {
	Unit string
	At   string // hex id or box name
	Mode SetupMode
}

// Reinforcement brings a unit into play on a turn (6.5, 6.6, S3.2).
type Reinforcement struct {
	Turn int
	Unit string
	// At is a hex id (S3.2: "at 2506"), "entry:<colour>" (6.6) or a box name
	// (Allied units wait in In Britain and are bought with RP, 6.5.1).
	At     string
	RP     int  // Allied reinforcement-point cost (6.5.1, T15); 0 for German units
	Glider bool // lands by glider and rolls Scatter with +1 (20.2.4)
}

// SpecialRule is a scenario rule that changes the standard rules. Which fields
// are set depends on Kind; see docs/scenario-format.md.
type SpecialRule struct {
	Kind        SpecialKind
	Side        Side
	Formation   string
	Zone        string
	From        int      // first turn the rule applies (range)
	Within      int      // hex distance (range)
	Hexes       []string // range: centre hexes; remove: the hex to occupy
	Names       []string // invasion: beaches; no-marker: markers
	Pool        string   // supply: the SupP marker
	Points      int      // supply: starting SupP
	Nationality string   // remove: whose occupation triggers it; support: the army, us or cw
	Air, Naval  int      // support: the most air and naval markers the army has a turn (19.1.1, 19.2.1)
}

// VictoryRule is one victory condition. Which fields are set depends on Kind.
type VictoryRule struct {
	Kind      VictoryKind
	Side      Side
	Hex       string
	Zone      string
	Place     string // cut-off: the named city, e.g. "Cherbourg"
	Points    int
	Turn      int
	Supplied  bool
	NonHQ     bool
	Automatic bool
}

// Side is a player side, the series' (rules/hexwar); the Germans move first
// in every turn (3.0).
type Side = hexwar.Side

const (
	Allied = hexwar.Allied
	German = hexwar.German
)

// The sentinel errors that classify scenario problems are rules/scn's, named
// here too: every problem reaches the caller as a *LineError that wraps one
// of them.
var (
	ErrSyntax    = scn.ErrSyntax
	ErrUnknown   = scn.ErrUnknown
	ErrBadHex    = scn.ErrBadHex
	ErrOffMap    = scn.ErrOffMap
	ErrAdjacent  = scn.ErrAdjacent
	ErrDuplicate = scn.ErrDuplicate
	ErrMissing   = scn.ErrMissing
	ErrTurn      = scn.ErrTurn
	ErrInvalid   = scn.ErrInvalid
	// ErrStacking: a hex over the stacking limit at set-up (7.1).
	ErrStacking = errors.New("over the stacking limit")
)

// LineError is one problem in a scenario file, at a line (0 if the problem
// concerns the file as a whole): rules/scn's.
type LineError = scn.LineError
