package hexwar

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

var testGrammar = MoveGrammar{Flags: []string{"sm", "trucks"}, MaxPath: 4, ValidUnit: func(s string) bool { return s != "" && !strings.Contains(s, "=") }}

// TestMoveGrammar: a move is 'move UNIT HEX HEX ... [FLAG...]', flags after
// the path in the grammar's order, and only its canonical text parses.
func TestMoveGrammar(t *testing.T) {
	for _, s := range []string{"move u 0101 0102", "move u 0101", "move u 0101 0102 sm", "move u 0101 0102 trucks", "move u 0101 0102 sm trucks"} {
		c, err := testGrammar.Parse(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %+v, %v", s, c, err)
		}
	}
	if c, _ := testGrammar.Parse("move u 0101 0102 sm"); !c.Has("sm") || c.Has("trucks") || c.Unit != "u" || len(c.Path) != 2 {
		t.Errorf("the parts of a move: %+v", c)
	}
	for _, s := range []string{"move", "move u", "move u sm", "move u 0101 trucks sm", "move u 0101 fast", "move u  0101",
		"move a=b 0101", "move u 0101 0102 0103 0104 0105", "moves u 0101", "move u 0101 sm sm"} {
		if _, err := testGrammar.Parse(s); !errors.Is(err, ErrCommand) {
			t.Errorf("%q: %v, want a syntax error", s, err)
		}
	}
}

// TestMoveGrammar_Ends: a grammar with Ends takes one of them after the
// last hex, before the flags (S43 21.3.2: a move into an entry area); one
// without takes none.
func TestMoveGrammar_Ends(t *testing.T) {
	gr := testGrammar
	gr.Ends = []string{"N1", "E5"}
	for _, s := range []string{"move u 0101 0102 N1", "move u 0101 E5 sm", "move u 0101 0102"} {
		c, err := gr.Parse(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %+v, %v", s, c, err)
		}
	}
	if c, _ := gr.Parse("move u 0101 0102 N1 trucks"); c.End != "N1" || len(c.Path) != 2 || !c.Has("trucks") {
		t.Errorf("the parts of a move into an area: %+v", c)
	}
	for _, s := range []string{"move u 0101 N1 E5", "move u 0101 sm N1", "move u N1", "move u 0101 N1 0102", "move u 0101 S1"} {
		if _, err := gr.Parse(s); !errors.Is(err, ErrCommand) {
			t.Errorf("%q: %v, want a syntax error", s, err)
		}
	}
	if _, err := testGrammar.Parse("move u 0101 N1"); !errors.Is(err, ErrCommand) {
		t.Errorf("a grammar without Ends took one: %v", err)
	}
}

// FuzzMoveGrammar: what parses prints back as itself.
func FuzzMoveGrammar(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := testGrammar.Parse(s)
		return c.String(), err
	}, ErrCommand, "move u 0101 0102 sm", "move u 0101", "end")
}
