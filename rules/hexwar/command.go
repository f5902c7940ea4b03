package hexwar

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// The commands every game of the series has, in one canonical form each:
//
//	end                               end the current phase (or a player's part of it)
//	move UNIT HEX HEX ... [FLAG...]   a unit's move: where it stands (or its entry
//	                                  hex, N44 6.6), then every hex it enters; the
//	                                  game's flags after the path, in its order;
//	                                  a game with Ends may name one of them after
//	                                  the last hex (S43 21.3.2: an entry area)
//
// A game's own commands have grammars of their own; this one is shared.

// ErrCommand is wrapped by every command syntax error.
var ErrCommand = errors.New("command syntax")

// MoveGrammar is a game's 'move' command.
type MoveGrammar struct {
	// Flags are the words a move may carry after its path, each at most
	// once and in this order (N44: "sm" for Strategic Movement, 9.8.1;
	// "trucks" for the Trucks marker, 9.8.6).
	Flags []string
	// MaxPath bounds the hexes of one move: no unit can pay for more.
	MaxPath int
	// ValidUnit reports whether a word may be a unit id.
	ValidUnit func(string) bool
	// Ends are the words that may follow the path's last hex, at most one,
	// before the flags: where the move ends off the map (S43 21.3.2: an
	// entry area's name). None in a game without them.
	Ends []string
}

// MoveCommand is one move: the unit, its path, and its flags in the
// grammar's order.
type MoveCommand struct {
	Unit  string
	Path  []string
	End   string // one of the grammar's Ends, or ""
	Flags []string
}

// Has reports whether the move carries flag.
func (c MoveCommand) Has(flag string) bool { return slices.Contains(c.Flags, flag) }

// Parse reads a move in canonical form.
func (gr MoveGrammar) Parse(s string) (MoveCommand, error) {
	words := strings.Split(s, " ")
	if words[0] != "move" {
		return MoveCommand{}, fmt.Errorf("%w: %q is not a move", ErrCommand, s)
	}
	if len(words) < 3 {
		return MoveCommand{}, fmt.Errorf("%w: want 'move UNIT HEX HEX ...': the unit, the hex it stands in and the hexes it enters", ErrCommand)
	}
	if !gr.ValidUnit(words[1]) {
		return MoveCommand{}, fmt.Errorf("%w: %q is not a unit id", ErrCommand, words[1])
	}
	c := MoveCommand{Unit: words[1]}
	rest := words[2:]
	for len(rest) > 0 && scn.ValidHexID(rest[0]) {
		c.Path = append(c.Path, rest[0])
		rest = rest[1:]
	}
	if len(c.Path) == 0 {
		return MoveCommand{}, fmt.Errorf("%w: a move names its hexes: where the unit stands (or its entry hex) and where it goes", ErrCommand)
	}
	if len(c.Path) > gr.MaxPath {
		return MoveCommand{}, fmt.Errorf("%w: a path of %d hexes is longer than any unit can move", ErrCommand, len(c.Path))
	}
	if len(rest) > 0 && slices.Contains(gr.Ends, rest[0]) {
		c.End, rest = rest[0], rest[1:]
	}
	for _, f := range gr.Flags {
		if len(rest) > 0 && rest[0] == f {
			c.Flags, rest = append(c.Flags, f), rest[1:]
		}
	}
	if len(rest) > 0 {
		want := "a hex id"
		if len(gr.Ends) > 0 {
			want += ", then at most one of " + quoteAll(gr.Ends)
		}
		if len(gr.Flags) > 0 {
			want += ", then at most " + quoteAll(gr.Flags) + ", in that order"
		}
		return MoveCommand{}, fmt.Errorf("%w: %q after the path (want %s)", ErrCommand, rest[0], want)
	}
	if c.String() != s {
		return MoveCommand{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, c.String())
	}
	return c, nil
}

// String prints the canonical text.
func (c MoveCommand) String() string {
	var b strings.Builder
	c.Write(&b) // one allocation: Write grows b once
	return b.String()
}

// Write writes the canonical text to b, growing it once for the whole text:
// Legal writes a unit's hundreds of moves into one builder.
func (c MoveCommand) Write(b *strings.Builder) {
	n := len("move ") + len(c.Unit) + 5*len(c.Path) + 1 + len(c.End)
	for _, f := range c.Flags {
		n += 1 + len(f)
	}
	b.Grow(n)
	b.WriteString("move ")
	b.WriteString(c.Unit)
	for _, h := range c.Path {
		b.WriteString(" ")
		b.WriteString(h)
	}
	if c.End != "" {
		b.WriteString(" ")
		b.WriteString(c.End)
	}
	for _, f := range c.Flags {
		b.WriteString(" ")
		b.WriteString(f)
	}
}

// quoteAll lists words in quotes: "'sm' and 'trucks'".
func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
