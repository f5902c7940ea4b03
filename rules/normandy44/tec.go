package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar"

// The Terrain Effects Chart (T3, rulebook L2030-2064) as data, in the
// series' rows (rules/hexwar). Movement costs are in sixths of a movement
// point, so that the road rates of 1/2 and 1/3 MP stay exact integers: mp is
// one whole MP.
const mp = hexwar.MP

// notAllowed marks a movement cost the TEC prints as NDZW: prohibited unless
// the unit moves along a road (marsh, flooded hexes for mechanized units).
const notAllowed = hexwar.NotAllowed

// terrainChart holds every hex terrain of T3. Town costs its base terrain
// ("OtherT", AMBIG-12); sea hexes are unplayable (2.2.1). The combat columns:
// defensive bonus (11.2), whether an attacker may claim armor superiority
// into it (11.4.4), whether it stops a retreat (13.3). A non-mechanized unit
// stops on entering a flooded hex off road, and a mechanized unit leaves one
// only by road (9.5.1); Tactical Movement stops on entering one (9.10).
var terrainChart = map[Terrain]hexwar.TerrainRow{
	Clear:   {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, AttackerAS: true},
	Mixed:   {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 2, AttackerAS: true},
	Bocage:  {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 3, AttackerAS: true, StopsRetreat: true},
	Forest:  {Rule: "T3", NonMech: 1 * mp, Mech: 2 * mp, DB: 3, StopsRetreat: true},
	Town:    {Rule: "T3, AMBIG-12", NonMech: 0, Mech: 0, DB: 4, AttackerAS: true, StopsRetreat: true}, // cost of its base terrain
	City:    {Rule: "T3", NonMech: 1 * mp, Mech: 1 * mp, DB: 5, StopsRetreat: true},
	Flooded: {Rule: "9.5.1", NonMech: 2 * mp, Mech: notAllowed, Stop: true, LeaveByRoad: true, TacticalStop: true},
	Marsh:   {Rule: "T3", NonMech: notAllowed, Mech: notAllowed},
	Sea:     {Rule: "2.2.1", NonMech: notAllowed, Mech: notAllowed, Unplayable: true},
}

// roadChart is the road rows of T3: the cost of a hex entered along the road
// (9.3).
var roadChart = map[RoadClass]hexwar.RoadRow{
	MinorRoad: {Rule: "9.3", NonMech: mp / 2, Mech: mp / 2},
	// German mechanized units pay what the weather says (9.7, TEC note B:
	// 1/2 in Clear and Overcast): Weather.GermanMechMajorRoadMP.
	MajorRoad: {Rule: "9.3, 9.7", NonMech: mp / 2, Mech: mp / 3},
}

// minorRoadRow and majorRoadRow are roadChart's rows, for Game.roadCost.
var minorRoadRow, majorRoadRow = roadChart[MinorRoad], roadChart[MajorRoad]

// hexsideChart is the hexside rows of T3, for a hexside crossed off road (a
// road over a river is a bridge, 9.3). A river through a Town, City or
// flooded hex is part of the hex (2.2.3).
var hexsideChart = map[HexsideFeature]hexwar.HexsideRow{
	MinorRiver:    {Rule: "9.4.2", NonMech: 0, Mech: 1 * mp, River: true},
	MajorRiver:    {Rule: "9.4.1", NonMech: 1 * mp, Mech: 1 * mp, FirstMove: true, River: true},
	FloodedRiver:  {Rule: "9.5.1", NonMech: 1 * mp, Mech: notAllowed, FirstMove: true},
	Causeway:      {Rule: "9.11", Bridge: true}, // a bridge over the flooded river
	Impassable:    {Rule: "9.6", NonMech: notAllowed, Mech: notAllowed, Impassable: true},
	Carpiquet:     {Rule: "11.7"}, // combat only
	CherbourgLine: {Rule: "16.3"}, // combat and retreat only
}

// leaveEZOC is the extra cost of leaving a hex in an enemy ZOC (8.2); entering
// one costs nothing extra but stops the unit.
const leaveEZOC = 1 * mp

// chart is T3 as the board reads it.
var chart = &hexwar.TEC{Terrain: terrainChart, Roads: roadChart, Hexsides: hexsideChart, LeaveEZOC: leaveEZOC, LeaveRule: "8.2"}

// mpText prints a cost in sixths as MP with a fraction: "2", "1 1/2", "2/3".
func mpText(sixths int) string { return hexwar.MPText(sixths) }
