package rulestest

import (
	"errors"
	"testing"
)

// FuzzRoundTrip fuzzes a command grammar through canonical, which parses a
// text and prints what it parsed (rules.Engine.Canonical, or a wrapper of a
// Parse and a String): whatever it accepts prints back as the same text,
// since commands are canonical one-line text and other text is refused
// (DESIGN.md, The log), and the printed text parses again to itself. Every
// error wraps sentinel when it is not nil. Nothing may panic. The seeds join
// the corpus kept in testdata/fuzz.
func FuzzRoundTrip(f *testing.F, canonical func(string) (string, error), sentinel error, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		printed, err := canonical(text)
		if err != nil {
			if sentinel != nil && !errors.Is(err, sentinel) {
				t.Fatalf("%q: the error %v does not wrap %v", text, err, sentinel)
			}
			return
		}
		if printed != text {
			t.Fatalf("%q is accepted but prints as %q", text, printed)
		}
		again, err := canonical(printed)
		if err != nil || again != printed {
			t.Fatalf("%q prints as %q, which parses back as %q, %v", text, printed, again, err)
		}
	})
}
