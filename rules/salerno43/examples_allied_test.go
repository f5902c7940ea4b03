package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// beachHex is the hex of the beach named name.
func beachHex(t *testing.T, g *Game, name string) string {
	t.Helper()
	for id, b := range g.b.beaches {
		if b.Name == name {
			return id
		}
	}
	t.Fatalf("no beach %s", name)
	return ""
}

// inlandOf is a land hex next to beach hex id, neither sea nor held,
// that unit i may enter by Tactical Movement from it.
func inlandOf(t *testing.T, g *Game, i int, id string) string {
	t.Helper()
	a, _ := g.b.Hex(id)
	ctx := g.moveContext(Allied)
	for _, n := range a.Neighbors() {
		if !g.b.Land(n) || len(g.pos().at(n)) > 0 {
			continue
		}
		if _, err := g.mover(i, moveHow{tactical: true}, ctx, a, false).Walk([]hex.Axial{a, n}); err == nil {
			return g.b.ID(n)
		}
	}
	t.Fatalf("no hex inland of %s", id)
	return ""
}

// PLAY-15 L-M (L1752-1770; 24.4.1, 24.4.2): on turn 1 the Allies move by
// Tactical Movement only: the follow-up wave lands, the BH hex its first
// hex and one inland its second; the 46th Division's units ashore move
// inland toward Salerno and the 56th's toward Battipaglia, by TM alone:
// Legal offers no other move, and a move without 'tm' is refused.
func TestAlliedMovementTMOnly_PLAY15LM_24_4(t *testing.T) {
	g := emptyGame(t, 1, PhaseMovement, Allied)
	uncle, roger := beachHex(t, g, "uncle"), beachHex(t, g, "roger")
	g.put(t, "bh-uncle", uncle)
	g.put(t, "bh-roger", roger)
	g.s.Units[g.index("138/46")].Box = boxFollowUp + "uncle"
	g.s.Units[g.index("201g/56")].Box = boxFollowUp + "roger"
	g.put(t, "128/46", uncle)
	g.put(t, "169/56", roger)
	al := rules.Seat(Allied)
	for _, c := range g.Legal(al) {
		if w := strings.Fields(c.Command); w[0] == "move" && w[len(w)-1] != "tm" {
			t.Errorf("24.4.1: on turn 1 the Allies move by TM only, yet %q is offered", c.Command)
		}
	}
	// L: the 46th Division.
	in46 := inlandOf(t, g, g.index("138/46"), uncle)
	rulestest.Apply(t, g, al, "land 138/46 "+uncle+" "+in46)
	if at := g.s.Units[g.index("138/46")]; at.Hex != in46 || at.Box != "" {
		t.Errorf("PLAY-15 L: 138/46 lands at %s and goes on to %s (24.4.2): %+v", uncle, in46, at)
	}
	to := inlandOf(t, g, g.index("128/46"), uncle)
	rulestest.Refused(t, g, al, "move 128/46 "+uncle+" "+to, "24.4.1")
	rulestest.Apply(t, g, al, "move 128/46 "+uncle+" "+to+" tm")
	// M: the 56th Division.
	in56 := inlandOf(t, g, g.index("201g/56"), roger)
	rulestest.Apply(t, g, al, "land 201g/56 "+roger+" "+in56)
	to = inlandOf(t, g, g.index("169/56"), roger)
	rulestest.Refused(t, g, al, "move 169/56 "+roger+" "+to+" ext", "24.4.1")
	rulestest.Apply(t, g, al, "move 169/56 "+roger+" "+to+" tm")
}

// PLAY-15 O (L1771-1773; 18.4.2, 24.4.2): the 143rd Regiment stays at sea
// on turn 1 and lands on turn 2, from any BH the Allies hold, not its
// beach's alone; a US unit may land at a CW BH, but is then DG instead of
// ½ Eff.
func TestRegimentStaysAtSea_PLAY15O_18_4_2(t *testing.T) {
	g := emptyGame(t, 1, PhaseMovement, Allied)
	red, blue, uncle := beachHex(t, g, "red"), beachHex(t, g, "blue"), beachHex(t, g, "uncle")
	g.put(t, "bh-red", red)
	g.put(t, "bh-blue", blue)
	g.put(t, "bh-uncle", uncle)
	g.s.Units[g.index("143/36")].Box = boxFollowUp + "red"
	g.s.Units[g.index("hq/36")].Box = boxFollowUp + "blue"
	al := rules.Seat(Allied)
	rulestest.Refused(t, g, al, "land 143/36 "+blue, "18.4.4")
	g.s.Turn = 2
	rulestest.Apply(t, g, al, "land 143/36 "+blue)
	if at := g.s.Units[g.index("143/36")]; at.Hex != blue || at.Status != GoodOrder {
		t.Errorf("PLAY-15 O: on turn 2 the 143rd lands at the Blue BH: %+v", at)
	}
	ev := rulestest.Apply(t, g, al, "land hq/36 "+uncle)
	at := g.s.Units[g.index("hq/36")]
	if at.Status != Disorganized || at.HalfEff || !rulestest.HasEvent(ev, "18.4.2") {
		t.Errorf("PLAY-15 O: a US unit landing at a CW BH is DG instead of ½ Eff (18.4.2): %+v %v", at, ev)
	}
}
