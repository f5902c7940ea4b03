package hexwar

import (
	"reflect"
	"testing"
)

// TestContextCache_KeptAsBuiltAfresh: the Allied move context kept from one
// position to the next is the one built afresh (N44 8.1, 8.5, 9.1), and it
// keeps the enemy's zones and bonds only while no enemy unit changes and no
// Allied unit enters or leaves a hex next to one.
func TestContextCache_KeptAsBuiltAfresh(t *testing.T) {
	b := testMap{}.board(t)
	exerts := true
	zr := ZOCRules{Exerts: func(i int) bool { return i != 0 || exerts }}
	var cc ContextCache
	var prev *Context
	for _, c := range []struct {
		what       string
		units      []string
		keepsZones bool // the enemy's ZOC and the hexes next to it
		keepsBonds bool
	}{
		{"first", []string{"german 0302", "german 0304", "allied 0606", "allied 0101"}, false, false},
		{"same position", []string{"german 0302", "german 0304", "allied 0606", "allied 0101"}, true, true},
		{"an Allied move far from the enemy", []string{"german 0302", "german 0304", "allied 0707", "allied 0101"}, true, true},
		{"an Allied move into the bond hex", []string{"german 0302", "german 0304", "allied 0707", "allied 0303"}, true, false},
		{"an Allied unit off the map", []string{"german 0302", "german 0304", "allied ", "allied 0303"}, true, true},
		{"a German move", []string{"german 0302", "german 0305", "allied ", "allied 0303"}, false, false},
		{"a German unit that loses its zone", []string{"german 0302", "german 0305", "allied ", "allied 0303"}, false, false},
	} {
		if c.what == "a German unit that loses its zone" {
			exerts = false
		}
		p := pos(b, c.units...)
		got := cc.Context(b, p, Allied, zr, BondRules{})
		want := NewContext(b, p, Allied, zr, BondRules{})
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the kept context differs from the one built afresh", c.what)
		}
		if prev != nil {
			if kept := &got.EZOC.in[0] == &prev.EZOC.in[0] && &got.EnemyAdj.in[0] == &prev.EnemyAdj.in[0]; kept != c.keepsZones {
				t.Errorf("%s: the enemy's zones kept %v, want %v", c.what, kept, c.keepsZones)
			}
			if kept := &got.Bonds.sides[0] == &prev.Bonds.sides[0]; kept != c.keepsBonds {
				t.Errorf("%s: the enemy's bonds kept %v, want %v", c.what, kept, c.keepsBonds)
			}
		}
		prev = got
	}
}
