package rhine44

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/deck"
)

// ErrOption is wrapped when an invite's options are not ones the game knows
// or do not go together.
var ErrOption = errors.New("rhine44 option")

// Game is a game of Race to the Rhine in progress.
type Game struct {
	b *board
	s state
	// ver are the rules of the version the game is played under
	// (versions.go), kept by every copy of the game; not state.
	ver *rulesVersion
	// out collects the events of the input being given; not state.
	out []rules.Event
	// revealed is set when the input drew or looked at a card, or rolled:
	// the solo player may not take it back (R17.5).
	revealed bool
	// drawn is the card a reveal just drew.
	drawn string
}

// New starts a game from an assembled scenario and the invite's options,
// under the current rules version.
func New(scenario []byte, opts []string) (*Game, error) {
	return startGame(scenario, opts, Version)
}

// startGame is New under a rules version the engine plays (versions.go).
func startGame(scenario []byte, opts []string, version string) (*Game, error) {
	ver, err := versionRules.Rules(version)
	if err != nil {
		return nil, err
	}
	sc, err := ParseScenario(scenario)
	if err != nil {
		return nil, err
	}
	o, seats, err := parseOptions(opts, sc.Players)
	if err != nil {
		return nil, err
	}
	b, err := newBoard(sc)
	if err != nil {
		return nil, err
	}
	g := &Game{b: b, ver: ver}
	if err := g.setup(seats, o); err != nil {
		return nil, err
	}
	return g, nil
}

// Seats implements rules.Game.
func (g *Game) Seats() []rules.Seat { return slices.Clone(g.s.Seats) }

// Hash implements rules.Game.
func (g *Game) Hash() string { return rules.HashState(g.s) }

// Clone implements rules.Game. Clones share the board, which never changes.
func (g *Game) Clone() rules.Game { return g.with(g.s.clone()) }

// with is a game of g's board and rules version in state s: the copy an
// input is tried on, a clone, a restored game.
func (g *Game) with(s state) *Game { return &Game{b: g.b, ver: g.ver, s: s} }

// solo reports whether one player plays (§17).
func (g *Game) solo() bool { return len(g.s.Seats) == 1 }

// active is the seat whose turn it is.
func (g *Game) active() rules.Seat {
	if len(g.s.Order) == 0 {
		return ""
	}
	return g.s.Order[g.s.Active]
}

func (g *Game) player(seat rules.Seat) *player {
	for i := range g.s.Players {
		if g.s.Players[i].Seat == seat {
			return &g.s.Players[i]
		}
	}
	return nil
}

func (g *Game) corps(id string) *corps {
	for i := range g.s.Corps {
		if g.s.Corps[i].ID == id {
			return &g.s.Corps[i]
		}
	}
	return nil
}

// corpsAt is the corps on a field, nil for none.
func (g *Game) corpsAt(field string) *corps {
	for i := range g.s.Corps {
		if g.s.Corps[i].At == field {
			return &g.s.Corps[i]
		}
	}
	return nil
}

func (g *Game) deck(id string) *deck.Deck {
	d := g.s.Decks[id]
	return &d
}

func (g *Game) setDeck(id string, d *deck.Deck) { g.s.Decks[id] = *d }

// pursuitDeck is the deck seat draws pursuit cards from: his own, or the
// shared one (§15C).
func (g *Game) pursuitDeck(seat rules.Seat) string {
	if g.s.Options.Shared {
		return deckShared
	}
	return string(seat)
}

// say records an event of the input being given.
func (g *Game) say(seat rules.Seat, format string, args ...any) {
	g.out = append(g.out, rules.Event{Seat: seat, Text: fmt.Sprintf(format, args...)})
}

// Apply implements rules.Game. A command is carried out on a copy of the
// state, which replaces it only when the command is accepted whole.
func (g *Game) Apply(seat rules.Seat, text string) ([]rules.Event, error) {
	if _, err := rules.CheckTurn(g, seat); err != nil {
		return nil, err
	}
	c, err := Parse(text)
	if err != nil {
		return nil, err
	}
	next := g.with(g.s.clone())
	if err := next.command(seat, c, text); err != nil {
		return nil, err
	}
	g.s = next.s
	return next.out, nil
}

// Roll implements rules.Game: the values of the dice Pending asks for, in
// clear (a sealed draw's values too: rules.Sealer).
func (g *Game) Roll(values []int) ([]rules.Event, error) {
	p := g.Pending()
	if p.Dice == nil {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	if err := checkValues(values, p.Dice.Sides); err != nil {
		return nil, err
	}
	next := g.with(g.s.clone())
	if err := next.roll(values); err != nil {
		return nil, err
	}
	next.revealed = true
	next.afterInput()
	g.s = next.s
	return next.out, nil
}

func checkValues(values, sides []int) error {
	if len(values) != len(sides) {
		return fmt.Errorf("%w: want %d values, have %d", rules.ErrIllegal, len(sides), len(values))
	}
	for i, v := range values {
		if v < 1 || v > sides[i] {
			return fmt.Errorf("%w: value %d out of 1..%d", rules.ErrIllegal, v, sides[i])
		}
	}
	return nil
}

// roll gives dice values to what awaits them.
func (g *Game) roll(values []int) error {
	switch {
	case g.s.Stage == stageOrder:
		g.drawOrder(values)
		return nil
	case g.s.Draw != nil:
		return g.drawCard(values[0], "")
	case g.s.Stage == stageSolo3d6:
		g.soloAxisMarker(values)
		return nil
	}
	return fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
}

// drawOrder draws the turn order (R5.1, §4.15, L454-459: "by any method";
// each value picks the next player among those left, in seat order. E2: white, red, blue
// puts white on space 1.
func (g *Game) drawOrder(values []int) {
	left := slices.Clone(g.s.Seats)
	var order []rules.Seat
	for _, v := range values {
		order = append(order, left[v-1])
		left = slices.Delete(left, v-1, v)
	}
	order = append(order, left...)
	g.s.Order = order
	g.s.Stage = stageActions
	g.s.Round = 1
	words := make([]string, len(order))
	for i, s := range order {
		words[i] = fmt.Sprintf("%d. %s", i+1, s)
	}
	g.say(order[0], "The turn order is drawn (R5.1): %s; it holds for the whole game.", joinWords(words))
	g.startTurn()
}

func joinWords(w []string) string {
	out := ""
	for i, s := range w {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
