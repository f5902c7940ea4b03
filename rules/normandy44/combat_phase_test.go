package normandy44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// alliedCombatPhase opens the combat_engine map at the Allied Combat Phase of
// turn 1, with the German standing orders given in the German Movement Phase
// (orders are commands of the seat that acts, in any phase).
func alliedCombatPhase(t *testing.T, germanOrders ...string) *Game {
	t.Helper()
	g := loadCombatMap(t, "combat_engine")
	for _, o := range germanOrders {
		apply(t, g, German, o)
	}
	apply(t, g, German, "end") // Movement
	apply(t, g, German, "end") // Combat
	apply(t, g, Allied, "end") // Movement
	if g.s.Phase != PhaseCombat || g.s.Side != Allied {
		t.Fatalf("at %s", g.Pending().Phase)
	}
	return g
}

func where(g *Game, id string) string {
	us := g.s.Units[g.index[id]]
	if us.Gone {
		return "gone"
	}
	return us.At
}

// TestCombatPhase_OneExchange (digest §6.3): with the defender's standing
// orders and the attacker's loss and conditional advance orders, a whole
// combat resolves on the dice alone, for every CRT die: after the
// declaration nobody is asked to decide until the combat is over.
func TestCombatPhase_OneExchange(t *testing.T) {
	g := alliedCombatPhase(t, "order dd always", "order despd never", "order retreat toward-supply", "order losses g1")
	apply(t, g, Allied, "order losses a1 a2")
	apply(t, g, Allied, "if-retreat advance a1")
	ev := apply(t, g, Allied, "attack 0404 from 0304 0403 maf a1 with a2")
	if len(ev) == 0 || !strings.Contains(ev[0].Text, "Combat 1 declared: allied attack 0404") {
		t.Fatalf("declaration events %v", ev)
	}
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != rules.Seat(Allied) || !strings.Contains(p.Dice.For, "Combat 1 on 0404: the Allied player rolls the combat result die (10.5)") {
		t.Fatalf("pending %+v", p)
	}
	advanced, retreated := false, false
	for die := 1; die <= 6; die++ {
		c := g.Clone().(*Game)
		var events []rules.Event
		for rolls := 0; c.Pending().Dice != nil; rolls++ {
			if rolls > 3 {
				t.Fatalf("die %d: more than 3 rolls", die)
			}
			e, err := c.Roll([]int{die})
			if err != nil {
				t.Fatalf("die %d: %v", die, err)
			}
			events = append(events, e...)
		}
		if c.s.Combat != nil {
			t.Fatalf("die %d: the combat waits for %s", die, c.Pending().Prompt)
		}
		last := events[len(events)-1].Text
		if !strings.HasPrefix(last, "Combat 1: allied attack 0404: a1(") {
			t.Errorf("die %d: event %q", die, last)
		}
		if p := c.Pending(); p.Seats[0] != rules.Seat(Allied) || c.s.Phase != PhaseCombat {
			t.Errorf("die %d: after the combat %s waits for %v", die, p.Phase, p.Seats)
		}
		g1 := where(c, "g1")
		if g1 != "0404" && g1 != "gone" {
			retreated = true
			if !c.s.Units[c.index["g1"]].Disrupted || !c.s.Units[c.index["g1"]].RetreatedIn {
				t.Errorf("die %d: g1 retreated to %s without the Disrupted marker (13.6)", die, g1)
			}
		}
		if where(c, "a1") == "0404" {
			advanced = true
			if g1 == "0404" {
				t.Fatalf("die %d: a1 advanced into a held hex", die)
			}
			if !strings.Contains(last, "advance a1 0404") {
				t.Errorf("die %d: the event does not narrate the advance: %q", die, last)
			}
		}
		// Rebuilding the combat from the state gives the same state.
		if c2 := c.Clone(); c2.Hash() != c.Hash() {
			t.Errorf("die %d: clone hash differs", die)
		}
	}
	if !advanced || !retreated {
		t.Errorf("no die made g1 retreat (%v) and a1 advance (%v)", retreated, advanced)
	}
}

// TestCombatPhase_DecisionsHandedOver: without orders, the defender decides
// its losses, DD and retreat as combat.Await decisions of its own seat with the
// legal choices, and the attacker its advance.
func TestCombatPhase_DecisionsHandedOver(t *testing.T) {
	seen := map[string]bool{}
	for die := 1; die <= 6; die++ {
		g := alliedCombatPhase(t)
		apply(t, g, Allied, "attack 0404 from 0304 0403 maf a1 a2")
		if _, err := g.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
		for steps := 0; g.s.Combat != nil; steps++ {
			if steps > 20 {
				t.Fatalf("die %d: no end", die)
			}
			p := g.Pending()
			if p.Dice != nil {
				if _, err := g.Roll([]int{4}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := p.Seats[0]
			choices := g.Legal(seat)
			if len(choices) == 0 {
				t.Fatalf("die %d: %s has no choices for %q", die, seat, p.Prompt)
			}
			other := rules.Seat(Allied)
			if seat == other {
				other = rules.Seat(German)
			}
			if g.Legal(other) != nil {
				t.Errorf("die %d: %s has choices while %s decides", die, other, seat)
			}
			refused(t, g, Side(seat), "end", "10.0")
			for _, c := range choices {
				if strings.HasSuffix(c.Command, " support") {
					t.Errorf("die %d: %q offered with no HQ or Werfer on the map (12.4.7)", die, c.Command)
				}
				if strings.HasPrefix(c.Command, "dd ") {
					refused(t, g, Side(seat), c.Command+" support", "12.4.7")
				}
			}
			cmd := choices[0].Command
			verb, _, _ := strings.Cut(cmd, " ")
			seen[string(seat)+" "+verb] = true
			apply(t, g, Side(seat), cmd)
		}
	}
	for _, want := range []string{"german dd", "german retreat", "allied advance"} {
		if !seen[want] {
			t.Errorf("no %q decision over the six dice; seen %v", want, seen)
		}
	}
}

// TestCombatPhase_Refusals: the declaration rules, each refusal naming its
// rule and leaving the state unchanged.
func TestCombatPhase_Refusals(t *testing.T) {
	g := alliedCombatPhase(t)
	refused(t, g, Allied, "attack 0404 from 0202 maf a3", "10.1")           // not adjacent
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 a2", "10.1")        // a2 is not in 0403
	refused(t, g, Allied, "attack 0404 from 0304 0403 maf a1", "10.1")      // no unit named in 0304
	refused(t, g, Allied, "attack 0707 from 0403 maf a1", "10.1")           // not adjacent either
	refused(t, g, Allied, "attack 0303 from 0304 maf a2", "10.1")           // no enemy there
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 naval 1", "19.2.4") // no NBZ on this map
	g.s.Units[g.index["a2"]].Repl = true
	refused(t, g, Allied, "attack 0404 from 0304 maf a2", "6.2.5")
	g.s.Units[g.index["a2"]].Repl = false
	if _, err := g.Apply(rules.Seat(German), "attack 0403 from 0404 maf g1"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a German attack in the Allied phase: %v", err)
	}
	apply(t, g, Allied, "order losses a1")
	apply(t, g, Allied, "attack 0404 from 0403 maf a1")
	// One combat at a time: its dice come first.
	if _, err := g.Apply(rules.Seat(Allied), "attack 0404 from 0304 maf a2"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a second attack while the first waits for its die: %v", err)
	}
	for g.s.Combat != nil {
		p := g.Pending()
		if p.Dice != nil {
			if _, err := g.Roll([]int{1}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		apply(t, g, Side(p.Seats[0]), g.Legal(p.Seats[0])[0].Command)
	}
	if where(g, "g1") == "0404" {
		refused(t, g, Allied, "attack 0404 from 0304 maf a2", "10.2") // each hex once
	}
	if !slices.Contains(g.s.Attacked, "a1") {
		t.Fatal("a1 not marked as having attacked")
	}
	apply(t, g, Allied, "end")
	if g.s.Phase == PhaseCombat && g.s.Side == Allied {
		t.Fatal("the phase did not end")
	}
}

// TestCombatPhase_Artillery: an HQ in range gives 1R per SupP spent, two for
// an Allied HQ (17.2.5); beyond its range or without SupP it may not fire.
func TestCombatPhase_Artillery(t *testing.T) {
	g := alliedCombatPhase(t)
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 art hq", "17.2.5") // no SupP yet
	g.addSupP("us", 3)
	refused(t, g, Allied, "attack 0707 from 0403 maf a1 art hq", "10.1")
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 art hq hq hq", "17.2.5") // at most 2
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 art a2", "11.6")         // not an HQ
	ev := apply(t, g, Allied, "attack 0404 from 0403 maf a1 art hq hq")
	if !strings.Contains(ev[0].Text, "2R HQ artillery") {
		t.Errorf("declaration %q", ev[0].Text)
	}
	if n := g.s.SupP[poolIndex(g.s.SupP, "us")].N; n != 1 {
		t.Errorf("us SupP %d after two shifts, want 1", n)
	}
	// Out of range: from 0808 the HQ's range of 3 does not reach 0404.
	g2 := alliedCombatPhase(t)
	g2.s.Units[g2.index["hq"]].At = "0808"
	g2.addSupP("us", 3)
	refused(t, g2, Allied, "attack 0404 from 0403 maf a1 art hq", "17.2.5, 17.3")
}
