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

	// Combat (salerno43/3):

	// overstackedRetreat: a retreat may end over the stacking limit
	// (12.1.4, L711), the owner putting it right by the end of his next
	// Movement Phase (4.4); it is never lengthened to find room, the one
	// extra hex of 12.2 (L723) being against an enemy ZOC only.
	// salerno43/2 and older lengthened a retreat by up to 2 hexes to end
	// within the limit and eliminated a stack that found none.
	overstackedRetreat bool
	// firstEZOCFree: a retreat's first hex may be a vacant hex in an enemy
	// ZOC (12.1.3 priority 3, L707), a path through one ranking with the
	// others (the rule says no "if possible"). salerno43/2 and older kept
	// such paths only when no other was legal.
	firstEZOCFree bool
	// retreatToSupply: of the legal retreats, those that end where the
	// unit will be in supply are kept when any do (12.1.3 priority 4,
	// L708: "Jeśli to możliwe, wycofaj się na heks, na którym jednostka
	// będzie zaopatrywana"), before priority 5. salerno43/2 and older
	// applied priority 5 only.
	retreatToSupply bool
	// retreatStops: any retreat that enters a city its side controls, and
	// any Allied one that enters a BH hex, may stop there (12.1.5, L713),
	// whatever its length and wherever on its path; nothing else stops
	// it short. salerno43/2 and older let only a 2-hex retreat stop, after
	// one hex, gave the Germans no city stop, and let friends "hold" a
	// lone Shattered unit (defense 0) after one hex anywhere.
	retreatStops bool
	// advanceFirstZOCToZOC: no advancing unit moves from one enemy ZOC
	// hex straight into another of the same enemy unit, unless into or
	// out of the vacated hex (14.4.1, L849), its first step included.
	// salerno43/2 and older checked the steps after the first only.
	advanceFirstZOCToZOC bool
	// lossFromContributors: the defenders' step loss falls on the units
	// that added to the defense (10.2.2, L594-596): a bracketed unit
	// stacked with others (8.4.6, L446) and a Shattered one (13.3.2,
	// L801) are chosen only once the others are eliminated. salerno43/2
	// and older let any defender but one that retreated in take it.
	lossFromContributors bool
	// defenderPicksFirst: when both sides must lose a step, the defender
	// picks first (10.2.2, L596: "obrońca wybiera pierwszy"): on A1/D1
	// his own step before the attacker picks his; on EX and DRX the
	// attacker's, as before. salerno43/2 and older asked the attacker
	// first on A1/D1.
	defenderPicksFirst bool
	// independentNoFormation: an independent unit is part of no formation
	// (8.4.4, L432), whatever its line names (gar-ta's "hg"): it joins a
	// MAF only as the add-on (8.4.3) and counts as no unit of a division
	// for its ASU (9.5.1, 11.3). salerno43/2 and older read its
	// formation.
	independentNoFormation bool

	// Added after the audit's first fixes (salerno43/3):

	// ddNamedSource: the defender names the DD's support (11.3, L634;
	// 17.6.2, L1049: "jednej jednostki lotniczej, morskiej lub ASU ...
	// tej samej narodowości co jednostka prowadząca"), one ready air,
	// naval or ASU source of the Lead's nationality, the air marker
	// included, in a hex of mixed nationalities too: "dd LEAD support
	// SOURCE". salerno43/2 and older gave no air marker, picked the source
	// themselves (an ASU before the naval marker) and gave a mixed hex
	// none.
	ddNamedSource bool
	// despLostOnEveryPath: a unit that every retreat path would eliminate
	// cannot retreat (11.5.2, L662; 11.5.4, L679 "Pojazdy bez odwrotu"):
	// a vehicle before an unbridged river (12.3.1) stands in a Desperate
	// Defense while those that can retreat do. salerno43/2 and older
	// counted only units of MA 0 as unable to retreat.
	despLostOnEveryPath bool
	// moveIntoArea: a move may end in an entry area next to its last hex
	// (21.3.2, L1242: entering an area in the Movement Phase costs 1 MP,
	// or one hex of TM, and the unit stops there), from a hex the move
	// did not have to stop in (6.2): "move UNIT HEX... AREA".
	// salerno43/2 and older took a unit into an area only by 'enter', as
	// its whole move from next to it.
	moveIntoArea bool
	// autoAdvanceRules: an Auto DS's advance obeys the advance rules
	// (8.7.2, L471; 14.5, L858): entering hills off road ends it, and its
	// first step goes from one enemy ZOC into another of the same enemy
	// unit only into the vacated hex (14.4.1, L849), as after a normal
	// combat. salerno43/2 and older let it go on through hills and checked
	// no ZOC-to-ZOC step.
	autoAdvanceRules bool
	// hillsRoadStop: a unit that enters hills along a road and leaves them
	// off it goes one hex more and stops there (14.5, L858: "wejdą drogą w
	// takim przypadku mogą ścigać na drugie pole, ale muszą się
	// zatrzymać"; A-20); along the road in and out the hills have no
	// effect. salerno43/2 and older never stopped it.
	hillsRoadStop bool
	// ddLossFromMAF: the attacker's step lost on a DD's "1/dis H" comes
	// from the MAF while any of it is left (10.2.2, L594: the attacker's
	// losses come from units "były częścią głównych sił szturmowych"), the
	// attacker picking it, as "1*/1 H" already held it to the MAF.
	// salerno43/2 and older let him pick any attacking unit.
	ddLossFromMAF bool

	// Combat (salerno43/4):

	// survivalFirst: a retreat that eliminates no unit comes before one
	// whose every hex is further from the combat's hex (12.1.3, L704-706:
	// "nr 1 ma pierwszeństwo przed nr 2"; priority 2 holds only "Jeśli to
	// możliwe"): when no path of hexes each one further saves the units, a
	// path that steps aside, never back into the hex nor into a hex twice,
	// does, the fewest such steps kept (combat.Map.FurtherIfPossible).
	// salerno43/3 and older held every hex one further and eliminated a
	// stack that found no such path.
	survivalFirst bool
	// breakthroughExcess: in a breakthrough combat on a hex over the
	// stacking limit the defender names the units over it (15.3, L920:
	// "wszystkie jednostki przekraczające limit stosu (wybór obrońcy) nie
	// wnoszą nic do obrony"), 'over-limit UNIT...', before the die: they add
	// no defense, armor or elite quality, take no step loss and lead no DD
	// (10.2.2 note, L598). salerno43/3 and older let every unit of the hex
	// defend.
	breakthroughExcess bool
	// advanceStacking: no unit ends its advance over the stacking limit
	// (14.1, L833: "Na koniec każdego pościgu przestrzegaj limitu stosu";
	// 4.4, L248: the limit may be exceeded only during movement, retreat
	// or advance), the Auto DS's included (8.7.2); it may pass through a
	// full hex. Unlike a retreat (12.1.4), no advance is let end over it.
	// salerno43/3 and older let an advance end over the limit, which held
	// only before a breakthrough or an Auto DS and at the end of the
	// Combat Phase.
	advanceStacking bool

	// The breakthrough group (salerno43/4):

	// groupAdvancesFirst: the breakthrough group finishes all its
	// advancing and breakthrough combats before the other attackers of
	// the combat advance, and they break through no more (15.2.1 step 3,
	// 15.2.2, L880-882): a breakthrough follows a combat only if every
	// unit that advanced in it is of the group, and the attackers that
	// waited advance once the group is done ('advance-after').
	// salerno43/3 and older let all the attackers advance in the combat
	// and the group break through after them.
	groupAdvancesFirst bool
	// groupUnitCaps: no unit of a breakthrough group spends more advance
	// hexes than its own advance length (14.2.1, L837: a non-mechanized
	// unit never advances more than 2; 16.4 out of supply 2; 5.7 ½ Eff 1):
	// one whose length is spent takes no further action and is left
	// behind (15.2.9, L918), and the group's budget for the hexes it goes
	// on after a breakthrough combat is its members' least (15.2.4, L890:
	// the hexes the group may advance). salerno43/3 and older gave every
	// member the result's length, the mechanized one.
	groupUnitCaps bool
	// droppedStop: a unit the breakthrough group leaves behind as it
	// moves on after a breakthrough combat stops and takes no part in the
	// group's next one (15.2.9, L918: "Jednostki, które się odłączają
	// muszą się zatrzymać i zakończyć pościg"): the group going on is the
	// units at the end of its longest advance, as after the first combat.
	// salerno43/3 let every member with hexes left attack again, wherever
	// it had stopped.
	droppedStop bool
	// groupFormsOnVacated: the breakthrough group is one stack of the
	// attackers, or forms on the hex the defender vacated, the units
	// entering it (15.2.2, L882: "tylko jeden stos może przeprowadzić
	// przełamanie"; 15.2.3, L884; 15.2.1 step 1, L874): units that
	// attacked from different hexes and came together elsewhere, not
	// having entered the vacated hex first, are no group, and no
	// breakthrough follows. salerno43/3 let any units that ended their
	// advances in one hex break through.
	groupFormsOnVacated bool
	// areaWaits: the attackers from an entry area that did not enter the
	// map in the combat wait for the breakthrough group, as the other
	// attackers do, and enter the vacated hex after it (21.3.4, L1246:
	// "atakujący mogą wejść na mapę"; 15.2.1 step 3, 15.2.2, L878-882):
	// 'advance-after UNIT HEX'. groupAdvancesFirst alone would take their
	// entry away when a breakthrough follows; salerno43/3 and older have
	// no wait (their area attackers enter in the combat).
	areaWaits bool

	// Suspected departures, confirmed (salerno43/4):

	// armorAllAttackers: armor superiority compares the defender's best
	// rating with the best "among the attacking units" (9.3.1, L506:
	// "najwyższy wskaźnik pancerny wśród atakujących jednostek"; 9.3.2,
	// L508: "oboje mają uczestniczące jednostki pancerne"), the MAF's
	// armor unit only opening the right shift and its absence giving the
	// left one; armor across a river or mountain hexside gains nothing but
	// its presence still prevents the defender's (9.3.3, L513).
	// salerno43/3 and older compared the MAF's units only.
	armorAllAttackers bool
	// replOffMap: a reduced unit in the Floating Reserve or an entry area
	// receives a replacement's step (20.1.1, L1170: any reduced combat
	// unit); supply and Good Order bind only a unit on the map (20.2,
	// L1180: "Aby jednostka na mapie otrzymała uzupełnienie musi").
	// salerno43/3 and older gave steps to units on the map only.
	replOffMap bool

	// The Shattered automatic retreat in combat (salerno43/5):

	// shEachHex: in a combat the automatic retreat of 13.3.2 (L797: "wroga
	// jednostka bojowa wchodzi, ściga lub wykonuje odwrót na heks
	// sąsiadujący z dowolną rozbitą jednostką ... muszą natychmiast zostać
	// wycofane o 2 heksy ... a ta wroga jednostka może wtedy kontynuować
	// ruch/pościg/odwrót") is read hex by hex along each retreat and advance
	// in order, the owner choosing the path with the mover in the hex that
	// set it off; a unit retreats so as often as it is set off, and a
	// Shattered unit's own retreat sets off the enemy's (it too is a combat
	// unit retreating into a hex). The Auto DS's retreat (8.7.1) and the
	// advances made after their combat, an Auto DS's (8.7.2) and those of
	// the attackers that waited for their breakthrough group (15.2.1), set
	// it off too; a split retreat's next part (12.1.2) sees the Shattered
	// units where their retreats went (12.2, L721). salerno43/4 and older read the triggers in a combat once
	// a retreat or an advance was over, with the mover at its end, a unit
	// at most once a combat, and no retreat set off by another; none in an
	// Auto DS nor after a combat.
	shEachHex bool
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
// evacuations are outside the 3 LP (18.4.5); retreats end over the
// stacking limit (12.1.4), may begin in a vacant EZOC (12.1.3 #3), end in
// supply where they can (#4) and stop in a friendly city or BH (12.1.5);
// an advance's first step too keeps 14.4.1; losses fall on the units that
// defended, the defender picking first (10.2.2, 8.4.6); independent units
// are of no formation (8.4.4); the defender names the DD's support, its
// air marker included (11.3); a vehicle every retreat would eliminate
// makes a Desperate Defense (11.5.4); a move may end in an entry area
// (21.3.2); an Auto DS's advance keeps the advance rules (8.7.2: 14.5's
// hills, 14.4.1), hills entered by road and left off it stop the advance
// one hex beyond (14.5), and the attacker's step on 1/dis H comes from the
// MAF (10.2.2).
//
// 4: a retreat steps aside rather than be eliminated (12.1.3 priority 1
// before 2); the defender names the units over the stacking limit in a
// breakthrough combat, which add nothing (15.3); no advance ends over the
// stacking limit (14.1); the breakthrough group advances and breaks
// through before the other attackers advance (15.2.2), each of its units
// within its own advance length (14.2.1); a unit the group leaves behind
// stops (15.2.9); units from different hexes make a group only by entering
// the vacated hex (15.2.3), and attackers from an entry area enter the map
// after the group (21.3.4); armor superiority compares the best armor
// among all the attacking units, the MAF's only opening it (9.3.1, 9.3.2);
// a reduced unit in the Floating Reserve or an entry area receives a step
// (20.2).
//
// 5: in a combat the Shattered automatic retreat is set off hex by hex
// along each retreat and advance, the mover standing in the hex that set it
// off, as often as a unit is set off, a Shattered unit's own retreat
// setting off the enemy's; an Auto DS's retreat and the advances made after
// their combat set it off too (13.3.2).
const Version = "salerno43/5"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, splitRetreat: true,
		infantryRivers: true, dropSupply: true, vehicleBonds: true,
		landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
		bhGoodOrder: true, asuLOS: true, attritionLOS: true,
		replArea: true, readyInArea: true, areaSupply: true,
		seaCapPortToPort:   true,
		overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true,
		retreatStops: true, advanceFirstZOCToZOC: true, lossFromContributors: true,
		defenderPicksFirst: true, independentNoFormation: true,
		ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true,
		hillsRoadStop: true, ddLossFromMAF: true,
		survivalFirst: true, breakthroughExcess: true, advanceStacking: true,
		groupAdvancesFirst: true, groupUnitCaps: true, droppedStop: true,
		groupFormsOnVacated: true, areaWaits: true, armorAllAttackers: true, replOffMap: true,
		shEachHex: true},

	{name: "salerno43/4", splitRetreat: true,
		infantryRivers: true, dropSupply: true, vehicleBonds: true,
		landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
		bhGoodOrder: true, asuLOS: true, attritionLOS: true,
		replArea: true, readyInArea: true, areaSupply: true,
		seaCapPortToPort:   true,
		overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true,
		retreatStops: true, advanceFirstZOCToZOC: true, lossFromContributors: true,
		defenderPicksFirst: true, independentNoFormation: true,
		ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true,
		hillsRoadStop: true, ddLossFromMAF: true,
		survivalFirst: true, breakthroughExcess: true, advanceStacking: true,
		groupAdvancesFirst: true, groupUnitCaps: true, droppedStop: true,
		groupFormsOnVacated: true, areaWaits: true, armorAllAttackers: true, replOffMap: true},

	{name: "salerno43/3", splitRetreat: true,
		infantryRivers: true, dropSupply: true, vehicleBonds: true,
		landOverLimit: true, landingBonds: true, noSecondHalfEff: true,
		bhGoodOrder: true, asuLOS: true, attritionLOS: true,
		replArea: true, readyInArea: true, areaSupply: true,
		seaCapPortToPort:   true,
		overstackedRetreat: true, firstEZOCFree: true, retreatToSupply: true,
		retreatStops: true, advanceFirstZOCToZOC: true, lossFromContributors: true,
		defenderPicksFirst: true, independentNoFormation: true,
		ddNamedSource: true, despLostOnEveryPath: true, moveIntoArea: true, autoAdvanceRules: true,
		hillsRoadStop: true, ddLossFromMAF: true},
	{name: "salerno43/2", splitRetreat: true},
	{name: "salerno43/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "salerno43", List: versions, Name: func(v *rulesVersion) string { return v.name }}
