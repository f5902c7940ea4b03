package ardennes44

import (
	"slices"
	"testing"
)

// boundaryRetreat is a game under version in the Allied Combat Phase of
// turn 3: 12/27 in target, with an army boundary between 0506 and 0406,
// attacked at 4-1 (12/27 Disrupted, 18.3) by 4/8(-), 99/393 and 99/394, takes a DR4 and retreats
// along path, no one advancing; marked says whether 12/27 stood across the
// boundary already, from an earlier retreat.
func boundaryRetreat(t *testing.T, version string, marked bool, path string) *Game {
	t.Helper()
	f := fixture{version: version, sides: [][3]string{{"0506", "0406", "army-boundary"}}, setup: threeOnTargetSetup()}
	g := f.game(t, 3, PhaseCombat, Allied)
	st(g, "12/27").Boundary = marked
	st(g, "12/27").Status = statusDisrupted
	threeOnTarget(t, g, "DR4")
	if rs := offered(g, "retreat "); !slices.Contains(rs, path) {
		t.Fatalf("%q not offered: %q", path, rs)
	}
	decide(t, g, path)
	decide(t, g, "advance-done")
	return g
}

// rallies reports whether 12/27, Broken by its retreat and far from the
// enemy, improves in a German Rally Phase of the turn (18.6).
func rallies(g *Game) bool {
	g.s.Phase, g.s.Side = PhaseRally, German
	g.enterForTest()
	return st(g, "12/27").Status == statusDisrupted
}

// 11.10.2 (L563): "Jeśli jedn. Niemiecka musi się wycofać przez Granicę
// Armii nie może przeprowadzić Zbiórki (18.6) dopóki nie przekroczy z
// powrotem Granicy Armii": 12/27, retreating across the boundary, does not
// rally.
func TestBoundary_RetreatAcrossBarsRally_11_10_2(t *testing.T) {
	g := boundaryRetreat(t, "", false, "retreat 0506 0406 0305 0205")
	if rallies(g) {
		t.Error("12/27 rallied after retreating across the army boundary before turn 5 (11.10.2)")
	}
}

// 11.10.2 (L563): the bar lasts until the unit crosses back, by a retreat
// too: 12/27, across the boundary from an earlier retreat, retreats back
// over it and rallies; a retreat that does not cross it keeps the bar.
// ardennes44/4 and older cleared the
// mark only when the unit moved back, never when it retreated back.
func TestBoundary_RetreatBackAcrossLiftsTheBar_11_10_2(t *testing.T) {
	if g := boundaryRetreat(t, "", true, "retreat 0506 0406 0305 0205"); !rallies(g) {
		t.Error("12/27 retreated back across the army boundary and did not rally (11.10.2)")
	}
	if g := boundaryRetreat(t, "", true, "retreat 0506 0507 0508 0509"); rallies(g) {
		t.Error("12/27 rallied after a retreat that did not cross back (11.10.2)")
	}
	if g := boundaryRetreat(t, "ardennes44/4", true, "retreat 0506 0406 0305 0205"); rallies(g) {
		t.Error("ardennes44/4: 12/27 rallied after retreating back across the boundary; that version kept it barred")
	}
}

// 11.10.1 (L559: German units "nie mogą przekraczać Linii Granicznych
// Armii przed turą 5"), 11.10.2 (L563): a unit across the boundary from a
// retreat may cross back over it, once: 12/27 in target, marked, moves
// back over the boundary into a and may not go on over a second stretch of
// it into b. ardennes44/4 lifted the boundary for the whole move.
func TestBoundary_CrossedBackOnceInAMove_11_10_1(t *testing.T) {
	a := around(0)
	b, _ := common(target, a)
	for _, tc := range []struct {
		version string
		twice   bool
	}{{"", false}, {"ardennes44/4", true}} {
		f := fixture{version: tc.version, sides: [][3]string{{target, a, "army-boundary"}, {a, b, "army-boundary"}},
			setup: []string{"12/27 " + target}}
		g := f.game(t, 3, PhaseMovement, German)
		st(g, "12/27").Boundary = true
		_, err := g.Apply("german", "move 12/27 "+target+" "+a+" "+b)
		if (err == nil) != tc.twice {
			t.Errorf("%q: 12/27 back over the boundary and over it again: %v", tc.version, err)
		}
		g = f.game(t, 3, PhaseMovement, German)
		st(g, "12/27").Boundary = true
		apply(t, g, German, "move 12/27 "+target+" "+a)
		if st(g, "12/27").Boundary {
			t.Errorf("%q: 12/27 crossed back over the boundary and is still barred from rallying (11.10.2)", tc.version)
		}
	}
}
