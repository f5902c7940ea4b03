package ardennes44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Combat reports: the steps a combat cost, each with its cause, add up to
// what the units lost.

// stepsNow are unit id's steps, none once it is eliminated.
func stepsNow(g *Game, id string) int {
	if a := at(g, id); a == deadBox || a == poolBox {
		return 0
	}
	return g.steps(g.index[id])
}

// lastReport is the report of the last combat resolved.
func lastReport(t *testing.T, g *Game) scene.Combat {
	t.Helper()
	rs := g.Combats()
	if len(rs) == 0 {
		t.Fatal("no combat reported")
	}
	return rs[len(rs)-1]
}

// stepsOf are the units' steps now.
func stepsOf(g *Game, ids ...string) map[string]int {
	out := map[string]int{}
	for _, id := range ids {
		out[id] = stepsNow(g, id)
	}
	return out
}

// retreatNoAdvance takes the first retreat offered, and no advance.
func retreatNoAdvance(t *testing.T, g *Game) {
	t.Helper()
	rs := offered(g, "retreat ")
	if len(rs) == 0 {
		t.Fatal("no retreat offered")
	}
	decide(t, g, rs[0])
	decide(t, g, "advance-done")
}

// checkLossesAddUp checks that the report's losses of each unit add up to
// the steps it lost since before.
func checkLossesAddUp(t *testing.T, g *Game, r scene.Combat, before map[string]int) {
	t.Helper()
	reported := map[string]int{}
	for _, l := range r.Losses {
		reported[l.Unit] += l.Steps
	}
	for id, n := range before {
		if lost := n - stepsNow(g, id); reported[id] != lost {
			t.Errorf("%s lost %d steps, the report lists %d: %+v", id, lost, reported[id], r.Losses)
		}
	}
}

// 17.2: a vehicle retreating across an unbridged river is eliminated, with
// whatever steps it has left; the retreat costs the units that go on no
// step. 707tk (2 steps) and 4/8/2 (1) in a clear hex ringed by rivers but
// toward the attackers take a DS: 24 : 5 is 4-1, the Tiger's armour shift
// (21.1) 5-1, whose 6 is DS (16.1): a step, 707tk's by the owner's pick
// (16.3), then a retreat of 4, over a river whichever way.
func TestReport_RetreatEliminatesAVehicle_17_2(t *testing.T) {
	river := func(d int) [3]string { return [3]string{target, around(hex.Direction(d)), "river"} }
	f := fixture{sides: [][3]string{river(2), river(3), river(4), river(5)},
		setup: []string{"4/8/2 " + target, "707tk " + target,
			"1ss/kgp-tiger " + around(0), "1ss/1pg " + around(0), "9ss/9pz " + around(1), "g-rem-pg-1 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	before := stepsOf(g, "4/8/2", "707tk", "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	attackFrom(t, g, "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	roll(t, g, 6)
	if c := g.combat(); c.Result.Code != "DS" {
		t.Fatalf("result %s at %s, want DS", c.Result.Code, c.Odds.Column())
	}
	decide(t, g, "losses 707tk")
	retreatNoAdvance(t, g)
	if a := at(g, "707tk"); a != deadBox {
		t.Errorf("707tk at %s, want eliminated crossing the river (17.2)", a)
	}
	if a, n := at(g, "4/8/2"), stepsNow(g, "4/8/2"); a == target || n != 1 {
		t.Errorf("4/8/2 in %s with %d steps, want it retreated with its step (17.1)", a, n)
	}
	r := lastReport(t, g)
	want := []scene.Loss{
		{Side: string(Allied), Unit: "707tk", Steps: 1, Why: "combat result (16.1)"},
		{Side: string(Allied), Unit: "707tk", Steps: 1, Why: "eliminated in retreat (17.2)"},
	}
	if len(r.Losses) != len(want) || r.Losses[0] != want[0] || r.Losses[1] != want[1] {
		t.Errorf("losses %+v, want %+v", r.Losses, want)
	}
	if len(r.Retreats) != 1 || strings.Join(r.Retreats[0].Pieces, " ") != "4/8/2" || r.Retreats[0].Path[0] != target {
		t.Errorf("retreats %+v, want 4/8/2 alone from %s", r.Retreats, target)
	}
	checkLossesAddUp(t, g, r, before)
}

// 27.1: a US engineer made Broken is eliminated; a retreat that makes one
// Broken costs it. 44eng, Disrupted, takes a DR2 (5 : 2 is 2-1, the
// Disrupted defender's shift, 18.3, 3-1, whose 5 is DR2): it retreats 2
// hexes, is Broken for it (18.2: already Disrupted), and is eliminated.
func TestReport_EngineerMadeBrokenByItsRetreat_27_1(t *testing.T) {
	f := fixture{setup: []string{"44eng " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseCombat, German)
	st(g, "44eng").Status = statusDisrupted
	before := stepsOf(g, "44eng", "12/27")
	attackFrom(t, g, "12/27")
	roll(t, g, 5)
	if c := g.combat(); c.Result.Code != "DR2" {
		t.Fatalf("result %s at %s, want DR2", c.Result.Code, c.Odds.Column())
	}
	retreatNoAdvance(t, g)
	if a := at(g, "44eng"); a != deadBox {
		t.Fatalf("44eng at %s, want eliminated, made Broken by its retreat (27.1)", a)
	}
	r := lastReport(t, g)
	want := scene.Loss{Side: string(Allied), Unit: "44eng", Steps: 1, Why: "an engineer made Broken (27.1)"}
	if len(r.Losses) != 1 || r.Losses[0] != want {
		t.Errorf("losses %+v, want %+v", r.Losses, want)
	}
	checkLossesAddUp(t, g, r, before)
}
