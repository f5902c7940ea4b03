package ardennes44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The command grammar: every command is one canonical line (DESIGN.md,
// The log). The move command is the series' (hexwar.MoveGrammar); the
// attack and the combat's decisions and orders have grammars of their own
// (combat_declare.go, combat_orders.go); the rest are a verb and its
// arguments, each verb with its syntax:
//
//	end                       end the phase
//	move UNIT HEX HEX... [tactical] [extended] [sm] [mover] [exit] [infiltrate]
//	place UNIT HEX            set-up (S1.3), engineers (13.2), a rebuilt unit's hex
//	go UNIT BOX               Off-map Areas and Blocking Positions (13.1, 13.5, 13.6)
//	load UNIT                 Trucks (12.4.3)
//	unmark UNIT               take an SM or Truck marker off (12.6)
//	entrench UNIT             begin an Improved Position (15.8.2)
//	night HEX                 a Night marker on a stack (25.3.3)
//	breakdown UNIT [two]      26.1
//	recombine UNIT            26.4
//	drop UNIT HEX             von der Heydte's airdrop (27.2)
//	ready UNIT...             flip Fired artillery (5.1)
//	blow HEX/HEX              try to blow a bridge (7.3)
//	repair HEX/HEX            begin a repair (7.8)
//	traffic HEX               place a Traffic or Greif marker (24.3.1)
//	roadblock HEX [HEX]       place a Roadblock, or move one from the second hex (33.2)
//	lift HEX                  take a Roadblock off (33.3)
//	replace UNIT              a replacement to a reduced unit (25.2.2)
//	rebuild UNIT HEX          a replacement to a unit of the dead pile (25.2.2, 25.2.3)
//	disengage UNIT...         try to disengage (20.2)
//	stay UNIT...              an Engaged unit stays: its ENG marker comes off (20.5)
//	withdraw UNIT HEX [HEX]   a disengaging unit's retreat (20.3)
//	fuel DIVISION             the division a Fuel Shortage result hits (6.1, 6.4)
//	antwerp UNIT...           British units to Antwerp (27.3.4)
//	greif HEX/HEX             the Greif Commando on a bridge (36)
//	no-greif                  no Greif Commando on the bridge the Allies try (36)
//	dump HEX                  try to blow a fuel dump (32.3)

// ErrCommand is wrapped by every command syntax error: the series' own,
// which the move grammar (hexwar.ParseMove) wraps too.
var ErrCommand = hexwar.ErrCommand

// Command is one command of the main grammar.
type Command struct {
	Verb string
	Args []string
	Move hexwar.MoveCommand
}

// slot is one argument of a verb's syntax.
type slot uint8

const (
	slotUnit   slot = iota + 1 // a unit id
	slotUnits                  // one or more unit ids
	slotHex                    // a hex id
	slotSide                   // a hexside HEX/HEX
	slotBox                    // an Off-map box: off-se, block-A
	slotWord                   // a formation id or word
	slotOptHex                 // an optional hex
	slotTwo                    // the optional word "two"
)

var syntaxes = map[string][]slot{
	"end": nil, "place": {slotUnit, slotHex}, "go": {slotUnit, slotBox}, "load": {slotUnit}, "unmark": {slotUnit},
	"entrench": {slotUnit}, "night": {slotHex}, "breakdown": {slotUnit, slotTwo}, "recombine": {slotUnit},
	"drop": {slotUnit, slotHex}, "ready": {slotUnits}, "blow": {slotSide}, "repair": {slotSide}, "traffic": {slotHex},
	"roadblock": {slotHex, slotOptHex}, "lift": {slotHex}, "replace": {slotUnit}, "rebuild": {slotUnit, slotHex},
	"disengage": {slotUnits}, "stay": {slotUnits}, "withdraw": {slotUnit, slotHex, slotOptHex}, "fuel": {slotWord},
	"antwerp": {slotUnits}, "greif": {slotSide}, "no-greif": nil, "dump": {slotHex},
}

var syntaxWords = map[slot]string{slotUnit: "UNIT", slotUnits: "UNIT...", slotHex: "HEX", slotSide: "HEX/HEX",
	slotBox: "BOX", slotWord: "DIVISION", slotOptHex: "[HEX]", slotTwo: "[two]"}

func syntaxOf(verb string) string {
	ws := []string{verb}
	for _, s := range syntaxes[verb] {
		ws = append(ws, syntaxWords[s])
	}
	return strings.Join(ws, " ")
}

// moveGrammar is the move command (11.1): its flags after the path, in this
// order: Tactical Movement (11.3), Extended Movement (11.2), Strategic
// Movement or Trucks (12.1), a Prime Mover (22.3), leaving the map (11.9),
// 150 Pz Bde's infiltration (27.8.2).
var moveGrammar = hexwar.MoveGrammar{Flags: []string{"tactical", "extended", "sm", "mover", "exit", "infiltrate"},
	MaxPath: 60, ValidUnit: validUnitID}

// ParseCommand reads a command of the main grammar in canonical form.
func ParseCommand(s string) (Command, error) {
	verb, _, _ := strings.Cut(s, " ")
	if verb == "move" {
		m, err := moveGrammar.Parse(s)
		if err != nil {
			return Command{}, err
		}
		return Command{Verb: "move", Move: m}, nil
	}
	syn, ok := syntaxes[verb]
	if !ok {
		return Command{}, fmt.Errorf("%w: unknown command %q", ErrCommand, verb)
	}
	words := strings.Split(s, " ")[1:]
	if s == verb {
		words = nil
	}
	c := Command{Verb: verb}
	bad := func() (Command, error) {
		return Command{}, fmt.Errorf("%w: want %q", ErrCommand, syntaxOf(verb))
	}
	for _, sl := range syn {
		switch sl {
		case slotUnits:
			if len(words) == 0 {
				return bad()
			}
			for _, w := range words {
				if !validUnitID(w) {
					return bad()
				}
			}
			c.Args, words = append(c.Args, words...), nil
		case slotOptHex, slotTwo:
			if len(words) == 0 {
				continue
			}
			if (sl == slotOptHex && !scn.ValidHexID(words[0])) || (sl == slotTwo && words[0] != "two") {
				return bad()
			}
			c.Args, words = append(c.Args, words[0]), words[1:]
		default:
			if len(words) == 0 || !slotOK(sl, words[0]) {
				return bad()
			}
			c.Args, words = append(c.Args, words[0]), words[1:]
		}
	}
	if len(words) > 0 {
		return bad()
	}
	if c.String() != s {
		return Command{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, c.String())
	}
	return c, nil
}

func slotOK(sl slot, w string) bool {
	switch sl {
	case slotUnit:
		return validUnitID(w)
	case slotHex:
		return scn.ValidHexID(w)
	case slotSide:
		a, b, ok := strings.Cut(w, "/")
		return ok && scn.ValidHexID(a) && scn.ValidHexID(b) && a < b
	case slotBox:
		return validBox(w) || validBlock(w)
	case slotWord:
		return scn.ValidID(w)
	}
	return false
}

// String prints the canonical text.
func (c Command) String() string {
	if c.Verb == "move" {
		return c.Move.String()
	}
	return strings.TrimSpace(c.Verb + " " + strings.Join(c.Args, " "))
}

// canonicalCommand parses a command of any of the engine's grammars and
// prints it canonically.
func canonicalCommand(text string) (string, error) {
	verb, _, _ := strings.Cut(text, " ")
	switch {
	case verb == "attack":
		a, err := ParseAttack(text)
		if err != nil {
			return "", err
		}
		return a.String(), nil
	case combatVerbs[verb]:
		c, err := ParseCombatCommand(text)
		if err != nil {
			return "", fmt.Errorf("%w: %w", ErrCommand, err)
		}
		return c.String(), nil
	}
	c, err := ParseCommand(text)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// ParseCombatCommand reads a combat order or decision.
func ParseCombatCommand(text string) (combat.Command, error) { return grammar.Parse(text) }
