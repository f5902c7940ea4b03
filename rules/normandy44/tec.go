package normandy44

// The Terrain Effects Chart (T3, rulebook L2030-2064) as data. Movement costs
// are in sixths of a movement point, so that the road rates of 1/2 and 1/3 MP
// stay exact integers: mp is one whole MP.
const mp = 6

// notAllowed marks a movement cost the TEC prints as NDZW: prohibited unless
// the unit moves along a road (marsh, flooded hexes for mechanized units).
const notAllowed = -1

// terrainRow is one hex-terrain row of the TEC.
type terrainRow struct {
	Rule    string // where the row's movement rule is stated
	NonMech int    // MP cost to enter, non-mechanized (sixths); notAllowed = NDZW
	Mech    int    // MP cost to enter, mechanized (sixths); notAllowed = NDZW
	// Stop: a non-mechanized unit must stop on entering, unless along a road
	// (flooded hex, 9.5.1).
	Stop bool
	// Combat columns, for part 2: defensive bonus (11.2), whether an attacker
	// may claim armor superiority into it (11.4.4), whether it stops a retreat
	// (13.3).
	DB           int
	AttackerAS   bool
	StopsRetreat bool
}

// terrainChart holds every hex terrain of T3. Town costs its base terrain
// ("OtherT", AMBIG-12); sea hexes are unplayable (2.2.1).
var terrainChart = map[Terrain]terrainRow{
	Clear:   {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, AttackerAS: true},
	Mixed:   {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 2, AttackerAS: true},
	Bocage:  {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 3, AttackerAS: true, StopsRetreat: true},
	Forest:  {Rule: "T3", NonMech: 1 * mp, Mech: 2 * mp, DB: 3, StopsRetreat: true},
	Town:    {Rule: "T3, AMBIG-12", NonMech: 0, Mech: 0, DB: 4, AttackerAS: true, StopsRetreat: true}, // cost of its base terrain
	City:    {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 5, StopsRetreat: true},
	Flooded: {Rule: "9.5.1", NonMech: 2 * mp, Mech: notAllowed, Stop: true},
	Marsh:   {Rule: "T3", NonMech: notAllowed, Mech: notAllowed},
	Sea:     {Rule: "2.2.1", NonMech: notAllowed, Mech: notAllowed},
}

// roadRow is a road row of T3: the cost of a hex entered along the road (9.3).
type roadRow struct {
	Rule    string
	NonMech int
	Mech    int
}

var roadChart = map[RoadClass]roadRow{
	MinorRoad: {Rule: "9.3", NonMech: mp / 2, Mech: mp / 2},
	// German mechanized units pay what the weather says (9.7, TEC note B:
	// 1/2 in Clear and Overcast): Weather.GermanMechMajorRoadMP.
	MajorRoad: {Rule: "9.3, 9.7", NonMech: mp / 2, Mech: mp / 3},
}

// hexsideRow is a hexside row of T3, for a hexside crossed off road (a road
// over a river is a bridge, 9.3).
type hexsideRow struct {
	Rule       string
	NonMech    int  // extra MP (sixths); notAllowed = prohibited
	Mech       int  // extra MP (sixths); notAllowed = prohibited
	FirstMove  bool // the unit must start adjacent and cross as its first move (TEC note A)
	Impassable bool // no movement at all, road or not (9.6)
}

var hexsideChart = map[HexsideFeature]hexsideRow{
	MinorRiver:    {Rule: "9.4.2", NonMech: 0, Mech: 1 * mp},
	MajorRiver:    {Rule: "9.4.1", NonMech: 1 * mp, Mech: 1 * mp, FirstMove: true},
	FloodedRiver:  {Rule: "9.5.1", NonMech: 1 * mp, Mech: notAllowed, FirstMove: true},
	Causeway:      {Rule: "9.11", NonMech: 0, Mech: 0}, // a bridge over the flooded river
	Impassable:    {Rule: "9.6", NonMech: notAllowed, Mech: notAllowed, Impassable: true},
	Carpiquet:     {Rule: "11.7"}, // combat only
	CherbourgLine: {Rule: "16.3"}, // combat and retreat only
}

// leaveEZOC is the extra cost of leaving a hex in an enemy ZOC (8.2); entering
// one costs nothing extra but stops the unit.
const leaveEZOC = 1 * mp

// mpText prints a cost in sixths as MP with a fraction: "2", "1 1/2", "2/3".
func mpText(sixths int) string {
	whole, rest := sixths/mp, sixths%mp
	frac := [mp]string{1: "1/6", 2: "1/3", 3: "1/2", 4: "2/3", 5: "5/6"}[rest]
	switch {
	case rest == 0:
		return itoa(whole)
	case whole == 0:
		return frac
	}
	return itoa(whole) + " " + frac
}
