package salerno43

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The command grammar: every command is one canonical line (DESIGN.md, The
// log). The move is the series' (hexwar.MoveGrammar); the attack has its
// own (combat_declare.go), the combat's decisions and orders the series'
// (rules/hexwar/combat); the rest are a verb and its arguments:
//
//	end                      end the phase, or the landing being made (24.2.3)
//	move UNIT HEX... [AREA] [tm] [ext] [truck]  movement (5.1), into an entry area (21.3.2), Tactical (5.4), Extended (5.3), on a Truck (5.8)
//	land UNIT HEX [HEX]      a landing by sea from the Floating Reserve or a follow-up box (21.1.2, 24.4.2)
//	place UNIT AREA          a German reinforcement into an entry area of its code (21.1.1)
//	enter UNIT AREA          a unit's move into an entry area, or to the next one (21.3.2, 21.5)
//	shatter UNIT             shatter a unit that has not moved, voluntarily (13.3.4)
//	sail UNIT HEX|floating-reserve [HEX]  a sea move from a BH or port (18.4.5)
//	embark UNIT PORT         a two-turn sea transport to a port of capacity 1 (18.4.4)
//	autods HEX with UNIT... maf ID [addon UNIT]  an Auto DS (8.7.1), the attack's grammar
//	autods-advance UNIT HEX...  an Auto DS unit's advance, 1 to 4 hexes (8.7.2)
//	advance-after UNIT HEX...   an attacker's advance once its combat's breakthrough group is done (15.2.1)
//	drop UNIT HEX            an airdrop (21.6)
//	ready UNIT               flip an ASU to its ready side (17.5)
//	replace UNIT [WHERE]     a replacement: a step, or an eliminated unit back at WHERE (20.0)
//	lose UNIT                a step of an invasion landing's loss (24.2.2)
//	inland UNIT HEX          a landing unit's second advance hex (24.2.3)
//	disengage UNIT|HEX       a disengagement attempt, of a unit or a whole stack (optional 25.1.3)
//	disengage-lose UNIT      the step a Yes -1 costs (25.1.4)
//	disengage-to HEX [HEX]   the disengaging units' retreat, 1 or 2 hexes (25.1.4)

// ErrCommand is wrapped by every command syntax error.
var ErrCommand = errors.New("command syntax")

// Command is one command of the main grammar.
type Command struct {
	Verb string
	Args []string
	Move hexwar.MoveCommand
}

// slot is one argument of a verb's syntax.
type slot uint8

const (
	slotUnit     slot = iota + 1 // a unit id
	slotHex                      // a hex id
	slotOptHex                   // an optional hex
	slotArea                     // an entry area
	slotOptWhere                 // an optional hex, entry area or the Floating Reserve
	slotWhereSea                 // a hex or the Floating Reserve
	slotPiece                    // a unit id or a hex id (25.1.3)
)

var syntaxes = map[string][]slot{
	"end": nil, "land": {slotUnit, slotHex, slotOptHex}, "place": {slotUnit, slotArea}, "drop": {slotUnit, slotHex},
	"ready": {slotUnit}, "replace": {slotUnit, slotOptWhere}, "enter": {slotUnit, slotArea}, "shatter": {slotUnit}, "sail": {slotUnit, slotWhereSea, slotOptHex}, "embark": {slotUnit, slotHex}, "autods-advance": {slotUnit, slotHex, slotOptHex, slotOptHex, slotOptHex}, "advance-after": {slotUnit, slotHex, slotOptHex, slotOptHex, slotOptHex}, "lose": {slotUnit}, "inland": {slotUnit, slotHex}, "eliminate": {slotUnit},
	"disengage": {slotPiece}, "disengage-lose": {slotUnit}, "disengage-to": {slotHex, slotOptHex},
}

var syntaxWords = map[slot]string{slotUnit: "UNIT", slotHex: "HEX", slotOptHex: "[HEX]", slotArea: "AREA", slotOptWhere: "[HEX|AREA|floating-reserve]", slotWhereSea: "HEX|floating-reserve", slotPiece: "UNIT|HEX"}

func syntaxOf(verb string) string {
	ws := []string{verb}
	for _, s := range syntaxes[verb] {
		ws = append(ws, syntaxWords[s])
	}
	return strings.Join(ws, " ")
}

// moveGrammar is the move command (5.1): an entry area the move ends in
// after the path (21.3.2), then its flags, Tactical Movement (5.4),
// Extended Movement (5.3), a German Truck marker (5.8).
var moveGrammar = hexwar.MoveGrammar{Flags: []string{"tm", "ext", "truck"}, MaxPath: 40, ValidUnit: validUnitID, Ends: entryAreas}

// validUnitID: a word that may be a unit id (scn.ValidID), not a verb's
// keyword.
func validUnitID(s string) bool {
	return scn.ValidID(s) && !scn.ValidHexID(s) && !slices.Contains(attackWords, s)
}

// ParseCommand reads a command of the main grammar in canonical form.
func ParseCommand(s string) (Command, error) {
	verb, _, _ := strings.Cut(s, " ")
	if verb == "move" {
		m, err := moveGrammar.Parse(s)
		if err != nil {
			return Command{}, fmt.Errorf("%w: %v", ErrCommand, err)
		}
		return Command{Verb: verb, Move: m}, nil
	}
	slots, ok := syntaxes[verb]
	if !ok {
		return Command{}, fmt.Errorf("%w: unknown command %q (commands: %s)", ErrCommand, verb, strings.Join(verbs(), ", "))
	}
	args := strings.Fields(s)[1:]
	if strings.Join(append([]string{verb}, args...), " ") != s {
		return Command{}, fmt.Errorf("%w: %q is not canonical: one space between words", ErrCommand, s)
	}
	n := 0
	for _, sl := range slots {
		if (sl == slotOptHex || sl == slotOptWhere) && n == len(args) {
			break
		}
		if n >= len(args) {
			return Command{}, fmt.Errorf("%w: want %s", ErrCommand, syntaxOf(verb))
		}
		w := args[n]
		var good bool
		switch sl {
		case slotUnit:
			good = validUnitID(w)
		case slotHex, slotOptHex:
			good = scn.ValidHexID(w)
		case slotArea:
			good = slices.Contains(entryAreas, w)
		case slotWhereSea:
			good = scn.ValidHexID(w) || w == BoxFloating
		case slotPiece:
			good = scn.ValidHexID(w) || validUnitID(w)
		case slotOptWhere:
			good = scn.ValidHexID(w) || slices.Contains(entryAreas, w) || w == BoxFloating
		}
		if !good {
			return Command{}, fmt.Errorf("%w: %q in %q: want %s", ErrCommand, w, s, syntaxOf(verb))
		}
		n++
	}
	if n != len(args) {
		return Command{}, fmt.Errorf("%w: want %s", ErrCommand, syntaxOf(verb))
	}
	return Command{Verb: verb, Args: args}, nil
}

// String prints a command in canonical form.
func (c Command) String() string {
	if c.Verb == "move" {
		return c.Move.String()
	}
	return strings.Join(append([]string{c.Verb}, c.Args...), " ")
}

func verbs() []string {
	out := []string{"move", "attack", "autods"}
	for v := range syntaxes {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// canonicalCommand parses a command of any grammar on its own and prints
// it in canonical form (rules.Engine.Canonical).
func canonicalCommand(text string) (string, error) {
	verb, _, _ := strings.Cut(text, " ")
	switch {
	case verb == "attack" || verb == "autods":
		a, err := ParseAttack(text)
		if err != nil {
			return "", err
		}
		return a.String(), nil
	case combatVerbs[verb]:
		c, err := grammar.Parse(text)
		if err != nil {
			return "", fmt.Errorf("%w: %v", ErrCommand, err)
		}
		return c.String(), nil
	}
	c, err := ParseCommand(text)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}
