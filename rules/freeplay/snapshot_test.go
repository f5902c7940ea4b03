package freeplay

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestSnapshot_PlayGoesOnRestored plays random games and, after every
// command and roll, goes on with the game restored from a snapshot onto a
// freshly started one: the hashes agree with a game that was never restored.
func TestSnapshot_PlayGoesOnRestored(t *testing.T) {
	const scenario = "title Ford\nseats a b c\n"
	fresh := newGame(t, scenario)
	kept, restored := newGame(t, scenario), newGame(t, scenario)
	rnd := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		if need := kept.Pending().Dice; need != nil {
			values := make([]int, len(need.Sides))
			for k, s := range need.Sides {
				values[k] = rnd.IntN(s) + 1
			}
			_, err1 := kept.Roll(values)
			_, err2 := restored.Roll(values)
			mustStep(t, err1, err2)
		} else {
			seat := kept.Pending().Seats[0]
			c := RandomCommand(kept, seat, rnd)
			_, err1 := kept.Apply(seat, c)
			_, err2 := restored.Apply(seat, c)
			mustStep(t, err1, err2)
		}
		snap, err := restored.(rules.Snapshotter).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if restored, err = fresh.(rules.Snapshotter).Restore(snap); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if restored.Hash() != kept.Hash() {
			t.Fatalf("step %d: restored %s, kept %s", i, restored.Hash(), kept.Hash())
		}
	}
}

func mustStep(t *testing.T, errs ...error) {
	t.Helper()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestRestore_RefusesOtherGames: another title, other seats, an actor out of
// range, unknown fields and trailing bytes are refused.
func TestRestore_RefusesOtherGames(t *testing.T) {
	g := newGame(t, "title Ford\nseats a b\n")
	good, err := g.(rules.Snapshotter).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		strings.Replace(string(good), `"Ford"`, `"Bridge"`, 1),
		strings.Replace(string(good), `["a","b"]`, `["a","c"]`, 1),
		strings.Replace(string(good), `"actor":0`, `"actor":2`, 1),
		strings.Replace(string(good), `"turn":1`, `"turn":0`, 1),
		strings.Replace(string(good), `{"title"`, `{"x":1,"title"`, 1),
		string(good) + "[]",
		"",
	} {
		if _, err := g.(rules.Snapshotter).Restore([]byte(bad)); err == nil {
			t.Errorf("restored %s", bad)
		}
	}
}

// FuzzRestore: no bytes make Restore panic, and what it restores gives a
// snapshot that restores to the same hash.
func FuzzRestore(f *testing.F) {
	fresh, err := New([]byte("title Ford\nseats a b\n"), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := fresh.(rules.Snapshotter).Restore(data)
		if err != nil {
			return
		}
		g.Pending() // a restored state is one play can reach: nothing panics
		again, err := g.(rules.Snapshotter).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r, err := fresh.(rules.Snapshotter).Restore(again)
		if err != nil || r.Hash() != g.Hash() {
			t.Fatalf("restored twice: %v", err)
		}
	})
}
