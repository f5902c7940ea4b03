package freeplay

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scn"
)

// FuzzParseScenario: no input panics, and what parses has 1 to 8 distinct,
// well-formed seats.
func FuzzParseScenario(f *testing.F) {
	f.Add("title T\nseats a b\n")
	f.Fuzz(func(t *testing.T, data string) {
		sc, err := parseScenario([]byte(data), nil)
		if err != nil {
			return
		}
		if len(sc.Seats) < 1 || len(sc.Seats) > 8 {
			t.Fatalf("%d seats", len(sc.Seats))
		}
		for i, s := range sc.Seats {
			if !validSeat(string(s)) || slices.Contains(sc.Seats[:i], s) {
				t.Fatalf("bad or repeated seat %q", s)
			}
		}
	})
}

// TestParseScenarioErrors: a problem of the file is a scn.LineError at its
// line, in the class callers can tell apart; a problem of an option names it.
func TestParseScenarioErrors(t *testing.T) {
	cases := []struct {
		text    string
		options []string
		class   error
		want    string
	}{
		{"title T\ncolour red\n", nil, scn.ErrUnknown, `line 2: unknown keyword or value: keyword "colour" (want title or seats)`},
		{"# c\nseats a B\n", nil, scn.ErrSyntax, `line 2: syntax: seat "B": use 1 to 32 lower-case letters, digits and '-'`},
		{"seats a b a\n", nil, scn.ErrDuplicate, `line 1: duplicate: seat "a" named twice`},
		{"seats a b c d e f g h i\n", nil, scn.ErrInvalid, "line 1: invalid: want 1 to 8 seats, have 9"},
		{"seats " + strings.Repeat("x", 33) + "\n", nil, scn.ErrSyntax, "line 1: syntax: seat"},
		{"title T\n", nil, scn.ErrMissing, "missing: no seats: add a line 'seats A B'"},
		{"seats a b\n", []string{"seats=a,a"}, scn.ErrDuplicate, `option "seats=a,a": duplicate: seat "a" named twice`},
	}
	for _, c := range cases {
		_, err := parseScenario([]byte(c.text), c.options)
		if !errors.Is(err, c.class) || !strings.HasPrefix(fmt.Sprint(err), c.want) {
			t.Errorf("%q %v: got %v, want %v %q", c.text, c.options, err, c.class, c.want)
		}
		var le *scn.LineError
		if c.options == nil && !errors.As(err, &le) {
			t.Errorf("%q: not a scn.LineError: %v", c.text, err)
		}
	}
	if _, err := parseScenario([]byte("seats a\n"), []string{"colour=red"}); !errors.Is(err, ErrOption) {
		t.Errorf("an unknown option: %v", err)
	}
}
