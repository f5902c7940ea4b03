package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// EX-17 hex A (11.6, L689-691): outside a city a P result is a Delay. The
// Other column's 4 is D (the stand-in table has no P outside the City
// column, so P is read on its own too): the defender picks a retreat of 1
// to 3 hexes and becomes DG, and the attacker's advance is limited to the
// vacated hex (14.2.2; A-21: not the example's "one hex in any
// direction").
func TestEX17_DelayVsPartial_HexA(t *testing.T) {
	g, H := despAttack(t, true)
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Apply(t, g, al, "losses 5h/46")
	if r := g.combat().ddOutcome(DDResult{Outcome: DDPartial}); r.Success || r.Tags&TagDelay == 0 {
		t.Errorf("EX-17 hex A: P outside a city is a Delay: %+v", r)
	}
	rulestest.Apply(t, g, al, "dd 2cdo")
	rulestest.Roll(t, g, 3) // 3 + 1 elite = 4, Other: "-/-D"
	a := g.combat().Await()
	if a.Decision != DecDelay || a.Side != string(Allied) || len(a.Choices) == 0 {
		t.Fatalf("11.6.1: the defender picks the Delay's length: %s", a)
	}
	pick := a.Choices[len(a.Choices)-1]
	n := int(pick[len(pick)-1] - '0')
	rulestest.Apply(t, g, al, pick)
	a = g.combat().Await()
	if a.Decision != combat.DecRetreat {
		t.Fatalf("11.6.1: the retreat follows: %s", a)
	}
	for _, ch := range a.Choices { // the stack's, and each unit's own (12.1.2)
		cmd, err := g.combat().Grammar.Parse(ch)
		if err != nil || len(cmd.Hexes) != n {
			t.Errorf("11.6.1: a Delay of %d retreats %d hexes: %q (%v)", n, n, ch, err)
		}
	}
	rulestest.Apply(t, g, al, a.Choices[0])
	for g.s.Combat != nil {
		a := g.combat().Await()
		if a.Decision != combat.DecAdvance {
			t.Fatalf("the combat waits for %s", a)
		}
		for _, ch := range a.Choices {
			if f := strings.Fields(ch); f[0] == "advance" && f[len(f)-1] != H || f[0] == "advance" && len(f) != 3 {
				t.Errorf("11.6.1, 14.2.2: a limited advance enters only the vacated hex %s: %q", H, ch)
			}
		}
		rulestest.Apply(t, g, de, "advance-done")
	}
	for _, id := range []string{"2cdo", "128/46"} {
		if us := g.s.Units[g.index(id)]; us.Hex == H || us.Status != Disorganized {
			t.Errorf("11.6.1: %s retreats and is DG: %+v", id, us)
		}
	}
}

// EX-17 hex B (11.6.2, L691): in a city the P result holds with no loss
// and places an urban-combat marker; while the marker is there a later P
// on the hex is a Delay; the marker comes off when no enemy unit is next
// to the city, or the defender leaves it (11.6.3).
func TestEX17_DelayVsPartial_HexB(t *testing.T) {
	g := ddCityAttack(t)
	rulestest.Apply(t, g, rules.Seat(German), "dd-result partial")
	if g.s.Combat != nil {
		t.Fatalf("EX-17 hex B: P holds; the combat waits for %s", g.combat().Await())
	}
	i := g.index("recon/hg")
	us := g.s.Units[i]
	if us.Lost != 0 || us.Status != GoodOrder || len(g.s.Urban) != 1 || g.s.Urban[0].Hex != us.Hex || g.s.Urban[0].Side != German {
		t.Fatalf("EX-17 hex B: no retreat, no loss, an urban-combat marker in %s: %+v, markers %+v", us.Hex, us, g.s.Urban)
	}
	a, err := ParseAttack("attack " + us.Hex + " with 141/36 142/36 maf 36")
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.newCombat(a, false)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.ddOutcome(DDResult{Outcome: DDPartial}); r.Success || r.Tags&(TagDelay|TagDelayFail) == 0 {
		t.Errorf("11.6.2: with the marker in place, P is a Delay: %+v", r)
	}
	if r := c.ddOutcome(DDResult{Outcome: DDHold}); !r.Success {
		t.Errorf("11.6.2: H still holds: %+v", r)
	}
	w := g.Clone().(*Game)
	if notes := w.urbanCheck(); len(notes) != 0 || len(w.s.Urban) != 1 {
		t.Errorf("11.6.3: the marker stays while the defender holds the city next to the enemy: %v", notes)
	}
	w.s.Units[w.index("141/36")].Hex, w.s.Units[w.index("142/36")].Hex = "", ""
	if notes := w.urbanCheck(); len(notes) != 1 || len(w.s.Urban) != 0 {
		t.Errorf("11.6.3: no enemy unit next to the city: the marker comes off: %v %+v", notes, w.s.Urban)
	}
	w = g.Clone().(*Game)
	w.s.Units[i].Hex = ""
	if w.urbanCheck(); len(w.s.Urban) != 0 {
		t.Errorf("11.6.3: the defender left the city: the marker comes off: %+v", w.s.Urban)
	}
}

// 11.6.1: a Delay the stack cannot retreat from is a failure: the lead
// loses a step and the defender rolls again, desperately, though he
// did not declare it; a second Delay in that Desperate Defense holds as
// "1H".
func TestDelayWithoutRetreat_11_6_1(t *testing.T) {
	g, H := despAttack(t, false)
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "losses 5h/46")
	rulestest.Apply(t, g, al, "dd 2cdo")
	rulestest.Apply(t, g, al, "no-despd")
	rulestest.Roll(t, g, 3) // 3 + 1 = 4, Other: D, and no retreat path
	c := g.combat()
	if len(c.desp.failed) != 1 || !c.desp.declared || c.Await().Roll != combat.RollDD {
		t.Fatalf("11.6.1: the Delay fails, 2cdo loses its step, the brigade rolls again: %+v, waits for %s", c.desp, c.Await())
	}
	rulestest.Roll(t, g, 4) // the brigade: 4, Other: D again
	if g.s.Combat != nil {
		t.Fatalf("11.6.1: the second Delay holds as 1H; the combat waits for %s", g.combat().Await())
	}
	if us := g.s.Units[g.index("128/46")]; us.Hex != H || us.Lost != 1 {
		t.Errorf("11.6.1: the brigade holds, losing one step (1H): %+v", us)
	}
	if us := g.s.Units[g.index("2cdo")]; us.Box != BoxEliminated {
		t.Errorf("11.6.1: the commandos' failure cost their step: %+v", us)
	}
	if !slices.Contains(ddCodeList(), "-/-D") {
		t.Fatal("the DD codes lost D")
	}
}
