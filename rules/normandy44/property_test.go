package normandy44

import (
	"math/rand/v2"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// play is one recorded input to a game: a command by a seat, or dice.
type play = rulestest.Input

// randomPlays plays random legal commands on fresh Cherbourg games until n
// commands are applied, calling check before and after each input. Dice are
// drawn from rnd too. It returns the inputs, one slice per game.
func randomPlays(t testing.TB, n int, rnd *rand.Rand, check func(before, after *Game, p play)) [][]play {
	t.Helper()
	var games [][]play
	for count := 0; count < n; {
		plays := rulestest.Play(t, cherbourg(t), RandomCommand, rnd, n-count, gameCheck(check))
		for _, p := range plays {
			if p.Roll == nil {
				count++
			}
		}
		games = append(games, plays)
	}
	return games
}

// gameCheck is a check of *Game states as rulestest.Play calls it.
func gameCheck(check func(before, after *Game, p play)) func(before, after rules.Game, p play) {
	if check == nil {
		return nil
	}
	return func(before, after rules.Game, p play) { check(before.(*Game), after.(*Game), p) }
}

// replay applies recorded inputs to a fresh game and returns each hash.
func replay(t testing.TB, base *Game, plays []play) (*Game, []string) {
	t.Helper()
	g, hashes := rulestest.Replay(t, base, plays)
	return g.(*Game), hashes
}

// TestProperty_RandomLegalMoves: 2,000 random legal commands on the Cherbourg
// map never break the terrain, stacking (but in the phasing side's Movement
// Phase, 7.2) and ZOC rules, checked here
// independently of the move search; and replaying the same commands gives the
// same state hashes.
func TestProperty_RandomLegalMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games whole: run without -short")
	}
	moves := 0
	check := func(before, after *Game, p play) {
		occ := map[string][]int{}
		for i, us := range after.s.Units {
			if _, ok := after.onMap(i); ok {
				occ[us.At] = append(occ[us.At], i)
			}
		}
		for id, us := range occ {
			a := after.b.ids[id]
			switch after.b.terrain(a) {
			case Sea:
				t.Fatalf("%q: a unit at sea in %s", p.Command, id)
			}
			if after.b.inZone(ZoneNoEntry, a) {
				t.Fatalf("%q: a unit in the no-entry row at %s (S3.1)", p.Command, id)
			}
			var ms []stackMember
			for _, i := range us {
				if after.unit(i).Side != after.unit(us[0]).Side {
					t.Fatalf("%q: both sides in %s", p.Command, id)
				}
				ms = append(ms, stackMember{after.unit(i).Type, after.strength(i)})
			}
			// 7.2: the phasing side's stacks may be over the limit during
			// its Movement Phase, and until its owner has reduced them.
			moving := after.movementPhase() && after.unit(us[0]).Side == after.s.Side
			if stackPoints(ms) > stackLimit && !moving {
				t.Fatalf("%q: %s holds %d stacking points (7.1, 7.2)", p.Command, id, stackPoints(ms))
			}
		}
		c, err := ParseCommand(p.Command)
		if p.Roll != nil || err != nil || c.Verb != "move" {
			return
		}
		moves++
		i := before.index[c.Unit]
		side := before.unit(i).Side
		mech := before.mechanized(i) || c.Trucks
		// Enemy ZOC before the move, worked out plainly: hexes next to an
		// enemy unit that has a ZOC, not across an impassable hexside.
		ezoc := map[hex.Axial]bool{}
		for j := range before.s.Units {
			e, ok := before.onMap(j)
			u := before.unit(j)
			if !ok || u.Side == side || u.Type == Strongpoint || before.strength(j) == 1 {
				continue
			}
			for _, n := range e.Neighbors() {
				if !before.b.feature(e, n, Impassable) {
					ezoc[n] = true
				}
			}
		}
		path := c.Path
		for k := 1; k < len(path); k++ {
			from, to := before.b.ids[path[k-1]], before.b.ids[path[k]]
			road := before.b.road(from, to) != ""
			if k < len(path)-1 && ezoc[to] {
				t.Fatalf("%q: moves on after entering the enemy ZOC at %s (8.2)", p.Command, path[k])
			}
			switch before.b.terrain(to) {
			case Marsh:
				if !road {
					t.Fatalf("%q: enters marsh %s off road", p.Command, path[k])
				}
			case Flooded:
				if mech && !road {
					t.Fatalf("%q: mechanized into flooded %s off road (9.5.1)", p.Command, path[k])
				}
				if !road && k < len(path)-1 {
					t.Fatalf("%q: goes on after entering flooded %s off road (9.5.1)", p.Command, path[k])
				}
			}
			if before.b.feature(from, to, Impassable) {
				t.Fatalf("%q: crosses an impassable hexside (9.6)", p.Command)
			}
			if (c.SM || k > 1) && before.b.feature(from, to, MajorRiver) && !road {
				t.Fatalf("%q: crosses the major river %s/%s not as its first move (9.4.1)", p.Command, path[k-1], path[k])
			}
		}
	}
	rnd := rand.New(rand.NewPCG(44, 6))
	games := randomPlays(t, 2000, rnd, check)
	if moves < 500 {
		t.Errorf("only %d of 2,000 random commands were moves", moves)
	}
	// Replaying the same commands gives the same hashes, and a second run
	// from the same seed makes the same commands.
	again := randomPlays(t, 2000, rand.New(rand.NewPCG(44, 6)), nil)
	if len(again) != len(games) {
		t.Fatalf("the same seed played %d games, then %d", len(games), len(again))
	}
	base := cherbourg(t)
	for gi, plays := range games {
		_, h1 := replay(t, base, plays)
		_, h2 := replay(t, base, again[gi])
		if len(h1) != len(h2) {
			t.Fatalf("game %d: %d and %d steps", gi, len(h1), len(h2))
		}
		for k := range h1 {
			if h1[k] != h2[k] {
				t.Fatalf("game %d step %d: hashes differ", gi, k)
			}
		}
	}
}
