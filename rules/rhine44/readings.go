package rhine44

// Readings are the readings the engine takes where the rulebook is damaged
// or silent: A-nn are the digest's (shared/rules/rhine44.md §8.1), each taken
// as it proposes; X-nn are the engine's own, where a game needs an answer
// the digest does not give. The code cites each where it applies; a test
// checks that every one cited is listed here and every one listed is cited.
var readings = []struct{ ID, Reading string }{
	{"A-01", "Axis markers are placed next to a victory field with an Axis symbol, or next to an Axis marker (R14.1; E24)."},
	{"A-02", "A field takes an Axis marker when no player controls it (always-controlled fields included) and it has none; paratroopers, the Ostend marker, supply tokens, a printed Axis symbol and a victory field do not stop it."},
	{"A-03", "A marker is discarded to the box only when no field may take it."},
	{"A-04", "A counterattacked medal field costs its owner a medal token, if he has one; no division card is returned."},
	{"A-05", "Antwerp opens when red controls Antwerpen and the four [A] fields, and stays open; a main base keeps the limit of 9 tokens."},
	{"A-06", "Take Supply takes what the pool has of a standard set; a special set needs three of its type on the supply track; a card's gain the pool lacks is lost."},
	{"A-07", "Monty's two more tokens are of any types, from the pool, with either set."},
	{"A-08", "Field limits are checked once an action is over, so that a transport may pass through a field."},
	{"A-09", "Paratroopers help any player's combat on their field, are not used up by a lost combat, and go to the box for good; change from ammo icons paid for them is lost."},
	{"A-10", "A shuffle-back that unfixes a looked-at top card sends the air-support markers on that deck home."},
	{"A-11", "Paratrooper upkeep is at the end of the owner's turn (no difference: the German Reaction brings no combat)."},
	{"A-12", "An encircled medal field gives its medal; black fields are never encircled; once Düsseldorf is controlled nothing is connected; the absent commander's fields block connection."},
	{"A-13", "The unbroken line follows arrows of any colour but black through fields the player controls, always-controlled ones included; it is checked after every placement."},
	{"A-14", "Once the Axis pool is spent, a counterattack is optional."},
	{"A-15", "Recon looks at the Axis deck or the player's own pursuit deck (the shared one under §15C)."},
	{"A-16", "The solo counterattacks are found at once; the front shift's paths start at the corps that took numbered fields, follow the player's arrows through fields his corps may enter, from where each corps stands, to uncontrolled fields without an Axis marker; the shortest paths of all those corps give the candidates."},
	{"A-17", "A solo game ends after turns=N turns (40 by default); with no numeric marker left the 3d6 does nothing; the third Starving civilians is counted over the game."},
	{"A-18", "In the training game Bradley starts on level 1."},
	{"A-19", "Actions of one type may repeat, and a player may end his actions at any time."},
	{"A-20", "Ostende is a forward base once, when its player controls it; the Ostend marker then lies on it."},
	{"A-21", "A used-up deck's discard pile becomes the deck; a deck with no card reveals none, and the field is taken with no effect."},
	{"A-22", "Only a card revealed in a move changes the weather, not a look."},
	{"A-23", "Extra actions may come at any time between actions, before the first too."},
	{"A-24", "The absent commander's markers cannot be counterattacked."},
	{"X-01", "Food loaded onto an immobilized corps' card reaches it as food reaching its field would (R8.5)."},
	{"X-02", "Numeric markers with no field to go to on any path leave the game."},
	{"X-03", "The front shift looks at paths at most 6 longer than the shortest and 5000 of a length; it spreads at most 2^17 assignments and fills largest first beyond."},
	{"X-04", "An encircled field of a colour no one plays is not taken."},
	{"X-05", "In a solo or two-player game the fields always controlled by an absent commander (his start fields, main base, darkened area) count as his."},
	{"X-06", "The numeric markers of a field taken by encirclement move in the front shift too."},
	{"X-07", "Control markers are not counted: 40 a colour outnumber its fields."},
	{"X-08", "The turn order is drawn by dice, one player at a time among those left."},
}
