// Package freeplay is a game engine for any board game pbem does not referee yet:
// the log records moves as free text and the players keep the rules, but the dice
// are pbem's, so no one can fake, re-roll or foresee them. Seats play in turn
// order; each turn ends with "pass".
package freeplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Version is recorded in invites; bump it when the state hash or rules change.
const Version = "freeplay/1"

// Engine is free play as the rest of pbem knows it.
func Engine() rules.Engine {
	e := rules.Engine{
		Name:    "freeplay",
		Version: Version,
		Title:   "Free play: a signed log and fair dice for any board game",
		Player:  RandomCommand,
		Canonical: func(command string) (string, error) {
			c, err := Parse(command)
			if err != nil {
				return "", err
			}
			return c.String(), nil
		},
	}
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		return New(s.Scenario, s.Options)
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		sc, err := parseScenario(s.Scenario, s.Options)
		if err != nil {
			return nil, err
		}
		return sc.Seats, nil
	}
	return e
}

// state is the whole game state: plain data, hashed as JSON.
type state struct {
	Title string       `json:"title"`
	Seats []rules.Seat `json:"seats"`
	Turn  int          `json:"turn"`  // 1, 2, ...: one turn per seat in order
	Actor int          `json:"actor"` // index into Seats
	Moves int          `json:"moves"`
	Rolls int          `json:"rolls"`
	Roll  *pending     `json:"roll,omitempty"` // a roll declared and not yet drawn
	Last  []string     `json:"last,omitempty"` // the latest few happenings, for View
}

type pending struct {
	Sides []int  `json:"sides"`
	For   string `json:"for"`
}

// Game is a freeplay game in progress.
type Game struct{ s state }

// New starts a game from a scenario file.
func New(scenario []byte, options []string) (rules.Game, error) {
	sc, err := parseScenario(scenario, options)
	if err != nil {
		return nil, err
	}
	return &Game{s: state{Title: sc.Title, Seats: sc.Seats, Turn: 1}}, nil
}

func (g *Game) actor() rules.Seat { return g.s.Seats[g.s.Actor] }

// Seats implements rules.Game.
func (g *Game) Seats() []rules.Seat { return slices.Clone(g.s.Seats) }

// Pending implements rules.Game.
func (g *Game) Pending() rules.Pending {
	p := rules.Pending{
		Seats: []rules.Seat{g.actor()},
		Phase: fmt.Sprintf("Turn %d, %s to play", g.s.Turn, g.actor()),
	}
	if g.s.Roll != nil {
		p.Prompt = "dice: " + g.s.Roll.For
		p.Dice = &rules.DiceNeed{By: g.actor(), For: g.s.Roll.For, Sides: slices.Clone(g.s.Roll.Sides)}
		return p
	}
	p.Prompt = "record moves with 'play TEXT', roll with 'roll 2d6 for TEXT', end the turn with 'pass'"
	return p
}

// Legal implements rules.Game. Free text cannot be enumerated, so the moves are
// templates.
func (g *Game) Legal(seat rules.Seat) []rules.Choice {
	if seat != g.actor() || g.s.Roll != nil {
		return nil
	}
	return []rules.Choice{
		{Command: "play <text>", Note: "record a move, e.g. play 5/352 2512 to 2513"},
		{Command: "roll <n>d<sides> for <text>", Note: "roll dice no one can fake, e.g. roll 1d6 for attack on 2613"},
		{Command: "pass", Note: "end your turn"},
	}
}

// Apply implements rules.Game.
func (g *Game) Apply(seat rules.Seat, command string) ([]rules.Event, error) {
	if _, err := rules.CheckTurn(g, seat); err != nil {
		return nil, err
	}
	c, err := Parse(command)
	if err != nil {
		return nil, err
	}
	var ev rules.Event
	switch c.Verb {
	case "play":
		g.s.Moves++
		ev = rules.Event{Seat: seat, Text: fmt.Sprintf("%s: %s", seat, c.Text)}
	case "roll":
		sides := make([]int, c.Dice)
		for i := range sides {
			sides[i] = c.Sides
		}
		purpose := c.Text
		if purpose == "" {
			purpose = fmt.Sprintf("%dd%d", c.Dice, c.Sides)
		} else {
			purpose = fmt.Sprintf("%dd%d for %s", c.Dice, c.Sides, purpose)
		}
		g.s.Roll = &pending{Sides: sides, For: purpose}
		ev = rules.Event{Seat: seat, Text: fmt.Sprintf("%s rolls %s", seat, purpose)}
	case "pass":
		g.s.Actor = (g.s.Actor + 1) % len(g.s.Seats)
		if g.s.Actor == 0 {
			g.s.Turn++
		}
		ev = rules.Event{Seat: seat, Text: fmt.Sprintf("%s passes; %s to play", seat, g.actor())}
	}
	g.remember(ev.Text)
	return []rules.Event{ev}, nil
}

// Roll implements rules.Game.
func (g *Game) Roll(values []int) ([]rules.Event, error) {
	if g.s.Roll == nil {
		return nil, fmt.Errorf("%w: no roll is pending", rules.ErrNotPending)
	}
	if len(values) != len(g.s.Roll.Sides) {
		return nil, fmt.Errorf("%w: want %d values, have %d", rules.ErrIllegal, len(g.s.Roll.Sides), len(values))
	}
	total := 0
	var shown []string
	for i, v := range values {
		if v < 1 || v > g.s.Roll.Sides[i] {
			return nil, fmt.Errorf("%w: value %d out of 1..%d", rules.ErrIllegal, v, g.s.Roll.Sides[i])
		}
		total += v
		shown = append(shown, strconv.Itoa(v))
	}
	text := fmt.Sprintf("%s rolled %s: %s", g.actor(), g.s.Roll.For, strings.Join(shown, " "))
	if len(values) > 1 {
		text += fmt.Sprintf(" (total %d)", total)
	}
	g.s.Roll = nil
	g.s.Rolls++
	g.remember(text)
	return []rules.Event{{Seat: g.actor(), Text: text}}, nil
}

// remember keeps the last few happenings for View.
func (g *Game) remember(text string) {
	g.s.Last = append(g.s.Last, text)
	if n := len(g.s.Last); n > 5 {
		g.s.Last = slices.Clone(g.s.Last[n-5:])
	}
}

// Hash implements rules.Game.
func (g *Game) Hash() string { return rules.HashState(g.s) }

// View implements rules.Game; freeplay has no hidden information.
func (g *Game) View(seat rules.Seat) rules.View {
	lines := []string{
		g.s.Title,
		fmt.Sprintf("turn %d, %s to play; %d moves and %d rolls so far", g.s.Turn, g.actor(), g.s.Moves, g.s.Rolls),
	}
	lines = append(lines, g.s.Last...)
	return rules.View{Lines: lines, Data: g.s}
}

// Clone implements rules.Game.
func (g *Game) Clone() rules.Game {
	c := *g
	c.s.Seats = slices.Clone(g.s.Seats)
	c.s.Last = slices.Clone(g.s.Last)
	if g.s.Roll != nil {
		r := *g.s.Roll
		r.Sides = slices.Clone(r.Sides)
		c.s.Roll = &r
	}
	return &c
}
