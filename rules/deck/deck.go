// Package deck is a face-down deck of cards whose order is never drawn up
// front (DESIGN.md, Dice): the deck is the multiset of the cards left, and
// the top card is decided only when it is drawn, by one die over the cards
// left (rules.DiceNeed{Sides: {n}}). A shuffle drawn at set-up would be known
// to every seat as soon as its dice were; a lazy draw tells no one anything
// before the card shows.
//
// A look at the top card (a peek) fixes it without taking it: by a draw
// whose value the game knows, or by a sealed draw (rules.Sealer) whose value
// only the peeker knows until the card is revealed in play, when it is
// unsealed. While the top is fixed the cards left do not change, so the value
// of a sealed draw picks the same card whenever it arrives.
//
// Beside the deck lie its discard pile, a shuffle-back that returns a card
// to the deck at a random place (it unfixes a looked-at top: the card seen
// may no longer be on top), and the refill of an exhausted deck from its
// discard pile.
//
// Deck is plain data for a game's hashed state. It is pure: it never draws.
package deck

import (
	"errors"
	"fmt"
	"slices"
)

// Deck is a deck of cards, its discard pile and what is known of its top.
type Deck struct {
	// Left are the cards in the deck, sorted: a multiset, since which card
	// lies where is decided only when it is drawn.
	Left []string `json:"left"`
	// Discard is the discard pile, bottom first.
	Discard []string `json:"discard,omitempty"`
	// Top is the top card when a look has fixed it; nil otherwise.
	Top *Top `json:"top,omitempty"`
}

// Top is a top card fixed by a look at it.
type Top struct {
	// Card is the card, when the game knows it; "" while sealed.
	Card string `json:"card,omitempty"`
	// Sealed is the token of the sealed draw that fixed it, while the game
	// does not know its value; "" otherwise.
	Sealed string `json:"sealed,omitempty"`
	// Seen lists who has looked at it, in the order they did.
	Seen []string `json:"seen"`
}

// Errors of the deck's operations; each is wrapped with what was asked.
var (
	ErrEmpty  = errors.New("the deck is empty")
	ErrSealed = errors.New("the top card is sealed")
	ErrValue  = errors.New("value out of range")
	ErrNoCard = errors.New("no such card")
)

// New is a deck of cards (in any order), with no discard pile.
func New(cards []string) Deck {
	left := slices.Clone(cards)
	slices.Sort(left)
	return Deck{Left: left}
}

// Clone is an independent copy.
func (d Deck) Clone() Deck {
	c := Deck{Left: slices.Clone(d.Left), Discard: slices.Clone(d.Discard)}
	if d.Top != nil {
		t := *d.Top
		t.Seen = slices.Clone(t.Seen)
		c.Top = &t
	}
	return c
}

// Len is how many cards the deck holds.
func (d Deck) Len() int { return len(d.Left) }

// Sides is how many cards a draw of the top card is uniform over: the cards
// left, when the top is not fixed and they are not all alike. It is 0 when
// the top needs no draw: it is fixed (known or sealed), the deck is empty,
// or every card left is the same card.
func (d Deck) Sides() int {
	if d.Top != nil || len(d.Left) == 0 || d.Left[0] == d.Left[len(d.Left)-1] {
		return 0
	}
	return len(d.Left)
}

// Sealed is the token of the sealed draw that fixed the top card, "" when
// the top is not sealed.
func (d Deck) Sealed() string {
	if d.Top == nil {
		return ""
	}
	return d.Top.Sealed
}

// pick is the card a value picks: the value-th card left (from 1) when a
// draw is needed, else the one card a draw would give (v must be 0).
func (d Deck) pick(v int) (string, error) {
	if len(d.Left) == 0 {
		return "", ErrEmpty
	}
	n := d.Sides()
	if n == 0 {
		if v != 0 {
			return "", fmt.Errorf("%w: %d, and the top card needs no draw", ErrValue, v)
		}
		return d.Left[0], nil
	}
	if v < 1 || v > n {
		return "", fmt.Errorf("%w: %d of %d cards", ErrValue, v, n)
	}
	return d.Left[v-1], nil
}

// Draw takes the top card and returns it. When the top is fixed and known it
// is that card and v must be 0; when Sides is above 0, v (1..Sides) picks it;
// otherwise v is 0. A sealed top must be unsealed first (ErrSealed).
func (d *Deck) Draw(v int) (string, error) {
	var card string
	switch {
	case d.Top != nil && d.Top.Sealed != "":
		return "", fmt.Errorf("draw: %w (token %s)", ErrSealed, d.Top.Sealed)
	case d.Top != nil:
		if v != 0 {
			return "", fmt.Errorf("draw: %w: %d, and the top card is known", ErrValue, v)
		}
		card = d.Top.Card
	default:
		c, err := d.pick(v)
		if err != nil {
			return "", fmt.Errorf("draw: %w", err)
		}
		card = c
	}
	d.remove(card)
	d.Top = nil
	return card, nil
}

// remove takes one card out of Left; the card is there (an invariant).
func (d *Deck) remove(card string) {
	i, _ := slices.BinarySearch(d.Left, card)
	d.Left = slices.Delete(d.Left, i, i+1)
}

// Peek fixes the top card by a draw whose value the game knows (v as for
// Draw) and records seer as having seen it. A top already fixed is seen
// again with no draw (v must be 0); a sealed one cannot be (ErrSealed: its
// seer must share it).
func (d *Deck) Peek(v int, seer string) (string, error) {
	if d.Top != nil {
		if d.Top.Sealed != "" {
			return "", fmt.Errorf("peek: %w (token %s)", ErrSealed, d.Top.Sealed)
		}
		if v != 0 {
			return "", fmt.Errorf("peek: %w: %d, and the top card is fixed", ErrValue, v)
		}
		d.See(seer)
		return d.Top.Card, nil
	}
	card, err := d.pick(v)
	if err != nil {
		return "", fmt.Errorf("peek: %w", err)
	}
	d.Top = &Top{Card: card, Seen: []string{seer}}
	return card, nil
}

// Seal fixes the top card by a sealed draw over the cards left: the game
// learns only that it is fixed, and token names the draw for Unseal. The
// deck must need a draw (Sides above 0) and its top must not be fixed.
func (d *Deck) Seal(token, seer string) error {
	switch {
	case token == "":
		return errors.New("seal: no token")
	case d.Top != nil:
		return fmt.Errorf("seal: the top card is already fixed")
	case d.Sides() == 0:
		return fmt.Errorf("seal: the top card needs no draw (%d cards left)", len(d.Left))
	}
	d.Top = &Top{Sealed: token, Seen: []string{seer}}
	return nil
}

// See records that seer has seen the fixed top card too (a sealed one shared
// with them, or a known one looked at again).
func (d *Deck) See(seer string) {
	if d.Top != nil && !slices.Contains(d.Top.Seen, seer) {
		d.Top.Seen = append(d.Top.Seen, seer)
	}
}

// Unseal gives the value of the sealed top's draw: v in 1..Len picks the
// card among the cards left, which have not changed since it was sealed. It
// returns the card, now known.
func (d *Deck) Unseal(token string, v int) (string, error) {
	if d.Top == nil || d.Top.Sealed == "" || d.Top.Sealed != token {
		return "", fmt.Errorf("unseal: %w: the top card is not sealed under %q", ErrNoCard, token)
	}
	if v < 1 || v > len(d.Left) {
		return "", fmt.Errorf("unseal: %w: %d of %d cards", ErrValue, v, len(d.Left))
	}
	d.Top.Card, d.Top.Sealed = d.Left[v-1], ""
	return d.Top.Card, nil
}

// ShuffleBack returns card to the deck at a random place; the place is
// decided, as every card's, when it is drawn. A fixed top is no longer known
// to be on top, so it is unfixed and returned, for the game to undo what the
// look gave (rhine44 A-10); nil when the top was not fixed.
func (d *Deck) ShuffleBack(card string) *Top {
	i, _ := slices.BinarySearch(d.Left, card)
	d.Left = slices.Insert(d.Left, i, card)
	lost := d.Top
	d.Top = nil
	return lost
}

// Throw puts card on the discard pile.
func (d *Deck) Throw(card string) { d.Discard = append(d.Discard, card) }

// Refill turns an empty deck's discard pile into its cards left, as a
// shuffle of the pile would (rhine44 A-21), and reports whether it did: not
// when cards are left or the pile is empty.
func (d *Deck) Refill() bool {
	if len(d.Left) > 0 || len(d.Discard) == 0 {
		return false
	}
	d.Left = slices.Clone(d.Discard)
	slices.Sort(d.Left)
	d.Discard = nil
	d.Top = nil
	return true
}
