package rhine44

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/deck"
)

// Drawing cards. A card revealed in play is drawn when it shows, by one die
// over the cards left (rules/deck). A card looked at by Air Support or
// Recon is fixed on top of its deck by a private draw: sealed, when the
// game is given Seal, so that the state holds only a token until the card
// is revealed in play (rules.Sealer).

// drawNeed is the dice a card draw or look awaits.
func (g *Game) drawNeed() *rules.DiceNeed {
	dr := g.s.Draw
	d := g.s.Decks[dr.Deck]
	name := deckName(dr.Deck)
	if dr.Look == "" {
		if tok := d.Sealed(); tok != "" {
			return &rules.DiceNeed{By: rules.Seat(d.Top.Seen[0]), For: "the looked-at top card of " + name + ", revealed (R10.6)", Sides: []int{d.Len()}, Unseal: tok}
		}
		return &rules.DiceNeed{By: dr.Seat, For: "the top card of " + name + " (R10.6)", Sides: []int{d.Sides()}}
	}
	what := fmt.Sprintf("%s's look at the top card of %s (%s)", dr.Seat, name, map[string]string{"air": "R11.1", "recon": "R10.13"}[dr.Look])
	if tok := d.Sealed(); tok != "" {
		return &rules.DiceNeed{By: rules.Seat(d.Top.Seen[0]), For: what + ", a card already looked at", Sides: []int{d.Len()}, Private: dr.Seat, Share: tok}
	}
	return &rules.DiceNeed{By: dr.Seat, For: what, Sides: []int{d.Sides()}, Private: dr.Seat}
}

// drawCard carries the awaited draw or look as far as it can go: v is a
// value in clear (0 when none has come), seal the token of a sealed draw
// ("" when none). It waits (leaves Draw set) when it needs what it lacks.
func (g *Game) drawCard(v int, seal string) error {
	dr := g.s.Draw
	d := g.deck(dr.Deck)
	if d.Len() == 0 && d.Refill() {
		g.say(dr.Seat, "%s is used up: its discard pile becomes the deck (A-21).", deckName(dr.Deck))
	}
	var err error
	done := false
	if dr.Look == "" {
		done, err = g.reveal(d, v)
	} else {
		done, err = g.look(d, v, seal)
	}
	g.setDeck(dr.Deck, d)
	if err != nil || !done {
		return err
	}
	g.s.Draw = nil
	g.revealed = true
	if dr.Look != "" {
		g.say(dr.Seat, "%s has looked at the top card of %s and put it back; only he knows it.", dr.Seat, deckName(dr.Deck))
		return nil
	}
	g.resolve(dr.Seat, dr.Field, dr.Deck, g.drawn)
	return nil
}

// reveal draws the top card of d for a corps entering a field, into
// g.drawn ("" when the deck has none); done is false while it awaits a
// value or an unseal.
func (g *Game) reveal(d *deck.Deck, v int) (bool, error) {
	g.drawn = ""
	if d.Len() == 0 {
		return true, nil
	}
	if tok := d.Sealed(); tok != "" {
		if v == 0 {
			return false, nil // the drawer must unseal it (DiceNeed.Unseal)
		}
		if _, err := d.Unseal(tok, v); err != nil {
			return false, fmt.Errorf("%w: %v", rules.ErrIllegal, err)
		}
		v = 0
	} else if d.Sides() > 0 && v == 0 {
		return false, nil
	}
	card, err := d.Draw(v)
	if err != nil {
		return false, fmt.Errorf("%w: %v", rules.ErrIllegal, err)
	}
	g.drawn = card
	return true, nil
}

// look fixes the top card of d for the looker of g.s.Draw: with no dice
// when it is fixed already or determined, sealed under seal, or by v in
// clear; a card sealed for another is shared with him. done is false while
// it awaits what it lacks.
func (g *Game) look(d *deck.Deck, v int, seal string) (bool, error) {
	seat := string(g.s.Draw.Seat)
	fail := func(err error) (bool, error) { return false, fmt.Errorf("%w: %v", rules.ErrIllegal, err) }
	switch {
	case d.Sealed() != "" && !slices.Contains(d.Top.Seen, seat):
		switch {
		case seal != "":
			if seal != d.Sealed() {
				return false, fmt.Errorf("%w: the card to share is sealed under %q, not %q", rules.ErrIllegal, d.Sealed(), seal)
			}
		case v == 0:
			return false, nil
		default:
			if _, err := d.Unseal(d.Sealed(), v); err != nil {
				return fail(err)
			}
		}
		d.See(seat)
	case d.Top != nil:
		d.See(seat)
	case d.Sides() == 0:
		if _, err := d.Peek(0, seat); err != nil {
			return fail(err)
		}
	case seal != "":
		if err := d.Seal(seal, seat); err != nil {
			return fail(err)
		}
	case v == 0:
		return false, nil
	default:
		if _, err := d.Peek(v, seat); err != nil {
			return fail(err)
		}
	}
	return true, nil
}

// lostLook: a shuffle-back unfixed a looked-at top card, which may no longer
// be on top; the air-support markers on that deck go home.
func (g *Game) lostLook(deckID string) {
	for i := range g.s.Players {
		if p := &g.s.Players[i]; p.Air == deckID {
			p.Air = ""
			g.say(p.Seat, "%s's air-support marker returns: the card it marked was shuffled back (A-10).", p.Seat)
		}
	}
}

// lookDeck is the deck a look targets (A-15: the Axis deck or the player's
// own pursuit deck, the shared one under §15C), refilled if used up; it
// refuses a deck with no card.
func (g *Game) lookDeck(seat rules.Seat, which, rule string) (string, error) {
	deckID := deckAxis
	if which == lookPursuit {
		deckID = g.pursuitDeck(seat)
	}
	d := g.deck(deckID)
	if d.Len() == 0 && d.Refill() {
		g.setDeck(deckID, d)
		g.say(seat, "%s is used up: its discard pile becomes the deck (A-21).", deckName(deckID))
	}
	if d.Len() == 0 {
		return "", rules.Refuse(rule, "%s holds no card to look at", deckName(deckID))
	}
	return deckID, nil
}

// airSupport is the Air Support action (§11, R11.1-R11.5): a look at the
// top card of a deck, which the player's air-support marker then marks; or
// Bradley's commander action (R13.2), allowed in the rain.
func (g *Game) airSupport(seat rules.Seat, c Command) error {
	p := g.player(seat)
	switch {
	case g.s.Options.Training:
		return rules.Refuse("§11", "the training game has no Air Support (L476)")
	case p.Air != "":
		return rules.Refuse("R11.2", "your air-support marker lies on %s until its card is revealed", deckName(p.Air))
	}
	if c.Commander {
		if seat != "bradley" {
			return rules.Refuse("R13.2", "only Bradley's commander card gives Air Support")
		}
		if err := g.useCommander(seat, "Air Support"); err != nil {
			return err
		}
	} else {
		if g.s.Rain {
			return rules.Refuse("R15.3", "no Air Support in the rain, but Bradley's commander action")
		}
		if err := g.standard("Air Support"); err != nil {
			return err
		}
	}
	deckID, err := g.lookDeck(seat, c.Deck, "R11.1")
	if err != nil {
		return err
	}
	p.Air = deckID
	g.say(seat, "%s's air support looks at the top card of %s and marks it (R11.1).", seat, deckName(deckID))
	g.s.Draw = &drawing{Deck: deckID, Seat: seat, Look: "air"}
	return g.drawCard(0, "")
}

// playCard plays a kept or this-turn card of a kind, the this-turn one
// first (it is lost at the turn's end), to the discard pile.
func (g *Game) playCard(seat rules.Seat, kind string) (string, bool) {
	p := g.player(seat)
	for _, list := range []*[]string{&p.Now, &p.Kept} {
		for _, id := range *list {
			if g.b.cards[id].Kind == kind {
				*list = removeCard(*list, id)
				g.throw(id)
				return id, true
			}
		}
	}
	return "", false
}

// recon plays a Recon card: an extra action, a look at the top card of a
// deck (R10.13, L792-802; A-15), at most one a turn.
func (g *Game) recon(seat rules.Seat, which string) error {
	if g.s.Turn.Recon {
		return rules.Refuse("R10.13", "one Recon card a turn")
	}
	deckID, err := g.lookDeck(seat, which, "R10.13")
	if err != nil {
		return err
	}
	id, ok := g.playCard(seat, kindRecon)
	if !ok {
		return rules.Refuse("R10.13", "you hold no Recon card")
	}
	g.s.Turn.Recon = true
	g.say(seat, "%s plays %s: a look at the top card of %s (R10.13).", seat, g.b.cardName(id), deckName(deckID))
	g.s.Draw = &drawing{Deck: deckID, Seat: seat, Look: "recon"}
	return g.drawCard(0, "")
}

// resistance plays a Resistance card: one more action this turn (R5.3a,
// R10.13), at most one a turn.
func (g *Game) resistance(seat rules.Seat) error {
	if g.s.Turn.Resistance {
		return rules.Refuse("R10.13", "one Resistance card a turn")
	}
	id, ok := g.playCard(seat, kindResistance)
	if !ok {
		return rules.Refuse("R10.13", "you hold no Resistance card")
	}
	g.s.Turn.Resistance = true
	g.s.Turn.Extra++
	g.say(seat, "%s plays %s: one more action this turn (R10.13).", seat, g.b.cardName(id))
	return nil
}

// Seal implements rules.Sealer: the private draw the game awaits, taken
// sealed under token, or the share of the sealed draw token with a second
// looker.
func (g *Game) Seal(token string) ([]rules.Event, error) {
	p := g.Pending()
	if p.Dice == nil || p.Dice.Private == "" {
		return nil, fmt.Errorf("%w: no private draw is awaited", rules.ErrNotPending)
	}
	if err := checkToken(token); err != nil {
		return nil, err
	}
	if p.Dice.Share != "" && token != p.Dice.Share {
		return nil, fmt.Errorf("%w: the share of the draw sealed under %q is awaited, not %q", rules.ErrNotPending, p.Dice.Share, token)
	}
	for id, d := range g.s.Decks {
		if d.Sealed() == token && id != g.s.Draw.Deck {
			return nil, fmt.Errorf("%w: token %q already seals the top of %s", rules.ErrIllegal, token, deckName(id))
		}
	}
	next := g.with(g.s.clone())
	if err := next.drawCard(0, token); err != nil {
		return nil, err
	}
	next.revealed = true
	next.afterInput()
	g.s = next.s
	return next.out, nil
}

// Unseal implements rules.Sealer: the values of the draw sealed under
// token. When the game awaits them (the card is revealed in play, or shown
// to a second looker), it goes on; at any other time the card becomes known
// to the game where it lies, as the drawer's own machine does to show it.
func (g *Game) Unseal(token string, values []int) ([]rules.Event, error) {
	deckID := ""
	for _, id := range sortedKeys(g.s.Decks) {
		if g.s.Decks[id].Sealed() == token && token != "" {
			deckID = id
		}
	}
	if deckID == "" {
		return nil, fmt.Errorf("%w: no draw is sealed under %q", rules.ErrNotPending, token)
	}
	if err := checkValues(values, []int{g.s.Decks[deckID].Len()}); err != nil {
		return nil, err
	}
	next := g.with(g.s.clone())
	if p := g.Pending(); p.Dice != nil && (p.Dice.Unseal == token || p.Dice.Share == token) {
		if err := next.drawCard(values[0], ""); err != nil {
			return nil, err
		}
		next.revealed = true
		next.afterInput()
	} else {
		d := next.deck(deckID)
		if _, err := d.Unseal(token, values[0]); err != nil {
			return nil, fmt.Errorf("%w: %v", rules.ErrIllegal, err)
		}
		next.setDeck(deckID, d)
	}
	g.s = next.s
	return next.out, nil
}

// checkToken refuses a token that could not name a draw in a log: empty,
// long, or with spaces or control characters.
func checkToken(token string) error {
	if token == "" || len(token) > 128 || strings.IndexFunc(token, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("%w: a seal's token is 1 to 128 characters without spaces, not %q", rules.ErrIllegal, token)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
