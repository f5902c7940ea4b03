package hexwar

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scn"
)

// A scenario's head: each header line is read into its field, and a bad
// name, another edition, a layout that does not parse or turns out of range
// are each reported at their line; a key the head does not know is left to
// the game.
func TestScenarioHead_Record(t *testing.T) {
	r := HeadRules{Edition: "3", Rules: "the 3rd edition's", MaxTurn: 30}
	var h ScenarioHead
	p := &scn.Parser{}
	for k, kv := range [][2]string{{"game", "ardennes44"}, {"scenario", "six-turn"}, {"title", "The Bulge"},
		{"edition", "3"}, {"provenance", "stand-in"}, {"layout", "flat-top odd-columns-down"}, {"turns", "6"}, {"first-turn", "4"}} {
		h.Record(p, scn.Line{N: k + 1}, kv[0], kv[1], r)
	}
	want := ScenarioHead{Game: "ardennes44", Name: "six-turn", Title: "The Bulge", Edition: "3", Provenance: "stand-in", Layout: "flat-top odd-columns-down", LastTurn: 6}
	if err := p.Err(); err != nil || h != want {
		t.Fatalf("head %+v, %v; want %+v", h, err, want)
	}
	for _, tc := range []struct {
		key, value string
		class      error
		words      string
	}{
		{"scenario", "Six Turn", scn.ErrSyntax, `scenario name "Six Turn"`},
		{"edition", "2", scn.ErrInvalid, `edition "2": these rules are the 3rd edition's`},
		{"layout", "round", nil, ""},
		{"turns", "31", nil, "turns"},
	} {
		p := &scn.Parser{}
		var h ScenarioHead
		h.Record(p, scn.Line{N: 7}, tc.key, tc.value, r)
		err := p.Err()
		var le *scn.LineError
		if !errors.As(err, &le) || le.Line != 7 || (tc.class != nil && !errors.Is(err, tc.class)) || !strings.Contains(err.Error(), tc.words) {
			t.Errorf("%s %q: %v, want an error at line 7 saying %q", tc.key, tc.value, err, tc.words)
		}
	}
}
