package rhine44

import (
	"os"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// read assembles a shipped scenario with its components file.
func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../scenarios/rhine44/" + name + ".scn")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Assemble(b, func(n string) ([]byte, error) { return os.ReadFile("../../scenarios/rhine44/" + n) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// start starts a shipped scenario with options.
func start(t testing.TB, name string, opts ...string) *Game {
	t.Helper()
	g, err := New(read(t, name), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// startUnder starts a shipped scenario under a rules version, as a game
// whose invite names it (versions.go).
func startUnder(t testing.TB, version, name string, opts ...string) *Game {
	t.Helper()
	g, err := Engine().New(rules.Setup{Scenario: read(t, name), Options: opts, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

func setup(name string, opts ...string) rules.Setup {
	return rules.Setup{Scenario: mustRead(name), Options: opts}
}

func mustRead(name string) []byte {
	b, err := os.ReadFile("../../scenarios/rhine44/" + name + ".scn")
	if err != nil {
		panic(err)
	}
	out, err := Assemble(b, func(n string) ([]byte, error) { return os.ReadFile("../../scenarios/rhine44/" + n) })
	if err != nil {
		panic(err)
	}
	return out
}

// turnOf begins seat's turn now (the turn order drawn with seat first).
func turnOf(t testing.TB, g *Game, seat rules.Seat) {
	t.Helper()
	if len(g.s.Order) == 0 {
		g.s.Order = []rules.Seat{seat}
		for _, s := range g.s.Seats {
			if s != seat {
				g.s.Order = append(g.s.Order, s)
			}
		}
	}
	g.s.Active = slices.Index(g.s.Order, seat)
	if g.s.Active < 0 {
		t.Fatalf("%s does not play", seat)
	}
	g.s.Round = max(g.s.Round, 1)
	g.s.Stage = stageActions
	g.startTurn()
}

// put stands a corps on a field with a card of tokens, taken from the pool
// (what it held goes back), so that the supply keeps its count.
func put(t testing.TB, g *Game, id, field string, card string) {
	t.Helper()
	k := g.corps(id)
	if k == nil {
		t.Fatalf("no corps %s", id)
	}
	var want Tokens
	if card != "-" {
		var err error
		if want, err = ParseTokens(card, cardCapacity); err != nil {
			t.Fatal(err)
		}
	}
	g.s.Pool = g.s.Pool.Plus(k.Card).Minus(want)
	k.Card, k.At = want, field
}

// mark puts seat's control markers on fields.
func mark(g *Game, seat rules.Seat, fields ...string) {
	for _, f := range fields {
		g.s.Control[f] = seat
	}
}

// supplyOn puts tokens on a field from the pool.
func supplyOn(t testing.TB, g *Game, field, tokens string) {
	t.Helper()
	tk, err := ParseTokens(tokens, 20)
	if err != nil {
		t.Fatal(err)
	}
	g.s.Pool = g.s.Pool.Minus(tk)
	g.s.Supply[field] = g.s.Supply[field].Plus(tk)
}

// cardValue is the die that draws card id from the deck the game draws
// from now: its place among the cards left.
func cardValue(t testing.TB, g *Game, id string) int {
	t.Helper()
	if g.s.Draw == nil {
		t.Fatalf("no card is being drawn (%s)", g.Pending().Phase)
	}
	i := slices.Index(g.s.Decks[g.s.Draw.Deck].Left, id)
	if i < 0 {
		t.Fatalf("%s is not in %s", id, deckName(g.s.Draw.Deck))
	}
	return i + 1
}

// rollCard gives the die that draws card id.
func rollCard(t testing.TB, g *Game, id string) []rules.Event {
	t.Helper()
	return rulestest.Roll(t, g, cardValue(t, g, id))
}

// do gives a command that must be accepted.
func do(t testing.TB, g *Game, seat rules.Seat, cmd string) []rules.Event {
	t.Helper()
	return rulestest.Apply(t, g, seat, cmd)
}

// card is what a corps card holds, as letters.
func card(g *Game, id string) string { return g.corps(id).Card.String() }
