package freeplay

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

func newGame(t *testing.T, scenario string, options ...string) rules.Game {
	t.Helper()
	g, err := New([]byte(scenario), options)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTurnOrderAndRolls(t *testing.T) {
	g := newGame(t, "seats a b c\n")
	if p := g.Pending(); !slices.Equal(p.Seats, []rules.Seat{"a"}) || p.Dice != nil {
		t.Fatalf("a starts: %+v", p)
	}
	if _, err := g.Apply("b", "pass"); !errors.Is(err, rules.ErrNotPending) {
		t.Fatalf("b out of turn: %v", err)
	}
	if _, err := g.Apply("a", "roll 3d8 for the ford"); err != nil {
		t.Fatal(err)
	}
	p := g.Pending()
	if p.Dice == nil || !slices.Equal(p.Dice.Sides, []int{8, 8, 8}) || p.Dice.By != "a" {
		t.Fatalf("a roll of 3d8 is pending: %+v", p)
	}
	before := g.Hash()
	if _, err := g.Apply("a", "pass"); !errors.Is(err, rules.ErrNotPending) || g.Hash() != before {
		t.Fatalf("no command while dice are pending, and no change: %v", err)
	}
	if _, err := g.Roll([]int{1, 9, 2}); !errors.Is(err, rules.ErrIllegal) || g.Hash() != before {
		t.Fatalf("a value above the sides is refused without change: %v", err)
	}
	ev, err := g.Roll([]int{1, 8, 2})
	if err != nil || len(ev) != 1 || ev[0].Text != "a rolled 3d8 for the ford: 1 8 2 (total 11)" {
		t.Fatalf("roll: %v %v", ev, err)
	}
	for _, s := range []rules.Seat{"a", "b", "c"} {
		if _, err := g.Apply(s, "pass"); err != nil {
			t.Fatal(err)
		}
	}
	if p := g.Pending(); p.Seats[0] != "a" || p.Phase != "Turn 2, a to play" {
		t.Fatalf("after a full round, turn 2 with a: %+v", p)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := newGame(t, "seats x y\n")
	c := g.Clone()
	if _, err := c.Apply("x", "roll 1d6"); err != nil {
		t.Fatal(err)
	}
	if g.Pending().Dice != nil || g.Hash() == c.Hash() {
		t.Fatal("changing a clone changed the original")
	}
}

func TestScenarioAndOptions(t *testing.T) {
	g := newGame(t, "# c\ntitle T\nseats a b\n", "seats=us,uk,de")
	if !slices.Equal(g.Seats(), []rules.Seat{"us", "uk", "de"}) {
		t.Fatalf("the seats option replaces the file's: %v", g.Seats())
	}
	for _, bad := range []string{"seats\n", "seats A b\n", "seats a a\n", "colour red\n", ""} {
		if _, err := New([]byte(bad), nil); err == nil {
			t.Errorf("scenario %q accepted", bad)
		}
	}
	if _, err := New([]byte("seats a b\n"), []string{"fog=on"}); err == nil {
		t.Error("an unknown option is accepted")
	}
}

// The random player gives only commands the rules accept, and nothing out of
// turn.
func TestRandomCommandIsLegal(t *testing.T) {
	g := newGame(t, "seats a b\n")
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		if p := g.Pending(); p.Dice != nil {
			if RandomCommand(g, p.Seats[0], rnd) != "" {
				t.Fatal("a command is offered while dice are pending")
			}
			vals := make([]int, len(p.Dice.Sides))
			for i := range vals {
				vals[i] = 1 + rnd.IntN(p.Dice.Sides[i])
			}
			if _, err := g.Roll(vals); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := g.Pending().Seats[0]
		for _, s := range g.Seats() {
			if s != seat && RandomCommand(g, s, rnd) != "" {
				t.Fatalf("a command for %s out of turn", s)
			}
		}
		c := RandomCommand(g, seat, rnd)
		if _, err := g.Apply(seat, c); err != nil {
			t.Fatalf("%q: %v", c, err)
		}
	}
}
