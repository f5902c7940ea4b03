package freeplay

import (
	"slices"
	"testing"
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
