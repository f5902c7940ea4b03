package rhine44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/graph"
)

// move begins a Move Corps action (§10) and makes its first step: a
// standard action, or Patton's commander action (R13.4).
func (g *Game) move(seat rules.Seat, c Command) error {
	k := g.corps(c.Corps)
	switch {
	case k == nil:
		return rules.Refuse("R10.1", "no corps %s", c.Corps)
	case k.Owner != seat:
		return rules.Refuse("R10.1", "%s is %s's corps", k.ID, k.Owner)
	case slices.Contains(g.s.Turn.Moved, k.ID):
		return rules.Refuse("R10.2", "%s has moved this turn already: a corps moves once a turn, whatever the action (E11)", k.ID)
	case k.Immobile:
		return rules.Refuse("R9.3", "%s is immobilized until food reaches its field", k.ID)
	case k.Card.F < 1:
		return rules.Refuse("R10.1", "%s has no fuel on its card: a move costs 1 F", k.ID)
	}
	if c.Commander {
		if seat != "patton" {
			return rules.Refuse("R13.4", "only Patton's commander card moves a corps")
		}
		if err := g.useCommander(seat, "a Move Corps action"); err != nil {
			return err
		}
	} else if err := g.standard("Move Corps"); err != nil {
		return err
	}
	k.Card.F--
	g.s.Pool.F++
	g.s.Turn.Moved = append(g.s.Turn.Moved, k.ID)
	g.s.Move = &moving{Corps: k.ID, Path: []string{k.At}}
	g.say(seat, "%s moves from %s, paying 1 F (R10.1).", k.ID, g.b.field(k.At).Name)
	return g.step(seat, c.Field)
}

// stepRules are the arrows and fields seat's corps may use (R10.3): arrows
// of his colour, fields of his colour, shared with it, or black.
func (g *Game) mayEnter(seat rules.Seat, id string) bool {
	f := g.b.field(id)
	if f == nil || (!slices.Contains(f.Colours, colourOf(seat)) && !f.Black()) {
		return false
	}
	c := g.controller(id)
	return c == "" || c == seat
}

func (g *Game) arrowOf(seat rules.Seat) func(graph.Edge) bool {
	colour := colourOf(seat)
	return func(e graph.Edge) bool { return e.Has(colour) }
}

// canStep reports why a corps may not step to a field, nil if it may.
func (g *Game) canStep(seat rules.Seat, k *corps, to string) error {
	m := g.s.Move
	f := g.b.field(to)
	switch {
	case f == nil:
		return rules.Refuse("R10.3", "no field %q", to)
	case m.Steps >= maxSteps:
		return rules.Refuse("R10.3", "%s has moved %d fields, the most", k.ID, maxSteps)
	case m.Pay && k.Card.F < 1:
		return rules.Refuse("R10.7", "going on costs %s 1 F, and its card has none", k.ID)
	}
	e, ok := g.b.g.Edge(k.At, to)
	switch {
	case !ok:
		return rules.Refuse("R10.3", "no arrow joins %s and %s", g.b.field(k.At).Name, f.Name)
	case !e.Has(colourOf(seat)):
		return rules.Refuse("R10.3", "the arrow %s-%s is not %s", g.b.field(k.At).Name, f.Name, colourOf(seat))
	case !slices.Contains(f.Colours, colourOf(seat)) && !f.Black():
		return rules.Refuse("R10.3", "%s is %s: a %s corps enters only its colour, shared fields with it, and black fields", f.Name, joinColours(f.Colours), colourOf(seat))
	case g.corpsAt(to) != nil:
		return rules.Refuse("R10.3", "%s stands on %s: no corps enters or passes a field with a corps (Aid L1777)", g.corpsAt(to).ID, f.Name)
	}
	if c := g.controller(to); c != "" && c != seat {
		return rules.Refuse("R10.3", "%s is %s's: no one enters a field another player controls (L699-703)", f.Name, c)
	}
	if g.controller(to) == "" && f.Fort {
		if k.Card.A+g.credits(seat, to) < 1 {
			return rules.Refuse("R10.5", "%s is fortified: entering it costs 1 A, and %s has none (nor a paratrooper or an air-support marker to stand in)", f.Name, k.ID)
		}
	}
	return nil
}

// step moves the moving corps one field on (R10.3-R10.7).
func (g *Game) step(seat rules.Seat, to string) error {
	m := g.s.Move
	k := g.corps(m.Corps)
	if err := g.canStep(seat, k, to); err != nil {
		return err
	}
	if m.Pay {
		k.Card.F--
		g.s.Pool.F++
		m.Pay = false
		g.say(seat, "%s pays 1 F to go on (R10.7).", k.ID)
	}
	from := k.At
	k.At = to
	m.Steps++
	m.Path = append(m.Path, to)
	f := g.b.field(to)
	if g.controller(to) == seat {
		g.say(seat, "%s moves from %s to %s (step %d).", k.ID, g.b.field(from).Name, f.Name, m.Steps)
		g.afterStep(seat)
		return nil
	}
	// R10.6: the corps stops and reveals the top card of the Axis deck
	// (an Axis symbol or marker) or of its pursuit deck.
	deckID := g.pursuitDeck(seat)
	if f.Axis || g.hasAxis(to) {
		deckID = deckAxis
	}
	g.say(seat, "%s enters %s (step %d) and reveals the top card of %s (R10.6).", k.ID, f.Name, m.Steps, deckName(deckID))
	g.s.Draw = &drawing{Deck: deckID, Seat: seat, Field: to}
	return g.drawCard(0, "")
}

// credits are the ammo that stands in for a corps' own entering a field
// (R10.14, R11.3, R12.3-R12.4): each paratrooper on it, whoever dropped it
// and the player's
// air-support marker on the deck its card will come from. They pay the
// fortification and the combat together (E17, E18: one pool of credit).
func (g *Game) credits(seat rules.Seat, to string) int {
	n := 0
	for _, p := range g.s.Paras {
		if p.Field == to {
			n++
		}
	}
	deckID := g.pursuitDeck(seat)
	if g.b.field(to).Axis || g.hasAxis(to) {
		deckID = deckAxis
	}
	if g.player(seat).Air == deckID {
		n++
	}
	return n
}

// afterStep ends the move after its third step (R10.3).
func (g *Game) afterStep(seat rules.Seat) {
	if m := g.s.Move; m != nil && m.Steps >= maxSteps && g.s.Ask == nil && g.s.Draw == nil {
		g.endMove(seat)
	}
}

// endMove ends the move under way.
func (g *Game) endMove(seat rules.Seat) {
	m := g.s.Move
	if m == nil {
		return
	}
	g.s.Move = nil
	k := g.corps(m.Corps)
	g.say(seat, "%s ends its move on %s with %s.", k.ID, g.b.field(k.At).Name, k.Card.Words())
}

// resolve resolves the card a corps revealed on entering a field (R10.7-
// R10.17); card is "" when the deck had none.
func (g *Game) resolve(seat rules.Seat, field, deckID, card string) {
	m := g.s.Move
	k := g.corps(m.Corps)
	f := g.b.field(field)
	c := g.b.cards[card]
	credit := g.credits(seat, field)
	// R11.3-R11.4: every air-support marker on the deck returns; only the
	// mover's own helps.
	for i := range g.s.Players {
		if p := &g.s.Players[i]; p.Air == deckID {
			p.Air = ""
			if p.Seat != seat {
				g.say(p.Seat, "%s's air-support marker returns with no effect (R11.4).", p.Seat)
			}
		}
	}
	if c != nil {
		g.say(seat, "The card is %s.", g.describeCard(c))
		g.weather(seat, c)
	} else {
		g.say(seat, "%s holds no card: %s is taken with no effect (A-21).", deckName(deckID), f.Name)
	}
	var due Tokens
	if f.Fort {
		due.A++ // R10.5
	}
	if c != nil && c.Division() {
		due = due.Plus(divisionCost[c.Kind])
	}
	pay := due
	pay.A = max(0, due.A-credit)
	if !k.Card.Has(pay) {
		// R10.16: the corps loses; it spends what it has of what is due,
		// retreats and ends its move; the division goes back to its deck.
		spent := k.Card.Min(pay)
		k.Card = k.Card.Minus(spent)
		g.s.Pool = g.s.Pool.Plus(spent)
		back := m.Path[len(m.Path)-2]
		k.At = back
		m.Path = append(m.Path, back)
		d := g.deck(deckID)
		lost := d.ShuffleBack(card)
		g.setDeck(deckID, d)
		if lost != nil {
			g.lostLook(deckID)
		}
		g.say(seat, "%s cannot pay %s: it loses, spends %s, retreats to %s and ends its move; %s goes back into %s (R10.16).",
			k.ID, due.Words(), spent.Words(), g.b.field(back).Name, c.Name, deckName(deckID))
		g.endMove(seat)
		return
	}
	k.Card = k.Card.Minus(pay)
	g.s.Pool = g.s.Pool.Plus(pay)
	switch {
	case due.A > pay.A:
		g.say(seat, "%s pays %s; paratroopers or air support stand in for %d A (R10.5, R10.14, R11.3, R12.3).", k.ID, pay.Words(), due.A-pay.A)
	case due.Total() > 0:
		g.say(seat, "%s pays %s (R10.5, R10.14).", k.ID, pay.Words())
	}
	if c != nil && c.Division() {
		// R10.15: a win; the division is a trophy, and going on costs 1 F
		// unless this was the third step.
		g.player(seat).Trophies = append(g.player(seat).Trophies, card)
		g.say(seat, "%s beats %s and takes it as a trophy (R10.15).", k.ID, c.Name)
		m.Pay = m.Steps < maxSteps
	}
	g.say(seat, "%s takes %s (R10.8).", seat, f.Name)
	g.place(seat, field, k.ID)
	if g.s.Over {
		return
	}
	if c != nil && !c.Division() {
		g.cardEffect(seat, k, field, c)
	}
	g.afterStep(seat)
}

// describeCard is a card for people, with what it costs to beat.
func (g *Game) describeCard(c *Card) string {
	s := c.Name
	if c.Division() {
		s += fmt.Sprintf(" (a division: %s to beat)", divisionCost[c.Kind].Words())
	}
	return s
}

// weather turns the weather marker to a card's side when it is revealed in
// a move (R15.2), never when it is looked at; rain sends every
// air-support marker on a deck home (R15.4).
func (g *Game) weather(seat rules.Seat, c *Card) {
	if !g.s.Options.Weather || c.Weather == "" {
		return
	}
	rain := c.Weather == "rain"
	if rain == g.s.Rain {
		return
	}
	g.s.Rain = rain
	if !rain {
		g.say(seat, "The weather turns sunny (R15.2).")
		return
	}
	g.say(seat, "Rain (R15.2): no Air Support but Bradley's commander action, no Airborne Drop (R15.3).")
	for i := range g.s.Players {
		if p := &g.s.Players[i]; p.Air != "" {
			p.Air = ""
			g.say(p.Seat, "%s's air-support marker returns in the rain (R15.4).", p.Seat)
		}
	}
}

// cardEffect carries out a pursuit card that is not a division (R10.12-
// R10.13; §1.2) and disposes of it (R10.9).
func (g *Game) cardEffect(seat rules.Seat, k *corps, field string, c *Card) {
	switch c.Kind {
	case kindBoches:
		g.s.Move.Pay = g.s.Move.Steps < maxSteps // R10.7
		g.say(seat, "Les Boches: %s goes on only by paying 1 F (R10.7).", k.ID)
	case kindStock, kindSupplies, kindLiberation:
		gain := cardGain[c.Kind]
		if !g.s.Pool.Has(gain) {
			g.say(seat, "The pool has no %s: the gain is lost (R10.10).", gain.Words())
		} else {
			g.s.Pool = g.s.Pool.Minus(gain)
			g.arrive(seat, field, gain)
			g.say(seat, "%s: %s on %s (R10.12).", c.Name, gain.Words(), g.b.field(field).Name)
		}
	case kindCivilians:
		if g.solo() {
			g.s.Solo.Civilians++
		}
		switch {
		case k.Card.R < 1 || g.s.MedalPool < 1:
			g.say(seat, "Starving civilians: %s has no food to give, or no medal is left: no effect (R10.12).", k.ID)
		case g.solo() && g.s.Solo.Civilians == soloCivilians:
			k.Card.R--
			g.s.Pool.R++
			g.medal(seat, "the third Starving civilians, which the solo player must feed (R17.6)")
		default:
			g.s.Ask = &ask{Kind: askCivilians, Corps: k.ID, Card: c.ID}
			return // the answer throws the card
		}
	case kindMarket:
		if k.Card.Total() > 0 && g.s.Pool.Total() > 0 {
			g.s.Ask = &ask{Kind: askMarket, Corps: k.ID, Card: c.ID}
			return
		}
		g.say(seat, "Black market: nothing to trade (R10.12).")
	case kindResistance, kindRecon:
		p := g.player(seat)
		if c.Hand {
			p.Kept = append(p.Kept, c.ID)
			g.say(seat, "%s keeps the %s card: it bears a hand, for this turn or a later one (R10.13).", seat, c.Name)
		} else {
			p.Now = append(p.Now, c.ID)
			g.say(seat, "%s may use the %s card this turn, after this move (R10.13).", seat, c.Name)
		}
		return
	}
	g.throw(c.ID)
}

// answer gives a decision the game asks for.
func (g *Game) answer(seat rules.Seat, c Command) error {
	a := g.s.Ask
	switch a.Kind {
	case askReturn:
		if c.Verb != "return" {
			return rules.Refuse("R6.4", "%s holds %d tokens over its limit: 'return %s TOKENS' first", g.b.field(a.Field).Name, a.N, a.Field)
		}
		if err := g.answerReturn(seat, c); err != nil {
			return err
		}
		g.checkLimits()
		return nil
	case askCivilians:
		k := g.corps(a.Corps)
		switch c.Verb {
		case "feed":
			k.Card.R--
			g.s.Pool.R++
			g.medal(seat, "Starving civilians fed (R10.12)")
		case "decline":
			g.say(seat, "%s keeps its food (R10.12).", k.ID)
		default:
			return rules.Refuse("R10.12", "Starving civilians: 'feed' gives 1 R from %s for a medal, 'decline' keeps it; now or never", k.ID)
		}
	case askMarket:
		k := g.corps(a.Corps)
		switch c.Verb {
		case "market":
			if k.Card.Get(c.Give) < 1 {
				return rules.Refuse("R10.12", "%s has no %s to give", k.ID, tokenNames[c.Give])
			}
			if g.s.Pool.Get(c.Take) < 1 {
				return rules.Refuse("R10.10", "the pool has no %s", tokenNames[c.Take])
			}
			k.Card = k.Card.Minus(One(c.Give)).Plus(One(c.Take))
			g.s.Pool = g.s.Pool.Plus(One(c.Give)).Minus(One(c.Take))
			g.say(seat, "Black market: %s trades 1 %c for 1 %c (R10.12).", k.ID, c.Give, c.Take)
		case "decline":
			g.say(seat, "Black market: %s trades nothing (R10.12).", k.ID)
		default:
			return rules.Refuse("R10.12", "Black market: 'market GT' trades a token G of %s's card for a token T of another type from the pool, 'decline' nothing; now or never", k.ID)
		}
	}
	g.throw(a.Card)
	g.s.Ask = nil
	g.afterStep(seat)
	return nil
}
