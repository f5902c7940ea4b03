package replay

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// A Normandy '44 invite naming an edition this pbem does not play is refused
// at entry 0 with the variant named: never replayed as edition 2.2 (DESIGN.md,
// Rules engines: an unknown variant is refused, never ignored). The same
// invite without a variant, or with an empty one, is the default edition and
// starts.
func TestUnknownVariantRefused(t *testing.T) {
	tb := newTable(t, "normandy44", "cherbourg", logs.DiceStrict, games.Shipped, "allied", "german")
	inv := tb.r.Invite().Body
	if inv.Variant != "" {
		t.Fatalf("the default edition is written as no variant, not %q", inv.Variant)
	}
	inv.Variant = "ed3"
	invite := tb.sign(&inv)
	_, err := Start(invite, games.Shipped)
	wantEntryErr(t, err, 0, ErrVersion, `variant "ed3"`)
	if !errors.Is(err, rules.ErrVariant) {
		t.Errorf("the error does not wrap rules.ErrVariant: %v", err)
	}
	var log bytes.Buffer
	log.Write(invite.Line)
	rep := Verify(&log, games.Shipped)
	if rep.OK() || rep.Verified != 0 || len(rep.Problems) != 1 || !errors.Is(rep.Problems[0], rules.ErrVariant) {
		t.Fatalf("verify of a log in an unknown edition: %d verified, %v", rep.Verified, rep.Problems)
	}

	inv.Variant = ""
	r, err := Start(tb.sign(&inv), games.Shipped)
	if err != nil || r.Game().Hash() != tb.r.Game().Hash() {
		t.Fatalf("an empty variant is the default edition: %v", err)
	}
}

// A log made in one edition of Normandy '44 never replays in the other: an
// ed1 game's log verifies; the same log with its invite's variant changed
// to the default edition (and the invite signed again by its author) is
// refused at entry 0, whose recorded state is the first edition's; and a 2.2
// invite changed to name ed1 is refused there alike.
func TestEditionNeverReplaysAsTheOther(t *testing.T) {
	ed1 := newTableVariant(t, "normandy44", "cherbourg", "ed1", nil, logs.DiceStrict, games.Shipped, "allied", "german")
	plain := newTable(t, "normandy44", "cherbourg", logs.DiceStrict, games.Shipped, "allied", "german")
	if ed1.r.Entry(0).State == plain.r.Entry(0).State {
		t.Fatal("the first edition's first state is 2.2's")
	}
	rnd := rand.New(rand.NewPCG(1, 1))
	for n := 0; n < 12; n++ {
		if ed1.r.Waiting().Dice {
			ed1.settle(9)
			continue
		}
		seat := string(ed1.r.Game().Pending().Seats[0])
		ed1.do(seat, normandy.RandomCommand(ed1.r.Game(), rules.Seat(seat), rnd))
	}
	if rep := Verify(bytes.NewReader(ed1.lines()), games.Shipped); !rep.OK() || rep.Verified != ed1.r.Len() {
		t.Fatalf("the ed1 log: %d of %d verified, %v", rep.Verified, ed1.r.Len(), rep.Problems)
	}
	for _, c := range []struct {
		name    string
		tb      *table
		variant string
	}{{"ed1 read as 2.2", ed1, ""}, {"2.2 read as ed1", plain, "ed1"}} {
		inv := c.tb.r.Invite().Body
		inv.Variant = c.variant
		log := append(slices.Clone(c.tb.sign(&inv).Line), c.tb.lines()[len(c.tb.r.Entry(0).Line):]...)
		rep := Verify(bytes.NewReader(log), games.Shipped)
		if rep.OK() || rep.Verified != 0 || len(rep.Problems) == 0 {
			t.Fatalf("%s: %d verified, %v", c.name, rep.Verified, rep.Problems)
		}
		wantEntryErr(t, rep.Problems[0], 0, ErrState, "state hash differs")
	}
}

// shortDuel is the duel with a variant, "short", that starts at turn 5: its
// state, and so its hash, differ from the default edition's from the start.
var shortDuel = func() rules.Engine {
	e := duelEngine
	e.Variants = []rules.Variant{{Name: "short", Title: "a duel from turn 5"}}
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckVariant(s.Variant); err != nil {
			return nil, err
		}
		g, err := newDuel(s.Scenario, s.Options)
		if err == nil && s.Variant == "short" {
			g.(*duel).Turn = 5
		}
		return g, err
	}
	return e
}()

// The invite's variant reaches the engine at every start of the game: the
// first state and every state rebuilt (StateAt) are the variant's.
func TestVariantReplayed(t *testing.T) {
	load := testLoader{engines: []rules.Engine{shortDuel}, scenario: duelLoader.scenario}
	plain := newTable(t, "duel", "standard", logs.DiceStrict, load, "red", "blue")
	tb := newTableVariant(t, "duel", "standard", "short", nil, logs.DiceStrict, load, "red", "blue")
	if tb.r.Invite().Body.Variant != "short" || tb.r.Entry(0).State == plain.r.Entry(0).State {
		t.Fatal("the variant's first state is the default edition's")
	}
	playRound(tb)
	playRound(tb)
	rep := Verify(bytes.NewReader(tb.lines()), load)
	if !rep.OK() {
		t.Fatal(rep.Problems)
	}
	if rep.Replay.Game().Hash() != tb.r.Game().Hash() {
		t.Fatal("verify's final state is not the variant's")
	}
	for seq := range int64(rep.Replay.Len()) {
		g, err := rep.Replay.StateAt(seq)
		if err != nil || g.Hash() != tb.r.Entry(seq).State {
			t.Fatalf("entry %d: StateAt %v; want the recorded %s", seq, err, tb.r.Entry(seq).State)
		}
	}
	if g, _ := rep.Replay.StateAt(0); g.(*duel).Turn != 5 {
		t.Fatalf("StateAt(0) is at turn %d, not the variant's 5", g.(*duel).Turn)
	}
}
