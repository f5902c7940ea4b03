package salerno43

import (
	"github.com/pbem-referee/pbem/rules"
)

// Rules versions. A game is played to its end under the version its invite
// names (rules.Setup.Version), so that every log verifies as it was played.
// What changed between versions is one value, rules, chosen here from the
// version and read where the behaviour is: never a version compared in the
// rules themselves. Each field is a rule that an older version played
// otherwise, with its number and its line in the rulebook (seeds/001).
type rulesVersion struct {
	name string
	// splitRetreat: a retreating stack may split and retreat into
	// different hexes (12.1.2, L703), each part on a path of its own.
	// salerno43/1 retreated the stack whole.
	splitRetreat bool

	// Movement, bonds, landings (salerno43/3):
	// infantryRivers: infantry-type units (2.3.3, L139, †) pay +1 MP to
	// cross an unbridged river (5.5, L276), the mechanized ones among
	// them (mechanized infantry, panzergrenadiers, motorized infantry)
	// and those on a Truck (5.8); only vehicles (*) are held to Tactical
	// Movement. salerno43/2 and older priced the river by the chart's
	// mechanized column, which bars it, so that these crossed it only by
	// TM.
	infantryRivers bool
	// dropSupply: paratroops are in supply on the turn they drop and do
	// not check supply that turn (21.6.3, L1281); the turn is kept in the
	// unit's state (Dropped). salerno43/2 and older checked them in the
	// Supply Phase of their drop turn like any unit.
	dropSupply bool
	// vehicleBonds: a bond formed by a vehicle stack at either end runs
	// across no mountain hexside without a road, wherever on the bond it
	// lies (7.6.1, L371; A-06). salerno43/2 and older broke it only for a
	// mountain hexside on the vehicle's own half of the bond.
	vehicleBonds bool
	// landOverLimit: a unit landing by sea, or moving by sea from land,
	// may end over the stacking limit, which holds at the end of the
	// Movement Phase (21.1.2, L1224; 4.4, L248), as a move on land may;
	// the player is told so. salerno43/2 and older refused such a landing.
	landOverLimit bool
	// landingBonds: no unit lands, or ends a sea move, in a hex an enemy
	// hex bond runs through: units never enter a bond in the Movement
	// Phase (7.2, L344), and a landing is Tactical Movement, which keeps
	// every other rule of movement (5.4, L269; 21.1.2, L1224).
	// salerno43/2 and older refused only a landing hex the enemy held.
	landingBonds bool
	// noSecondHalfEff: a unit may take no voluntary action that would earn
	// it a second ½ Eff marker in the same turn (5.7, L298): a unit that
	// has one this turn makes no move that crosses what earns one and ends
	// next to the enemy, where the marker is placed (L300). salerno43/2
	// and older let it, the unit keeping its one marker.
	noSecondHalfEff bool

	// Supply, replacements, ASU and beachheads (salerno43/3):

	// bhGoodOrder: a BH unit is always in Good Order and is never
	// disorganized (18.1.3, L1070), so a Dis result leaves it as it was.
	// salerno43/1 and /2 made it DG, and a DG one Shattered, by a Dis.
	bhGoodOrder bool
	// asuLOS: an isolated ASU is immune to attrition if stacked with, or
	// able to trace a LOS (16.3) to, a friendly non-ASU unit (16.5.2,
	// L991). salerno43/1 and /2 eliminated one with no such unit in its
	// own hex.
	asuLOS bool
	// attritionLOS: the +2 on the isolation attrition die is for a unit
	// that traces a LOS (16.3) to a friendly-controlled city or a friendly
	// corps ASU (16.5.5, L1003). salerno43/1 and /2 gave it for any such
	// city or ASU within 5 hexes, a LOS's overland length.
	attritionLOS bool
	// replArea: a unit with a Replacement marker in an entry area neither
	// attacks from it nor moves to another area (20.4, L1212: "nie może
	// przemieszczać się między strefami wejścia ... Nie może atakować").
	// salerno43/1 and /2 checked the marker on map hexes only.
	replArea bool
	// readyInArea: an ASU in an entry area may be readied (17.5, L1041:
	// any Good Order ASU in supply at that moment; one in an area
	// supports the combats next to it, 21.3.4). salerno43/1 and /2 readied
	// only ASU on the map.
	readyInArea bool
	// areaSupply: a unit in a friendly entry area, a source (16.2), loses
	// its OOS and Isolated markers in its Supply Phase (16.1, L936: the
	// marker comes off any unit that can now trace supply). salerno43/1
	// and /2 checked units on the map only.
	areaSupply bool
	// seaCapPortToPort: the 3 LP a turn of sea moves from land are those
	// from a port/BH to a port/BH (18.4.5, L1120); a move back to the
	// Floating Reserve is bound by the capacities only. salerno43/1 and /2
	// counted it in the 3 LP.
	seaCapPortToPort bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: a retreating stack may split
// (12.1.2). 3: the audit of the rules against the book: mechanized
// infantry crosses rivers (5.5), paratroops are supplied on their drop turn
// (21.6.3), vehicle bonds and mountains (7.6.1), landings over the stacking
// limit (21.1.2) and never into a bond (7.2), no second ½ Eff (5.7); a Dis
// spares BH units (18.1.3); isolated ASU and the attrition +2 trace a LOS
// (16.5.2, 16.5.5); units in entry areas lose stale OOS markers (16.1), ASU
// there are readied (17.5), Replacement markers bind there (20.4);
// evacuations are outside the 3 LP (18.4.5).
const Version = "salerno43/3"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, splitRetreat: true,
		infantryRivers: true, dropSupply: true, vehicleBonds: true,
		landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
		bhGoodOrder: true, asuLOS: true, attritionLOS: true,
		replArea: true, readyInArea: true, areaSupply: true,
		seaCapPortToPort: true},
	{name: "salerno43/2", splitRetreat: true},
	{name: "salerno43/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "salerno43", List: versions, Name: func(v *rulesVersion) string { return v.name }}
