package ardennes44

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

var _ rules.Snapshotter = (*Game)(nil)

// sameGame fails the test where r, restored from a snapshot of g, differs
// from g in what a caller sees: the hash, what it waits for, and every
// seat's legal commands.
func sameGame(t testing.TB, at string, g, r rules.Game) {
	t.Helper()
	if r.Hash() != g.Hash() {
		t.Fatalf("%s: the restored game hashes to %s, the original to %s", at, r.Hash(), g.Hash())
	}
	if p, q := g.Pending(), r.Pending(); !reflect.DeepEqual(p, q) {
		t.Fatalf("%s: the restored game waits for %+v, the original for %+v", at, q, p)
	}
	for _, seat := range g.Seats() {
		if a, b := g.Legal(seat), r.Legal(seat); !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: %s's legal commands differ: restored %d, original %d", at, seat, len(b), len(a))
		}
	}
}

// Random games restored from a snapshot every few inputs play on exactly as
// the game they were taken from: after every input the twin, made of
// restored games, has the original's hash; at each restore its Pending and
// Legal are the original's too (rules.Snapshotter's promise, which
// pbem relies on to skip the replay of a stored log). The six-turn and
// eight-turn games are played to their ends; the campaign with every
// option for its first 600 commands, to about turn 9 past the fuel dumps
// and the first fuel checks (to its end, 2757 inputs, it takes minutes on
// a loaded machine).
func TestSnapshot_RandomGamesGoOnRestored(t *testing.T) {
	for _, c := range []struct {
		scenario string
		opts     []string
		seed     uint64
		every    int
		commands int // 0: to the end
		short    bool
	}{
		{"six-turn", nil, 11, 19, 0, true},
		{"eight-turn", []string{OptRoadblocks, OptGreif, OptAttackLimit}, 12, 61, 0, false},
		{"campaign", []string{OptInfiltration, OptFuelDumps, OptRoadblocks, OptAttackLimit, OptBodenplatte, OptGreif, OptExtended}, 13, 47, 600, false},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			if testing.Short() && !c.short {
				t.Skip("a long random game; not under -short")
			}
			g := newGame(t, c.scenario, c.opts...)
			fresh := newGame(t, c.scenario, c.opts...)
			twin := rulestest.Restored(t, fresh, g)
			sameGame(t, "at the start", g, twin)
			rnd := rand.New(rand.NewPCG(c.seed, 44))
			n := 0
			rulestest.Play(t, g, RandomCommand, rnd, c.commands, func(_, after rules.Game, in rulestest.Input) {
				n++
				if _, err := in.Give(twin); err != nil {
					t.Fatalf("input %d (%s): the restored game refuses it: %v", n, in, err)
				}
				if twin.Hash() != after.Hash() {
					t.Fatalf("input %d (%s): the restored game hashes otherwise", n, in)
				}
				if n%c.every == 0 {
					twin = rulestest.Restored(t, fresh, after)
					sameGame(t, after.Pending().Phase, after, twin)
				}
			})
			if twin.Pending().Over != g.Pending().Over {
				t.Fatal("the restored game is not over with the original")
			}
			t.Logf("%d inputs to turn %d, restored %d times", n, g.s.Turn, n/c.every)
		})
	}
}

// A snapshot of another scenario, of other options, of other units, or
// bytes that are no state, are refused rather than restored; the game's own
// is restored, and restoring leaves the receiver unchanged.
func TestRestore_Refuses(t *testing.T) {
	six := newGame(t, "six-turn")
	good, err := six.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	snap := func(g *Game) string {
		b, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	edit := func(change func(s map[string]any)) string {
		var s map[string]any
		if err := json.Unmarshal(good, &s); err != nil {
			t.Fatal(err)
		}
		change(s)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for name, data := range map[string]string{
		"another scenario": snap(newGame(t, "eight-turn")),
		"other options":    snap(newGame(t, "six-turn", OptRoadblocks)),
		"a unit missing":   edit(func(s map[string]any) { s["units"] = s["units"].([]any)[1:] }),
		"another unit":     edit(func(s map[string]any) { s["units"].([]any)[0].(map[string]any)["id"] = "nobody" }),
		"an unknown field": edit(func(s map[string]any) { s["extra"] = 1 }),
		"a wrong type":     edit(func(s map[string]any) { s["turn"] = "one" }),
		"trailing data":    string(good) + " {}",
		"not JSON":         "sha256:00",
		"empty":            "",
		"a number":         "12",
	} {
		if _, err := six.Restore([]byte(data)); err == nil {
			t.Errorf("%s: restored", name)
		}
	}
	before := six.Hash()
	r, err := six.Restore(good)
	if err != nil || r.Hash() != before {
		t.Fatalf("the game's own snapshot: %v", err)
	}
	rulestest.Play(t, r, RandomCommand, rand.New(rand.NewPCG(1, 2)), 3, nil)
	if r.Hash() == before || six.Hash() != before {
		t.Fatal("the restored game and the one it was restored onto share their state")
	}
}

// FuzzRestore: no bytes make Restore panic; what it restores hashes, and
// its own snapshot restores to the same hash. (Whether it is the right
// state is the caller's hash check: replay/snapshot.go.) The game is
// testdata/tiny.scn, two units on a small map, whose snapshot is small
// enough for the fuzzer to mutate and minimise fast.
func FuzzRestore(f *testing.F) {
	fresh, err := New(readTiny(f), nil)
	if err != nil {
		f.Fatal(err)
	}
	start, err := fresh.(*Game).Snapshot()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(start)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := fresh.(*Game).Restore(data)
		if err != nil {
			return
		}
		h := g.Hash()
		again, err := g.(*Game).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r, err := fresh.(*Game).Restore(again)
		if err != nil {
			t.Fatalf("a restored game's own snapshot is refused: %v", err)
		}
		if r.Hash() != h {
			t.Fatalf("restored twice: hash %s, then %s", h, r.Hash())
		}
	})
}
