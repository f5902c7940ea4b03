package normandy44

import (
	"testing"
)

// The first edition's tests (ed1_*_test.go): one test per difference of
// normandy44-ed1.md §3.3, named by its id (TestEd1_D01...), each citing the
// Italian rule and its line in seeds/004 (IT Lnnn); and the Italian book's
// examples that differ from 2.2's. Where a test plays both editions the 2.2
// half guards edition 2.2 as well.

// ed1 starts the test map in the first edition and puts it in side's
// Movement Phase of turn, as game does for 2.2.
func (m testMap) ed1(t *testing.T, side Side, turn int) *Game {
	t.Helper()
	return m.edition(t, "ed1", side, turn)
}

// edition starts the test map in the edition variant names.
func (m testMap) edition(t *testing.T, variant string, side Side, turn int, options ...string) *Game {
	t.Helper()
	gg, err := newGame([]byte(m.text()), variant, options, Version)
	if err != nil {
		t.Fatalf("test map, edition %q: %v", variant, err)
	}
	g := gg.(*Game)
	g.setStage(turn, PhaseMovement, side)
	return g
}

// bothEditions runs f on the map started in 2.2 and in the first edition.
func bothEditions(t *testing.T, m testMap, side Side, turn int, f func(t *testing.T, g *Game, ed1 bool)) {
	t.Helper()
	for _, v := range []string{"", "ed1"} {
		name := "2.2"
		if v != "" {
			name = v
		}
		t.Run(name, func(t *testing.T) { f(t, m.edition(t, v, side, turn), v == "ed1") })
	}
}
