package ardennes44

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// 17.4 (L1007), 8.3 and CON-6: a retreat that can reach no hex within the
// stacking limit, even with the extra hexes, loses only the steps over the
// limit, the owner of the units picking which (ardennes44/2 on);
// ardennes44/1 eliminated the whole stack.

// corridor is a map one hex high, so that a retreat has one way to go: the
// Germans attack westward from 0201 into 0301; west of it every hex the
// retreat and its extra hexes may reach (0401-0701, the map's end) holds
// Allied units, full but 0501, which holds 2 steps, where a DR2 ends.
func corridor(version string, defenders ...string) fixture {
	setup := []string{"12/27 0201", "1ss/kgp-tiger 0201", "99/393 0401", "106/424(-) 0501", "99/394 0601", "99/395 0701"}
	for _, id := range defenders {
		setup = append(setup, id+" 0301")
	}
	return fixture{cols: 7, rows: 1, setup: setup, version: version}
}

// afterDR2 is the corridor's game on turn 3's German Combat Phase, the
// attack on 0301 resolved as a DR2 (corridorDR2).
func (f fixture) afterDR2(t *testing.T) *Game {
	t.Helper()
	g := f.game(t, 3, PhaseCombat, German)
	corridorDR2(t, g)
	return g
}

// corridorDR2 starts the corridor's combat and rolls the 5 that gives DR2
// at 3-1 (12/27 and the Tiger's 14 against 6 is 2-1, the Tiger's armour
// shift 3-1, 21.1), declining the Determined Defense if it is offered.
func corridorDR2(t *testing.T, g *Game) {
	t.Helper()
	g.enterForTest()
	apply(t, g, German, "attack 0301 from 0201 with 12/27 1ss/kgp-tiger")
	roll(t, g, 5)
	if c := g.combat(); c.Result.Code != "DR2" {
		t.Fatalf("result %s at %s, want DR2", c.Result.Code, c.Odds.Column())
	}
	if len(offered(g, "no-dd")) > 0 {
		decide(t, g, "no-dd")
	}
}

// retreatedTo checks that the stack retreated along path, the one way it
// has, which the engine took for its owner: whole where the stack may not
// split (ardennes44/2); where it may (17.1, ardennes44/3), unit by unit,
// those that fit within the limit first (17.4).
func retreatedTo(t *testing.T, g *Game, path ...string) {
	t.Helper()
	c := g.combat()
	if len(c.Moves) == 0 || slices.ContainsFunc(c.Moves, func(mv combat.RetreatMove) bool { return !slices.Equal(c.PathText(mv.Path), path) }) {
		t.Fatalf("retreat %+v, want along %v, ending over the limit (17.4)", c.Moves, path)
	}
}

// From ardennes44/2 on: 4/8(-) (2 steps) and 4/8/2 (1) retreat 2 hexes into 0501,
// where 106/424(-) holds 2: 5 steps, 2 over the limit of 3 (8.1). The
// owner takes the 2 steps from his retreating units as he picks, one at a
// time; 106/424(-), which did not retreat, loses none ("the steps of the
// retreating units", L1007). The units end in 0501, Disrupted for their 2
// hexes (18.2), not Broken: no extra hex was taken.
func TestRetreatExcess_OwnerPicksTheStepsOverTheLimit_17_4(t *testing.T) {
	cases := []struct {
		name  string
		picks []string
		left  map[string]int // the retreating units' steps after
	}{
		{"both of 4/8(-)", []string{"4/8(-)", "4/8(-)"}, map[string]int{"4/8(-)": 0, "4/8/2": 1}},
		// 4/8(-)'s step is then the only pick, which the engine takes.
		{"4/8/2 and one of 4/8(-)", []string{"4/8/2"}, map[string]int{"4/8(-)": 1, "4/8/2": 0}},
	}
	for _, tc := range cases {
		for _, version := range []string{"ardennes44/2", "ardennes44/3"} {
			t.Run(version+" "+tc.name, func(t *testing.T) {
				g := corridor(version, "4/8(-)", "4/8/2").game(t, 3, PhaseCombat, German)
				before := stepsOf(g, "4/8(-)", "4/8/2", "106/424(-)")
				corridorDR2(t, g)
				retreatedTo(t, g, "0401", "0501")
				for _, id := range tc.picks {
					if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != rules.Seat(Allied) {
						t.Fatalf("pending %+v, want the Allied player's pick (CON-6)", p)
					}
					if ls := offered(g, "losses "); !slices.Equal(ls, []string{"losses 4/8(-)", "losses 4/8/2"}) {
						t.Fatalf("offered %q, want a step of either retreating unit (17.4)", ls)
					}
					decide(t, g, "losses "+id)
				}
				decide(t, g, "advance-done")
				if g.s.Combat != nil {
					t.Fatalf("combat still waits: %s", g.Pending().Prompt)
				}
				for id, n := range tc.left {
					if got := stepsNow(g, id); got != n {
						t.Errorf("%s has %d steps, want %d (17.4)", id, got, n)
					}
					if n > 0 && (at(g, id) != "0501" || st(g, id).Status != statusDisrupted) {
						t.Errorf("%s in %s, %q; want in 0501, Disrupted (17.4, 18.2)", id, at(g, id), st(g, id).Status)
					}
				}
				if stepsNow(g, "106/424(-)") != 2 || at(g, "106/424(-)") != "0501" {
					t.Errorf("106/424(-), which did not retreat, has %d steps in %s; want its 2 in 0501 (17.4)", stepsNow(g, "106/424(-)"), at(g, "106/424(-)"))
				}
				r := lastReport(t, g)
				for _, l := range r.Losses {
					if l.Why != "overstacked after the retreat (17.4)" {
						t.Errorf("loss %+v, want each cited to 17.4", l)
					}
				}
				checkLossesAddUp(t, g, r, before)
			})
		}
	}
}

// A pick that is not a step over the limit is refused, citing 17.4, and
// changes nothing: a unit that did not retreat, an attacker, two steps at
// once. The random player offers only the steps over it.
func TestRetreatExcess_WrongPickRefused_17_4(t *testing.T) {
	g := corridor("", "4/8(-)", "4/8/2").afterDR2(t)
	retreatedTo(t, g, "0401", "0501")
	for _, bad := range []string{"losses 106/424(-)", "losses 12/27", "losses 4/8(-) 4/8/2", "advance-done"} {
		_, err := g.Apply(rules.Seat(Allied), bad)
		var r *rules.Refusal
		if !errors.As(err, &r) || r.Rule != "17.4" {
			t.Errorf("%s: %v, want refused under 17.4", bad, err)
		}
	}
	// The random player picks among the offered steps.
	for seed := range uint64(8) {
		cmd := RandomCommand(g, rules.Seat(Allied), rand.New(rand.NewPCG(seed, 17)))
		if cmd != "losses 4/8(-)" && cmd != "losses 4/8/2" {
			t.Errorf("the random player gives %q, want a step over the limit (17.4)", cmd)
		}
	}
	_, err := g.Apply(rules.Seat(Allied), "losses 106/424(-)")
	if err == nil || !strings.Contains(err.Error(), "4/8(-), 4/8/2") || !strings.Contains(err.Error(), "0501") {
		t.Errorf("refusal %v, want it to name the hex and the units to pick from", err)
	}
	if got := g.combat().RetreatExcess; len(got) != 0 {
		t.Errorf("steps taken %q after refusals, want none", got)
	}
}

// Only the kind of step over the limit goes: 707tk's 2 silhouette steps
// are within their own limit (8.2), so the one step over the 3 of 8.1 is
// 4/8/2's, the only pick, which the engine takes for the owner.
func TestRetreatExcess_OnlyTheStepsOverTheLimit_8_2(t *testing.T) {
	f := corridor("", "4/8/2", "707tk")
	f.setup[slices.Index(f.setup, "106/424(-) 0501")] = "28/112 0501" // 0501 full: 3 steps
	g := f.afterDR2(t)
	retreatedTo(t, g, "0401", "0501")
	decide(t, g, "advance-done")
	if at(g, "4/8/2") != deadBox || at(g, "707tk") != "0501" || stepsNow(g, "707tk") != 2 {
		t.Errorf("4/8/2 in %s, 707tk in %s with %d steps; want 4/8/2 eliminated, 707tk whole in 0501 (17.4, 8.2)",
			at(g, "4/8/2"), at(g, "707tk"), stepsNow(g, "707tk"))
	}
	want := scene.Loss{Side: string(Allied), Unit: "4/8/2", Steps: 1, Why: "overstacked after the retreat (17.4)"}
	if r := lastReport(t, g); len(r.Losses) != 1 || r.Losses[0] != want {
		t.Errorf("losses %+v, want %+v", r.Losses, want)
	}
}

// ardennes44/1 replays as it was played: the stack that finds no hex
// within the limit is eliminated whole.
func TestRetreatExcess_Version1EliminatesTheStack_17_4(t *testing.T) {
	g := corridor("ardennes44/1", "4/8(-)", "4/8/2").afterDR2(t)
	if rs := offered(g, "retreat "); len(rs) != 0 {
		t.Fatalf("retreats offered %q under ardennes44/1, want none", rs)
	}
	decide(t, g, "advance-done")
	for _, id := range []string{"4/8(-)", "4/8/2"} {
		if a := at(g, id); a != deadBox {
			t.Errorf("%s in %s under ardennes44/1, want eliminated", id, a)
		}
	}
}

// The owner's standing 'order losses' picks the steps over the limit for
// him, in its order, so the combat resolves without waiting for him
// (digest 6.3).
func TestRetreatExcess_ByStandingOrder_17_4(t *testing.T) {
	g := corridor("", "4/8(-)", "4/8/2").game(t, 3, PhaseCombat, German)
	g.enterForTest()
	apply(t, g, German, "attack 0301 from 0201 with 12/27 1ss/kgp-tiger")
	roll(t, g, 5) // DR2 (corridorDR2)
	apply(t, g, Allied, "order losses 4/8/2 4/8(-)")
	decide(t, g, "no-dd")
	retreatedTo(t, g, "0401", "0501")
	if c := g.combat(); !slices.Equal(c.RetreatExcess, []string{"4/8/2", "4/8(-)"}) {
		t.Errorf("steps over the limit %q, want 4/8/2's, then 4/8(-)'s (17.4)", c.RetreatExcess)
	}
	decide(t, g, "advance-done")
	if at(g, "4/8/2") != deadBox || stepsNow(g, "4/8(-)") != 1 || at(g, "4/8(-)") != "0501" {
		t.Errorf("4/8/2 in %s, 4/8(-) in %s with %d steps; want 4/8/2 eliminated, 4/8(-) reduced in 0501",
			at(g, "4/8/2"), at(g, "4/8(-)"), stepsNow(g, "4/8(-)"))
	}
}
