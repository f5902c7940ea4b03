package rulestest

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// tally is a small game for the kit's own tests: seats a and b take turns;
// 'add N' (N from 1 to 3) adds to the tally, 'roll' asks for a d6 that is
// added, 'end' passes the turn; the game ends at 40. A flaw, named by the
// environment variable RULESTEST_FLAW, breaks one promise of an engine, so
// that the tests can show Conformance finds it.
type tally struct {
	s    tallyState
	flaw string
}

type tallyState struct {
	Actor int    `json:"actor"`
	Total int    `json:"total"`
	Rolls []int  `json:"rolls"`
	Dice  bool   `json:"dice"`
	Score *score `json:"score"`
}

type score struct{ Adds, Ends int }

var tallySeats = []rules.Seat{"a", "b"}

var errTallySyntax = errors.New("tally syntax")

// tallyEngine is tally as pbem would know it, with the flaw the environment
// names.
func tallyEngine() rules.Engine {
	flaw := os.Getenv("RULESTEST_FLAW")
	e := rules.Engine{Name: "tally", Version: "tally/2", Replays: []string{"tally/1"}, Title: "Tally",
		Variants:  []rules.Variant{{Name: "long", Title: "Tally to 60"}},
		Canonical: canonicalTally,
	}
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckVariant(s.Variant); err != nil && flaw != "ignores-variant" {
			return nil, err
		}
		if err := e.CheckVersion(s.Version); err != nil && flaw != "ignores-version" {
			return nil, err
		}
		if string(s.Scenario) != "tally\n" {
			return nil, fmt.Errorf("not a tally scenario")
		}
		return &tally{s: tallyState{Score: &score{}}, flaw: flaw}, nil
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		if err := e.CheckVariant(s.Variant); err != nil && flaw != "ignores-variant" {
			return nil, err
		}
		if err := e.CheckVersion(s.Version); err != nil && flaw != "ignores-version" {
			return nil, err
		}
		return slices.Clone(tallySeats), nil
	}
	return e
}

func canonicalTally(text string) (string, error) {
	switch verb, arg, _ := strings.Cut(text, " "); {
	case text == "end" || text == "roll":
		return text, nil
	case verb == "add":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > 9 {
			return "", fmt.Errorf("%w: want 'add N'", errTallySyntax)
		}
		return "add " + strconv.Itoa(n), nil
	}
	return "", fmt.Errorf("%w: %q", errTallySyntax, text)
}

func (g *tally) Seats() []rules.Seat { return slices.Clone(tallySeats) }

func (g *tally) Pending() rules.Pending {
	actor := tallySeats[g.s.Actor]
	p := rules.Pending{Seats: []rules.Seat{actor}, Phase: fmt.Sprintf("tally %d, %s to play", g.s.Total, actor)}
	switch {
	case g.s.Total >= 40:
		return rules.Pending{Over: true, Result: "the tally is made"}
	case g.s.Dice:
		p.Dice = &rules.DiceNeed{By: actor, For: "the tally", Sides: []int{6}}
	}
	return p
}

func (g *tally) Legal(seat rules.Seat) []rules.Choice {
	p := g.Pending()
	if p.Dice != nil || p.Over || seat != p.Seats[0] {
		return nil
	}
	commands := []string{"add 1", "add 2", "add 3", "roll", "end"}
	switch g.flaw {
	case "lists-illegal":
		commands = append(commands, "add 4")
	case "non-canonical":
		commands = append(commands, "add 01")
	case "lists-too-little":
		commands = slices.DeleteFunc(commands, func(c string) bool { return c == "add 3" })
	case "nondeterministic":
		set := map[string]bool{}
		for _, c := range commands {
			set[c] = true
		}
		commands = slices.Collect(maps.Keys(set))
	}
	var out []rules.Choice
	for _, c := range commands {
		out = append(out, rules.Choice{Command: c})
	}
	return out
}

func (g *tally) Apply(seat rules.Seat, command string) ([]rules.Event, error) {
	if g.flaw != "out-of-turn" {
		if _, err := rules.CheckTurn(g, seat); err != nil {
			return nil, err
		}
	}
	c, err := canonicalTally(command)
	if err != nil {
		return nil, err
	}
	if c != command && g.flaw != "non-canonical" {
		return nil, fmt.Errorf("%w: write %q", errTallySyntax, c)
	}
	switch {
	case c == "end":
		g.s.Actor = 1 - g.s.Actor
		g.s.Score.Ends++
	case c == "roll":
		g.s.Dice = true
	default:
		n, _ := strconv.Atoi(strings.TrimPrefix(c, "add "))
		if n < 1 || n > 3 {
			if g.flaw == "refusal-changes" {
				g.s.Total++
			}
			return nil, rules.Refuse("T.1", "add 1 to 3, not %d", n)
		}
		g.s.Total += n
		g.s.Score.Adds++
	}
	return []rules.Event{{Seat: seat, Text: fmt.Sprintf("%s: %s, tally %d", seat, c, g.s.Total)}}, nil
}

func (g *tally) Roll(values []int) ([]rules.Event, error) {
	if !g.s.Dice {
		return nil, fmt.Errorf("%w: no dice awaited", rules.ErrNotPending)
	}
	if len(values) != 1 || values[0] < 1 || values[0] > 6 {
		return nil, fmt.Errorf("%w: want one d6, have %v", rules.ErrIllegal, values)
	}
	g.s.Dice = false
	g.s.Total += values[0]
	g.s.Rolls = append(g.s.Rolls, values[0])
	return []rules.Event{{Text: fmt.Sprintf("rolled %d, tally %d", values[0], g.s.Total)}}, nil
}

func (g *tally) Hash() string { return rules.HashState(g.s) }

func (g *tally) View(rules.Seat) rules.View {
	return rules.View{Lines: []string{fmt.Sprintf("tally %d", g.s.Total)}}
}

func (g *tally) Clone() rules.Game {
	c := *g
	c.s.Rolls = slices.Clone(g.s.Rolls)
	if g.flaw != "shallow-clone" {
		sc := *g.s.Score
		c.s.Score = &sc
	}
	return &c
}
