package hex

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// FuzzParseID checks that Parse accepts exactly the four-digit ids, that what
// it accepts prints back unchanged, and that what it rejects is named in the
// error.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"2512", "0000", "9999", "251", "25121", "25a2", "-512", "２５１２"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		digits := len(id) == 4 && strings.Trim(id, "0123456789") == ""
		for _, l := range allLayouts {
			a, err := l.Parse(id)
			if err != nil {
				if digits {
					t.Fatalf("%v: Parse(%q) rejected four digits: %v", l, id, err)
				}
				if !errors.Is(err, ErrBadID) || !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
					t.Fatalf("%v: Parse(%q) error %v", l, id, err)
				}
				continue
			}
			if !digits {
				t.Fatalf("%v: Parse(%q) accepted a non-id as %v", l, id, a)
			}
			if back := l.ID(a); back != id {
				t.Fatalf("%v: ID(Parse(%q)) = %q", l, id, back)
			}
		}
	})
}

// FuzzParseSide checks that an accepted hexside names two adjacent hexes and
// that its printed form parses back to the same side.
func FuzzParseSide(f *testing.F) {
	for _, s := range []string{"2512/2513", "2513/2512", "2512/2614", "2512", "/", "2512/2513/2514"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, l := range allLayouts {
			s, err := l.ParseSide(text)
			if err != nil {
				if !errors.Is(err, ErrBadSide) && !errors.Is(err, ErrBadID) {
					t.Fatalf("%v: ParseSide(%q) error %v", l, text, err)
				}
				continue
			}
			a, b := s.Hexes()
			if Distance(a, b) != 1 {
				t.Fatalf("%v: ParseSide(%q) gave non-adjacent %v", l, text, s)
			}
			id := l.SideID(s)
			if again, err := l.ParseSide(id); err != nil || again != s {
				t.Fatalf("%v: ParseSide(SideID) = %v, %v; want %v", l, again, err, s)
			}
			if x, y, _ := strings.Cut(text, "/"); id != x+"/"+y && id != y+"/"+x {
				t.Fatalf("%v: SideID %q is not %q in some order", l, id, text)
			}
		}
	})
}

// FuzzParseLayout checks that an accepted layout is valid and prints in the
// same words as the input.
func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{"flat-top odd-columns-down", "pointy-top even-rows-right", " flat-top  even-columns-down", "flat-top", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLayout(s)
		if err != nil {
			if !errors.Is(err, ErrBadLayout) {
				t.Fatalf("ParseLayout(%q) error %v", s, err)
			}
			return
		}
		if l.Valid() != nil || l.String() != strings.Join(strings.Fields(s), " ") {
			t.Fatalf("ParseLayout(%q) = %v", s, l)
		}
	})
}
