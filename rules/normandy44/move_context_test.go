package normandy44

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// TestMoveContext_KeptAsBuiltAfresh: the move context is kept from one call
// to the next and built again only in what changed (hexwar.ContextCache);
// at every decision of random games (the busier player of
// TestLegal_KeptMovesAsListedAfresh, who moves more), for each side, it is
// the context built afresh from the same position: the units on each hex
// and the side holding it (9.1), the enemy's ZOC (8.1, 8.2), ZOC Lines
// (8.5) and the hexes next to enemy units (9.8.1); and where each unit
// stands (onMap, which keeps the hex each id names) is its id read afresh.
// -short plays the first turns only.
func TestMoveContext_KeptAsBuiltAfresh(t *testing.T) {
	decisions := 0
	check := func(g *Game) {
		for i, us := range g.s.Units {
			a, ok := g.onMap(i)
			want, wantOK := g.b.Hex(us.At)
			if wantOK = wantOK && !us.Gone; a != want || ok != wantOK {
				t.Fatalf("turn %d %s, decision %d: %s at %q: onMap gives %v %v, afresh %v %v", g.s.Turn, g.s.Phase, decisions, us.ID, us.At, a, ok, want, wantOK)
			}
		}
		for _, side := range []Side{German, Allied} {
			got := g.moveContext(side)
			want := hexwar.NewContext(g.b.Board, position{g}, side, g.zocRules(), g.bondRules())
			for _, f := range []struct {
				name      string
				got, want any
			}{{"units on each hex", got.Occ, want.Occ}, {"side holding each hex", got.Held, want.Held},
				{"enemy ZOC", got.EZOC, want.EZOC}, {"enemy ZOC Lines", got.Bonds, want.Bonds},
				{"hexes next to the enemy", got.EnemyAdj, want.EnemyAdj}, {"side", got.Side, want.Side}} {
				if !reflect.DeepEqual(f.got, f.want) {
					t.Fatalf("turn %d %s, decision %d, %s's moves: %s kept differ from afresh", g.s.Turn, g.s.Phase, decisions, side, f.name)
				}
			}
		}
	}
	player := func(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
		decisions++
		check(g.(*Game))
		c := RandomCommand(g, seat, rnd)
		for k := 0; k < 2 && c == "end"; k++ {
			c = RandomCommand(g, seat, rnd)
		}
		return c
	}
	playRandomly(t, "campaign", "", Version, 18, player, check)
	playRandomly(t, "cherbourg", "", Version, 44, player, check)
	t.Logf("%d decisions", decisions)
}

// playRandomly plays a shipped scenario of a variant and rules version with
// player, its dice drawn from seed, until the game is over (-short: until
// turn 3 is over), and calls after, if not nil, after each input.
func playRandomly(t *testing.T, scenario, variant, version string, seed uint64, player rulestest.Player, after func(*Game)) {
	t.Helper()
	playUntil(t, scenario, variant, version, seed, player, after, func(g *Game) bool { return testing.Short() && g.s.Turn > 3 })
}

// playTurns plays the first turns of a random game of a shipped scenario
// under the current rules version with player, who sees the game before
// each decision.
func playTurns(t *testing.T, scenario, variant string, seed uint64, turns int, player func(g *Game, seat rules.Seat, rnd *rand.Rand) string) {
	t.Helper()
	play := func(g rules.Game, seat rules.Seat, rnd *rand.Rand) string { return player(g.(*Game), seat, rnd) }
	playUntil(t, scenario, variant, Version, seed, play, nil, func(g *Game) bool { return g.s.Turn > turns })
}

// playUntil is playRandomly until the game is over or stop says so.
func playUntil(t *testing.T, scenario, variant, version string, seed uint64, player rulestest.Player, after func(*Game), stop func(*Game) bool) {
	t.Helper()
	gg, err := newGame(readFile(t, "../../scenarios/normandy44/"+scenario+".scn"), variant, nil, version)
	if err != nil {
		t.Fatalf("%s %s %s: %v", scenario, variant, version, err)
	}
	g := gg.(*Game)
	rnd := rand.New(rand.NewPCG(seed, 1944))
	for !g.Pending().Over && !stop(g) {
		in := rulestest.Next(t, g, player, rnd)
		if _, err := in.Give(g); err != nil {
			t.Fatalf("%s: %s refused: %v", scenario, in, err)
		}
		if after != nil {
			after(g)
		}
	}
}
