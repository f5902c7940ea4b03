package freeplay

import (
	"errors"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

func TestParseCanonical(t *testing.T) {
	good := map[string]Command{
		"pass":                        {Verb: "pass"},
		"play 5/352 2512 to 2513":     {Verb: "play", Text: "5/352 2512 to 2513"},
		"roll 1d6":                    {Verb: "roll", Dice: 1, Sides: 6},
		"roll 2d6 for attack on 2613": {Verb: "roll", Dice: 2, Sides: 6, Text: "attack on 2613"},
		"roll 20d1000":                {Verb: "roll", Dice: 20, Sides: 1000},
	}
	for text, want := range good {
		got, err := Parse(text)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", text, got, err, want)
		}
		if got.String() != text {
			t.Errorf("%q prints as %q", text, got.String())
		}
	}
	bad := []string{
		"", "PASS", "pass now", "play", "play ", "play  two spaces", "play trailing ",
		"roll", "roll 2d", "roll d6", "roll 0d6", "roll 21d6", "roll 2d1", "roll 2d1001",
		"roll 02d6", "roll +2d6", "roll 2d6 for", "roll 2d6 for  x", "play tab\there", "move 1 2",
	}
	for _, text := range bad {
		if c, err := Parse(text); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) = %+v, %v; want a syntax error", text, c, err)
		}
	}
}

// FuzzParse: whatever parses prints back to the same text, and nothing panics
// (rulestest.FuzzRoundTrip); Engine().Canonical is that round trip.
func FuzzParse(f *testing.F) {
	rulestest.FuzzRoundTrip(f, Engine().Canonical, ErrSyntax, "roll 2d6 for attack on 2613")
}
