package replay

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/logs"
)

// Waiting says who must append the next entry and why, in words for players.
type Waiting struct {
	// Seats may append next (empty when the game is over).
	Seats []string
	// Dice is true when what is awaited is a dice answer or link, which needs no
	// human choice (pbem serve answers these).
	Dice bool
	// Text says it for people.
	Text string
	// Over is true once the game has ended.
	Over bool
}

// Waiting reports what the log awaits: joins, dice answers and reveals first,
// then what the rules await.
func (r *Replay) Waiting() Waiting {
	if !r.joined() {
		var names []string
		for _, s := range r.seats {
			if s.Head == "" {
				names = append(names, s.Seat.Seat)
			}
		}
		return Waiting{Seats: names, Text: fmt.Sprintf("waiting for %s to join (pbem join)", strings.Join(names, ", "))}
	}
	if r.resigned != "" {
		return Waiting{Over: true, Text: r.resigned + " resigned; the game is over"}
	}
	if x, ok := r.freshHead(); ok {
		by := r.otherSeat(x.Seat.Seat)
		return Waiting{Seats: []string{by}, Dice: true,
			Text: fmt.Sprintf("%s acknowledges %s's dice chain of entry %d: casual dice are drawn only after another seat's entry", by, x.Seat.Seat, x.headSeq)}
	}
	if ep := r.dice.cur; ep != nil && r.dice.mode == logs.DiceStrict {
		if len(ep.awaiting) > 0 {
			return Waiting{Seats: ep.awaiting[:1], Dice: true,
				Text: fmt.Sprintf("%s answers dice request %d from %s (for %s)", ep.awaiting[0], ep.n, ep.requester, r.diceFor())}
		}
		if !ep.keyed && ep.seal != "" {
			return Waiting{Seats: []string{ep.requester}, Dice: true,
				Text: fmt.Sprintf("%s takes sealed draw %d, which only it can see (for %s)", ep.requester, ep.n, r.diceFor())}
		}
		if !ep.keyed {
			return Waiting{Seats: []string{ep.requester}, Dice: true,
				Text: fmt.Sprintf("%s reveals its link to draw dice %d (for %s)", ep.requester, ep.n, r.diceFor())}
		}
	}
	p := r.pending()
	if p.Over {
		return Waiting{Over: true, Text: "the game is over: " + p.Result}
	}
	if k := r.dice.kindOf(r, p.Dice); k != notSealed {
		// A sealed draw waits for one seat's entry, which needs no choice:
		// withheld, it stalls the game, and this says who stalls it.
		who, what := r.dice.sealedWaiting(r, p.Dice, k)
		return Waiting{Seats: []string{who}, Dice: true, Text: who + " " + what}
	}
	var seats []string
	for _, s := range p.Seats {
		seats = append(seats, string(s))
	}
	if p.Dice != nil && r.dice.mode != logs.DiceStrict {
		// Casual and solo dice are drawn by the seat whose action needs them.
		seats = []string{string(p.Dice.By)}
	}
	text := p.Phase
	if p.Prompt != "" {
		text += ": " + p.Prompt
	}
	if r.takeback != nil {
		text += fmt.Sprintf(" (a takeback to entry %d proposed by %s awaits agreement)", r.takeback.to, r.takeback.by)
	}
	return Waiting{Seats: seats, Text: text}
}

// otherSeat is the first seat in seat order that is not seat.
func (r *Replay) otherSeat(seat string) string {
	for _, s := range r.seats {
		if s.Seat.Seat != seat {
			return s.Seat.Seat
		}
	}
	return ""
}

func (r *Replay) diceFor() string {
	if d := r.pending().Dice; d != nil {
		return d.For
	}
	return "the rules"
}

// DiceMode is the game's dice mode.
func (r *Replay) DiceMode() logs.DiceMode { return r.dice.mode }

// Foreseeable says, for casual games, that a player can foresee its own rolls:
// the tool shows it wherever such a game is shown (DESIGN.md, Dice). Under
// protocol v1 re-rolls were possible too: ProtocolWarning says so.
func (r *Replay) Foreseeable() string {
	switch {
	case r.dice.mode != logs.DiceCasual:
		return ""
	case !r.v2():
		return "casual dice: each player can foresee its own rolls before it decides"
	}
	return "casual dice: each player can foresee its own rolls before it decides (no re-rolls are possible)"
}
