package rhine44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// R-OST.2: Ostende is a forward base once, for the player who holds
// it; the Ostend marker then lies on it.
func TestOstendOnce(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	rulestest.Refused(t, g, "monty", "supply ostende", "R6.1")
	mark(g, "monty", "ostende")
	ev := do(t, g, "monty", "supply ostende")
	if !g.s.OstendUsed || !rulestest.HasEvent(ev, "R-OST.2") || g.s.Supply["ostende"] != (Tokens{F: 1, A: 1, R: 1}) {
		t.Errorf("Ostend used %v, Ostende %v", g.s.OstendUsed, g.s.Supply["ostende"])
	}
	turnOf(t, g, "monty")
	rulestest.Refused(t, g, "monty", "supply ostende", "R6.1")
}

// §15C: one pursuit deck of all the players' cards, with one discard pile.
func TestSharedDeck(t *testing.T) {
	g := start(t, "three-player", "shared-deck")
	if d, ok := g.s.Decks[deckShared]; !ok || d.Len() != 3*pursuitCards || len(g.s.Decks) != 2 {
		t.Fatalf("decks %v", sortedKeys(g.s.Decks))
	}
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes")
	do(t, g, "patton", "move XII vitry")
	rollCard(t, g, "m22") // one of Monty's cards, drawn by Patton
	if d := g.s.Decks[deckShared]; !slices.Equal(d.Discard, []string{"m22"}) {
		t.Errorf("discard %v", d.Discard)
	}
}

// a used-up pursuit deck turns its discard pile into the deck; a deck
// with no card at all reveals none, and the field is taken.
func TestDeckExhaustion(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes")
	d := g.s.Decks["patton"]
	d.Discard, d.Left = d.Left, nil
	g.s.Decks["patton"] = d
	ev := do(t, g, "patton", "move XII vitry")
	rollCard(t, g, "p22")
	if !rulestest.HasEvent(ev, "A-21") || g.s.Decks["patton"].Len() != pursuitCards-1 {
		t.Errorf("after the refill: %d cards: %s", g.s.Decks["patton"].Len(), rulestest.EventsText(ev))
	}
	h := start(t, "three-player")
	turnOf(t, h, "patton")
	put(t, h, "XII", "troyes", "FFFR")
	mark(h, "patton", "troyes")
	h.s.Decks["patton"] = d.Clone()
	e := h.s.Decks["patton"]
	e.Left, e.Discard = nil, nil
	h.s.Decks["patton"] = e
	h.s.CardBox = append(h.s.CardBox, d.Discard...) // out of play, for the test
	ev = do(t, h, "patton", "move XII vitry")
	if h.s.Control["vitry"] != "patton" || !rulestest.HasEvent(ev, "holds no card") {
		t.Errorf("an empty deck: Vitry %q: %s", h.s.Control["vitry"], rulestest.EventsText(ev))
	}
	do(t, h, "patton", "stop") // no card stopped it: it may go on or stop
}

// R15.2-R15.4: a card revealed in a move turns the weather; rain sends the
// air-support markers home and stops Air Support and Airborne Drop.
func TestWeather(t *testing.T) {
	g := start(t, "three-player", "weather")
	turnOf(t, g, "patton")
	g.player("monty").Air = deckAxis
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes")
	do(t, g, "patton", "move XII vitry")
	ev := rollCard(t, g, "p21") // Siege of Metz, rain
	if !g.s.Rain || g.player("monty").Air != "" || !rulestest.HasEvent(ev, "R15.4") {
		t.Fatalf("rain %v, monty's air %q: %s", g.s.Rain, g.player("monty").Air, rulestest.EventsText(ev))
	}
	do(t, g, "patton", "step chalons")
	rollCard(t, g, "p20") // Battle of Angaur, sun
	if g.s.Rain {
		t.Error("the sun does not come back")
	}
	// Without the option the weather never changes.
	h := start(t, "three-player")
	turnOf(t, h, "patton")
	put(t, h, "XII", "troyes", "FFFR")
	mark(h, "patton", "troyes")
	do(t, h, "patton", "move XII vitry")
	rollCard(t, h, "p21")
	if h.s.Rain {
		t.Error("rain without the weather rule")
	}
}

// L476: the training game has no Air Support, Airborne Drop or commander
// actions, and no special rules.
func TestTrainingGame(t *testing.T) {
	g := start(t, "three-player", "training")
	turnOf(t, g, "patton")
	rulestest.Refused(t, g, "patton", "air axis", "§11")
	rulestest.Refused(t, g, "patton", "commander move XII pithiviers", "§13")
	g.player("patton").Medals = 1
	g.s.MedalPool--
	rulestest.Refused(t, g, "patton", "drop koln pay medal", "§12")
	for _, opts := range [][]string{{"training", "weather"}, {"turns=5"}, {"weather", "weather"}, {"players=rommel"}, {"shared-deck", "players=monty"}, {"bogus"}} {
		if _, err := New(read(t, "three-player"), opts); err == nil {
			t.Errorf("options %v are accepted", opts)
		}
	}
}
