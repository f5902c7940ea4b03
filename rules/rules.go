// Package rules defines what a game engine is to the rest of pbem: a pure,
// deterministic state machine over plain state. Engines never do I/O, never read
// the clock and never draw random numbers: dice arrive as inputs through Roll.
//
// The shape follows DESIGN.md (Rules engines): New, Pending, Legal, Apply, Events,
// Hash and View. It is written for more than hex-and-counter games: a seat is any
// player position (two, three or more per game), locations are opaque strings so
// point-to-point boards fit, and a dice need may be private to one seat.
package rules

import (
	"errors"
	"fmt"
)

// Seat names a player position in a game: "allied", "german", "us", "solo".
type Seat string

// Game is one game in progress. Apply and Roll must leave the state unchanged when
// they return an error.
type Game interface {
	// Seats lists the game's seats in their fixed order (the order in which dice
	// links are hashed).
	Seats() []Seat
	// Pending says what the game waits for: a decision by a seat, or dice.
	Pending() Pending
	// Legal lists the commands seat may give now. Finite choices are listed
	// whole; movement lists each reachable location with its cost.
	Legal(seat Seat) []Choice
	// Apply checks command (the game's canonical one-line text) against the
	// rules and applies it. A refusal wraps ErrIllegal and names the rule.
	Apply(seat Seat, command string) ([]Event, error)
	// Roll supplies the values Pending().Dice asked for, one per entry of Sides.
	Roll(values []int) ([]Event, error)
	// Hash is a canonical digest of the whole state, "sha256:" and 64 hex digits.
	Hash() string
	// View is what seat may see of the state.
	View(seat Seat) View
	// Clone returns an independent copy, so callers can keep states at any point.
	Clone() Game
}

// Pending is what a game waits for next.
type Pending struct {
	// Seats may act now; usually one. Empty when the game is over.
	Seats []Seat
	// Phase names where the game stands, for players: "Turn 3, Allied movement".
	Phase string
	// Prompt says in words what is awaited: "move units, then 'end'".
	Prompt string
	// Dice, when set, means the game needs random values before anyone decides.
	Dice *DiceNeed
	// Over is true once the game has ended; Result then says how.
	Over   bool
	Result string
}

// DiceNeed asks for random values. Each entry of Sides is one draw, uniform in
// 1..Sides[i]: two d6 are {6, 6}; a shuffle of n cards is {n, n-1, ..., 2}.
type DiceNeed struct {
	// By is the seat whose declared action needs the dice (the requester).
	By Seat
	// For says what the dice decide, e.g. "weather, turn 2 (4.1)".
	For   string
	Sides []int
	// Private, when set, is the only seat that may see the values at once
	// (a card drawn into a hand); the others check them later. A game that
	// implements Sealer takes such a draw sealed (see Sealer).
	Private Seat
	// Unseal, when set, names a sealed draw (the token given to
	// Sealer.Seal) whose values are now due, as its card is revealed in
	// play: its drawer (By) makes them known, and every machine gives them
	// to Sealer.Unseal. Sides is the range they were drawn in. The game
	// waits until then.
	Unseal string
	// Share, when set, names a sealed draw that seat Private may now see
	// too (a second look at a card already looked at): its drawer (By)
	// makes the values known to Private alone, and every machine then gives
	// Sealer.Seal(Share). Sides is the range they were drawn in.
	Share string
}

// Choice is one legal command.
type Choice struct {
	// Command is canonical command text, or a template with <placeholders>
	// where the choices cannot be enumerated.
	Command string
	// Piece is the unit or piece the command concerns, if any, so that callers
	// can filter by it.
	Piece string
	// Cost is a movement cost where one applies.
	Cost int
	// Note explains the choice briefly.
	Note string
}

// Event narrates something that happened, in a line a player reads at a glance.
type Event struct {
	Seat Seat
	Text string
}

// View is what a seat may see of a game: lines for people, and the state's data.
type View struct {
	Lines []string
	Data  any
}

// ErrIllegal is wrapped by every refusal of a command by the rules.
var ErrIllegal = errors.New("illegal")

// ErrNotPending is returned when a seat acts, or dice arrive, when the game does
// not wait for them.
var ErrNotPending = errors.New("not awaited")

// Refusal is a command refused by a numbered rule.
type Refusal struct {
	Rule   string // the rulebook's number, e.g. "9.5"
	Reason string
}

func (r *Refusal) Error() string {
	if r.Rule == "" {
		return r.Reason
	}
	return r.Rule + ": " + r.Reason
}

func (r *Refusal) Unwrap() error { return ErrIllegal }

// Refuse builds a Refusal.
func Refuse(rule, format string, args ...any) error {
	return &Refusal{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}
