package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// advanceAfterDR2 is a game under version where 12/27, a 3-step regiment,
// has attacked 4/8/2 in 0606 alone (5:2 = 2-1, whose 6 is DR2) and 4/8/2
// has retreated: the advance is offered.
func advanceAfterDR2(t *testing.T, version string) *Game {
	t.Helper()
	f := fixture{version: version, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27")
	roll(t, g, 6)
	retreatFirst(t, g)
	if len(offered(g, "advance 12/27 "+target)) == 0 {
		t.Fatalf("12/27's advance into %s is not offered: %s", target, g.Pending().Prompt)
	}
	return g
}

// 26.2 (L1523): a unit breaks down before it moves, disengages or advances
// (26.1: both units then advance normally), so 12/27, which attacked, may
// break down as its advance is offered: into two breakdown battalions and
// its Remnant, of which one battalion alone advances.
func TestBreakdown_BeforeAdvance_26_2(t *testing.T) {
	g := advanceAfterDR2(t, "")
	from := around(0)
	for _, want := range []string{"breakdown 12/27", "breakdown 12/27 two"} {
		if !slices.Contains(offered(g, "breakdown 12/27"), want) {
			t.Errorf("%q is not offered at the advance (26.2): %s", want, g.Pending().Prompt)
		}
	}
	decide(t, g, "breakdown 12/27 two")
	bds := offered(g, "advance g-bd-inf-")
	if len(bds) == 0 {
		t.Fatalf("no breakdown battalion may advance after the breakdown (26.1): %s", g.Pending().Prompt)
	}
	if len(offered(g, "advance 12/27 ")) > 0 {
		t.Errorf("12/27, broken into two, still advances: %v", offered(g, "advance 12/27 "))
	}
	adv := "advance " + strings.Fields(bds[0])[1] + " " + target
	decide(t, g, adv)
	decide(t, g, "advance-done")
	if g.s.Combat != nil {
		t.Fatalf("combat not over: %s", g.Pending().Prompt)
	}
	moved := strings.Fields(adv)[1]
	if at(g, moved) != target {
		t.Errorf("%s in %s, want it advanced into %s", moved, at(g, moved), target)
	}
	left := unitsIn(g, from)
	if len(left) != 2 || !slices.ContainsFunc(left, func(id string) bool { return strings.HasPrefix(id, "g-bd-inf-") }) ||
		!slices.ContainsFunc(left, func(id string) bool { return strings.HasPrefix(id, "g-rem-inf-") }) {
		t.Errorf("%s holds %v, want the other breakdown battalion and the Remnant, which did not advance", from, left)
	}
	if at(g, "12/27") != splitBox {
		t.Errorf("12/27 in %s, want it all broken down (%s, AMB-32)", at(g, "12/27"), splitBox)
	}
	// The parts attacked with their parent: none attacks again (14.1).
	for _, id := range append(left, moved) {
		if !slices.Contains(g.s.Attacked, id) {
			t.Errorf("%s is not marked as having attacked this phase (14.1)", id)
		}
	}
}

// Broken down into its reduced side and one battalion, the regiment
// advances and the battalion holds the hex (26.1, 26.2).
func TestBreakdown_OneBattalionBeforeAdvance_26_2(t *testing.T) {
	g := advanceAfterDR2(t, "")
	decide(t, g, "breakdown 12/27")
	if len(offered(g, "breakdown ")) > 0 {
		t.Errorf("a reduced unit is offered a breakdown again (26.1): %v", offered(g, "breakdown "))
	}
	decide(t, g, "advance 12/27 "+target)
	decide(t, g, "advance-done")
	if u := st(g, "12/27"); u.At != target || u.Face != 1 {
		t.Errorf("12/27 in %s face %d, want it reduced in %s", u.At, u.Face, target)
	}
	if in := unitsIn(g, around(0)); len(in) != 1 || !strings.HasPrefix(in[0], "g-bd-inf-") {
		t.Errorf("%s holds %v, want the breakdown battalion", around(0), in)
	}
}

// ardennes44/4 refused a breakdown to a unit that attacked: none is
// offered at the advance, and one given is refused.
func TestBreakdown_V4NotBeforeAdvance(t *testing.T) {
	g := advanceAfterDR2(t, "ardennes44/4")
	if got := offered(g, "breakdown "); len(got) > 0 {
		t.Errorf("%v offered under ardennes44/4", got)
	}
	if _, err := g.Apply(rules.Seat(German), "breakdown 12/27 two"); err == nil {
		t.Error("breakdown 12/27 two accepted under ardennes44/4")
	}
}

// 26.1 (L1515: "3-poziomowa jednostka może Rozbić się na dwie Rozbite"),
// 26.2 (L1521: in the own Movement or Combat Phase): 12/27, a 3-step
// regiment, may break into two breakdown battalions and its Remnant as
// well as into one, and Legal offers both in its Movement and its Combat
// Phase; it used to offer the breakdown into one alone, outside an advance.
func TestBreakdown_IntoTwoOffered_26_1(t *testing.T) {
	for _, phase := range []Phase{PhaseMovement, PhaseCombat} {
		f := fixture{setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}
		g := f.game(t, 3, phase, German)
		for _, want := range []string{"breakdown 12/27", "breakdown 12/27 two"} {
			if !slices.Contains(offered(g, "breakdown 12/27"), want) {
				t.Errorf("%s: %q is not offered (26.1): %v", phase, want, offered(g, "breakdown"))
			}
		}
		apply(t, g, German, "breakdown 12/27 two")
		left := unitsIn(g, around(0))
		if bds := slices.DeleteFunc(slices.Clone(left), func(id string) bool { return !strings.HasPrefix(id, "g-bd-inf-") }); len(bds) != 2 {
			t.Errorf("%s: %s holds %v after 'breakdown 12/27 two', want two breakdown battalions and a Remnant", phase, around(0), left)
		}
	}
}
