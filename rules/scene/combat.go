package scene

// Combat is the report of one combat, the shape every hex-and-counter engine
// fills: strengths against strengths, odds, column shifts, the die on a
// results table, and what the result did. Its parts are words and whole
// numbers; what the engine's tables add beyond them goes in Notes and Rolls.
type Combat struct {
	// N is the combat's number in its phase, from 1; Turn and Phase say
	// when it was fought.
	N     int
	Turn  int
	Phase string
	// Attacker and Defender are the sides: "allied", "german".
	Attacker, Defender string
	// Cell is the defenders' cell; From the cells attacked from.
	Cell string
	From []string

	Attackers []CombatUnit
	Defenders []CombatUnit
	// Support lists what the attacker added beyond its units: "air 1 (19.1.2)".
	Support []string
	// Attack and Defense are the strengths compared, after halving, bonuses
	// and limits; Modifiers say what changed them: "+2 DB, bocage (11.2)".
	Attack, Defense int
	Modifiers       []string
	// Odds is the ratio's column before shifts, "2-1"; Column the one read
	// after every shift and limit, "3-1".
	Odds   string
	Shifts []Shift
	Column string
	// Die is the roll on the results table, 0 when the column needs none
	// (an automatic result); Result is what it gave, "D1".
	Die    int
	Result string
	// Faces lists what every face of the results die would have given on
	// Column, for luck statistics; empty when no die was rolled.
	Faces []Face
	// Rolls lists every die of the combat in order, the results die
	// included: a Jabos die, a Determined Defense die.
	Rolls []Roll

	Losses   []Loss
	Retreats []Move
	Advances []Move
	// Notes are the other things that happened: "retreat ignored (12.6)".
	Notes []string
	// Text is the engine's one-line narration of the whole combat.
	Text string
}

// CombatUnit is one unit in a combat.
type CombatUnit struct {
	ID string
	// Strength is the printed strength; Counted what it added to the total
	// (halved, say). The two are equal when nothing changed it.
	Strength, Counted int
	// Notes say what its role or handicaps were: "main attacking force",
	// "halved: across a river (11.1)".
	Notes []string
}

// Shift is a column shift. Columns is positive for the attacker (right),
// negative for the defender (left).
type Shift struct {
	Columns int
	Reason  string
	Rule    string
}

// Roll is one die of a combat.
type Roll struct {
	Purpose string // "combat results", "Jabos", "Determined Defense"
	Die     int
	// Modified is the die after modifiers, equal to Die when there are none.
	Modified int
	Outcome  string // what it decided: "D1", "2L", "success: the defenders stay"
}

// Face is what one face of the results die gives.
type Face struct {
	Die    int
	Result string
	// Score orders results by how good they are for the attacker: a higher
	// score is better for it. Faces with equal results have equal scores.
	Score int
}

// Loss is a step loss.
type Loss struct {
	Side  string
	Unit  string
	Steps int
	// Why names the cause: "combat result", "retreat through an enemy
	// ZOC (13.2.1)", "eliminated in retreat".
	Why string
}
