package normandy44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

func cherbourg(t testing.TB) *Game {
	t.Helper()
	return shipped(t, "cherbourg")
}

// shipped starts the shipped scenario name (cherbourg, campaign,
// seven-turn) with options.
func shipped(t testing.TB, name string, options ...string) *Game {
	t.Helper()
	gg, err := New(readFile(t, "../../scenarios/normandy44/"+name+".scn"), options)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return gg.(*Game)
}

// TestSequence_3_0: a normal turn is the Initial Phase, the German player
// turn (B1-B7), the Allied player turn, and the End Phase (digest 2.1).
func TestSequence_3_0(t *testing.T) {
	want := "initial; german replacement; german movement; german combat; german reserve-movement; german reserve-combat; german regeneration; german supply; " +
		"allied replacement; allied movement; allied combat; allied reserve-movement; allied reserve-combat; allied regeneration; allied supply; end"
	var got []string
	for _, s := range stages(2, &Scenario{}) {
		got = append(got, strings.TrimSpace(string(s.Side)+" "+string(s.Phase)))
	}
	if strings.Join(got, "; ") != want {
		t.Errorf("turn 2 stages:\n%s\nwant\n%s", strings.Join(got, "; "), want)
	}
	// 20.1: turn 1 has no Initial Phase and opens with the invasion.
	if st := stages(1, &Scenario{Special: []SpecialRule{{Kind: SpecialInvasion}}}); st[0] != (stage{Phase: PhaseInvasion, Side: Allied}) || st[1] != (stage{Phase: PhaseReplacement, Side: German}) {
		t.Errorf("turn 1 starts %v", st[:2])
	}
}

// TestPlayThrough_3_0: the Cherbourg scenario played with 'end' only: who is
// asked, the weather die, refusals out of turn, and the end after turn 12.
func TestPlayThrough_3_0(t *testing.T) {
	g := cherbourg(t)
	p := g.Pending()
	if p.Phase != "Turn 1, Allied Special Invasion Phase (20.1)" || p.Seats[0] != "allied" || p.Dice == nil || len(p.Dice.Sides) != 6 {
		t.Fatalf("first pending: %+v", p)
	}
	if _, err := g.Apply("german", "end"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("German acts in the Allied phase: %v", err)
	}
	if _, err := g.Apply("french", "end"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("unknown seat: %v", err)
	}
	// 20.2, 20.3: sixes: no Scatter effect; Utah D1 Advance 2, DD no effect;
	// the assault's units all stay on the beach hex.
	if _, err := g.Roll([]int{6, 6, 6, 6, 6, 6}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Roll([]int{6, 6}); err != nil {
		t.Fatal(err)
	}
	refused(t, g, Allied, "end", "20.1")
	apply(t, g, Allied, "advance-done")
	// 6.2.3: no replacements in turn 1, so the Germans go straight to moving.
	if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" {
		t.Fatalf("after the invasion: %q", p.Phase)
	}
	apply(t, g, German, "end")
	refused(t, g, German, "move 919/709 3011 3010", "3.0") // combat phase
	// 18.1: the Supply Phases need no command; no unit is marked yet, so
	// no attrition dice either. The Allied Movement Phase ends once the
	// follow-up units that can land have landed (20.5.3).
	for range 3 {
		endOrLand(t, g)
	}
	p = g.Pending()
	if p.Dice == nil || p.Dice.Sides[0] != 6 || len(p.Dice.Sides) != 1 || !strings.Contains(p.Dice.For, "weather, turn 2") {
		t.Fatalf("turn 2 opens without the weather die: %+v", p)
	}
	if _, err := g.Apply("allied", "end"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a command while dice are awaited: %v", err)
	}
	if _, err := g.Roll([]int{7}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("a 7 on one die: %v", err)
	}
	for turn := 2; turn <= 12; turn++ {
		if _, err := g.Roll([]int{turn%6 + 1}); err != nil {
			t.Fatalf("turn %d weather: %v", turn, err)
		}
		rollGliders(t, g) // 20.2.4
		if !g.s.Weather.Valid() {
			t.Fatal("no weather set")
		}
		// Replacement, Movement and Combat Phases of each side; the
		// isolation attrition dice (18.5), when asked, roll 6: no loss.
		for g.s.Phase != PhaseInitial && !g.s.Over {
			p := g.Pending()
			if p.Dice != nil {
				sixes := make([]int, len(p.Dice.Sides))
				for k := range sixes {
					sixes[k] = 6
				}
				if _, err := g.Roll(sixes); err != nil {
					t.Fatalf("turn %d: %s: %v", turn, p.Dice.For, err)
				}
				continue
			}
			if !slices.Contains([]Phase{PhaseReplacement, PhaseMovement, PhaseCombat}, g.s.Phase) {
				t.Fatalf("turn %d: waits in the %s", turn, p.Phase)
			}
			endOrLand(t, g)
		}
	}
	if p := g.Pending(); !p.Over || p.Result == "" || len(p.Seats) != 0 {
		t.Errorf("after turn 12: %+v", p)
	}
	if _, err := g.Roll([]int{1}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a roll after the end: %v", err)
	}
}

// TestNew_Options: unknown options are refused by name; the set-up is read.
func TestNew_Options(t *testing.T) {
	data := readFile(t, "../../scenarios/normandy44/cherbourg.scn")
	if _, err := New(data, []string{"ed1"}); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "ed1") {
		t.Errorf("option ed1: %v", err)
	}
	g := cherbourg(t)
	if at(g, "505/82") != "2811" || at(g, "8/4") != "approach-utah" || at(g, "3/1050/77") != "" {
		t.Errorf("set-up: 505/82 %q, 8/4 %q, 3/1050/77 %q", at(g, "505/82"), at(g, "8/4"), at(g, "3/1050/77"))
	}
	// 2.2.5: Ste-Mère-Église (2811) is held by the 82nd's drop; Carentan German.
	for _, c := range g.s.Control {
		if (c.Hex == "2811" && c.Side != Allied) || (c.Hex == "2512" && c.Side != German) {
			t.Errorf("control of %s: %s", c.Hex, c.Side)
		}
	}
}

// TestClone_Independent: a clone does not share units with its original.
func TestClone_Independent(t *testing.T) {
	g := cherbourg(t)
	skipInvasion(t, g)
	c := g.Clone().(*Game)
	h := g.Hash()
	apply(t, c, German, "move 919/709 3011 3010")
	if g.Hash() != h || at(g, "919/709") != "3011" {
		t.Error("moving in the clone changed the original")
	}
	if c.Hash() == h {
		t.Error("the move did not change the clone's hash")
	}
}

// TestCotentinRelocation_17_4: once per game, in the German Movement Phase,
// the Cotentin HQ may be placed on a German-controlled Cherbourg hex.
func TestCotentinRelocation_17_4(t *testing.T) {
	g := cherbourg(t)
	skipInvasion(t, g)
	refused(t, g, German, "relocate Cotentin 3106", "17.4") // Valognes, not Cherbourg
	refused(t, g, German, "relocate 919/709 3504", "17.4")  // not the Cotentin HQ
	if _, ok := legalTo(g, "Cotentin", "3504"); !ok {
		t.Error("Legal does not offer the relocation to 3504")
	}
	ev := apply(t, g, German, "relocate Cotentin 3504")
	if at(g, "Cotentin") != "3504" || !strings.Contains(ev[0].Text, "17.4") {
		t.Errorf("Cotentin at %s: %v", at(g, "Cotentin"), ev)
	}
	g.s.Units[g.index["Cotentin"]].Moved = false
	refused(t, g, German, "relocate Cotentin 3505", "17.4") // once per game
}
