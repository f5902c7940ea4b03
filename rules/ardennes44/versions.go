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

	// Beside combat (ardennes44/4):
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

	// Combat (ardennes44/4):
	// retreatedNotAttackedAgain: no unit is attacked twice in a Combat
	// Phase but by a Breakthrough (14.1, L693; 19.4.3, L1113), so a
	// regular attack on a hex whose defenders all retreated into it this
	// phase is refused; a hex holding a fresh unit too may be attacked,
	// the retreated ones adding nothing (17.5, L1013; AMB-23).
	// ardennes44/3 and older refused only the hexes attacked this phase.
	retreatedNotAttackedAgain bool
	// extendOnlyOverLimit: a retreat takes 17.4's extra hexes (and the
	// Broken state they bring) only when no retreat of the result's length
	// ends within the stacking limit, for the stack or for the unit going
	// alone (17.4, L1007; 17.1, L981-982: overstacking, priority 4, before
	// the vehicles' roads, 5). ardennes44/3 and older offered the extended
	// paths beside the others, and the roads could leave only them.
	extendOnlyOverLimit bool
	// aaOffWhenForcedToRetreat: an Attacker's Advantage marker comes off
	// when its units are forced to retreat, "even if a successful
	// Determined Defense cancels the retreat" (16.6, L928).
	// ardennes44/3 and older took it off only when they moved.
	aaOffWhenForcedToRetreat bool
	// ffLeadBoundary: only a unit that could legally enter the attacked
	// hex leads a Fire Fight (16.2.1, L876), so a German unit attacking
	// across an army boundary before turn 5 does not (11.10.1, L559;
	// 11.10.2, L563). ardennes44/3 and older let it lead.
	ffLeadBoundary bool
	// advanceLeavesAlongRoad: an advancing vehicle leaves a forest or West
	// Wall hex only along a road, its first step out of the attacker's
	// hex too (19.2, L1095: never where movement may not go; 11.5, L520).
	// ardennes44/3 and older checked only the steps after the first.
	advanceLeavesAlongRoad bool
	// ddDCBAfterLosses: the Determined Defense subtracts the DCB of the
	// defenders left after the D1 and A1/D1 losses, on the sides they show
	// then, every limit of 15.1 applying (16.7.2, L956; 16.7.1, L938;
	// L747: a hex of silhouettes alone, 1 at most). ardennes44/3 and older
	// subtracted the DCB computed at declaration.
	ddDCBAfterLosses bool
	// extendUntilRoom: a retreat's extra hexes against overstacking go on
	// "until a hex within the limit is reached", with no number (17.4,
	// L1007). ardennes44/3 and older stopped at 2
	// (combat.MaxRetreatExtension) and took the steps over the limit.
	extendUntilRoom bool
	// disruptedLeaveEZOC: a Disrupted (or Broken, 18.5) unit that begins
	// its Movement Phase in an enemy ZOC no Good Order friend in its hex
	// negates must leave it if it can: the phase does not end while it
	// stands there unmoved with a move out (18.3, L1043), in the Night
	// Movement Phase too, for the units that move at night (25.3.1,
	// L1490). ardennes44/3 and older only kept it from entering one.
	disruptedLeaveEZOC bool

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

	// Added after the audit's first fixes (ardennes44/4):
	// peiperAttachedOnly: on the first Night KG Peiper may use the units
	// stacked with it for support (27.5, L1587), so those units attack only
	// with a KG Peiper unit of their hex and are attached to it beyond
	// 14.3.2's one; every other unit of the attack, and every other night
	// attack, keeps the two-formation limit (14.3.1, L708). Older versions
	// and ardennes44/4 before it held no first-Night attack to the limit,
	// the Allies' too, and let a unit stacked with KG Peiper attack without
	// it.
	peiperAttachedOnly bool

	// Advances (ardennes44/5):
	// breakdownBeforeAdvance: a unit breaks down "zanim ... przeprowadzi
	// Ofensywę" (26.2, L1523), so a unit that attacked may break down as
	// its advance is offered, and only part of it advance (26.1: both
	// units advance normally). ardennes44/1 to /4 refused a unit that
	// attacked any breakdown.
	breakdownBeforeAdvance bool
	// blowAgainstAdvance: the defender may try to blow a bridge "kiedykolwiek
	// jedn. wroga pragnie zaatakować lub przekroczyć heks z mostem" (7.4,
	// L338), so when an advance would cross one too: the advance waits for
	// his decision and die, and a bridge blown leaves the attacker to
	// decide again. ardennes44/1 to /4 offered it only against an attack.
	blowAgainstAdvance bool
	// ourenOnAdvance: the Ouren bridge is checked the first time a German
	// unit "próbuje przejść, zaatakować, lub szturmować przez" it (7.7,
	// L361), by an advance too: the Allies roll before it crosses, and a
	// collapse leaves the attacker to decide again. ardennes44/1 to /4
	// checked it for a move or an attack only.
	ourenOnAdvance bool

	// Beside advances (ardennes44/5):
	// nightOffInPMOnly: a German unit under a Night marker loses it to a
	// retreat when "zaatakowana w Alianckiej Turze PM i jest zmuszona do
	// odwrotu" (25.3.7, L1509); otherwise the marker comes off in the
	// owner's Night turn, so a retreat in the Allied Night turn, which
	// comes first (25.1, L1451), leaves it on. ardennes44/1 to /4 took it
	// off in the Allied Night turn too.
	nightOffInPMOnly bool
	// boundaryBackOnRetreat: a German unit that retreated across an army
	// boundary does not rally "dopóki nie przekroczy z powrotem Granicy
	// Armii" (11.10.2, L563), by a retreat as by a move, so a retreat back
	// over the line (or over and back) leaves it free to rally.
	// ardennes44/1 to /4 cleared the bar only when it moved back.
	boundaryBackOnRetreat bool
	// yesMustWithdraw: a Yes of the Disengagement Table means "Jednostka
	// musi wycofać się o jeden lub dwa heksy przestrzegając zasad 17.2"
	// (20.3, L1160), and 17.2 eliminates units "niezdolne do wycofania się"
	// (L993): an Engaged unit with a Yes and no legal withdrawal is
	// eliminated, as 20.4 has one not Engaged. ardennes44/1 to /4 left it
	// in its hex.
	yesMustWithdraw bool
	// boundaryBackOnce: a German unit across an army boundary from a
	// retreat may cross back over it before turn 5, but only once in a
	// move, no boundary being crossed otherwise (11.10.1, L559: "nie mogą
	// przekraczać Linii Granicznych Armii przed turą 5"; 11.10.2, L563).
	// ardennes44/1 to /4 lifted the boundaries for its whole move, so that
	// it could cross back and over again.
	boundaryBackOnce bool

	// Beside the optional rules and scenarios (ardennes44/5):
	// exitVPWhenLeaving: in the short scenarios the Road Supply from an
	// exit hex is traced "Gdy gracz Niemiecki wychodzi jednostkami" (S2.4,
	// L1858), as the units leave the map, and it decides the VP of "te
	// jednostki" only. ardennes44/1 to /4 traced it once, at the game's
	// end, for every unit exited.
	exitVPWhenLeaving bool
	// greifUsedInCombat: the Greif Commando's +2 serves one demolition
	// attempt, "Jest on usuwany po tym jak został użyty" (36, L1803), one
	// against an enemy attack or advance in the Combat Phase (7.4) too.
	// ardennes44/1 to /4 took it off only after a Bridge Phase attempt,
	// and every attempt in a Combat Phase kept the +2.
	greifUsedInCombat bool
	// roadblockCombatMoves: a Roadblock comes off at the end of the enemy
	// Movement "lub Fazy Walki" in which an enemy unit ends its move in its
	// hex or passes through it (33.3, L1770-1772), so by an advance after
	// combat or a disengagement's withdrawal too. ardennes44/1 to /4 lifted
	// only those a unit passed in a Movement Phase.
	roadblockCombatMoves bool
	// dumpBlownInCombat: the Allies may blow the real fuel dump "1–3 w
	// Niemieckiej Fazie Walki jeśli gracz Niemiecki atakuje heks ze
	// zbiornikiem" (32.3, L1742), as a bridge against an attack (7.4):
	// decided first in the combat, gone if blown. ardennes44/1 to /4
	// offered only the 1-4 of the Allied Bridge Phase.
	dumpBlownInCombat bool
	// extendedNoDraw: the extended game's victory is "Takie jak w
	// Kampanii" with S5.2's German win beside it (S5.2, L1918), so
	// Patton's counterattack played on to turn 30 has no S4.4 draw.
	// ardennes44/1 to /4 called the end a draw when Bastogne was cut off.
	extendedNoDraw bool
	// infiltratorNoAttack: "Kupka używająca Nocnej Infiltracji nie może
	// Atakować" (31, L1710): the units that infiltrated, wherever they
	// went, so one that joined KG Peiper's hex on the first Night is not
	// attached to its attack (27.5). ardennes44/1 to /4 barred the units
	// standing in the hexes the infiltrations began from instead.
	infiltratorNoAttack bool
	// dumpFlipMovedNext: a fuel dump marker flips when a German unit
	// "Ruszy ... na heks sąsiadujący" (32.1, L1724), moves onto a hex next
	// to it, not when one standing next to it moves away. ardennes44/1 to
	// /4 counted the hex the move began in.
	dumpFlipMovedNext bool
	// roadblockControls: a Roadblock "Kontrolują heks, w którym się
	// znajdują (30.1)" (33.1, L1757), an Allied one too, which may stand
	// in an empty hex the enemy controls (33.2, L1764): a victory hex with
	// an Allied Roadblock and no unit is not German. ardennes44/1 to /4
	// counted only the German Roadblocks' control.
	roadblockControls bool

	// Movement (ardennes44/6):
	// smExitByRoad: a unit in Strategic Movement moves only along roads
	// (12.1, L569: "muszą poruszać się wyłącznie drogami"), and one on
	// Trucks "musi stosować się do wszystkich zasad Ruchu Strategicznego"
	// (12.4.4, L606), so it leaves the map (11.9.1, L543; 11.9.3, L549)
	// only where a road crosses the edge (edgeRoadHex). ardennes44/1 to /5
	// let it leave from any hex of the edge.
	smExitByRoad bool
	// greifInAlliedTurn: the German player places the Greif Commando "w
	// każdym momencie przed Turą 7" (36, L1803), in the Allied turn too: an
	// Allied demolition declared in the Allied Bridge Phase (7.3) before
	// turn 7, the Greif unused, waits for his answer, the Greif on that
	// bridge ('greif HEX/HEX') or not ('no-greif'), before its die.
	// ardennes44/1 to /5 let him place it only in his own Bridge or
	// Movement Phase.
	greifInAlliedTurn bool

	// Movement (ardennes44/7):
	// exitIsAHex: leaving the map is one hex of a move limited in hexes.
	// The book does not say whether Tactical Movement, which ignores MP
	// costs and goes "do dwóch heksów" (11.3, L503), may leave the map
	// after its two; we read the exit as 11.9.1 (L543) prices it in an
	// advance, "1 heks z zasięgu ofensywy": Tactical Movement's two hexes
	// and the moves of 1 hex (AMB-12, 22.1, 22.2, 25.2.4, 31) count it,
	// and its 1 MP is among the costs Tactical Movement ignores.
	// ardennes44/1 to /6 did not count it, and Legal offered no exit by
	// Tactical Movement.
	exitIsAHex bool
	// firedTactical: Allied artillery moving more than 1 hex moves on its
	// Fired side "jak jedn. Zmechanizowane" (22.1, L1223), so by Tactical
	// Movement too (11.3), as German artillery on a Prime Mover does (22.3,
	// L1231). ardennes44/1 to /6 took 'tactical' on such a move and moved
	// it by its MA all the same.
	firedTactical bool
	// moverTactical: German artillery on a Prime Mover "może używać Ruchu
	// Taktycznego tylko z 5 Punktami Ruchu" (22.3, L1234, OCR-13): may use
	// Tactical Movement, with the Prime Mover's MA of 5 ('tactical mover').
	// ardennes44/1 to /6 refused the two flags together.
	moverTactical bool
}

// Version is recorded in the invite of every game the engine starts; bump it
// when a state hash or a rule changes. 2: an overstacked retreat loses only
// its excess steps (17.4). 3: a retreating stack may split (17.1, 17.4).
// 4: the audit of the rules against the book: combat (14.1, 16.2.1, 16.6,
// 16.7.2, 17.4, 18.3, 19.2); a Combat Command is infantry for 21.1 only
// (25.2.1, 15.8.2); an engineer broken by disengagement is eliminated
// (27.1); a Fuel Shortage spares the units due on later turns, and hits the
// division on the map of an "or" (6.3); German artillery other than Werfers
// does not move and fire in one turn (22.1); the 29th Armoured Brigade is
// released as soon as the Germans cross the Meuse (27.3.2); a Prime Mover
// may move Night-marked artillery at night (25.3.1); movement and bridges
// (9.2.1, 11.3, 25.3.6, 7.2, 12.4.3, 12.2, AMB-9). 5: advances: a unit
// may break down before it advances (26.2); the defender may blow a bridge
// an advance would cross (7.4); a German advance checks the Ouren bridge
// (7.7); a German unit retreating in the Allied Night turn keeps its Night
// marker (25.3.7); a retreat back across an army boundary lets a German
// unit rally (11.10.2), and a move crosses back over it once (11.10.1); a Yes of the Disengagement Table with no legal
// withdrawal eliminates an Engaged unit (20.3, 17.2); in the short
// scenarios an exit's Road Supply is traced as the units leave (S2.4); the
// Greif Commando is used up by an attempt in a Combat Phase too (36); an
// advance or a withdrawal through a Roadblock's hex lifts it (33.3); the
// Allies may blow the fuel dump against a German attack on it (32.3); the
// extended game from Patton's counterattack has no draw (S5.2); a unit
// that made a Night Infiltration does not attack that Night (31); a fuel
// dump flips for a German unit moving next to it, not away (32.1); an
// Allied Roadblock controls its hex against German victory (33.1). 6: a
// unit in Strategic Movement or on Trucks leaves the map only along a road
// (12.1, 12.4.4); the German player may place the Greif Commando as the
// Allies try to blow a bridge in their Bridge Phase (36). 7: leaving the map
// is one hex of a move limited in hexes, Tactical Movement's two among them
// (11.3, 11.9.1); Allied artillery moving more than 1 hex may do so by
// Tactical Movement (22.1), and German artillery on a Prime Mover (22.3).
const Version = "ardennes44/7"

// versions are the rules versions the engine plays, the current one first:
// games begun under an older one go on under it (rules.Engine.Replays).
var versions = []rulesVersion{
	{name: Version, excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight:              true,
		retreatedNotAttackedAgain: true, extendOnlyOverLimit: true,
		aaOffWhenForcedToRetreat: true, ffLeadBoundary: true,
		advanceLeavesAlongRoad: true, ddDCBAfterLosses: true, extendUntilRoom: true,
		disruptedLeaveEZOC: true,
		exitStops:          true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true,
		trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true,
		peiperAttachedOnly:     true,
		breakdownBeforeAdvance: true, blowAgainstAdvance: true, ourenOnAdvance: true,
		nightOffInPMOnly: true, boundaryBackOnRetreat: true, yesMustWithdraw: true, boundaryBackOnce: true,
		exitVPWhenLeaving: true, greifUsedInCombat: true, roadblockCombatMoves: true,
		dumpBlownInCombat: true, extendedNoDraw: true, infiltratorNoAttack: true,
		dumpFlipMovedNext: true, roadblockControls: true,
		smExitByRoad: true, greifInAlliedTurn: true,
		exitIsAHex: true, firedTactical: true, moverTactical: true},
	{name: "ardennes44/6", excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight:              true,
		retreatedNotAttackedAgain: true, extendOnlyOverLimit: true,
		aaOffWhenForcedToRetreat: true, ffLeadBoundary: true,
		advanceLeavesAlongRoad: true, ddDCBAfterLosses: true, extendUntilRoom: true,
		disruptedLeaveEZOC: true,
		exitStops:          true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true,
		trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true,
		peiperAttachedOnly:     true,
		breakdownBeforeAdvance: true, blowAgainstAdvance: true, ourenOnAdvance: true,
		nightOffInPMOnly: true, boundaryBackOnRetreat: true, yesMustWithdraw: true, boundaryBackOnce: true,
		exitVPWhenLeaving: true, greifUsedInCombat: true, roadblockCombatMoves: true,
		dumpBlownInCombat: true, extendedNoDraw: true, infiltratorNoAttack: true,
		dumpFlipMovedNext: true, roadblockControls: true,
		smExitByRoad: true, greifInAlliedTurn: true},
	{name: "ardennes44/5", excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight:              true,
		retreatedNotAttackedAgain: true, extendOnlyOverLimit: true,
		aaOffWhenForcedToRetreat: true, ffLeadBoundary: true,
		advanceLeavesAlongRoad: true, ddDCBAfterLosses: true, extendUntilRoom: true,
		disruptedLeaveEZOC: true,
		exitStops:          true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true,
		trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true,
		peiperAttachedOnly:     true,
		breakdownBeforeAdvance: true, blowAgainstAdvance: true, ourenOnAdvance: true,
		nightOffInPMOnly: true, boundaryBackOnRetreat: true, yesMustWithdraw: true, boundaryBackOnce: true,
		exitVPWhenLeaving: true, greifUsedInCombat: true, roadblockCombatMoves: true,
		dumpBlownInCombat: true, extendedNoDraw: true, infiltratorNoAttack: true,
		dumpFlipMovedNext: true, roadblockControls: true},
	{name: "ardennes44/4", excessSteps: true, splitRetreat: true,
		bothOnly21: true, brokenEngineers: true, fuelThisTurn: true,
		fuelOnMap: true, gunsMoveOrFire: true, release29AtOnce: true,
		moverAtNight:              true,
		retreatedNotAttackedAgain: true, extendOnlyOverLimit: true,
		aaOffWhenForcedToRetreat: true, ffLeadBoundary: true,
		advanceLeavesAlongRoad: true, ddDCBAfterLosses: true, extendUntilRoom: true,
		disruptedLeaveEZOC: true,
		exitStops:          true, tacticalEntryHex: true, nightBlowBoth: true, nightTurnAttempts: true,
		trucksOnArrival: true, smGroupInSM: true, haltedGoesOn: true,
		peiperAttachedOnly: true},
	{name: "ardennes44/3", excessSteps: true, splitRetreat: true},
	{name: "ardennes44/2", excessSteps: true},
	{name: "ardennes44/1"},
}

// versionRules are the engine's versions, for the rules of each and the
// names of those it replays.
var versionRules = rules.Versions[rulesVersion]{Game: "ardennes44", List: versions, Name: func(v *rulesVersion) string { return v.name }}
