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
//	dd U [support [S]] | no-dd       Determined Defense with Lead U, and the source S of its support
//	retreat [U] H [H...] [loss U...] retreat path, of unit U alone when the stack splits, and the units taking the path's steps
//	advance U H [H...]               advance after combat
//	advance-done                     the attacker ends the advance
//	eliminate U                      the owner's pick of a unit over the stacking limit
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
	CmdEliminate    CommandKind = "eliminate"
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
	Source  string   // dd: the source of the support, when the player names it
	Loss    []string // retreat: the units taking the path's steps, one id a step
}

// Standing reports whether the command is an order given in advance rather
// than a decision answering a pending question.
func (c Command) Standing() bool {
	k := string(c.Kind)
	return strings.HasPrefix(k, "order ") || strings.HasPrefix(k, "if-")
}

// String prints the canonical text: the kind, then the mode, the units,
// the hexes, "support" and its source, and "loss U...", each where the
// command has it.
func (c Command) String() string {
	parts := []string{string(c.Kind)}
	if c.Mode != "" {
		parts = append(parts, c.Mode)
	}
	parts = append(parts, c.Units...)
	parts = append(parts, c.Hexes...)
	if c.Support {
		parts = append(parts, "support")
		if c.Source != "" {
			parts = append(parts, c.Source)
		}
	}
	if len(c.Loss) > 0 {
		parts = append(parts, "loss")
		parts = append(parts, c.Loss...)
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
	Lead                  // a unit id, then "support" and its source or not: "dd U support S"
	Path                  // unit ids or none, hex ids, then "loss U..." or not: "retreat U H H loss U"
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
		CmdEliminate:    {Syntax: OneUnit},
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
		if len(rest) == 3 && rest[1] == "support" {
			if !gr.units(rest[2:]) {
				return bad(string(kind) + ": support names its source, a unit id or a word")
			}
			c.Source, rest = rest[2], rest[:2]
		}
		if len(rest) == 2 && rest[1] == "support" {
			c.Support, rest = true, rest[:1]
		}
		if len(rest) != 1 || !gr.units(rest) {
			return bad(string(kind) + ": the Lead's unit id, then optionally support and its source")
		}
		c.Units = slices.Clone(rest)
	case Path:
		if k := slices.Index(rest, "loss"); k >= 0 {
			if !gr.units(rest[k+1:]) {
				return bad(string(kind) + ": loss needs unit ids")
			}
			c.Loss, rest = slices.Clone(rest[k+1:]), rest[:k]
		}
		first := slices.IndexFunc(rest, HexID)
		if first > 0 {
			if !gr.units(rest[:first]) {
				return bad(string(kind) + ": unit ids, then hex ids")
			}
			c.Units, rest = slices.Clone(rest[:first]), rest[first:]
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
