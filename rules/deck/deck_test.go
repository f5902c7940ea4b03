package deck

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Drawing lazily deals every order of the deck exactly once over all dice
// values: a draw of n cards left, then n-1, ... is a bijection onto the
// orders, so fair dice make a fair shuffle (DESIGN.md, Dice: "each card is
// drawn when it is revealed, uniform over the cards left").
func TestLazyDrawsDealEveryOrderOnce(t *testing.T) {
	cards := []string{"c", "a", "d", "b"}
	orders := map[string]int{}
	var deal func(d Deck, order []string)
	deal = func(d Deck, order []string) {
		if d.Len() == 0 {
			orders[strings.Join(order, "")]++
			return
		}
		n := d.Sides()
		if n == 0 { // one card left: no draw
			x := d.Clone()
			c, err := x.Draw(0)
			if err != nil {
				t.Fatal(err)
			}
			deal(Deck{}, append(slices.Clone(order), c))
			return
		}
		for v := 1; v <= n; v++ {
			x := d.Clone()
			c, err := x.Draw(v)
			if err != nil {
				t.Fatal(err)
			}
			deal(x, append(slices.Clone(order), c))
		}
	}
	deal(New(cards), nil)
	if len(orders) != 24 {
		t.Fatalf("%d orders, want 4! = 24", len(orders))
	}
	for o, n := range orders {
		if n != 1 {
			t.Errorf("order %s dealt %d times", o, n)
		}
	}
}

// A deck of cards all alike needs no draw: its top is known to all.
func TestAlikeNeedsNoDraw(t *testing.T) {
	d := New([]string{"x", "x", "x"})
	if d.Sides() != 0 {
		t.Fatalf("sides %d", d.Sides())
	}
	if _, err := d.Draw(1); !errors.Is(err, ErrValue) {
		t.Errorf("a value for a draw that needs none: %v", err)
	}
	if c, err := d.Draw(0); err != nil || c != "x" || d.Len() != 2 {
		t.Errorf("draw: %q %v, %d left", c, err, d.Len())
	}
	var empty Deck
	if _, err := empty.Draw(0); !errors.Is(err, ErrEmpty) {
		t.Errorf("draw from an empty deck: %v", err)
	}
}

// A look fixes the top card: the next draw takes it, with no dice.
func TestPeekFixesTheTop(t *testing.T) {
	d := New([]string{"a", "b", "c"})
	c, err := d.Peek(2, "red")
	if err != nil || c != "b" || d.Len() != 3 || d.Sides() != 0 {
		t.Fatalf("peek: %q %v; %d left, sides %d", c, err, d.Len(), d.Sides())
	}
	if again, err := d.Peek(0, "white"); err != nil || again != "b" || !slices.Equal(d.Top.Seen, []string{"red", "white"}) {
		t.Errorf("a second look: %q %v, seen by %v", again, err, d.Top.Seen)
	}
	if _, err := d.Draw(1); !errors.Is(err, ErrValue) {
		t.Errorf("a value for a known top: %v", err)
	}
	if got, err := d.Draw(0); err != nil || got != "b" || d.Top != nil || !slices.Equal(d.Left, []string{"a", "c"}) {
		t.Errorf("draw after the look: %q %v, left %v", got, err, d.Left)
	}
}

// A sealed look keeps no value: the deck holds only the token, and the
// value, when it comes, picks the card a known look would have.
func TestSealAndUnseal(t *testing.T) {
	open := New([]string{"p", "q", "r", "s"})
	known, _ := open.Peek(3, "red")
	d := New([]string{"s", "r", "q", "p"})
	if err := d.Seal("seq-41", "red"); err != nil {
		t.Fatal(err)
	}
	if d.Top.Card != "" || d.Sealed() != "seq-41" || d.Sides() != 0 {
		t.Fatalf("sealed top: %+v", *d.Top)
	}
	if _, err := d.Draw(0); !errors.Is(err, ErrSealed) {
		t.Errorf("a draw of a sealed top: %v", err)
	}
	if _, err := d.Peek(0, "white"); !errors.Is(err, ErrSealed) {
		t.Errorf("a known look at a sealed top: %v", err)
	}
	if err := d.Seal("seq-42", "white"); err == nil {
		t.Error("a second seal of a fixed top")
	}
	if _, err := d.Unseal("seq-40", 3); !errors.Is(err, ErrNoCard) {
		t.Errorf("unseal under another token: %v", err)
	}
	if _, err := d.Unseal("seq-41", 5); !errors.Is(err, ErrValue) {
		t.Errorf("unseal with a value out of range: %v", err)
	}
	c, err := d.Unseal("seq-41", 3)
	if err != nil || c != known {
		t.Fatalf("unseal: %q %v, want %q", c, err, known)
	}
	if got, _ := d.Draw(0); got != known {
		t.Errorf("drawn %q", got)
	}
	one := New([]string{"z"})
	if err := one.Seal("t", "red"); err == nil {
		t.Error("a seal of a top that needs no draw")
	}
}

// A card shuffled back unfixes a looked-at top and returns to the
// cards left; an exhausted deck refills from its discard pile.
func TestShuffleBackAndRefill(t *testing.T) {
	d := New([]string{"a", "c"})
	if _, err := d.Peek(1, "red"); err != nil {
		t.Fatal(err)
	}
	lost := d.ShuffleBack("b")
	if lost == nil || lost.Card != "a" || d.Top != nil || !slices.Equal(d.Left, []string{"a", "b", "c"}) {
		t.Errorf("shuffle-back: lost %+v, left %v", lost, d.Left)
	}
	if d.ShuffleBack("b") != nil {
		t.Error("a shuffle-back with no fixed top lost one")
	}
	e := Deck{Discard: []string{"y", "x"}}
	if !e.Refill() || !slices.Equal(e.Left, []string{"x", "y"}) || len(e.Discard) != 0 {
		t.Errorf("refill: %+v", e)
	}
	if e.Refill() {
		t.Error("a refill with cards left")
	}
	e.Throw("w")
	if !slices.Equal(e.Discard, []string{"w"}) {
		t.Errorf("discard: %v", e.Discard)
	}
}

func TestCloneIsDeep(t *testing.T) {
	d := New([]string{"a", "b"})
	d.Throw("c")
	if _, err := d.Peek(1, "red"); err != nil {
		t.Fatal(err)
	}
	c := d.Clone()
	c.Left[0], c.Discard[0], c.Top.Seen[0] = "z", "z", "z"
	c.Top.Card = "z"
	if !reflect.DeepEqual(d, Deck{Left: []string{"a", "b"}, Discard: []string{"c"}, Top: &Top{Card: "a", Seen: []string{"red"}}}) {
		t.Errorf("the clone reached its original: %+v", d)
	}
}
