package games

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/scenarios"
)

// startedSetup is the Cherbourg scenario's setup, with options.
func startedSetup(t *testing.T, options ...string) rules.Setup {
	t.Helper()
	data, err := ReadScenario("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	return rules.Setup{Scenario: data, Options: options}
}

// play gives n of the random player's inputs in g, with dice from rnd.
func play(e rules.Engine, g rules.Game, n int, rnd *rand.Rand) error {
	for range n {
		p := g.Pending()
		switch {
		case p.Over:
			return nil
		case p.Dice != nil:
			if _, err := g.Roll(rulestest.Dice(p.Dice, rnd)); err != nil {
				return err
			}
		default:
			cmd := e.Player(g, p.Seats[0], rnd)
			if _, err := g.Apply(p.Seats[0], cmd); err != nil {
				return fmt.Errorf("%s: %w", cmd, err)
			}
		}
	}
	return nil
}

// plainEngine is the game's engine as its package makes it.
func plainEngine(t *testing.T, name string) rules.Engine {
	t.Helper()
	k := slices.IndexFunc(plain, func(e rules.Engine) bool { return e.Name == name })
	if k < 0 {
		t.Fatalf("no engine %s", name)
	}
	return plain[k]
}

// playsApart checks that a game start hands out for setup is the game e
// starts, and plays apart from every other it hands out: after one has
// played 60 inputs, the next starts where e starts, and the same inputs
// take both to the same place. It returns the hash e starts at.
func playsApart(t *testing.T, e rules.Engine, start func(rules.Setup) (rules.Game, error), setup rules.Setup) string {
	t.Helper()
	fresh, err := e.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	var games [2]rules.Game
	for k := range games {
		if games[k], err = start(setup); err != nil {
			t.Fatal(err)
		}
		if h := games[k].Hash(); h != fresh.Hash() {
			t.Fatalf("a started game (%d before it played) is at %s; the engine starts at %s", k, h, fresh.Hash())
		}
		if err := play(e, games[k], 60, rand.New(rand.NewPCG(3, 3))); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := games[0].Hash(), games[1].Hash(); a != b || a == fresh.Hash() {
		t.Errorf("the same 60 inputs end at %s and %s, from %s", a, b, fresh.Hash())
	}
	return fresh.Hash()
}

// A started game is the game its engine starts and plays apart from every
// other started from the same setup; the engine starts each setup once,
// and keeps nothing of a setup it refuses.
func TestStartKept(t *testing.T) {
	e := plainEngine(t, "normandy44")
	starts := 0
	start := startKept(func(s rules.Setup) (rules.Game, error) {
		starts++
		return e.New(s)
	})
	setup := startedSetup(t)
	fresh := playsApart(t, e, start, setup)
	// Another setup is another game: four players (24.0) have four seats.
	four, err := start(startedSetup(t, "players=4"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := start(setup)
	if err != nil || again.Hash() != fresh {
		t.Fatalf("a third start is at %v, %v", again.Hash(), err)
	}
	if len(four.Seats()) != 4 || len(again.Seats()) != 2 {
		t.Errorf("seats %v and %v", four.Seats(), again.Seats())
	}
	if starts != 2 {
		t.Errorf("two setups started %d times", starts)
	}
	bad := rules.Setup{Scenario: []byte("game normandy44\n")}
	for range 2 {
		if _, err := start(bad); err == nil {
			t.Error("a scenario of one line was started")
		}
	}
	if starts != 4 {
		t.Errorf("a refused setup was started %d times in two", starts-2)
	}
}

// Every shipped scenario of every game plays apart from its kept start
// (rules.Game.Clone shares nothing a game changes, in every engine).
func TestStartKeptEveryScenario(t *testing.T) {
	for _, sc := range scenarios.List() {
		t.Run(sc.Game+"/"+sc.Name, func(t *testing.T) {
			e := plainEngine(t, sc.Game)
			data, err := ReadScenario(sc.Game, sc.Name)
			if err != nil {
				t.Fatal(err)
			}
			playsApart(t, e, startKept(e.New), rules.Setup{Scenario: data})
		})
	}
}

// Games started at once from one setup, on several goroutines, play apart
// (run with -race: they share the kept game's scenario and board).
func TestStartKeptConcurrently(t *testing.T) {
	e, err := Lookup("normandy44")
	if err != nil {
		t.Fatal(err)
	}
	setup := startedSetup(t)
	const n = 4
	hashes := make([]string, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Go(func() {
			g, err := e.New(setup)
			if err != nil {
				t.Error(err)
				return
			}
			if err := play(e, g, 30, rand.New(rand.NewPCG(2, 2))); err != nil {
				t.Error(err)
				return
			}
			hashes[k] = g.Hash()
		})
	}
	wg.Wait()
	if len(slices.Compact(slices.Clone(hashes))) != 1 {
		t.Errorf("the same inputs end at %v", hashes)
	}
}
