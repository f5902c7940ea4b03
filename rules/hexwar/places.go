package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// Places keeps where each unit of a game stands on a board, with the hex id
// it was read from: the rules ask where a unit stands some thousands of
// times an entry (the units on each hex, zones of control, supply lines),
// and a unit's id changes seldom (issue 18). A game keeps one; a clone
// starts with the zero value, as reading writes it.
type Places struct {
	kept []place
}

// place is where a unit's hex id lies, as Places read it from at.
type place struct {
	at       string
	a        hex.Axial
	ok, read bool
}

// Hex is b.Hex(at) for the unit numbered i of a game of n units, read again
// only when at differs from the id it was last read from.
func (p *Places) Hex(b *Board, n, i int, at string) (hex.Axial, bool) {
	if len(p.kept) != n {
		p.kept = make([]place, n)
	}
	k := &p.kept[i]
	if !k.read || k.at != at {
		k.a, k.ok = b.Hex(at)
		k.at, k.read = at, true
	}
	return k.a, k.ok
}
