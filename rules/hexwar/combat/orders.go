package combat

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The text of combat decisions and orders for play by email: each is one
// canonical line that parses and prints back to the same bytes. The series'
// own (a game adds its own kinds to its Grammar):
//
//	order dd always|never            standing: Determined Defense when allowed
//	order retreat toward-supply      standing: among the legal retreats, toward supply
//	order losses U [U...]            standing: take losses from these units first
//	if-retreat advance U [U...]      conditional: if the defenders leave, advance U into the vacated hex
//	losses U [U...]                  one step per unit id, repeats allowed
//	dd U [support] | no-dd           Determined Defense with Lead U
//	retreat H [H...] [loss U]        retreat path, and the unit taking the path's step
//	advance U H [H...]               advance after combat
//	advance-done                     the attacker ends the advance
//
// Orders given in advance are "order ..." (standing, in force until
// replaced) and "if-..." (conditional, for the next attack); the rest answer
// a decision the combat waits for.

// ErrDecision: a decision or order that is malformed or not legal now.
var ErrDecision = errors.New("illegal combat decision")

// CommandKind is the kind of a combat command: its first word, or its first
// two for orders ("order dd", "if-retreat advance").
type CommandKind string

// The series' kinds.
const (
	CmdOrderDD      CommandKind = "order dd"
	CmdOrderRetreat CommandKind = "order retreat"
	CmdOrderLosses  CommandKind = "order losses"
	CmdIfRetreat    CommandKind = "if-retreat advance"
	CmdLosses       CommandKind = "losses"
	CmdDD           CommandKind = "dd"
	CmdNoDD         CommandKind = "no-dd"
	CmdRetreat      CommandKind = "retreat"
	CmdAdvance      CommandKind = "advance"
	CmdAdvanceDone  CommandKind = "advance-done"
)

// Standing-order modes.
const (
	ModeAlways       = "always"
	ModeNever        = "never"
	ModeTowardSupply = "toward-supply"
)

// Command is one parsed order or decision.
type Command struct {
	Kind    CommandKind
	Mode    string   // always, never, toward-supply
	Units   []string // unit ids
	Hexes   []string // hex ids, in order
	Support bool     // dd: declare defensive support
	Loss    string   // retreat: the unit taking the path's step
}

// Standing reports whether the command is an order given in advance rather
// than a decision answering a pending question.
func (c Command) Standing() bool {
	k := string(c.Kind)
	return strings.HasPrefix(k, "order ") || strings.HasPrefix(k, "if-")
}

// String prints the canonical text: the kind, then the mode, the units,
// the hexes, "support" and "loss U", each where the command has it.
func (c Command) String() string {
	parts := []string{string(c.Kind)}
	if c.Mode != "" {
		parts = append(parts, c.Mode)
	}
	parts = append(parts, c.Units...)
	parts = append(parts, c.Hexes...)
	if c.Support {
		parts = append(parts, "support")
	}
	if c.Loss != "" {
		parts = append(parts, "loss", c.Loss)
	}
	return strings.Join(parts, " ")
}

// Syntax is what follows a command's kind.
type Syntax uint8

const (
	Bare    Syntax = iota // nothing: "no-dd"
	Mode                  // one of the form's modes: "order dd always"
	Units                 // one or more unit ids: "losses U U"
	OneUnit               // exactly one unit id: "reserve U"
	Lead                  // a unit id, then "support" or not: "dd U support"
	Path                  // hex ids, then "loss U" or not: "retreat H H loss U"
	Advance               // a unit id, then hex ids: "advance U H H"
)

// Form is the syntax of one kind of command.
type Form struct {
	Syntax Syntax
	Modes  []string // for Mode
	Max    int      // the most hexes of a Path or an Advance
}

// Grammar is a game's combat commands: the series' kinds and its own.
type Grammar struct {
	Forms map[CommandKind]Form
	// UnitID tells a word that may be a unit id; hex ids are four digits.
	UnitID func(string) bool
}

// NewGrammar is the series' grammar with the game's unit ids: retreats of
// up to 4 hexes and MaxRetreatExtension more, advances of up to 2.
func NewGrammar(unitID func(string) bool) Grammar {
	return Grammar{UnitID: unitID, Forms: map[CommandKind]Form{
		CmdOrderDD:      {Syntax: Mode, Modes: []string{ModeAlways, ModeNever}},
		CmdOrderRetreat: {Syntax: Mode, Modes: []string{ModeTowardSupply}},
		CmdOrderLosses:  {Syntax: Units},
		CmdIfRetreat:    {Syntax: Units},
		CmdLosses:       {Syntax: Units},
		CmdDD:           {Syntax: Lead},
		CmdNoDD:         {Syntax: Bare},
		CmdRetreat:      {Syntax: Path, Max: 4 + MaxRetreatExtension},
		CmdAdvance:      {Syntax: Advance, Max: 2},
		CmdAdvanceDone:  {Syntax: Bare},
	}}
}

// With adds the game's own kinds.
func (gr Grammar) With(forms map[CommandKind]Form) Grammar {
	all := make(map[CommandKind]Form, len(gr.Forms)+len(forms))
	for k, f := range gr.Forms {
		all[k] = f
	}
	for k, f := range forms {
		all[k] = f
	}
	gr.Forms = all
	return gr
}

// HexID reports whether s is a printed hex id: four digits.
func HexID(s string) bool {
	if len(s) != 4 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Parse reads one canonical line; anything that would not print back
// identically is refused.
func (gr Grammar) Parse(text string) (Command, error) {
	c, err := gr.parse(text)
	if err != nil {
		return Command{}, fmt.Errorf("%q: %w", text, err)
	}
	if c.String() != text {
		return Command{}, fmt.Errorf("%q: %w: not canonical, write %q", text, ErrDecision, c.String())
	}
	return c, nil
}

func (gr Grammar) parse(text string) (Command, error) {
	w := strings.Split(text, " ")
	bad := func(why string) (Command, error) {
		return Command{}, fmt.Errorf("%w: %s", ErrDecision, why)
	}
	kind, rest := CommandKind(w[0]), w[1:]
	if len(w) >= 2 {
		if _, ok := gr.Forms[CommandKind(w[0]+" "+w[1])]; ok {
			kind, rest = CommandKind(w[0]+" "+w[1]), w[2:]
		} else if gr.prefix(w[0]) {
			return bad("unknown order " + w[0] + " " + w[1])
		}
	}
	f, ok := gr.Forms[kind]
	if !ok {
		return bad("unknown command " + w[0])
	}
	c := Command{Kind: kind}
	if len(rest) == 0 && f.Syntax != Bare {
		return bad(string(kind) + " needs more")
	}
	switch f.Syntax {
	case Bare:
		if len(rest) != 0 {
			return bad(string(kind) + " takes nothing more")
		}
	case Mode:
		if len(rest) != 1 || !slices.Contains(f.Modes, rest[0]) {
			return bad(fmt.Sprintf("%s takes one of %s", kind, strings.Join(f.Modes, ", ")))
		}
		c.Mode = rest[0]
	case Units, OneUnit:
		if !gr.units(rest) || (f.Syntax == OneUnit && len(rest) != 1) {
			return bad(string(kind) + ": unit ids")
		}
		c.Units = slices.Clone(rest)
	case Lead:
		if len(rest) == 2 && rest[1] == "support" {
			c.Support, rest = true, rest[:1]
		}
		if len(rest) != 1 || !gr.units(rest) {
			return bad(string(kind) + ": the Lead's unit id, then optionally support")
		}
		c.Units = slices.Clone(rest)
	case Path:
		if n := len(rest); n >= 3 && rest[n-2] == "loss" {
			if !gr.UnitID(rest[n-1]) || HexID(rest[n-1]) {
				return bad(string(kind) + ": loss needs a unit id")
			}
			c.Loss, rest = rest[n-1], rest[:n-2]
		}
		if len(rest) == 0 || len(rest) > f.Max || slices.ContainsFunc(rest, func(h string) bool { return !HexID(h) }) {
			return bad(fmt.Sprintf("%s: 1 to %d hex ids of four digits", kind, f.Max))
		}
		c.Hexes = slices.Clone(rest)
	case Advance:
		if len(rest) < 2 || len(rest) > 1+f.Max || !gr.units(rest[:1]) || slices.ContainsFunc(rest[1:], func(h string) bool { return !HexID(h) }) {
			return bad(fmt.Sprintf("%s: a unit id and 1 to %d hex ids", kind, f.Max))
		}
		c.Units, c.Hexes = slices.Clone(rest[:1]), slices.Clone(rest[1:])
	}
	return c, nil
}

// prefix reports whether word begins a kind of two words ("order").
func (gr Grammar) prefix(word string) bool {
	for k := range gr.Forms {
		if first, _, two := strings.Cut(string(k), " "); two && first == word {
			return true
		}
	}
	return false
}

// units reports whether every word is a unit id: not a hex id, not a word
// of the grammar.
func (gr Grammar) units(ws []string) bool {
	return len(ws) > 0 && !slices.ContainsFunc(ws, func(u string) bool {
		return !gr.UnitID(u) || HexID(u) || u == "support" || u == "loss"
	})
}

// Orders are the standing and conditional orders each side has in force, by
// side name.
type Orders map[string][]Command

// Find gives the side's last order of a kind, the one in force.
func (o Orders) Find(side string, k CommandKind) (Command, bool) {
	for i := len(o[side]) - 1; i >= 0; i-- {
		if o[side][i].Kind == k {
			return o[side][i], true
		}
	}
	return Command{}, false
}
