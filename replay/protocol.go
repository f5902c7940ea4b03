package replay

import (
	"fmt"

	"github.com/pbem-referee/pbem/logs"
)

// Protocol versions (docs/log.md, Protocol versions). A game is played and
// verified under its invite's version, which every entry repeats. Version 2
// added rules that honest logs of version 1 break: casual dice from a fresh
// chain head wait for another seat's line (with the acknowledgement that
// writes one), casual dice awaited before anyone decides are drawn by their
// own seat, casual dice need exactly two seats, and a takeback is refused
// after a resignation or to an entry an earlier takeback undid. A version 1
// game keeps its own rules. Every other rule holds for every version: it
// refuses only what no honest pbem ever wrote, and a log's author chooses its
// version.

// Protocol is the game's protocol version, its invite's v.
func (r *Replay) Protocol() int { return r.invite.V }

// v2 reports whether the rules that version 2 added hold in this game.
func (r *Replay) v2() bool { return r.invite.V >= 2 }

// v1Draws counts, in a version 1 casual game, the entries that drew dice
// version 2 would refuse, and names the first.
type v1Draws struct {
	n           int64
	first, last int64
	why         string // of the first
}

// noteV1Draw records an entry whose draw only version 1 allows, once.
func (r *Replay) noteV1Draw(seq int64, why string) {
	switch {
	case r.v1.n > 0 && r.v1.last == seq:
		return
	case r.v1.n == 0:
		r.v1.first, r.v1.why = seq, why
	}
	r.v1.n++
	r.v1.last = seq
}

// ProtocolWarning says, for a game whose casual dice are made under protocol
// v1, what they do not prove, with the entries that drew dice version 2
// refuses; "" for any other game. pbem shows it wherever it shows such a game.
func (r *Replay) ProtocolWarning() string {
	if r.v2() || r.dice.mode != logs.DiceCasual {
		return ""
	}
	w := "this game's casual dice were made under protocol v1 (an older pbem), under which a player could choose his own rolls by trying chain heads"
	many := len(r.seats) > 2
	if many {
		w += fmt.Sprintf(", and with %d seats a partner could choose them", len(r.seats))
	}
	switch {
	case r.v1.n == 1:
		w += fmt.Sprintf("; entry %d drew dice as only v1 allows: %s", r.v1.first, r.v1.why)
	case r.v1.n > 1:
		w += fmt.Sprintf("; %d entries drew dice as only v1 allows, the first, entry %d: %s", r.v1.n, r.v1.first, r.v1.why)
	case !many:
		w += "; no draw of this log so far did what protocol v2 refuses"
	}
	return w + " (docs/dice.md 3.7)"
}
