package rules

// Counters is implemented by a Game whose pieces are units with values: the
// counters of a hex-and-counter game. It is optional. pbem asks a game for
// it to show a counter ('pbem unit'), to list the units eliminated or off
// the map, and to read a unit id written in another case; a game without it
// is played all the same.
type Counters interface {
	// Units lists every unit of the game in the engine's fixed order, as
	// seat may see them, eliminated and not yet arrived ones included. A game
	// that records moves as free text (freeplay) has none.
	Units(seat Seat) []Unit
}

// Unit is what a counter shows, in words for players. The engine fills in
// what its game has; the rest stays empty.
type Unit struct {
	// ID is the unit as commands name it, e.g. "505/82".
	ID string
	// Side is the side it fights for ("allied"); Owner the seat that
	// commands it, when not the side's only seat (Normandy '44 24.0).
	Side  string
	Owner Seat
	// Kind says what it is: type, size, nationality, formation
	// ("paratroop regiment (III), us, 82nd").
	Kind string
	// Where is the hex a unit on the map stands on; empty off the map.
	Where string
	// Status is "on the map", "eliminated", or where an off-map unit is and
	// when it comes ("in Britain, to buy with RP (6.5.1)", "arrives on
	// turn 3 at 2506 (S3.2)").
	Status     string
	OnMap      bool
	Eliminated bool
	// Values are the printed values of its current side, in the order the
	// counter shows them: strength, movement allowance, quality...
	Values []Value
	// Step is the current step, 1 being full strength, of Steps.
	Step, Steps int
	// Markers are the markers on it ("Disrupted (13.6)", "Reserve (15.1)").
	Markers []string
	// Supply is its supply state, for units on the map ("in supply",
	// "out of supply (18.1)", "isolated (18.1)"); empty where the game has
	// no supply rules.
	Supply string
}

// Value is one printed value of a counter: "strength" "4", "MA" "3".
type Value struct {
	Name, Text string
}
