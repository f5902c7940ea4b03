package rhine44

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Sealed draws (rules.Sealer; DESIGN.md, Dice): a card seen by Air Support
// or Recon is the peeker's alone (§7.2, L1073-1076). Every machine takes the
// draw sealed and holds only its token; the peeker's machine knows the value
// outside the game, and shows the card by unsealing a clone; when the card
// is revealed in play, the game waits for the value and every machine gives
// it.

// sealedGame is a three-player game in Monty's turn in which I stands in
// Yvetot, next to Le Havre and its Axis symbol.
func sealedGame(t *testing.T) *Game {
	g := start(t, "three-player")
	rulestest.Roll(t, g, 1, 1) // monty, bradley, patton
	mark(g, "monty", "yvetot")
	put(t, g, "I", "yvetot", "FFAAAR")
	return g
}

func stateJSON(t *testing.T, g *Game) string {
	b, err := json.Marshal(g.s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSealedLookAndReveal(t *testing.T) {
	peeker, other := sealedGame(t), sealedGame(t)
	for _, g := range []*Game{peeker, other} {
		do(t, g, "monty", "air axis")
	}
	need := other.Pending().Dice
	if need == nil || need.Private != "monty" || need.By != "monty" || !slices.Equal(need.Sides, []int{axisCards}) {
		t.Fatalf("the look's need: %+v", need)
	}
	// The peeker's pbem drew value v from the sealed key; only it knows v.
	const token = "seal-1"
	v := slices.Index(peeker.s.Decks[deckAxis].Left, "a01") + 1 // 275 Infanterie Div
	var _ rules.Sealer = peeker
	for _, g := range []*Game{peeker, other} {
		if _, err := g.Seal(token); err != nil {
			t.Fatal(err)
		}
	}
	if peeker.Hash() != other.Hash() {
		t.Fatal("the machines' states differ after the seal")
	}
	if top := other.s.Decks[deckAxis].Top; top == nil || top.Card != "" || top.Sealed != token {
		t.Fatalf("the sealed top: %+v", top)
	}
	// Nothing in the state names a card of the deck on top: every Axis
	// card is still among the cards left, and the JSON holds no value.
	if s := stateJSON(t, other); strings.Contains(s, `"card":"a`) {
		t.Errorf("the state names a card on top: %s", s)
	}
	// The peeker sees the card on an unsealed clone; the others see that
	// Monty looked, and no more.
	shown := peeker.Clone().(*Game)
	if _, err := shown.Unseal(token, []int{v}); err != nil {
		t.Fatal(err)
	}
	if !viewSays(shown, "monty", "275 Infanterie Div") {
		t.Error("the peeker's view of the unsealed clone does not show the card")
	}
	for _, seat := range []rules.Seat{"bradley", "patton", ""} {
		if viewSays(shown, seat, "275 Infanterie Div") {
			t.Errorf("%q sees the card Monty looked at", seat)
		}
		if !viewSays(other, seat, "looked at by monty") {
			t.Errorf("%q does not see that Monty looked", seat)
		}
	}
	if !viewSays(other, "monty", "sealed: your pbem shows it") {
		t.Error("the peeker's view of the sealed game does not say where the card is")
	}
	// The public moves go on alike on both machines; the reveal waits for
	// the value, and no one may act meanwhile.
	for _, g := range []*Game{peeker, other} {
		do(t, g, "monty", "move I le-havre")
	}
	need = other.Pending().Dice
	if need == nil || need.Unseal != token || need.By != "monty" || !slices.Equal(need.Sides, []int{axisCards}) {
		t.Fatalf("the reveal's need: %+v", need)
	}
	rulestest.NotAwaited(t, other, "monty", "stop")
	if _, err := other.Seal(token); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a seal while an unseal is due: %v", err)
	}
	for _, g := range []*Game{peeker, other} {
		if _, err := g.Unseal(token, []int{v}); err != nil {
			t.Fatal(err)
		}
	}
	if peeker.Hash() != other.Hash() {
		t.Fatal("the machines' states differ after the unseal")
	}
	// The card resolved as a known one would: I paid 1 F to move, and the
	// fortification's 1 A and 275 Infanterie Div's 2 A less the 1 of Monty's
	// air support.
	if p := other.player("monty"); !slices.Contains(p.Trophies, "a01") || p.Air != "" || card(other, "I") != "FAR" {
		t.Errorf("trophies %v, air %q, I %s", p.Trophies, p.Air, card(other, "I"))
	}
	// The same game in clear (solo dice, no protocol) reaches the same
	// position.
	clear := sealedGame(t)
	do(t, clear, "monty", "air axis")
	rulestest.Roll(t, clear, v)
	do(t, clear, "monty", "move I le-havre")
	if clear.Hash() != other.Hash() {
		t.Error("the game in clear ends in another state")
	}
}

func viewSays(g *Game, seat rules.Seat, text string) bool {
	v := g.View(seat)
	if strings.Contains(strings.Join(v.Lines, "\n"), text) {
		return true
	}
	s := g.Scene(seat)
	return strings.Contains(strings.Join(s.Notes, "\n"), text)
}

// A second look at a card sealed for another: its drawer shares it, and the
// game records that both have seen it (DiceNeed.Share).
func TestSealedShare(t *testing.T) {
	g := sealedGame(t)
	do(t, g, "monty", "air axis")
	if _, err := g.Seal("seal-1"); err != nil {
		t.Fatal(err)
	}
	g.s.Active = 1
	g.startTurn()
	do(t, g, "bradley", "commander air axis")
	need := g.Pending().Dice
	if need == nil || need.Share != "seal-1" || need.Private != "bradley" || need.By != "monty" {
		t.Fatalf("the share's need: %+v", need)
	}
	if _, err := g.Seal("seal-2"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a share under another token: %v", err)
	}
	if _, err := g.Seal("seal-1"); err != nil {
		t.Fatal(err)
	}
	if top := g.s.Decks[deckAxis].Top; !slices.Equal(top.Seen, []string{"monty", "bradley"}) || top.Card != "" {
		t.Errorf("top %+v", top)
	}
	// Shown by Roll instead (no protocol): the card becomes known to the
	// game, to those two only.
	h := sealedGame(t)
	do(t, h, "monty", "air axis")
	if _, err := h.Seal("seal-1"); err != nil {
		t.Fatal(err)
	}
	h.s.Active = 1
	h.startTurn()
	do(t, h, "bradley", "commander air axis")
	v := slices.Index(h.s.Decks[deckAxis].Left, "a02") + 1
	rulestest.Roll(t, h, v)
	if !viewSays(h, "bradley", "12 Volksgrenadier Div") || viewSays(h, "patton", "12 Volksgrenadier Div") {
		t.Error("the shared card is shown to the wrong seats")
	}
}

// What Seal and Unseal refuse, leaving the state as it was.
func TestSealRefusals(t *testing.T) {
	g := sealedGame(t)
	if _, err := g.Seal("seal-1"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a seal no one awaits: %v", err)
	}
	if _, err := g.Unseal("seal-1", []int{1}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("an unseal of no sealed draw: %v", err)
	}
	g.player("monty").Kept = []string{"m19"}
	do(t, g, "monty", "recon axis")
	for _, bad := range []string{"", "two words", strings.Repeat("x", 200)} {
		if _, err := g.Seal(bad); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("token %q: %v", bad, err)
		}
	}
	if _, err := g.Seal("seal-1"); err != nil {
		t.Fatal(err)
	}
	before := g.Hash()
	for _, values := range [][]int{{0}, {axisCards + 1}, {1, 2}, nil} {
		if _, err := g.Unseal("seal-1", values); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("values %v: %v", values, err)
		}
	}
	if _, err := g.Unseal("seal-9", []int{1}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("another token: %v", err)
	}
	if g.Hash() != before {
		t.Error("a refused seal or unseal changed the state")
	}
}

// A look in clear (Roll, as solo dice and a game without the protocol give
// it) shows the card to the peeker alone, in the view, the scene and the
// view's data; the events do not name it.
func TestLookInClearStaysPrivate(t *testing.T) {
	g := sealedGame(t)
	do(t, g, "monty", "air axis")
	v := slices.Index(g.s.Decks[deckAxis].Left, "a03") + 1
	ev := rulestest.Roll(t, g, v)
	if strings.Contains(rulestest.EventsText(ev), "Panzer Brigade") {
		t.Errorf("the events name the card: %s", rulestest.EventsText(ev))
	}
	if !viewSays(g, "monty", "Panzer Brigade 105") {
		t.Error("Monty does not see the card he looked at")
	}
	for _, seat := range []rules.Seat{"bradley", "patton", ""} {
		if viewSays(g, seat, "Panzer Brigade 105") {
			t.Errorf("%q sees Monty's card", seat)
		}
		data, err := json.Marshal(g.View(seat).Data)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), `"card":"a03"`) {
			t.Errorf("%q's view data names the card", seat)
		}
	}
	if err := scene.CheckGame(g); err != nil {
		t.Error(err)
	}
}
