package pbem

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

func rhine() rules.Engine {
	e, err := games.Lookup("rhine44")
	if err != nil {
		panic(err)
	}
	return e
}

// TestThreePlayersRhine: three homes play the first turns of a three-player
// game of 1944: Race to the Rhine by files, in strict dice mode: the turn
// order and every card are drawn by dice that both other seats answer; each
// seat's pbem acts for its seat only; every player ends with the same log,
// which verifies on its own.
func TestThreePlayersRhine(t *testing.T) {
	ctx := context.Background()
	apps, bySeat, game := rhineHomes(t, nil)
	rnd := rand.New(rand.NewPCG(44, 3))
	refused := false
	for handovers := 0; ; handovers++ {
		if handovers > 300 {
			t.Fatal("no turn 3 within 300 hand-overs")
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
		if p.Dice != nil {
			t.Fatalf("%s: dice are awaited after the players synced", p.Phase)
		}
		seat := string(p.Seats[0])
		me := bySeat[seat]
		if !refused {
			// R5: only the player whose turn it is acts.
			for s, other := range bySeat {
				if s != seat {
					if _, err := other.Do(ctx, game, []string{"end"}); err == nil {
						t.Fatalf("%s: %s ended %s's actions", p.Phase, s, seat)
					}
					refused = true
				}
			}
		}
		cmds, err := randomTurn(rhine(), g, rules.Seat(seat), rnd, 30)
		if err != nil {
			t.Fatalf("%s: %s: %v", p.Phase, seat, err)
		}
		if _, err := me.Do(ctx, game, cmds); err != nil {
			t.Fatalf("%s: %s gives %q: %v", p.Phase, seat, cmds, err)
		}
		syncAll(t, apps, game)
	}
	first := heldLog(t, game, apps...)
	rep := replay.Verify(bytes.NewReader(first), games.Shipped)
	if !rep.OK() {
		t.Fatalf("the three-player log does not verify: %v", rep.Problems)
	}
	// A verified replay keeps only its last entry: read the others again.
	entries, err := logs.ReadAll(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	answers := map[int64]int{}
	for _, e := range entries {
		if e.Epoch != 0 && e.Kind == "reveal" && len(e.Draws) == 0 {
			answers[e.Epoch]++
		}
	}
	if len(answers) < 3 {
		t.Errorf("%d dice epochs in two turns", len(answers))
	}
	for ep, n := range answers {
		if n != 2 {
			t.Errorf("epoch %d has %d answers, want 2", ep, n)
		}
	}
}

// rhineHomes makes three homes (anna, ben and cleo) and a three-player game
// of Race to the Rhine in strict dice that each has joined (monty, bradley,
// patton), synced by files, with the rules options given.
func rhineHomes(t *testing.T, options []string) ([]*App, map[string]*App, string) {
	ctx := context.Background()
	names := []string{"anna", "ben", "cleo"}
	seats := []string{"monty", "bradley", "patton"}
	apps := make([]*App, len(names))
	bySeat := map[string]*App{}
	for i, n := range names {
		apps[i] = newTestApp(t, n, n+"@example.org")
		bySeat[seats[i]] = apps[i]
	}
	_, rec, err := apps[0].New(ctx, NewGame{Name: "Race", Rules: "rhine44", Scenario: "three-player", Seat: "monty", Options: options})
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
	return apps, bySeat, game
}

// TestSoloRhineToTheEnd: a solo game of Race to the Rhine with solo dice,
// played to its end through pbem; its log verifies on its own.
func TestSoloRhineToTheEnd(t *testing.T) {
	ctx := context.Background()
	a := newTestApp(t, "sam", "sam@example.org")
	_, rec, err := a.New(ctx, NewGame{Name: "Alone", Rules: "rhine44", Scenario: "solo", Seat: "bradley", Dice: logs.DiceSolo, Options: []string{"turns=6"}})
	if err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(17, 44))
	for entries := 0; ; entries++ {
		if entries > 400 {
			t.Fatal("no end within 400 entries")
		}
		_, r, err := a.Status(ctx, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Game().Clone()
		if g.Pending().Over {
			if !strings.Contains(g.Pending().Result, "turns") && !strings.Contains(g.Pending().Result, "wins") {
				t.Errorf("result: %s", g.Pending().Result)
			}
			break
		}
		c := rhine().RandomCommand(g, "bradley", rnd)
		if c == "" {
			t.Fatalf("%s: nothing to do", g.Pending().Phase)
		}
		if _, err := a.Do(ctx, rec.ID, []string{c}); err != nil {
			t.Fatalf("%s: %q: %v", g.Pending().Phase, c, err)
		}
	}
	var buf bytes.Buffer
	if _, _, err := a.Export(ctx, rec.ID, &buf); err != nil {
		t.Fatal(err)
	}
	if rep := replay.Verify(&buf, games.Shipped); !rep.OK() {
		t.Fatalf("the solo log does not verify: %v", rep.Problems)
	}
}
