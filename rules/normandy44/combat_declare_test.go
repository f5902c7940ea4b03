package normandy44

import (
	"errors"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Every declaration form prints back to the text it was parsed from, and
// the parts land in their fields.
func TestAttackRoundTrip(t *testing.T) {
	for _, text := range []string{
		"attack 2613 from 2612 maf 4/8",
		"attack 2613 from 2512 2612 maf 4/8 8/4 with 70tk air 1",
		"attack 2613 from 2512 maf 4/8 naval 1",
		"attack 2613 from 2512 2612 maf 4/8 with 70tk 8/4 air 2 naval 1",
		"attack 2613 from 2512 maf 4/8 art VII-Corps VII-Corps air 1",
		"attack 2613 from 2512 maf 4/8 with 8/4 art 101-Werfer Cotentin",
	} {
		a, err := ParseAttack(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if a.String() != text {
			t.Errorf("%q prints as %q", text, a.String())
		}
	}
	a, _ := ParseAttack("attack 2613 from 2512 2612 maf 4/8 8/4 with 70tk air 1")
	if a.Target != "2613" || len(a.From) != 2 || len(a.MAF) != 2 || len(a.With) != 1 || a.Air != 1 || a.Naval != 0 {
		t.Errorf("parsed %+v", a)
	}
	if got := a.Units(); len(got) != 3 || got[0] != "4/8" || got[2] != "70tk" {
		t.Errorf("units %v", got)
	}
}

// Malformed or non-canonical declarations are refused with ErrCommand.
func TestAttackRejects(t *testing.T) {
	for _, text := range []string{
		"", "attack", "attack 2613", "attack 2613 from", "attack 2613 from 2612",
		"attack 2613 from 2612 maf", "attack 2613 2612 maf 4/8", "attack x from 2612 maf 4/8",
		"attack 2613 from 2612 2512 maf 4/8",                          // from hexes out of order
		"attack 2613 from 2612 2612 maf 4/8",                          // repeated hex
		"attack 2613 from 2612 maf 8/4 4/8",                           // units out of order
		"attack 2613 from 2612 maf 4/8 with 4/8",                      // named twice
		"attack 2613 from 2612 maf 4/8 with",                          // with nothing
		"attack 2613 from 2612 maf 4/8 air 0",                         // no zero markers
		"attack 2613 from 2612 maf 4/8 air x",                         // not a number
		"attack 2613 from 2612 maf 4/8 air 01",                        // not canonical
		"attack 2613 from 2612 maf 4/8 naval 1 air 1",                 // keyword order
		"attack 2613 from 2612 maf 4/8  air 1",                        // double space
		"attack 2613 from 2612 maf 4/8 air 1 ",                        // trailing space
		"attack 2613 from 2612 maf 2612",                              // a hex is no unit
		"attack 2613 from 2612 maf a=b",                               // not a unit id
		"attack 2613 from 0101 0102 0103 0104 0105 0106 0107 maf 4/8", // seven hexes
		"attack 2613 from 2512 maf 4/8 art",                           // art nothing
		"attack 2613 from 2512 maf 4/8 art hq2 hq1",                   // art out of order
		"attack 2613 from 2512 maf 4/8 art 4/8",                       // attacks and fires
		"attack 2613 from 2512 maf 4/8 air 1 art hq",                  // keyword order
	} {
		if _, err := ParseAttack(text); !errors.Is(err, ErrCommand) {
			t.Errorf("%q: %v, want ErrCommand", text, err)
		}
	}
}

// FuzzParseAttack: whatever ParseAttack accepts prints back as the same text
// and parses again.
func FuzzParseAttack(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		a, err := ParseAttack(s)
		if err != nil {
			return "", err
		}
		return a.String(), nil
	}, ErrCommand, "attack 2613 from 2512 2612 maf 4/8 8/4 with 70tk air 1")
}
