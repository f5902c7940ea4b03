package rhine44

import (
	"fmt"
	"strings"
)

// Tokens is a heap of supply tokens: fuel (F), ammo (A) and food, rations
// (R) (§1.1, L321-333). Tokens of a type are alike.
type Tokens struct {
	F int `json:"f,omitempty"`
	A int `json:"a,omitempty"`
	R int `json:"r,omitempty"`
}

// tokenTypes are the letters, in the order the game writes them.
const tokenTypes = "FAR"

var tokenNames = map[byte]string{'F': "fuel", 'A': "ammo", 'R': "food"}

// Total is how many tokens there are.
func (t Tokens) Total() int { return t.F + t.A + t.R }

// Plus and Minus add and take away, type by type.
func (t Tokens) Plus(u Tokens) Tokens  { return Tokens{t.F + u.F, t.A + u.A, t.R + u.R} }
func (t Tokens) Minus(u Tokens) Tokens { return Tokens{t.F - u.F, t.A - u.A, t.R - u.R} }

// Has reports whether t holds at least u of every type.
func (t Tokens) Has(u Tokens) bool { return t.F >= u.F && t.A >= u.A && t.R >= u.R }

// Min is the tokens both hold, type by type.
func (t Tokens) Min(u Tokens) Tokens { return Tokens{min(t.F, u.F), min(t.A, u.A), min(t.R, u.R)} }

// Get and With read and set a type by its letter.
func (t Tokens) Get(c byte) int {
	switch c {
	case 'F':
		return t.F
	case 'A':
		return t.A
	}
	return t.R
}

func (t Tokens) With(c byte, n int) Tokens {
	switch c {
	case 'F':
		t.F = n
	case 'A':
		t.A = n
	default:
		t.R = n
	}
	return t
}

// One is a single token of a type.
func One(c byte) Tokens { return Tokens{}.With(c, 1) }

// String is the letters, fuel first: "FFAR"; "-" for none.
func (t Tokens) String() string {
	if t.Total() == 0 {
		return "-"
	}
	return strings.Repeat("F", max(t.F, 0)) + strings.Repeat("A", max(t.A, 0)) + strings.Repeat("R", max(t.R, 0))
}

// Words is the tokens for people: "2 F, 1 A"; "nothing" for none.
func (t Tokens) Words() string {
	var parts []string
	for i := range len(tokenTypes) {
		if n := t.Get(tokenTypes[i]); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %c", n, tokenTypes[i]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// ParseTokens reads letters written fuel first ("FFAR"), as String writes
// them; at most max tokens.
func ParseTokens(s string, max int) (Tokens, error) {
	var t Tokens
	if s == "" || len(s) > max {
		return t, fmt.Errorf("%w: tokens %q: 1 to %d of F, A, R", ErrCommand, s, max)
	}
	last := 0
	for i := range len(s) {
		k := strings.IndexByte(tokenTypes, s[i])
		if k < 0 {
			return t, fmt.Errorf("%w: tokens %q: %q is not F (fuel), A (ammo) or R (food)", ErrCommand, s, s[i])
		}
		if k < last {
			return t, fmt.Errorf("%w: tokens %q: write fuel first, then ammo, then food (%s)", ErrCommand, s, Tokens{}.Plus(countTokens(s)))
		}
		last = k
		t = t.With(s[i], t.Get(s[i])+1)
	}
	return t, nil
}

func countTokens(s string) Tokens {
	var t Tokens
	for i := range len(s) {
		if strings.IndexByte(tokenTypes, s[i]) >= 0 {
			t = t.With(s[i], t.Get(s[i])+1)
		}
	}
	return t
}

// subsets lists every heap of 1 to n tokens that t holds, fewest first, then
// in String order.
func (t Tokens) subsets(n int) []Tokens {
	var out []Tokens
	for size := 1; size <= n; size++ {
		for f := min(t.F, size); f >= 0; f-- {
			for a := min(t.A, size-f); a >= 0; a-- {
				r := size - f - a
				if r <= t.R {
					out = append(out, Tokens{f, a, r})
				}
			}
		}
	}
	return out
}
