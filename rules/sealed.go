package rules

// Sealer is the optional interface of a Game whose dice needs may be
// private (DiceNeed.Private): a card that one seat looks at and the others
// may not see, such as the top card of a deck in 1944: Race to the Rhine.
// DESIGN.md (Dice) describes the protocol around it; this is the engine's
// side, which holds no value of a sealed draw and nothing derived from one,
// so that every machine's state, and its hash, agree and leak nothing.
//
//   - When Pending().Dice has Private set (and neither Unseal nor Share),
//     every machine, the drawer's too, gives Seal(token), where token names
//     the draw in the log (not derived from its values). The game records
//     only that this draw is sealed. Its rules never let a legal move depend
//     on a sealed value.
//   - When the card is revealed in play, Pending().Dice has Unseal set to
//     that token; once the drawer makes the values known, every machine
//     gives Unseal(token, values). The game checks only what it can know:
//     that the token is sealed and the values are in range.
//   - When a second seat looks at a card already sealed, Pending().Dice has
//     Share set to the token and Private to that seat; once the drawer has
//     made the values known to it, every machine gives Seal(token) again.
//
// The drawer's own machine may show the sealed card to its player by giving
// Unseal to a clone of the game (Unseal is accepted whenever the token is
// sealed) and reading the clone's View for that seat.
//
// Roll answers any of these needs in clear: the values then enter the state.
// That is what solo dice, a game without the protocol and the engine's own
// tests do; a seat's View still hides a card it has not seen.
type Sealer interface {
	// Seal answers the private dice need the game awaits without its values:
	// a new draw, sealed under token, or the share of the sealed draw token
	// (DiceNeed.Share). The error wraps ErrNotPending when no such need is
	// awaited.
	Seal(token string) ([]Event, error)
	// Unseal gives the values of the sealed draw token, in the range it was
	// drawn in. The error wraps ErrNotPending when no draw is sealed under
	// token, and ErrIllegal when the values are out of range.
	Unseal(token string, values []int) ([]Event, error)
}
