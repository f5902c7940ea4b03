package rhine44

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Random players play whole games of one, two and three players to their
// ends; after every input the game keeps the component counts and the
// rules' invariants, and replaying the inputs gives every state hash again.
func TestRandomGamesToTheEnd(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, c := range []struct {
		scenario string
		opts     []string
	}{
		{"three-player", nil},
		{"three-player", []string{"weather", "hard=monty,patton"}},
		{"three-player", []string{"shared-deck"}},
		{"two-player", nil},
		{"two-player", []string{"players=monty,patton", "weather"}},
		{"two-player", []string{"players=bradley,patton", "training"}},
		{"solo", []string{"turns=25"}},
		{"solo", []string{"players=monty", "turns=25"}},
		{"solo", []string{"players=patton", "turns=25"}},
	} {
		name := c.scenario + " " + strings.Join(c.opts, " ")
		t.Run(name, func(t *testing.T) {
			for seed := range games {
				g := start(t, c.scenario, c.opts...)
				base := g.Clone()
				rnd := rand.New(rand.NewPCG(uint64(seed), 1944))
				var hashes []string
				inputs := rulestest.Play(t, g, RandomCommand, rnd, 0, func(before, after rules.Game, in rulestest.Input) {
					if err := invariants(after.(*Game)); err != nil {
						t.Fatalf("seed %d, after %s (%s): %v", seed, in, after.Pending().Phase, err)
					}
					hashes = append(hashes, after.Hash())
				})
				_, again := rulestest.Replay(t, base, inputs)
				rulestest.SameHashes(t, inputs, hashes, again)
				if err := scene.CheckGame(g); err != nil {
					t.Errorf("seed %d: %v", seed, err)
				}
				if !g.Pending().Over {
					t.Errorf("seed %d: not over after %d inputs", seed, len(inputs))
				}
			}
		})
	}
}

// invariants checks what no input may break: the components keep their
// counts (§2), every card lies in one place, corps stand on their own
// fields (but while the card of the field it enters is drawn), a corps card holds at most 6 tokens, and between actions no field
// holds more than its limit (R6.4).
func invariants(g *Game) error {
	s := &g.s
	if got := supplyTotal(g); got != (Tokens{F: poolFuel, A: poolAmmo, R: poolFood}) {
		return fmt.Errorf("supply tokens %s", got.Words())
	}
	for _, v := range s.Supply {
		if v.F < 0 || v.A < 0 || v.R < 0 || v.Total() == 0 {
			return fmt.Errorf("supply on a field: %+v", s.Supply)
		}
	}
	trucks := s.TruckTrack + s.TrucksAside + len(s.Trucks)
	for _, p := range s.Players {
		trucks += p.Trucks
		if p.Trucks > g.b.sc.Levels[p.Level-1].Limit {
			return fmt.Errorf("%s holds %d trucks over his limit", p.Seat, p.Trucks)
		}
	}
	if trucks != trucksInBox {
		return fmt.Errorf("%d trucks", trucks)
	}
	medals := s.MedalPool + s.MedalBox
	for _, p := range s.Players {
		medals += p.Medals
	}
	if medals != medalTokens {
		return fmt.Errorf("%d medal tokens", medals)
	}
	if n := s.ParaTrack + s.ParaBox + len(s.Paras); n != paratroopers {
		return fmt.Errorf("%d paratroopers", n)
	}
	if !g.solo() {
		if n := s.AxisPool + s.AxisBox + len(s.Axis); n != axisPool[len(s.Seats)] {
			return fmt.Errorf("%d Axis markers", n)
		}
	}
	if err := cardsOnce(g); err != nil {
		return err
	}
	for _, k := range s.Corps {
		if g.controller(k.At) != k.Owner && (s.Draw == nil || s.Move == nil || s.Move.Corps != k.ID) {
			return fmt.Errorf("%s stands on %s, which is %q's", k.ID, k.At, g.controller(k.At))
		}
		if k.Card.Total() > cardCapacity || k.Card.F < 0 || k.Card.A < 0 || k.Card.R < 0 {
			return fmt.Errorf("%s's card %+v", k.ID, k.Card)
		}
		if other := g.corpsAt(k.At); other.ID != k.ID {
			return fmt.Errorf("%s and %s share %s", k.ID, other.ID, k.At)
		}
	}
	if s.Stage == stageActions && s.Move == nil && s.Ask == nil && s.Draw == nil && !s.Over {
		for id, v := range s.Supply {
			if v.Total() > g.limit(id) {
				return fmt.Errorf("%s holds %d tokens between actions", id, v.Total())
			}
		}
	}
	for id := range s.Control {
		if g.b.field(id).permanent() {
			return fmt.Errorf("a marker on %s, which is always controlled", id)
		}
	}
	return nil
}

// cardsOnce checks that every card of the game lies in exactly one place: a
// deck, a discard pile, a player's area, the box.
func cardsOnce(g *Game) error {
	seen := map[string]string{}
	put := func(where string, ids []string) error {
		for _, id := range ids {
			if prev, dup := seen[id]; dup {
				return fmt.Errorf("card %s lies in %s and in %s", id, prev, where)
			}
			seen[id] = where
		}
		return nil
	}
	for id, d := range g.s.Decks {
		if err := put(id+" deck", d.Left); err != nil {
			return err
		}
		if err := put(id+" discard", d.Discard); err != nil {
			return err
		}
	}
	for _, p := range g.s.Players {
		for _, list := range [][]string{p.Kept, p.Now, p.Trophies} {
			if err := put(string(p.Seat), list); err != nil {
				return err
			}
		}
	}
	if err := put("the box", g.s.CardBox); err != nil {
		return err
	}
	if a := g.s.Ask; a != nil && a.Card != "" {
		if err := put("the card resolving", []string{a.Card}); err != nil {
			return err
		}
	}
	want := 0
	for _, c := range g.b.sc.Cards {
		if c.Deck == deckAxis || slices.Contains(g.s.Seats, rules.Seat(c.Deck)) {
			want++
		}
	}
	if len(seen) != want {
		return fmt.Errorf("%d cards in play, want %d", len(seen), want)
	}
	return nil
}

// A snapshot restores the very game: the same hash, and the same game on
// from there; Restore refuses a state of another game.
func TestSnapshotRestore(t *testing.T) {
	g := start(t, "three-player")
	rnd := rand.New(rand.NewPCG(5, 5))
	rulestest.Play(t, g, RandomCommand, rnd, 120, nil)
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	fresh := start(t, "three-player")
	r, err := fresh.Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hash() != g.Hash() {
		t.Fatal("the restored game has another hash")
	}
	a := rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(6, 6)), 60, nil)
	b := rulestest.Play(t, r, RandomCommand, rand.New(rand.NewPCG(6, 6)), 60, nil)
	if fmt.Sprint(a) != fmt.Sprint(b) || r.Hash() != g.Hash() {
		t.Error("the restored game goes on otherwise")
	}
	for _, bad := range [][]byte{nil, []byte("{}"), append(snap, '1'), []byte(`{"scenario":"x"}`)} {
		if _, err := fresh.Restore(bad); err == nil {
			t.Errorf("Restore(%.20q) is accepted", bad)
		}
	}
	if _, err := start(t, "two-player").Restore(snap); err == nil {
		t.Error("a three-player state restores onto a two-player game")
	}
}

// Restore refuses what it did not write and never panics.
func FuzzRestore(f *testing.F) {
	g := start(f, "two-player")
	snap, _ := g.Snapshot()
	f.Add(snap)
	f.Add([]byte(`{"scenario":"two-player"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		// The caller checks the hash before anything else (rules.Snapshotter).
		if r, err := g.Restore(b); err == nil {
			_ = r.Hash()
		}
	})
}
