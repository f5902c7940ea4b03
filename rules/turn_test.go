package rules

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// stub is a game whose Pending and Legal a test sets.
type stub struct {
	p     Pending
	legal []Choice
}

func (s *stub) Seats() []Seat                       { return []Seat{"red", "blue", "green"} }
func (s *stub) Pending() Pending                    { return s.p }
func (s *stub) Legal(Seat) []Choice                 { return s.legal }
func (s *stub) Apply(Seat, string) ([]Event, error) { return nil, nil }
func (s *stub) Roll([]int) ([]Event, error)         { return nil, nil }
func (s *stub) Hash() string                        { return "" }
func (s *stub) View(Seat) View                      { return View{} }
func (s *stub) Clone() Game                         { c := *s; return &c }

// CheckTurn lets through only a seat the game waits for, and says why not
// otherwise, wrapping ErrNotPending.
func TestCheckTurn(t *testing.T) {
	g := &stub{p: Pending{Seats: []Seat{"red", "blue"}, Phase: "Turn 2, movement"}}
	for _, seat := range []Seat{"red", "blue"} {
		if p, err := CheckTurn(g, seat); err != nil || p.Phase != "Turn 2, movement" {
			t.Errorf("%s: %v", seat, err)
		}
	}
	for _, c := range []struct {
		seat Seat
		p    Pending
		want string
	}{
		{"black", g.p, `no seat "black" in this game`},
		{"green", g.p, "Turn 2, movement: the game waits for red and blue, not green"},
		{"red", Pending{Seats: []Seat{"red"}, Dice: &DiceNeed{By: "red", For: "attack (10.5)", Sides: []int{6}}}, "dice for attack (10.5) are awaited first"},
		{"red", Pending{Over: true, Result: "red wins"}, "the game is over"},
	} {
		g.p = c.p
		_, err := CheckTurn(g, c.seat)
		if !errors.Is(err, ErrNotPending) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.seat, err, c.want)
		}
	}
}

// RandomPlayer draws among the listed commands, never a template.
func TestRandomPlayer(t *testing.T) {
	g := &stub{legal: []Choice{{Command: "play <text>"}, {Command: "pass"}, {Command: "end"}}}
	rnd := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for range 200 {
		seen[RandomPlayer(g, "red", rnd)]++
	}
	if len(seen) != 2 || seen["pass"] < 50 || seen["end"] < 50 {
		t.Errorf("draws: %v", seen)
	}
	g.legal = []Choice{{Command: "roll <n>d<sides>"}}
	if c := RandomPlayer(g, "red", rnd); c != "" {
		t.Errorf("only templates: %q", c)
	}
	e := Engine{}
	if c := e.RandomCommand(&stub{legal: []Choice{{Command: "pass"}}}, "red", rnd); c != "pass" {
		t.Errorf("an engine without a player plays RandomPlayer: %q", c)
	}
}

// CheckVariant plays the default edition and the listed variants only, and
// says which it plays.
func TestCheckVariant(t *testing.T) {
	e := Engine{Name: "n44", Title: "N44, edition 2.2"}
	if err := e.CheckVariant(""); err != nil {
		t.Error(err)
	}
	err := e.CheckVariant("ed1")
	if !errors.Is(err, ErrVariant) || err.Error() != `unknown variant "ed1": n44 plays only its default edition, N44, edition 2.2` {
		t.Errorf("%v", err)
	}
	e.Variants = []Variant{{Name: "ed1", Title: "N44, first edition"}}
	if err := e.CheckVariant("ed1"); err != nil {
		t.Error(err)
	}
	if err := e.CheckVariant("ed2"); !errors.Is(err, ErrVariant) || !strings.Contains(err.Error(), "and ed1 (N44, first edition)") {
		t.Errorf("%v", err)
	}
}
