package hexwar

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The procedure stack: every point at which a game waits, the interrupts of
// a phase (N44: a glider's Scatter die, strafing, a combat, isolation
// attrition, the invasion's beach assaults; A44: bridge demolition,
// defensive artillery; S43: a breakthrough) and the phase itself, is one
// Procedure in the manner of Rally the Troops' states: one value that says
// what it waits for, lists the commands it allows, handles them by verb and
// takes its dice. A game lists its procedures in priority order; the first
// one under way is the top, and it alone answers Pending, Legal, Apply and
// Roll, so the four can never disagree on which interrupt comes first.

// Procedure is one waiting point of a game G.
type Procedure[G any] struct {
	Name string
	// Active reports whether the procedure is under way. The phase's
	// procedure, last in the stack, is always under way.
	Active func(g G) bool
	// Pending fills in what the game waits for: the seats, the prompt,
	// the dice. Phase, Over and Result are the stack's.
	Pending func(g G, p *rules.Pending)
	// Choices lists the commands the acting seat may give (rules.Game's
	// Legal); nil lists none.
	Choices func(g G) []rules.Choice
	// Commands handle the commands the procedure takes; Other handles a
	// verb none of them has (nil: an unknown command).
	Commands Commands[G]
	Other    Handler[G]
	// Roll takes the dice Pending asked for; nil when it asks for none.
	Roll func(g G, values []int) ([]rules.Event, error)
}

// Handler applies one command, given by seat as its canonical text.
type Handler[G any] func(g G, seat rules.Seat, text string) ([]rules.Event, error)

// Command is one verb a procedure takes: the first word of a command, and
// its handler. Phases, if set, are the only phases it is given in; in
// another, it is refused under Rule, saying When it is given ("units move
// in their Movement Phase"), with the phase it is.
type Command[G any] struct {
	Verb   string
	Phases []Phase
	Rule   string
	When   string
	Apply  Handler[G]
}

// Commands are a procedure's commands, looked up by verb.
type Commands[G any] []Command[G]

// VerbCommands is a command for each verb of the set (the map's keys), in
// verb order, each handled by h: a combat's orders and decisions, which
// one handler parses by the game's own grammar.
func VerbCommands[G any](verbs map[string]bool, h Handler[G]) Commands[G] {
	var cs Commands[G]
	for _, v := range slices.Sorted(maps.Keys(verbs)) {
		cs = append(cs, Command[G]{Verb: v, Apply: h})
	}
	return cs
}

// Lookup finds the command of a verb.
func (cs Commands[G]) Lookup(verb string) (*Command[G], bool) {
	for k := range cs {
		if cs[k].Verb == verb {
			return &cs[k], true
		}
	}
	return nil, false
}

// Stack is a game's procedures in priority order, the phase's last.
type Stack[G any] []Procedure[G]

// Top is the procedure under way that comes first; nil when none is (a
// stack whose last procedure is always under way has a top).
func (s Stack[G]) Top(g G) *Procedure[G] {
	for k := range s {
		if s[k].Active == nil || s[k].Active(g) {
			return &s[k]
		}
	}
	return nil
}

// Pending fills p by the top procedure.
func (s Stack[G]) Pending(g G, p *rules.Pending) {
	if top := s.Top(g); top != nil && top.Pending != nil {
		top.Pending(g, p)
	}
}

// Choices lists the top procedure's choices.
func (s Stack[G]) Choices(g G) []rules.Choice {
	if top := s.Top(g); top != nil && top.Choices != nil {
		return top.Choices(g)
	}
	return nil
}

// Apply hands a command to the top procedure's handler of its verb; phase is
// where the game stands, for the refusal of a verb given in another phase
// (where names it for players: "Turn 3, German Movement Phase (9.0)").
// unknown is the error for a verb the top procedure does not take.
func (s Stack[G]) Apply(g G, seat rules.Seat, text string, phase Phase, where string, unknown error) ([]rules.Event, error) {
	top := s.Top(g)
	if top == nil {
		return nil, unknown
	}
	verb, _, _ := strings.Cut(text, " ")
	c, ok := top.Commands.Lookup(verb)
	switch {
	case ok && c.Phases != nil && !slices.Contains(c.Phases, phase):
		return nil, rules.Refuse(c.Rule, "%s; this is the %s", c.When, where)
	case ok:
		return c.Apply(g, seat, text)
	case top.Other != nil:
		return top.Other(g, seat, text)
	}
	return nil, unknown
}

// Roll hands dice to the top procedure; with no dice awaited it is an error
// that wraps rules.ErrNotPending.
func (s Stack[G]) Roll(g G, values []int) ([]rules.Event, error) {
	if top := s.Top(g); top != nil && top.Roll != nil {
		return top.Roll(g, values)
	}
	return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
}

// The rules.Game methods of a game run on a stack, as Ardennes '44 and
// Salerno '43 both answer them: Pending, Legal and Roll ask the top
// procedure, after the checks that are the same in every game.

// PendingOf is rules.Game's Pending: the game over with its result, or the
// top procedure's answer in the phase named phase.
func (s Stack[G]) PendingOf(g G, phase string, over bool, result string) rules.Pending {
	p := rules.Pending{Phase: phase}
	if over {
		p.Over, p.Result, p.Phase = true, result, "Game over"
		return p
	}
	s.Pending(g, &p)
	return p
}

// Legal is rules.Game's Legal, given the game's Pending p: the top
// procedure's choices, none when the game is over, awaits dice or waits
// for another seat.
func (s Stack[G]) Legal(g G, p rules.Pending, seat rules.Seat) []rules.Choice {
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return nil
	}
	return s.Choices(g)
}

// RollChecked is rules.Game's Roll, given the game's Pending p: the dice
// must be the number p asks for, each on its sides (else an error wrapping
// rules.ErrIllegal), and awaited (else rules.ErrNotPending); then the top
// procedure takes them.
func (s Stack[G]) RollChecked(g G, p rules.Pending, values []int) ([]rules.Event, error) {
	if p.Over {
		return nil, fmt.Errorf("%w: the game is over", rules.ErrNotPending)
	}
	if p.Dice == nil {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	if len(values) != len(p.Dice.Sides) {
		return nil, fmt.Errorf("%w: %s needs %d dice, have %d", rules.ErrIllegal, p.Dice.For, len(p.Dice.Sides), len(values))
	}
	for i, v := range values {
		if v < 1 || v > p.Dice.Sides[i] {
			return nil, fmt.Errorf("%w: die %d is %d, not 1-%d", rules.ErrIllegal, i+1, v, p.Dice.Sides[i])
		}
	}
	return s.Roll(g, values)
}

// Parsed is a Handler of a game's main grammar: it parses the command's
// text with parse and hands the command to apply.
func Parsed[G, C any](parse func(string) (C, error), apply func(g G, c C) ([]rules.Event, error)) Handler[G] {
	return func(g G, _ rules.Seat, text string) ([]rules.Event, error) {
		c, err := parse(text)
		if err != nil {
			return nil, err
		}
		return apply(g, c)
	}
}
