package normandy44

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// combatPositions plays random Cherbourg games and keeps up to n positions
// where the phasing side may declare an attack.
func combatPositions(tb testing.TB, n int) []*Game {
	var out []*Game
	for seed := uint64(1); len(out) < n && seed <= 8; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 10))
		g := cherbourg(tb)
		for steps := 0; !g.Pending().Over && len(out) < n && steps < 20000; steps++ {
			p := g.Pending()
			if p.Dice != nil {
				var vs []int
				for _, s := range p.Dice.Sides {
					vs = append(vs, rnd.IntN(s)+1)
				}
				if _, err := g.Roll(vs); err != nil {
					tb.Fatal(err)
				}
				continue
			}
			if g.inCombatPhase() && g.s.Combat == nil && len(g.attackChoices()) > 0 {
				out = append(out, g.Clone().(*Game))
			}
			if _, err := g.Apply(p.Seats[0], RandomCommand(g, p.Seats[0], rnd)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if len(out) == 0 {
		tb.Fatal("no position with an attack")
	}
	return out
}

// resolveRandomAttack declares a random legal attack and plays its dice and
// decisions at random until it is resolved.
func resolveRandomAttack(tb testing.TB, g *Game, rnd *rand.Rand) {
	choices := g.attackChoices()
	a := choices[rnd.IntN(len(choices))].Command
	if _, err := g.Apply(rules.Seat(g.s.Side), a); err != nil {
		tb.Fatalf("%s: %v", a, err)
	}
	for g.s.Combat != nil {
		p := g.Pending()
		if p.Dice != nil {
			if _, err := g.Roll([]int{rnd.IntN(6) + 1}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		cs := g.Legal(p.Seats[0])
		if len(cs) == 0 {
			tb.Fatalf("%s: no choice for %q", a, p.Prompt)
		}
		c := cs[rnd.IntN(len(cs))].Command
		if _, err := g.Apply(p.Seats[0], c); err != nil {
			tb.Fatalf("%s: decision %q refused: %v; pending %+v; combat %+v", a, c, err, g.combat().pending(), g.s.Combat)
		}
	}
}

// BenchmarkRandomAttacks resolves 1,000 random legal attacks per iteration,
// each from a position of a random Cherbourg game with its dice and random
// legal decisions, and reports the time per attack.
func BenchmarkRandomAttacks(b *testing.B) {
	pos := combatPositions(b, 50)
	rnd := rand.New(rand.NewPCG(7, 7))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for k := 0; k < 1000; k++ {
			resolveRandomAttack(b, pos[k%len(pos)].Clone().(*Game), rnd)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/attack")
}

// TestProperty_RandomAttacks: random legal attacks with random decisions
// from positions of random games leave no unit off the land or with the
// enemy and no stack over the limit (7.2, 13.1.5, 14.4.2), only the
// attack's units marked as attacked, and each hex attacked once (10.1, 10.2).
func TestProperty_RandomAttacks(t *testing.T) {
	pos := combatPositions(t, 30)
	rnd := rand.New(rand.NewPCG(3, 3))
	for k := 0; k < 300; k++ {
		g := pos[k%len(pos)].Clone().(*Game)
		before := len(g.s.Attacked)
		resolveRandomAttack(t, g, rnd)
		checkPlacement(t, g, play{Command: "attack"})
		seen := map[string]bool{}
		for _, h := range g.s.Defended {
			if seen[h] {
				t.Fatalf("%s attacked twice", h)
			}
			seen[h] = true
		}
		if len(g.s.Attacked) <= before {
			t.Fatal("no unit marked as having attacked")
		}
		if !strings.Contains(strings.Join(g.View(rules.Seat(German)).Lines, "\n"), g.sc.Title) {
			t.Fatal("view")
		}
	}
}
