package normandy44_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/normandy44"
)

// TestSnapshot_GoldenGamesGoOnRestored replays every golden game and, after
// each input, goes on with a game restored from a snapshot of it onto a
// freshly started one: every later state hash must still be the recorded one,
// so a restored game behaves exactly as the game it was taken from.
func TestSnapshot_GoldenGamesGoOnRestored(t *testing.T) {
	e := goldenEngine(t)
	for _, gg := range goldenGames {
		if testing.Short() && strings.Contains(gg.File, "campaign") {
			continue
		}
		t.Run(gg.File, func(t *testing.T) {
			var fresh rules.Game
			restored := 0
			playGolden(t, e, gg, func(g rules.Game, setup rules.Setup) rules.Game {
				if fresh == nil {
					var err error
					if fresh, err = e.New(setup); err != nil {
						t.Fatal(err)
					}
				}
				snap, err := g.(rules.Snapshotter).Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				r, err := fresh.(rules.Snapshotter).Restore(snap)
				if err != nil {
					t.Fatalf("after %d inputs: %v", restored, err)
				}
				if r.Hash() != g.Hash() {
					t.Fatalf("after %d inputs: the restored game hashes to %s, the original to %s", restored, r.Hash(), g.Hash())
				}
				restored++
				return r
			})
		})
	}
}

// TestRestore_Refuses: a snapshot of another scenario, of other options, of
// other units, or bytes that are no state, are refused rather than restored;
// the game's own is restored, and restoring leaves the receiver unchanged.
func TestRestore_Refuses(t *testing.T) {
	e := goldenEngine(t)
	start := func(scenario string, opts ...string) rules.Game {
		g, err := e.New(rules.Setup{Scenario: goldenScenario(t, e, scenario), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	snap := func(g rules.Game) []byte {
		b, err := g.(rules.Snapshotter).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cher := start("cherbourg")
	good := snap(cher)
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
		"another scenario": string(snap(start("seven-turn"))),
		"other options":    string(snap(start("cherbourg", "players=4"))),
		"a unit missing":   edit(func(s map[string]any) { s["units"] = s["units"].([]any)[1:] }),
		"another unit":     edit(func(s map[string]any) { s["units"].([]any)[0].(map[string]any)["id"] = "nobody" }),
		"an unknown field": edit(func(s map[string]any) { s["extra"] = 1 }),
		"a wrong type":     edit(func(s map[string]any) { s["turn"] = "one" }),
		"trailing data":    string(good) + " {}",
		"not JSON":         "sha256:00",
		"empty":            "",
		"a number":         "12",
	} {
		if _, err := cher.(rules.Snapshotter).Restore([]byte(data)); err == nil {
			t.Errorf("%s: restored", name)
		}
	}
	before := cher.Hash()
	r, err := cher.(rules.Snapshotter).Restore(good)
	if err != nil || r.Hash() != before {
		t.Fatalf("the game's own snapshot: %v", err)
	}
	// S3: the game opens with the airborne Scatter dice (20.2).
	need := r.Pending().Dice
	if need == nil {
		t.Fatal("Cherbourg does not open with dice")
	}
	ones := make([]int, len(need.Sides))
	for i := range ones {
		ones[i] = 1
	}
	if _, err := r.Roll(ones); err != nil {
		t.Fatal(err)
	}
	if r.Hash() == before || cher.Hash() != before {
		t.Fatal("the restored game and the one it was restored onto share their state")
	}
}

// FuzzRestore: no bytes make Restore panic; what it restores hashes, and its
// own snapshot restores to the same hash. (Whether it is the right state is
// the caller's hash check: replay/snapshot.go.) The game is testdata/tiny.scn,
// whose snapshot is small enough for the fuzzer to mutate and minimise fast.
func FuzzRestore(f *testing.F) {
	data, err := os.ReadFile("testdata/tiny.scn")
	if err != nil {
		f.Fatal(err)
	}
	fresh, err := normandy44.New(data, nil)
	if err != nil {
		f.Fatal(err)
	}
	start, err := fresh.(rules.Snapshotter).Snapshot()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(start)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := fresh.(rules.Snapshotter).Restore(data)
		if err != nil {
			return
		}
		h := g.Hash()
		again, err := g.(rules.Snapshotter).Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r, err := fresh.(rules.Snapshotter).Restore(again)
		if err != nil {
			t.Fatalf("a restored game's own snapshot is refused: %v", err)
		}
		if r.Hash() != h {
			t.Fatalf("restored twice: hash %s, then %s", h, r.Hash())
		}
	})
}

var _ rules.Snapshotter = (*normandy44.Game)(nil)
