package pbem

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	plogs "github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// randomTurn plays seat's part on g, a copy of the game, with engine e's
// random player: at most most commands, until the rules want dice, the game
// is over or another seat is to act. It returns the commands played, and
// the game's refusal of one of them, if any.
func randomTurn(e rules.Engine, g rules.Game, seat rules.Seat, rnd *rand.Rand, most int) ([]string, error) {
	var cmds []string
	for len(cmds) < most {
		c := e.RandomCommand(g, seat, rnd)
		if c == "" {
			break
		}
		if _, err := g.Apply(seat, c); err != nil {
			return cmds, fmt.Errorf("the random player's %q was refused: %w", c, err)
		}
		cmds = append(cmds, c)
		if q := g.Pending(); q.Dice != nil || q.Over || len(q.Seats) == 0 || q.Seats[0] != seat {
			break
		}
	}
	return cmds, nil
}

// heldLog exports the game from every player's store and fails the test
// unless all of them hold the same log, which it returns.
func heldLog(t *testing.T, game string, apps ...*App) []byte {
	t.Helper()
	ctx := context.Background()
	first := exportLog(t, ctx, apps[0], game)
	for i, a := range apps[1:] {
		other := exportLog(t, ctx, a, game)
		if bytes.Equal(first, other) {
			continue
		}
		if len(first)+len(other) < 16<<10 {
			t.Fatalf("player %d holds another log than player 0:\n%s\n----\n%s", i+1, first, other)
		}
		t.Fatalf("player %d holds another log than player 0", i+1)
	}
	return first
}

// syncAll hands the longest log to every other player until all hold the same
// log and no one's pbem answers the dice protocol any more (strict dice with
// four seats: every other seat answers a request with its link, in seat
// order, then the requester reveals).
func syncAll(t *testing.T, apps []*App, game string) {
	t.Helper()
	ctx := context.Background()
	for round := 0; round < 40; round++ {
		lens := make([]int, len(apps))
		src := 0
		for i, a := range apps {
			if _, r, err := a.Status(ctx, game); err == nil {
				lens[i] = r.Len()
			}
			if lens[i] > lens[src] {
				src = i
			}
		}
		changed := false
		for i, a := range apps {
			if i == src || lens[i] == lens[src] {
				continue
			}
			var buf bytes.Buffer
			if _, _, err := apps[src].Export(ctx, game, &buf); err != nil {
				t.Fatal(err)
			}
			rep, err := a.Import(ctx, &buf, "test")
			if err != nil {
				t.Fatal(err)
			}
			if rep.Failed != nil || len(rep.Equivocations) > 0 {
				t.Fatalf("import at player %d: %v %v", i, rep.Failed, rep.Equivocations)
			}
			changed = true
			if len(rep.Answered) > 0 {
				break // its answer is now the longest log
			}
		}
		if !changed {
			return
		}
	}
	t.Fatal("the four players do not settle")
}

// TestFourPlayersCherbourg plays the first phases of the Cherbourg scenario
// with players=4 (24.0) among four identities in strict dice mode: each
// seat's pbem acts only for its seat, the other three answer every dice
// request, a seat cannot move another seat's unit, and the log verifies.
func TestFourPlayersCherbourg(t *testing.T) {
	ctx := context.Background()
	names := []string{"anna", "ben", "cleo", "dan"}
	seats := []string{"us", "cw", "german-cw", "german-us"}
	apps := make([]*App, len(names))
	bySeat := map[string]*App{}
	for i, n := range names {
		apps[i] = newTestApp(t, n, n+"@example.org")
		bySeat[seats[i]] = apps[i]
	}
	_, rec, err := apps[0].New(ctx, NewGame{Name: "Cherbourg for four", Rules: "normandy44", Scenario: "cherbourg",
		Seat: "us", Options: []string{"players=4"}})
	if err != nil {
		t.Fatal(err)
	}
	game := rec.ID
	for i := 1; i < len(apps); i++ {
		syncAll(t, apps, game)
		if _, err := apps[i].Join(ctx, game, seats[i]); err != nil {
			t.Fatalf("%s joins as %s: %v", names[i], seats[i], err)
		}
	}
	syncAll(t, apps, game)
	_, r, err := apps[3].Status(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Game().Seats()); got != "[us cw german-cw german-us]" {
		t.Fatalf("seats %s", got)
	}

	rnd := rand.New(rand.NewPCG(24, 0))
	refusedUS, refusedGermanCW := false, false
	draws := 0
	for handovers := 0; ; handovers++ {
		if handovers > 400 {
			t.Fatal("no turn 3 within 400 hand-overs")
		}
		_, r, err := apps[0].Status(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Game().Clone()
		p := g.Pending()
		if strings.HasPrefix(p.Phase, "Turn 3") || p.Over {
			break
		}
		seat := string(p.Seats[0])
		me := bySeat[seat]
		// The seat whose turn it is not may not act.
		for s, other := range bySeat {
			if s != seat {
				if _, err := other.Do(ctx, game, []string{"end"}); err == nil {
					t.Fatalf("%s: %s ended %s's part", p.Phase, s, seat)
				}
				break
			}
		}
		// 24.0: a seat cannot move another seat's unit.
		if strings.Contains(p.Phase, "Allied Movement") && seat == "us" && !refusedUS {
			_, err := me.Do(ctx, game, []string{"move 1057/91 2808 2807"})
			if err == nil || !strings.Contains(err.Error(), "24.0: 1057/91 belongs to the german-us seat") {
				t.Fatalf("us moves a German unit: %v", err)
			}
			refusedUS = true
		}
		if strings.Contains(p.Phase, "German Movement") && seat == "german-cw" && !refusedGermanCW {
			_, err := me.Do(ctx, game, []string{"move 1057/91 2808 2807"})
			if err == nil || !strings.Contains(err.Error(), "24.0: 1057/91 belongs to the german-us seat") {
				t.Fatalf("german-cw moves a german-us unit: %v", err)
			}
			refusedGermanCW = true
		}
		cmds, err := randomTurn(normandy(), g, rules.Seat(seat), rnd, 40)
		if err != nil {
			t.Fatalf("%s: %s: %v", p.Phase, seat, err)
		}
		if len(cmds) == 0 {
			t.Fatalf("%s: %s has nothing to do", p.Phase, seat)
		}
		pl, err := me.Do(ctx, game, cmds)
		if err != nil {
			t.Fatalf("%s: %s gives %q: %v", p.Phase, seat, cmds, err)
		}
		if pl.Entry.Request != 0 {
			draws++
		}
		syncAll(t, apps, game)
	}
	if !refusedUS || !refusedGermanCW {
		t.Errorf("the refusals were not tried: us %v, german-cw %v", refusedUS, refusedGermanCW)
	}
	if draws == 0 {
		t.Error("no dice were requested in two turns")
	}

	// Every player holds the same log, and it verifies on its own.
	log := heldLog(t, game, apps...)
	// Three answers per request: every seat but the requester's.
	answers := map[int64]int{}
	rep := replay.VerifyEach(bytes.NewReader(log), games.Shipped, func(e *plogs.Entry, _ []rules.Event) {
		if e.Epoch != 0 && e.Kind == "reveal" && len(e.Draws) == 0 {
			answers[e.Epoch]++
		}
	})
	if !rep.OK() {
		t.Fatalf("the four-player log does not verify: %v", rep.Problems)
	}
	for ep, n := range answers {
		if n != 3 {
			t.Errorf("epoch %d has %d answers, want 3", ep, n)
		}
	}
	if len(answers) == 0 {
		t.Error("no dice answers in the log")
	}
	t.Logf("%d entries, %d dice epochs answered by three seats each; %s", rep.Replay.Len(), len(answers), rep.Replay.Waiting().Text)
}
