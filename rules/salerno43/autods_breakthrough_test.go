package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 15.4 (L924-926), 8.7.2 (L471): EX-12's Auto DS on 2617, then in the
// Combat Phase its units advance, and one stack of them may break through,
// as after a normal combat; each Auto DS makes one breakthrough group.
func TestAutoDSBreakthrough_15_4(t *testing.T) {
	g := ex12Position(t)
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "autods 2617 with 2pz/16 stug/16 1-79/16 2-79/16 1-64/16 maf 16pz")
	for g.s.Combat != nil {
		rulestest.Apply(t, g, de, g.Legal(de)[0].Command)
	}
	rulestest.Apply(t, g, de, "end")
	if g.s.Phase != PhaseCombat {
		t.Fatalf("want the German Combat Phase: %s", g.phaseName())
	}
	// Y: a hex next to 2617 across a plain hexside (15.2.6), for 5h/46.
	at, _ := g.b.Hex("2617")
	y := ""
	for _, n := range at.Neighbors() {
		if g.b.Land(n) && g.b.Terrain(n) == Clear && g.plainSide(at, n) && len(g.pos().at(n)) == 0 {
			y = g.b.ID(n)
			break
		}
	}
	if y == "" {
		t.Fatal("no clear hex next to 2617")
	}
	g.put(t, "5h/46", y)
	bt := "attack " + y + " with 2pz/16 stug/16 maf 2pz/16 breakthrough"
	rulestest.Refused(t, g, de, bt, "8.1") // not next to it before the advance
	ev := rulestest.Apply(t, g, de, "autods-advance 2pz/16 2617")
	if !rulestest.HasEvent(ev, "15.4") || g.s.Breakthrough == nil || g.s.Breakthrough.Auto != "2617" {
		t.Fatalf("15.4: 2pz/16's advance allows a breakthrough: %v %+v", ev, g.s.Breakthrough)
	}
	rulestest.Apply(t, g, de, "autods-advance stug/16 2617")
	if b := g.s.Breakthrough; b == nil || len(b.Units) != 2 {
		t.Fatalf("15.2.2: 2pz/16 and stug/16 stacked in 2617 make the group: %+v", b)
	}
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == bt }) {
		t.Errorf("15.4: Legal offers %q: %v", bt, g.Legal(de))
	}
	rulestest.Refused(t, g, de, "attack "+y+" with 2pz/16 stug/16 maf 16pz", "8.7.2") // no normal combat after the advance
	rulestest.Apply(t, g, de, bt)
	if !slices.Contains(g.s.AutoBroke, "2617") {
		t.Errorf("15.4: the Auto DS on 2617 has made its group: %v", g.s.AutoBroke)
	}
	playCombat(t, g, 3, "2617", nil)
	ev = rulestest.Apply(t, g, de, "autods-advance 1-79/16 2617")
	if rulestest.HasEvent(ev, "15.4") || g.s.Breakthrough != nil {
		t.Errorf("15.4: one breakthrough group an Auto DS: %v %+v", ev, g.s.Breakthrough)
	}
	for _, c := range g.Legal(de) {
		if w := strings.Fields(c.Command); w[0] == "attack" {
			t.Errorf("15.4, 8.7.2: no attack is open after the group's, yet %q is offered", c.Command)
		}
	}
}
