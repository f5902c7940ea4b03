package hexwar

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// diceGame is a game reduced to what the stack reads: whether it is over
// and whether a die is due.
type diceGame struct {
	over   bool
	die    bool
	rolled []int
}

func diceStack() Stack[*diceGame] {
	return Stack[*diceGame]{
		{Name: "die", Active: func(g *diceGame) bool { return g.die },
			Pending: func(g *diceGame, p *rules.Pending) {
				p.Seats = []rules.Seat{"german"}
				p.Dice = &rules.DiceNeed{By: "german", For: "the weather", Sides: []int{6, 10}}
			},
			Roll: func(g *diceGame, values []int) ([]rules.Event, error) { g.rolled = values; return nil, nil }},
		{Name: "phase", Pending: func(g *diceGame, p *rules.Pending) { p.Seats = []rules.Seat{"german"} },
			Choices: func(g *diceGame) []rules.Choice { return []rules.Choice{{Command: "end"}} }},
	}
}

// TestStack_GameMethods: Pending, Legal and Roll answer as rules.Game says
// (no choices while dice are due or for another seat; dice of the wrong
// number or out of their sides are illegal; none due is not pending).
func TestStack_GameMethods(t *testing.T) {
	s := diceStack()
	g := &diceGame{}
	p := s.PendingOf(g, "German Movement Phase", false, "")
	if p.Over || p.Phase != "German Movement Phase" || len(p.Seats) != 1 {
		t.Fatalf("pending %+v", p)
	}
	if got := s.Legal(g, p, "german"); len(got) != 1 || got[0].Command != "end" {
		t.Errorf("german's choices %v, want end", got)
	}
	if got := s.Legal(g, p, "allied"); got != nil {
		t.Errorf("allied's choices %v while the game waits for german", got)
	}
	if _, err := s.RollChecked(g, p, []int{3}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a roll with none due: %v, want ErrNotPending", err)
	}

	g.die = true
	p = s.PendingOf(g, "German Movement Phase", false, "")
	if got := s.Legal(g, p, "german"); got != nil {
		t.Errorf("choices %v while dice are due", got)
	}
	for _, bad := range [][]int{{3}, {3, 4, 5}, {0, 4}, {7, 4}, {3, 11}} {
		if _, err := s.RollChecked(g, p, bad); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("dice %v for a d6 and a d10: %v, want ErrIllegal", bad, err)
		}
	}
	if g.rolled != nil {
		t.Fatalf("refused dice reached the procedure: %v", g.rolled)
	}
	if _, err := s.RollChecked(g, p, []int{6, 10}); err != nil || len(g.rolled) != 2 {
		t.Errorf("dice 6 10: %v, rolled %v", err, g.rolled)
	}

	p = s.PendingOf(g, "German Movement Phase", true, "German victory")
	if !p.Over || p.Result != "German victory" || p.Phase != "Game over" || p.Dice != nil {
		t.Errorf("over: %+v", p)
	}
	if _, err := s.RollChecked(g, p, []int{1, 1}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a roll after the end: %v, want ErrNotPending", err)
	}
}

// TestVerbCommands: one command a verb, in verb order, each applied by the
// one handler given, which reads the whole command's text.
func TestVerbCommands(t *testing.T) {
	var got []string
	h := func(_ *diceGame, _ rules.Seat, text string) ([]rules.Event, error) {
		got = append(got, text)
		return nil, nil
	}
	cs := VerbCommands(map[string]bool{"retreat": true, "advance": true, "losses": true}, h)
	var verbs []string
	for _, c := range cs {
		verbs = append(verbs, c.Verb)
		if _, err := c.Apply(nil, "", c.Verb+" x"); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"advance", "losses", "retreat"}; !slices.Equal(verbs, want) {
		t.Errorf("verbs %q, want %q", verbs, want)
	}
	if want := []string{"advance x", "losses x", "retreat x"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
	if c, ok := cs.Lookup("losses"); !ok || c.Verb != "losses" {
		t.Errorf("Lookup(losses) = %v, %v", c, ok)
	}
}
