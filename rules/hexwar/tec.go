package hexwar

import "strconv"

// The Terrain Effects Chart as data. Each game fills the rows with its own
// chart and rule numbers (Normandy '44's T3; Ardennes '44 and Salerno '43,
// whose rulebooks print no values, from scenario data); the mover, the zones
// of control and the supply tracer read them.
//
// Movement costs are in sixths of a movement point, so that the road rates of
// 1/2 and 1/3 MP stay exact integers: MP is one whole movement point.
const MP = 6

// NotAllowed is a cost the chart prints as prohibited: off road, the unit may
// not enter the hex (Normandy's marsh, NDZW) or cross the hexside.
const NotAllowed = -1

// Terrain is a hex terrain of a game's chart, in the game's words: "clear",
// "bocage", "wooded-rough".
type Terrain string

// Feature is what may lie on a hexside, in the game's words: "minor-river",
// "impassable", "mountain".
type Feature string

// RoadClass is the class of a road crossing a hexside, in the game's words;
// "" is no road.
type RoadClass string

// TEC is a game's Terrain Effects Chart: a row for each hex terrain, each
// road class and each hexside feature, and the cost of leaving an enemy zone
// of control.
type TEC struct {
	Terrain  map[Terrain]TerrainRow
	Roads    map[RoadClass]RoadRow
	Hexsides map[Feature]HexsideRow
	// LeaveEZOC is the extra cost of leaving a hex in an enemy zone of
	// control (N44 8.2, A44 9.2.1: 1 MP; S43 6.2: 2 MP), and LeaveRule the
	// rule that says so.
	LeaveEZOC int
	LeaveRule string
}

// TerrainRow is one hex-terrain row.
type TerrainRow struct {
	Rule    string // where the row's movement rule is stated
	NonMech int    // cost to enter, non-mechanized (sixths); NotAllowed off road
	Mech    int    // cost to enter, mechanized (sixths); NotAllowed off road
	// Stop: a non-mechanized unit must stop on entering, unless along a
	// road (Normandy's flooded hex, 9.5.1).
	Stop bool
	// LeaveByRoad: a mechanized unit leaves the hex only along a road
	// (Normandy's flooded hex, 9.5.1), by the row's rule.
	LeaveByRoad bool
	// TacticalStop: Tactical Movement stops on entering the hex, along a
	// road or not (Normandy's flooded hex, 9.10), by MoveRefs.Tactical.
	TacticalStop bool
	// Unplayable: no unit enters the hex, no zone of control reaches it and
	// no bond or supply line runs through it (all-sea hexes, N44 2.2.1).
	Unplayable bool
	// The combat columns: the defensive bonus, whether an attacker may
	// claim armor superiority into the hex, whether it stops a retreat.
	DB           int
	AttackerAS   bool
	StopsRetreat bool
}

// RoadRow is a road row: the cost of a hex entered along the road, which
// replaces the terrain's (N44 9.3, A44 11.7, S43 5.2).
type RoadRow struct {
	Rule    string
	NonMech int
	Mech    int
}

// HexsideRow is a hexside row, for a hexside crossed off road: a road over
// a river is a bridge (N44 9.3, S43 5.2).
type HexsideRow struct {
	Rule    string
	NonMech int // extra cost (sixths); NotAllowed: no crossing
	Mech    int // extra cost (sixths); NotAllowed: no crossing
	// FirstMove: the unit must start next to the hexside and cross it as its
	// first move (N44 TEC note A, A44 11.4.1, S43 5.5).
	FirstMove bool
	// Impassable: no movement across it at all, road or not (N44 9.6); nor
	// any zone of control.
	Impassable bool
	// Bridge: the feature carries movement over the other features of its
	// hexside at no extra cost (N44 9.11: a causeway over a flooded river).
	Bridge bool
	// River: a river through the middle of a hex is part of the hex's
	// terrain, so this feature does not count on that hex's hexsides (N44
	// 2.2.3, A44 3.3).
	River bool
}

// MPText prints a cost in sixths as movement points with a fraction: "2",
// "1 1/2", "2/3".
func MPText(sixths int) string {
	var b [24]byte
	return string(AppendMPText(b[:0], sixths))
}

// mpFractions are the fractions of an MP in sixths, in their words.
var mpFractions = [MP]string{1: "1/6", 2: "1/3", 3: "1/2", 4: "2/3", 5: "5/6"}

// AppendMPText appends MPText(sixths) to dst: Legal writes thousands of
// costs into one text (issue 18).
func AppendMPText(dst []byte, sixths int) []byte {
	whole, rest := sixths/MP, sixths%MP
	switch {
	case rest == 0:
		return strconv.AppendInt(dst, int64(whole), 10)
	case whole == 0:
		return append(dst, mpFractions[rest]...)
	}
	dst = strconv.AppendInt(dst, int64(whole), 10)
	return append(append(dst, ' '), mpFractions[rest]...)
}
