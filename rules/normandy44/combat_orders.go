package normandy44

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The text of combat decisions and orders for play by email: each is one
// canonical line that parses and prints back to the same bytes.
//
//	order dd always|never            standing: try Determined Defense when allowed (12.4)
//	order despd always|never         standing: Desperate Defense when allowed (12.5)
//	order retreat toward-supply      standing: among the legal retreats, toward supply
//	order losses U [U...]            standing: take losses from these units first
//	if-retreat advance U [U...]      conditional: if the defenders leave, advance U into the vacated hex
//	if-retreat reserve U [U...]      conditional: after DH or A1/D2, U into Reserve instead of advancing (15.1 b)
//	losses U [U...]                  one step per unit id, repeats allowed (12.2)
//	ignore-retreat | accept-retreat  12.6
//	dd U [support] | no-dd           Determined Defense with Lead U (12.4)
//	despd | no-despd                 Desperate Defense (12.5)
//	retreat H [H...] [loss U]        retreat path, and the unit taking a 13.2.1 step
//	advance U H [H]                  advance after combat (14); after a beach assault H is the beach hex (20.3.6)
//	reserve U                        Reserve instead of advancing (15.1 b)
//	advance-done                     the attacker ends the advance

// ErrDecision: a decision or order that is malformed or not legal now.
var ErrDecision = errors.New("illegal combat decision")

// CommandKind is the kind of a combat command.
type CommandKind string

const (
	CmdOrderDD       CommandKind = "order dd"
	CmdOrderDespD    CommandKind = "order despd"
	CmdOrderRetreat  CommandKind = "order retreat"
	CmdOrderLosses   CommandKind = "order losses"
	CmdIfRetreat     CommandKind = "if-retreat advance"
	CmdIfReserve     CommandKind = "if-retreat reserve"
	CmdLosses        CommandKind = "losses"
	CmdIgnoreRetreat CommandKind = "ignore-retreat"
	CmdAcceptRetreat CommandKind = "accept-retreat"
	CmdDD            CommandKind = "dd"
	CmdNoDD          CommandKind = "no-dd"
	CmdDespD         CommandKind = "despd"
	CmdNoDespD       CommandKind = "no-despd"
	CmdRetreat       CommandKind = "retreat"
	CmdAdvance       CommandKind = "advance"
	CmdReserve       CommandKind = "reserve"
	CmdAdvanceDone   CommandKind = "advance-done"
)

// Standing-order modes.
const (
	ModeAlways       = "always"
	ModeNever        = "never"
	ModeTowardSupply = "toward-supply"
)

// CombatCommand is one parsed order or decision.
type CombatCommand struct {
	Kind    CommandKind
	Mode    string   // always, never, toward-supply
	Units   []string // unit ids
	Hexes   []string // hex ids, in order
	Support bool     // dd: declare defensive support (12.4.7)
	Loss    string   // retreat: the unit taking the 13.2.1 step
}

// Standing reports whether the command is an order given in advance rather
// than a decision answering a pending question.
func (c CombatCommand) Standing() bool {
	return strings.HasPrefix(string(c.Kind), "order ") || c.Kind == CmdIfRetreat || c.Kind == CmdIfReserve
}

// String prints the canonical text.
func (c CombatCommand) String() string {
	parts := []string{string(c.Kind)}
	switch c.Kind {
	case CmdOrderDD, CmdOrderDespD, CmdOrderRetreat, CmdOrderDDSupport:
		parts = append(parts, c.Mode)
	case CmdOrderLosses, CmdIfRetreat, CmdIfReserve, CmdLosses, CmdReserve:
		parts = append(parts, c.Units...)
	case CmdDD:
		parts = append(parts, c.Units...)
		if c.Support {
			parts = append(parts, "support")
		}
	case CmdRetreat:
		parts = append(parts, c.Hexes...)
		if c.Loss != "" {
			parts = append(parts, "loss", c.Loss)
		}
	case CmdAdvance:
		parts = append(parts, c.Units...)
		parts = append(parts, c.Hexes...)
	}
	return strings.Join(parts, " ")
}

func isHexID(s string) bool {
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

// ParseCombatCommand reads one canonical line; anything that would not
// print back identically is refused.
func ParseCombatCommand(text string) (CombatCommand, error) {
	c, err := parseCombatCommand(text)
	if err != nil {
		return CombatCommand{}, fmt.Errorf("%q: %w", text, err)
	}
	if c.String() != text {
		return CombatCommand{}, fmt.Errorf("%q: %w: not canonical, write %q", text, ErrDecision, c.String())
	}
	return c, nil
}

func parseCombatCommand(text string) (CombatCommand, error) {
	w := strings.Split(text, " ")
	bad := func(why string) (CombatCommand, error) {
		return CombatCommand{}, fmt.Errorf("%w: %s", ErrDecision, why)
	}
	units := func(ws []string) ([]string, bool) {
		if len(ws) == 0 {
			return nil, false
		}
		for _, u := range ws {
			if !validUnitID(u) || isHexID(u) || u == "support" || u == "loss" {
				return nil, false
			}
		}
		return slices.Clone(ws), true
	}
	mode := func(ws []string, allowed ...string) (string, bool) {
		return ws[0], len(ws) == 1 && slices.Contains(allowed, ws[0])
	}
	if len(w) >= 2 && (w[0] == "order" || w[0] == "if-retreat") {
		kind := CommandKind(w[0] + " " + w[1])
		rest := w[2:]
		if len(rest) == 0 {
			return bad("an order needs its value")
		}
		c := CombatCommand{Kind: kind}
		var ok bool
		switch kind {
		case CmdOrderDD, CmdOrderDespD, CmdOrderDDSupport:
			c.Mode, ok = mode(rest, ModeAlways, ModeNever)
		case CmdOrderRetreat:
			c.Mode, ok = mode(rest, ModeTowardSupply)
		case CmdOrderLosses, CmdIfRetreat, CmdIfReserve:
			c.Units, ok = units(rest)
		default:
			return bad("unknown order " + string(kind))
		}
		if !ok {
			return bad("bad value for " + string(kind))
		}
		return c, nil
	}
	c := CombatCommand{Kind: CommandKind(w[0])}
	rest := w[1:]
	switch c.Kind {
	case CmdIgnoreRetreat, CmdAcceptRetreat, CmdNoDD, CmdDespD, CmdNoDespD, CmdAdvanceDone:
		if len(rest) != 0 {
			return bad(w[0] + " takes nothing more")
		}
	case CmdLosses:
		u, ok := units(rest)
		if !ok {
			return bad("losses: unit ids")
		}
		c.Units = u
	case CmdReserve:
		u, ok := units(rest)
		if !ok || len(u) != 1 {
			return bad("reserve: one unit id")
		}
		c.Units = u
	case CmdDD:
		if len(rest) == 2 && rest[1] == "support" {
			c.Support, rest = true, rest[:1]
		}
		u, ok := units(rest)
		if !ok || len(u) != 1 {
			return bad("dd: the Lead's unit id, then optionally support")
		}
		c.Units = u
	case CmdRetreat:
		if n := len(rest); n >= 3 && rest[n-2] == "loss" {
			if !validUnitID(rest[n-1]) || isHexID(rest[n-1]) {
				return bad("retreat: loss needs a unit id")
			}
			c.Loss, rest = rest[n-1], rest[:n-2]
		}
		if len(rest) == 0 || len(rest) > 4+maxRetreatExtension {
			return bad("retreat: 1 to 6 hex ids")
		}
		for _, h := range rest {
			if !isHexID(h) {
				return bad("retreat: hex ids of four digits")
			}
		}
		c.Hexes = slices.Clone(rest)
	case CmdAdvance:
		if len(rest) < 2 || len(rest) > 3 {
			return bad("advance: a unit id and 1 or 2 hex ids")
		}
		u, ok := units(rest[:1])
		if !ok {
			return bad("advance: a unit id first")
		}
		for _, h := range rest[1:] {
			if !isHexID(h) {
				return bad("advance: hex ids of four digits")
			}
		}
		c.Units, c.Hexes = u, slices.Clone(rest[1:])
	default:
		return bad("unknown command " + w[0])
	}
	return c, nil
}

// Orders are the standing and conditional orders each side has in force.
type Orders map[Side][]CombatCommand

// find gives the side's last order of a kind, the one in force.
func (o Orders) find(s Side, k CommandKind) (CombatCommand, bool) {
	for i := len(o[s]) - 1; i >= 0; i-- {
		if o[s][i].Kind == k {
			return o[s][i], true
		}
	}
	return CombatCommand{}, false
}
