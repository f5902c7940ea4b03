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
	// bothOnly21: a unit that counts as infantry and armour (a US Combat
	// Command, a Guards Armoured Brigade, the 150th Panzer Brigade) does so
	// only for 21.1's defender shift (L1196: "Dla tej zasady"); for
	// replacements (25.2.1, L1464) and Improved Positions (15.8.2, L815) it
	// is the armour unit its type says. ardennes44/1 to /3 took it for
	// infantry there too: a lone replacement restored a CC, and a CC built
	// IPs.
	bothOnly21 bool
	// brokenEngineers: an Allied engineer made Broken is eliminated however
	// it becomes Broken (27.1, L1543), by a D of the Disengagement Table
	// (20.2, 20.3) too. ardennes44/1 to /3 eliminated it only when a combat
	// retreat broke it, and left one broken by disengagement on the map.
	brokenEngineers bool
	// fuelThisTurn: a Fuel Shortage puts out of supply a division's units in
	// play, waiting to enter, or due this turn, which arrive unsupplied (6.1,
	// L273; 6.3, L296: a division "która przybywa w tej samej turze").
	// ardennes44/1 to /3 marked its units due on later turns too, and nothing
	// cleared the mark before they arrived, turns later, out of supply.
	fuelThisTurn bool
	// fuelOnMap: of an "or" result of the Fuel Shortage Table, when one
	// division is on the map and the other only arrives, the German player
	// must take the one on the map (6.3, L296). ardennes44/1 to /3 let him
	// pick either, the one still to arrive too.
	fuelOnMap bool
	// gunsMoveOrFire: German artillery other than a Nebelwerfer does not
	// move and fire in one turn (22.1, L1223): the 22.2 shift of firing
	// position (L1227) is the Werfers' and the Allies' only. It moves 1 hex
	// by its printed MA (AMB-27, gunByMA), paying the hex's cost, and gives
	// no support in the turn it moved. ardennes44/1 to /3 shifted it 1 hex
	// whatever the cost, and let it fire.
	gunsMoveOrFire bool
	// release29AtOnce: the 29th Armoured Brigade is released "gdy armia
	// Niemiecka przekroczy rzekę Mozę" (27.3.2, L1565; AMB-34: a German unit
	// west of the Meuse), at once: ardennes44/1 to /3 released it only at
	// the end of the turn, so the Allied player turn right after the
	// crossing still held it west of the Meuse.
	release29AtOnce bool
	// moverAtNight: German artillery under a Night marker may move on a
	// Prime Mover at night (22.3, L1234), Night movement being the normal
	// rules but for the three stacks (25.3.1, L1490). ardennes44/1 to /3
	// refused it any Prime Mover at night.
	moverAtNight bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: an overstacked retreat loses only
// its excess steps (17.4). 3: a retreating stack may split (17.1, 17.4).
// 4: a Combat Command is infantry for 21.1 only (25.2.1, 15.8.2); an
// engineer broken by disengagement is eliminated (27.1); a Fuel Shortage
// spares the units due on later turns, and hits the division on the map
// of an "or" (6.3); German artillery other than Werfers does not move and
// fire in one turn (22.1); the 29th Armoured Brigade is released as soon as
// the Germans cross the Meuse (27.3.2); a Prime Mover may move Night-marked
// artillery at night (25.3.1).
const Version = "ardennes44/4"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight: true},
	{name: "ardennes44/3", excessSteps: true, splitRetreat: true},
	{name: "ardennes44/2", excessSteps: true},
	{name: "ardennes44/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "ardennes44", List: versions, Name: func(v *rulesVersion) string { return v.name }}
