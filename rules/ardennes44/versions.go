package ardennes44

import (
	"github.com/pbem-referee/pbem/rules"
)

// Rules versions. A game is played to its end under the version its invite
// names (rules.Setup.Version), so that every log verifies as it was played.
// What changed between versions is one value, rules, chosen here from the
// version and read where the behaviour is: never a version compared in the
// rules themselves. Each field is a rule that an older version played
// otherwise, with its number and its line in the rulebook (seeds/003).
type rulesVersion struct {
	name string
	// excessSteps: a retreat that can reach no hex within the stacking
	// limit, even with the extra hexes, ends over it and its units lose
	// only the steps over the limit, the owner's pick (17.4, L1007; 8.3,
	// CON-6). ardennes44/1 eliminated the whole stack.
	excessSteps bool
	// splitRetreat: a retreating stack may split, each part on a path of
	// its own (17.1, L976: "may retreat into different hexes"), so that
	// only the units over the limit take 17.4's extra hexes and become
	// Broken (L1007: "the stack, or the units over the limit").
	// ardennes44/1 and /2 retreated the stack whole.
	splitRetreat bool

	// Movement and bridges (ardennes44/4):

	// exitStops: a unit that must stop in a hex (an enemy ZOC, 9.2.1,
	// L423; 13.1 on entering) does not go on off the map from it: leaving
	// the map is a further move of 1 MP (11.9.1, L543). ardennes44/1 to /3
	// let it leave the map from the hex it stopped in.
	exitStops bool
	// tacticalEntryHex: a reinforcement's entry hex is the first of the 2
	// hexes of its Tactical Movement (11.3, L503; 13.1, L622: it pays the
	// first hex's cost). ardennes44/1 to /3 let it enter 2 hexes more.
	tacticalEntryHex bool
	// nightBlowBoth: at night either player blows a bridge, against an
	// enemy attack in the opponent's Night Combat Phase (25.3.6, L1507;
	// 7.2, L316: "Obaj gracze mogą wysadzać mosty"), so the Allies against
	// a German night attack. ardennes44/1 to /3 let only the German player.
	nightBlowBoth bool
	// nightTurnAttempts: each Night player turn (25.1, L1451) gives each
	// player a new demolition attempt a bridge (7.2, L316: one "w trakcie
	// tury gracza"; AMB-8). ardennes44/1 to /3 cleared the attempts only in
	// the day's Artillery Supply Phase, so an attempt against the Allied PM
	// attack barred one against the Allied Night attack.
	nightTurnAttempts bool
	// trucksOnArrival: only reinforcements arriving come onto the map on
	// Trucks without loading them (12.4.3, L604); a unit in an Off-map
	// Area loads none there (L602, OCR-8). ardennes44/1 to /3 let every
	// unit entering the map come on Trucks.
	trucksOnArrival bool
	// smGroupInSM: a unit in Strategic Movement ends its move in a hex with
	// another unit only when both are grouped in SM, of one regiment or
	// brigade (12.2, L578; 12.4.2, L596). ardennes44/1 to /3 took any unit
	// of the regiment, in SM or not.
	smGroupInSM bool
	// haltedGoesOn: a unit halted before the collapsed Ouren bridge goes
	// on with the MP it has left (AMB-9) as it was moving, never by
	// Tactical Movement (11.3, L503: a whole move of up to 2 hexes; 11.4.1,
	// L509: a river crossed only from the start of a move). ardennes44/1 to
	// /3 let it start a new move, Tactical among them.
	haltedGoesOn bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: an overstacked retreat loses only
// its excess steps (17.4). 3: a retreating stack may split (17.1, 17.4).
// 4: movement and bridges as the book has them (9.2.1, 11.3,
// 25.3.6, 7.2, 12.4.3, 12.2, AMB-9).
const Version = "ardennes44/4"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, excessSteps: true, splitRetreat: true, exitStops: true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true, trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true},
	{name: "ardennes44/3", excessSteps: true, splitRetreat: true},
	{name: "ardennes44/2", excessSteps: true},
	{name: "ardennes44/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "ardennes44", List: versions, Name: func(v *rulesVersion) string { return v.name }}
