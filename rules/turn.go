package rules

import (
	"fmt"
	"slices"
	"strings"
)

// CheckTurn is the guard every Apply starts with: seat is one of the game's
// seats, the game is not over, no dice are awaited, and seat is one of those
// the game waits for. Its error wraps ErrNotPending. It returns the Pending
// it read, for Apply to go on with.
func CheckTurn(g Game, seat Seat) (Pending, error) {
	if !slices.Contains(g.Seats(), seat) {
		return Pending{}, fmt.Errorf("%w: no seat %q in this game", ErrNotPending, seat)
	}
	p := g.Pending()
	switch {
	case p.Over:
		return p, fmt.Errorf("%w: the game is over", ErrNotPending)
	case p.Dice != nil:
		return p, fmt.Errorf("%w: dice for %s are awaited first", ErrNotPending, p.Dice.For)
	case !slices.Contains(p.Seats, seat):
		return p, fmt.Errorf("%w: %s: the game waits for %s, not %s", ErrNotPending, p.Phase, seatList(p.Seats), seat)
	}
	return p, nil
}

func seatList(seats []Seat) string {
	words := make([]string, len(seats))
	for i, s := range seats {
		words[i] = string(s)
	}
	return strings.Join(words, " and ")
}
