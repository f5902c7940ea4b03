package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// overstackedBreakthrough is firstCombat's breakthrough ready on Y, where
// 141/36 and 142/36 (3 points each, DG) retreated this phase onto 5h/46
// (1 point): 7 points over the limit of 6 (12.1.4), under the rules
// version named ("" the current one) from the breakthrough on. It returns
// the breakthrough's declaration.
func overstackedBreakthrough(t *testing.T, version string) (*Game, string) {
	t.Helper()
	g, l := firstCombat(t, 1)
	ver, err := versionRules.Rules(version)
	if err != nil {
		t.Fatal(err)
	}
	g.ver = ver
	Y := g.b.ID(l.y)
	for _, id := range []string{"141/36", "142/36"} {
		i := g.put(t, id, Y)
		g.s.Units[i].Status = Disorganized
		g.s.Retreated = append(g.s.Retreated, id)
	}
	return g, "attack " + Y + " with 2pz/16 maf 2pz/16 breakthrough"
}

// 15.3 (L920): "Jeśli heks obrońcy przekroczy limit stosu (12.1.4),
// wówczas wszystkie jednostki przekraczające limit stosu (wybór obrońcy)
// nie wnoszą nic do obrony". Before the die the defender names the units
// over the limit among the smallest sets that leave the rest within it
// (5h/46, or either 3-point regiment), and Legal lists them; the one named
// adds nothing: 5h/46 (2) and 142/36 (DG, 3) defend with 5, not 8; and,
// as the units over the limit of 10.2.2's note (L598), it takes no step
// loss. salerno43/3 let all three defend.
func TestBreakthroughOverstackedDefenderNamesExcess_15_3(t *testing.T) {
	g, bt := overstackedBreakthrough(t, "")
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, rules.Seat(German), bt)
	a := g.combat().Await()
	want := []string{"over-limit 141/36", "over-limit 142/36", "over-limit 5h/46"}
	got := slices.Sorted(slices.Values(a.Choices))
	if a.Decision != DecOverLimit || a.Side != string(Allied) || !slices.Equal(got, want) {
		t.Fatalf("15.3: the defender names the units over the limit, one of %v: the combat waits for %s", want, a)
	}
	if !slices.ContainsFunc(g.Legal(al), func(c rules.Choice) bool { return c.Command == "over-limit 141/36" }) {
		t.Errorf("Legal lists no 'over-limit 141/36': %v", g.Legal(al))
	}
	rulestest.Refused(t, g, al, "over-limit 141/36 142/36", "15.3")
	rulestest.Apply(t, g, al, "over-limit 141/36")
	c := g.combat()
	if c.Odds.Defense != 5 {
		t.Errorf("15.3: 141/36, over the limit, adds nothing: defense %d, want 5 (5h/46 2, 142/36 DG 3)", c.Odds.Defense)
	}
	for _, u := range c.Defenders {
		if (u.ID == "141/36") != (u.OverLimit && u.Strength == 0) || u.RetreatedIn {
			t.Errorf("15.3: %s %+v", u.ID, u)
		}
	}
	// The step losses: of the dice that cost the defenders a step, none
	// may fall on 141/36 (10.2.2 note).
	lossSeen := false
	for die := 1; die <= 6; die++ {
		w := g.Clone().(*Game)
		for w.s.Combat != nil && w.combat().Await().Decision == DecDefAir {
			rulestest.Apply(t, w, al, "no-def-air")
		}
		rulestest.Roll(t, w, die)
		if w.s.Combat == nil {
			continue
		}
		if a := w.combat().Await(); a.Decision == combat.DecDefenderLoss {
			lossSeen = true
			if slices.Contains(a.Choices, "141/36") {
				t.Errorf("die %d: 10.2.2 note: 141/36, over the limit, takes no step loss: %v", die, a.Choices)
			}
		}
	}
	if !lossSeen {
		t.Error("no die cost the defenders a step: the loss is not shown")
	}
}

// Under salerno43/3 the breakthrough asked nothing and all three defended:
// 2 + 3 + 3.
func TestBreakthroughOverstackedAllDefend_Version3_15_3(t *testing.T) {
	g, bt := overstackedBreakthrough(t, "salerno43/3")
	rulestest.Apply(t, g, rules.Seat(German), bt)
	c := g.combat()
	if a := c.Await(); a.Decision == DecOverLimit || c.Odds.Defense != 8 {
		t.Errorf("salerno43/3: no choice (%s), defense %d, want 8", a, c.Odds.Defense)
	}
}
