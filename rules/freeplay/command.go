package freeplay

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// The limits on dice a single roll may ask for.
const (
	maxDice  = 20
	maxSides = 1000
)

// Command is one freeplay command. Its canonical text is what String prints;
// Parse accepts only that text.
type Command struct {
	Verb  string // "play", "roll" or "pass"
	Text  string // the move described (play) or what the roll is for (roll)
	Dice  int    // roll: how many dice
	Sides int    // roll: sides of each
}

// ErrSyntax is wrapped by every parse error.
var ErrSyntax = errors.New("syntax")

// Parse reads a command in canonical form:
//
//	play TEXT               record a move, described in free text
//	roll NdS                roll N dice of S sides
//	roll NdS for TEXT       the same, saying what the roll decides
//	pass                    end your turn; the next seat plays
func Parse(s string) (Command, error) {
	verb, rest, _ := strings.Cut(s, " ")
	var c Command
	switch verb {
	case "pass":
		if s != "pass" {
			return c, fmt.Errorf("%w: 'pass' takes nothing after it", ErrSyntax)
		}
		c.Verb = verb
	case "play":
		if err := checkText(rest); err != nil {
			return c, fmt.Errorf("%w: play: %v", ErrSyntax, err)
		}
		c.Verb, c.Text = verb, rest
	case "roll":
		dice, purpose, hasFor := strings.Cut(rest, " for ")
		n, sides, err := parseDice(dice)
		if err != nil {
			return c, fmt.Errorf("%w: roll: %v", ErrSyntax, err)
		}
		if hasFor {
			if err := checkText(purpose); err != nil {
				return c, fmt.Errorf("%w: roll ... for: %v", ErrSyntax, err)
			}
		}
		c = Command{Verb: verb, Dice: n, Sides: sides, Text: purpose}
	default:
		return c, fmt.Errorf("%w: unknown command %q (want play, roll or pass)", ErrSyntax, verb)
	}
	if c.String() != s {
		return Command{}, fmt.Errorf("%w: not canonical: write %q", ErrSyntax, c.String())
	}
	return c, nil
}

// String prints the canonical text.
func (c Command) String() string {
	switch c.Verb {
	case "play":
		return "play " + c.Text
	case "roll":
		s := fmt.Sprintf("roll %dd%d", c.Dice, c.Sides)
		if c.Text != "" {
			s += " for " + c.Text
		}
		return s
	}
	return c.Verb
}

// parseDice reads "NdS" with 1 <= N <= maxDice and 2 <= S <= maxSides.
func parseDice(s string) (int, int, error) {
	ns, ss, ok := strings.Cut(s, "d")
	if !ok {
		return 0, 0, fmt.Errorf("want dice as NdS, like 2d6, have %q", s)
	}
	n, err1 := strconv.Atoi(ns)
	sides, err2 := strconv.Atoi(ss)
	if err1 != nil || err2 != nil || strconv.Itoa(n) != ns || strconv.Itoa(sides) != ss {
		return 0, 0, fmt.Errorf("want dice as NdS, like 2d6, have %q", s)
	}
	if n < 1 || n > maxDice {
		return 0, 0, fmt.Errorf("%d dice: roll 1 to %d at a time", n, maxDice)
	}
	if sides < 2 || sides > maxSides {
		return 0, 0, fmt.Errorf("d%d: dice have 2 to %d sides", sides, maxSides)
	}
	return n, sides, nil
}

// checkText accepts free text that keeps a log line readable: printable, no
// leading, trailing or doubled spaces.
func checkText(s string) error {
	if s == "" {
		return errors.New("empty text")
	}
	if len(s) > 500 {
		return errors.New("text longer than 500 bytes")
	}
	if strings.TrimSpace(s) != s || strings.Contains(s, "  ") {
		return errors.New("text has leading, trailing or doubled spaces")
	}
	for _, r := range s {
		if r != ' ' && !unicode.IsPrint(r) {
			return fmt.Errorf("text has the unprintable character %U", r)
		}
	}
	return nil
}
