package scene

import "github.com/pbem-referee/pbem/rules"

// The optional interfaces a rules.Game implements for the views of a game.
// Each is optional: a game without one is shown without that part.

// Drawer draws a position. The conformance suite checks every scene with
// Check.
type Drawer interface {
	// Scene is the position as seat may see it; seat "" is what any
	// onlooker may see.
	Scene(seat rules.Seat) Scene
}

// Reporter reports combats.
type Reporter interface {
	// Combats lists every combat resolved since the game began, in order.
	Combats() []Combat
}

// Mover reads commands for the paths they move pieces along, which the
// state does not keep.
type Mover interface {
	// Moves lists the moves a command made, given in the position before
	// it; nil when it moved nothing.
	Moves(command string) []Move
}

// DicePurposer names what the dice the game awaits are for, in a few words
// that group rolls for statistics: "combat results", "weather",
// "determined defense". It is asked while Pending().Dice is set.
type DicePurposer interface {
	DicePurpose() string
}
