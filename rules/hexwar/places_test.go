package hexwar

import "testing"

// TestPlaces: a unit's hex is its id's on the board, read again when the
// id changes; an id off the map gives none; a game of more units starts
// over.
func TestPlaces(t *testing.T) {
	b := supplyMap.board(t)
	var p Places
	for _, c := range []struct {
		i  int
		at string
		ok bool
	}{{0, "0808", true}, {1, "", false}, {0, "0808", true}, {0, "0401", true}, {1, "box", false}, {1, "0102", true}} {
		a, ok := p.Hex(b, 2, c.i, c.at)
		want, wantOK := b.Hex(c.at)
		if ok != c.ok || ok != wantOK || a != want {
			t.Errorf("unit %d at %q: %v %v, want %v %v", c.i, c.at, a, ok, want, c.ok)
		}
	}
	if a, ok := p.Hex(b, 3, 2, "0601"); !ok || a != at(t, b, "0601") {
		t.Errorf("a third unit: %v %v", a, ok)
	}
}
