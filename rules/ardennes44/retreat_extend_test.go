package ardennes44

import (
	"slices"
	"strings"
	"testing"
)

// roadToFull is a game under version where 741tk, in 0606 beside a road
// whose second hex holds 707tk (the silhouette limit, 8.2), has taken a DR2
// (12/27 and 12/48, 10:3 = 3-1, whose 5 is DR2) and declined the
// Determined Defense: along the road it ends over the limit, off it 2
// hexes away within it.
func roadToFull(t *testing.T, version string) *Game {
	t.Helper()
	a := nb(target, 3)
	b := nb(a, 3)
	c := nb(b, 3)
	f := fixture{version: version, roads: [][]string{{"secondary", target, a, b, c}},
		setup: []string{"741tk " + target, "707tk " + b, "12/27 " + around(0), "12/48 " + around(5)}}
	g := f.game(t, 3, PhaseCombat, German)
	if g.stacking(append(slices.Clone(g.occupancy()[mustHex(b)]), g.index["741tk"]), -1) == nil {
		t.Fatal("the fixture wants 741tk over the limit in " + b)
	}
	g.enterForTest()
	apply(t, g, German, "attack "+target+" from "+around(0)+" "+around(5)+" with 12/27 12/48")
	roll(t, g, 5)
	if g.combat().Result.Code != "DR2" {
		t.Fatalf("result %s at %s, want DR2", g.combat().Result.Code, g.combat().Odds)
	}
	if len(offered(g, "no-dd")) > 0 {
		decide(t, g, "no-dd")
	}
	return g
}

// retreatsOffered takes the first retreat offered, and the advance if any,
// and returns what was offered.
func retreatsOffered(t *testing.T, g *Game) []string {
	t.Helper()
	rs := offered(g, "retreat ")
	if len(rs) > 0 {
		decide(t, g, rs[0])
	}
	if len(offered(g, "advance-done")) > 0 {
		decide(t, g, "advance-done")
	}
	return rs
}

// 17.4 (L1007): the extra hexes, and the Broken state they bring, are how
// the owner prevents an overstack; 17.1 (L981-982) puts avoiding it
// (priority 4) before the vehicles' roads (5). 741tk can end 2 hexes away
// within the limit off the road: only such retreats are offered, and it
// ends Disrupted (18.2), not Broken.
func TestRetreatExtend_OnlyWhenNoRetreatEndsWithinTheLimit_17_4(t *testing.T) {
	g := roadToFull(t, "")
	rs := retreatsOffered(t, g)
	if len(rs) == 0 || slices.ContainsFunc(rs, func(r string) bool { return len(strings.Fields(r)) != 3 }) {
		t.Errorf("retreats offered %q, want only those of 2 hexes, which end within the limit (17.4)", rs)
	}
	if s := st(g, "741tk").Status; s != statusDisrupted {
		t.Errorf("741tk ends in %s %q, want it Disrupted 2 hexes away (18.2)", at(g, "741tk"), s)
	}
}

// ardennes44/3 offered the extended path beside the others, and the road
// priority (17.1, 5) kept only it: 741tk went 3 hexes along the road and
// ended Broken.
func TestRetreatExtend_V3TookTheRoadBroken(t *testing.T) {
	g := roadToFull(t, "ardennes44/3")
	if rs := retreatsOffered(t, g); len(rs) > 0 {
		t.Errorf("retreats offered %q under ardennes44/3, want the one extended path along the road taken", rs)
	}
	end := nb(nb(nb(target, 3), 3), 3)
	if s := st(g, "741tk").Status; s != statusBroken || at(g, "741tk") != end {
		t.Errorf("741tk ends in %s %q under ardennes44/3, want Broken in %s", at(g, "741tk"), s, end)
	}
}

// openCorridor is the corridor (retreat_excess_test.go) three hexes longer:
// 0801, 3 extra hexes past 0501 where a DR2 ends, is empty, reached through
// the full 0601 and 0701; under version, 4/8(-) (2 steps) and 4/8/2 (1)
// have taken the DR2.
func openCorridor(t *testing.T, version string) *Game {
	t.Helper()
	f := corridor(version, "4/8(-)", "4/8/2")
	f.cols = 10
	return f.afterDR2(t)
}

// 17.4 (L1007): the units over the limit retreat extra hexes "until a hex
// within the limit is reached", with no number. The stack, or 4/8(-) alone,
// may go 3 extra hexes to 0801; 4/8/2 alone fits in 0501. The owner sends
// 4/8/2 there, and 4/8(-) ends in 0801, Broken, losing no step.
func TestRetreatExtend_UntilAHexWithinTheLimit_17_4(t *testing.T) {
	g := openCorridor(t, "")
	want := []string{"retreat 0401 0501 0601 0701 0801", "retreat 4/8(-) 0401 0501 0601 0701 0801", "retreat 4/8/2 0401 0501"}
	if got := offered(g, "retreat "); !slices.Equal(got, want) {
		t.Fatalf("retreats offered %q, want %q (17.4)", got, want)
	}
	decide(t, g, "retreat 4/8/2 0401 0501")
	if rs := offered(g, "retreat "); len(rs) > 0 {
		decide(t, g, rs[0])
	}
	c := g.combat()
	mv, ok := c.RetreatOf("4/8(-)")
	if !ok || mv.Path.OverLimit || mv.Path.Extended != 3 {
		t.Errorf("4/8(-) retreats %+v, want 3 extra hexes to 0801, within the limit (17.4)", mv)
	}
	if len(offered(g, "advance-done")) > 0 {
		decide(t, g, "advance-done")
	}
	if at(g, "4/8(-)") != "0801" || st(g, "4/8(-)").Status != statusBroken || stepsNow(g, "4/8(-)") != 2 {
		t.Errorf("4/8(-) in %s, %q, %d steps; want in 0801, Broken, whole (17.4)", at(g, "4/8(-)"), st(g, "4/8(-)").Status, stepsNow(g, "4/8(-)"))
	}
	if at(g, "4/8/2") != "0501" {
		t.Errorf("4/8/2 in %s, want 0501", at(g, "4/8/2"))
	}
}

// ardennes44/3 stopped at 2 extra hexes (combat.MaxRetreatExtension): 0801
// is out of reach, and 4/8(-) ends over the limit in 0501.
func TestRetreatExtend_V3AtMostTwoExtraHexes(t *testing.T) {
	g := openCorridor(t, "ardennes44/3")
	mv, ok := g.combat().RetreatOf("4/8(-)")
	if !ok || !mv.Path.OverLimit || !slices.Equal(g.combat().PathText(mv.Path), []string{"0401", "0501"}) {
		t.Errorf("4/8(-) retreats %+v under ardennes44/3, want over the limit in 0501", mv)
	}
}
