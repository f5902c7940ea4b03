package rhine44

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// ErrCommand is wrapped by every command text that is not a command of the
// game, however close.
var ErrCommand = errors.New("command syntax")

// Command is one command of the game, as its canonical text reads:
//
//	supply FIELD [special T] [+TT]     Take Supply (§6); +TT: Monty's two tokens (R6.5)
//	trucks N                           Take Trucks (§7)
//	transport A>B:TOKENS ...           Transport Supply (§8), a truck a leg
//	[commander] move CORPS FIELD       Move Corps (§10), its first step; commander: Patton's (R13.4)
//	step FIELD | stop                  the next step of the move, or its end
//	load CORPS TOKENS | unload CORPS TOKENS   between a corps card and its field (R8.4, R10.11)
//	feed | market GT | decline         Starving civilians, Black market (R10.12)
//	return FIELD TOKENS                tokens over a field's limit back to the pool (R6.4)
//	[commander] air axis|pursuit       Air Support (§11); commander: Bradley's (R13.2)
//	recon axis|pursuit                 a Recon card (R10.13)
//	resistance                         a Resistance card: one more action (R10.13)
//	drop FIELD... pay PAYMENT...       Airborne Drop (§12); PAYMENT: medal, CARD or CARD+CARD...
//	end                                the end of the actions (§5)
//	axis FIELD | axis discard | axis none | counter FIELD   the German Reaction (§14)
//	undo                               solo: take back the last command (R17.5)
//
// TOKENS are letters, fuel first: FFAR is 2 fuel, 1 ammo, 1 food.
type Command struct {
	Verb      string
	Commander bool     // move, air: the commander card's action
	Field     string   // supply, move, step, return, axis, counter
	Corps     string   // move, load, unload
	Special   byte     // supply: the special set's type, 0 for the standard set
	Plus      Tokens   // supply: Monty's extra tokens
	N         int      // trucks
	Legs      []Leg    // transport
	Tokens    Tokens   // load, unload, return
	Give      byte     // market: the token given
	Take      byte     // market: the token taken
	Deck      string   // air, recon: "axis" or "pursuit"
	Drops     []string // drop: a field per paratrooper
	Pay       []string // drop: a payment per paratrooper
	Axis      string   // axis: "discard" or "none" when no field
}

// Leg is one truck of a transport: tokens carried from a field to the next.
type Leg struct {
	From, To string
	Tokens   Tokens
}

func (l Leg) String() string { return l.From + ">" + l.To + ":" + l.Tokens.String() }

// The decks a look may target: the Axis deck or the player's own pursuit
// deck (A-15: the shared deck under §15C).
const (
	lookAxis    = "axis"
	lookPursuit = "pursuit"
)

// String is the command's canonical text.
func (c Command) String() string {
	var w []string
	if c.Commander {
		w = append(w, "commander")
	}
	w = append(w, c.Verb)
	switch c.Verb {
	case "supply":
		w = append(w, c.Field)
		if c.Special != 0 {
			w = append(w, "special", string(c.Special))
		}
		if c.Plus.Total() > 0 {
			w = append(w, "+"+c.Plus.String())
		}
	case "trucks":
		w = append(w, strconv.Itoa(c.N))
	case "transport":
		for _, l := range c.Legs {
			w = append(w, l.String())
		}
	case "move":
		w = append(w, c.Corps, c.Field)
	case "step", "counter":
		w = append(w, c.Field)
	case "load", "unload":
		w = append(w, c.Corps, c.Tokens.String())
	case "market":
		w = append(w, string([]byte{c.Give, c.Take}))
	case "return":
		w = append(w, c.Field, c.Tokens.String())
	case "air", "recon":
		w = append(w, c.Deck)
	case "drop":
		w = append(w, c.Drops...)
		w = append(w, "pay")
		w = append(w, c.Pay...)
	case "axis":
		if c.Axis != "" {
			w = append(w, c.Axis)
		} else {
			w = append(w, c.Field)
		}
	}
	return strings.Join(w, " ")
}

// Parse reads a command's canonical text; any other text, however close, is
// refused (DESIGN.md, The log: non-canonical text is rejected).
func Parse(text string) (Command, error) {
	c, err := parse(text)
	if err != nil {
		return Command{}, err
	}
	if s := c.String(); s != text {
		return Command{}, fmt.Errorf("%w: %q is not canonical; write %q", ErrCommand, text, s)
	}
	return c, nil
}

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCommand, fmt.Sprintf(format, args...))
}

func parse(text string) (Command, error) {
	w := strings.Split(text, " ")
	var c Command
	if w[0] == "commander" {
		c.Commander = true
		w = w[1:]
		if len(w) == 0 || (w[0] != "move" && w[0] != "air") {
			return c, bad("commander: want 'commander move CORPS FIELD' (Patton) or 'commander air axis|pursuit' (Bradley)")
		}
	}
	c.Verb = w[0]
	args := w[1:]
	want := func(n int, syntax string) error {
		if len(args) != n {
			return bad("%s: want '%s'", c.Verb, syntax)
		}
		return nil
	}
	field := func(s string) (string, error) {
		if !scn.ValidName(s) {
			return "", bad("%s: %q is not a field id (lower-case letters, digits and '-')", c.Verb, s)
		}
		return s, nil
	}
	corps := func(s string) (string, error) {
		if !validCorps(s) {
			return "", bad("%s: %q is not a corps (capital letters and digits, e.g. XII)", c.Verb, s)
		}
		return s, nil
	}
	var err error
	switch c.Verb {
	case "supply":
		if len(args) < 1 || len(args) > 4 {
			return c, bad("supply: want 'supply FIELD [special F|A|R] [+TT]'")
		}
		if c.Field, err = field(args[0]); err != nil {
			return c, err
		}
		rest := args[1:]
		if len(rest) >= 2 && rest[0] == "special" {
			if len(rest[1]) != 1 || !strings.Contains(tokenTypes, rest[1]) {
				return c, bad("supply: special %q: one of F, A, R", rest[1])
			}
			c.Special = rest[1][0]
			rest = rest[2:]
		}
		if len(rest) == 1 && strings.HasPrefix(rest[0], "+") {
			if c.Plus, err = ParseTokens(rest[0][1:], monty2); err != nil {
				return c, err
			}
			if c.Plus.Total() != monty2 {
				return c, bad("supply: %s: Monty adds exactly two tokens (R6.5)", rest[0])
			}
			rest = nil
		}
		if len(rest) > 0 {
			return c, bad("supply: want 'supply FIELD [special F|A|R] [+TT]'")
		}
	case "trucks":
		if err := want(1, "trucks N"); err != nil {
			return c, err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > trucksInBox {
			return c, bad("trucks: %q is not a number of trucks", args[0])
		}
		c.N = n
	case "transport":
		if len(args) < 1 || len(args) > trucksInBox {
			return c, bad("transport: want 'transport FROM>TO:TOKENS ...', a truck a leg")
		}
		for _, a := range args {
			route, toks, ok := strings.Cut(a, ":")
			from, to, ok2 := strings.Cut(route, ">")
			if !ok || !ok2 {
				return c, bad("transport: %q: want FROM>TO:TOKENS", a)
			}
			l := Leg{}
			if l.From, err = field(from); err != nil {
				return c, err
			}
			if l.To, err = field(to); err != nil {
				return c, err
			}
			if l.Tokens, err = ParseTokens(toks, truckCapacity); err != nil {
				return c, fmt.Errorf("transport: %s: %w (a truck carries up to %d, R8.2)", a, err, truckCapacity)
			}
			c.Legs = append(c.Legs, l)
		}
	case "move":
		if err := want(2, "move CORPS FIELD"); err != nil {
			return c, err
		}
		if c.Corps, err = corps(args[0]); err != nil {
			return c, err
		}
		c.Field, err = field(args[1])
	case "step", "counter":
		if err := want(1, c.Verb+" FIELD"); err != nil {
			return c, err
		}
		c.Field, err = field(args[0])
	case "load", "unload":
		if err := want(2, c.Verb+" CORPS TOKENS"); err != nil {
			return c, err
		}
		if c.Corps, err = corps(args[0]); err != nil {
			return c, err
		}
		c.Tokens, err = ParseTokens(args[1], poolFuel)
	case "market":
		if err := want(1, "market GT (G the token given, T the token taken: market RA)"); err != nil {
			return c, err
		}
		a := args[0]
		if len(a) != 2 || !strings.Contains(tokenTypes, a[:1]) || !strings.Contains(tokenTypes, a[1:]) || a[0] == a[1] {
			return c, bad("market %q: two different letters of F, A, R: the token given, then the one taken (R10.12)", a)
		}
		c.Give, c.Take = a[0], a[1]
	case "return":
		if err := want(2, "return FIELD TOKENS"); err != nil {
			return c, err
		}
		if c.Field, err = field(args[0]); err != nil {
			return c, err
		}
		c.Tokens, err = ParseTokens(args[1], poolFuel)
	case "air", "recon":
		if err := want(1, c.Verb+" axis|pursuit"); err != nil {
			return c, err
		}
		if args[0] != lookAxis && args[0] != lookPursuit {
			return c, bad("%s: %q: the Axis deck (axis) or your pursuit deck (pursuit)", c.Verb, args[0])
		}
		c.Deck = args[0]
	case "drop":
		k := -1
		for i, a := range args {
			if a == "pay" {
				k = i
				break
			}
		}
		if k < 1 || k > maxDrops || len(args)-k-1 != k {
			return c, bad("drop: want 'drop FIELD... pay PAYMENT...', 1 to 3 fields and a payment each (medal, a division card, or cards joined by '+')")
		}
		for _, f := range args[:k] {
			id, err := field(f)
			if err != nil {
				return c, err
			}
			c.Drops = append(c.Drops, id)
		}
		for _, pay := range args[k+1:] {
			if pay != "medal" {
				for _, id := range strings.Split(pay, "+") {
					if !scn.ValidName(id) {
						return c, bad("drop: payment %q: medal, a card id, or card ids joined by '+'", pay)
					}
				}
			}
			c.Pay = append(c.Pay, pay)
		}
	case "axis":
		if err := want(1, "axis FIELD|discard|none"); err != nil {
			return c, err
		}
		if args[0] == "discard" || args[0] == "none" {
			c.Axis = args[0]
		} else {
			c.Field, err = field(args[0])
		}
	case "stop", "feed", "decline", "resistance", "end", "undo":
		err = want(0, c.Verb)
	default:
		return c, bad("%q (want supply, trucks, transport, move, step, stop, load, unload, feed, market, decline, return, air, recon, resistance, drop, end, axis, counter, undo)", c.Verb)
	}
	return c, err
}

// Canonical parses a command on its own and prints it (rules.Engine).
func Canonical(text string) (string, error) {
	c, err := Parse(text)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}
