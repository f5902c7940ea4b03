package normandy44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
)

// ErrCommand is wrapped by every command parse error: the series' (rules/hexwar).
var ErrCommand = hexwar.ErrCommand

// maxPath bounds the hexes of one move: no unit can pay for more (a doubled MA
// of 12 at 1/3 MP a hex is 36 hexes).
const maxPath = 64

// Command is one Normandy '44 command. Its canonical text is what String
// prints, and Parse accepts only that text:
//
//	end                              end the current phase
//	move UNIT HEX HEX ... [sm] [trucks]
//	relocate UNIT HEX                the Cotentin HQ to Cherbourg (17.4)
//	replace UNIT                     one Repl restores a step (6.2.1)
//	rebuild UNIT [HEX]               one Repl rebuilds an eliminated unit (6.2.2)
//	mobilize UNIT HEX                a 243/709 unit leaves its box (6.7)
//	allot cherbourg-fortress N       N of the turn's German SupP to the fortress (5.2)
//	evacuate UNIT                    from a beach to the In Britain card (21.2)
//	evacuate-division FORMATION      a whole airborne division, End Phase (22.2)
//	buy-supp us|gb N                 N SupP for 3 RP each (21.1.3)
//	reserve UNIT [UNIT...]           mark units Reserve in the Movement Phase (15.1)
//	unreserve UNIT [UNIT...]         take their Reserve markers off (15.4)
//	entrench UNIT                    the unit starts an IP in its hex (16.1.3)
//	remove-ip HEX                    take an own IP or Entrenching marker off (16.1.2)
//
// Attacks ('attack ...', combat_declare.go), combat decisions and orders
// (combat_orders.go) and strafing ('strafe HEX us|cw', strafe.go, 19.1.4)
// have parsers of their own.
//
// A move names the unit, then its path: the hex it stands in and every hex it
// enters, in order. A reinforcement's path starts with its entry hex (6.6),
// and may be that hex alone. "sm" moves it by Strategic Movement (9.8.1) and "trucks"
// gives it the German Trucks marker (9.8.6).
type Command struct {
	Verb   string // "end", "move", "relocate", "replace", "rebuild", "mobilize", "allot", "evacuate", "evacuate-division" or "buy-supp"
	Unit   string // evacuate-division: the formation
	Path   []string
	SM     bool
	Trucks bool
	N      int      // allot, buy-supp: how many SupP
	Units  []string // reserve, unreserve: the units, each once
}

// ParseCommand reads a command in canonical form.
func ParseCommand(s string) (Command, error) {
	words := strings.Split(s, " ")
	var c Command
	switch words[0] {
	case "end":
		c.Verb = "end"
	case "move":
		m, err := moveGrammar.Parse(s)
		if err != nil {
			return Command{}, err
		}
		c = Command{Verb: "move", Unit: m.Unit, Path: m.Path, SM: m.Has(flagSM), Trucks: m.Has(flagTrucks)}
	case "relocate":
		if len(words) != 3 || !validUnitID(words[1]) || !validHexID(words[2]) {
			return Command{}, fmt.Errorf("%w: want 'relocate UNIT HEX'", ErrCommand)
		}
		c = Command{Verb: "relocate", Unit: words[1], Path: []string{words[2]}}
	case "mobilize":
		if len(words) != 3 || !validUnitID(words[1]) || !validHexID(words[2]) {
			return Command{}, fmt.Errorf("%w: want 'mobilize UNIT HEX'", ErrCommand)
		}
		c = Command{Verb: "mobilize", Unit: words[1], Path: []string{words[2]}}
	case "replace":
		if len(words) != 2 || !validUnitID(words[1]) {
			return Command{}, fmt.Errorf("%w: want 'replace UNIT'", ErrCommand)
		}
		c = Command{Verb: "replace", Unit: words[1]}
	case "allot":
		n, err := strconv.Atoi(words[len(words)-1])
		if len(words) != 3 || (words[1] != fortressPool && words[1] != pzWestPool) || err != nil || n < 1 || n > maxSupP {
			return Command{}, fmt.Errorf("%w: want 'allot cherbourg-fortress N' or 'allot pz-west N' (24.0), N from 1 to %d", ErrCommand, maxSupP)
		}
		c = Command{Verb: "allot", Path: []string{words[1]}, N: n}
	case "rebuild":
		if len(words) < 2 || len(words) > 3 || !validUnitID(words[1]) || (len(words) == 3 && !validHexID(words[2])) {
			return Command{}, fmt.Errorf("%w: want 'rebuild UNIT' or 'rebuild UNIT HEX'", ErrCommand)
		}
		c = Command{Verb: "rebuild", Unit: words[1], Path: words[2:]}
	case "evacuate", "evacuate-division":
		if len(words) != 2 || !validUnitID(words[1]) {
			return Command{}, fmt.Errorf("%w: want '%s %s'", ErrCommand, words[0], map[string]string{"evacuate": "UNIT", "evacuate-division": "FORMATION"}[words[0]])
		}
		c = Command{Verb: words[0], Unit: words[1]}
	case "buy-supp":
		n, err := strconv.Atoi(words[len(words)-1])
		if len(words) != 3 || (words[1] != "us" && words[1] != "gb") || err != nil || n < 1 || n > maxSupP {
			return Command{}, fmt.Errorf("%w: want 'buy-supp us|gb N', N from 1 to %d", ErrCommand, maxSupP)
		}
		c = Command{Verb: "buy-supp", Path: []string{words[1]}, N: n}
	case "reserve", "unreserve":
		c = Command{Verb: words[0], Units: words[1:]}
		if len(c.Units) == 0 || len(c.Units) > maxPath {
			return Command{}, fmt.Errorf("%w: want '%s UNIT [UNIT...]'", ErrCommand, words[0])
		}
		for k, u := range c.Units {
			if !validUnitID(u) || slices.Contains(c.Units[:k], u) {
				return Command{}, fmt.Errorf("%w: %s: %q is not a unit id, or is named twice", ErrCommand, words[0], u)
			}
		}
	case "entrench":
		if len(words) != 2 || !validUnitID(words[1]) {
			return Command{}, fmt.Errorf("%w: want 'entrench UNIT'", ErrCommand)
		}
		c = Command{Verb: "entrench", Unit: words[1]}
	case "remove-ip":
		if len(words) != 2 || !validHexID(words[1]) {
			return Command{}, fmt.Errorf("%w: want 'remove-ip HEX'", ErrCommand)
		}
		c = Command{Verb: "remove-ip", Path: []string{words[1]}}
	default:
		return Command{}, fmt.Errorf("%w: unknown command %q (want move, relocate, replace, rebuild, mobilize, allot, evacuate, evacuate-division, buy-supp, reserve, unreserve, entrench, remove-ip or end)", ErrCommand, words[0])
	}
	if c.String() != s {
		return Command{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, c.String())
	}
	return c, nil
}

// String prints the canonical text.
func (c Command) String() string {
	switch c.Verb {
	case "move":
	case "relocate", "mobilize":
		return c.Verb + " " + c.Unit + " " + strings.Join(c.Path, " ")
	case "replace", "evacuate", "evacuate-division", "entrench":
		return c.Verb + " " + c.Unit
	case "reserve", "unreserve":
		return c.Verb + " " + strings.Join(c.Units, " ")
	case "remove-ip":
		return c.Verb + " " + strings.Join(c.Path, " ")
	case "allot", "buy-supp":
		return c.Verb + " " + strings.Join(c.Path, " ") + " " + strconv.Itoa(c.N)
	case "rebuild":
		if len(c.Path) == 0 {
			return "rebuild " + c.Unit
		}
		return "rebuild " + c.Unit + " " + strings.Join(c.Path, " ")
	default:
		return c.Verb
	}
	return hexwar.MoveCommand{Unit: c.Unit, Path: c.Path, Flags: c.moveFlags()}.String()
}

// The flags of a move (the series' move grammar, rules/hexwar): "sm" moves
// the unit by Strategic Movement (9.8.1), "trucks" gives it the German Trucks
// marker (9.8.6).
const (
	flagSM     = "sm"
	flagTrucks = "trucks"
)

var moveGrammar = hexwar.MoveGrammar{Flags: []string{flagSM, flagTrucks}, MaxPath: maxPath, ValidUnit: validUnitID}

// moveFlags are a move's flags, as slices made once: Legal prints hundreds of
// moves.
func (c Command) moveFlags() []string {
	switch {
	case c.SM && c.Trucks:
		return flagsSMTrucks
	case c.SM:
		return flagsSMTrucks[:1]
	case c.Trucks:
		return flagsSMTrucks[1:]
	}
	return nil
}

var flagsSMTrucks = []string{flagSM, flagTrucks}
