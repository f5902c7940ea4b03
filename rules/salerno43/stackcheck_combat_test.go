package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 4.4 (L248): the phasing player holds the limit at the end of his Combat
// Phase, eliminating the excess units, his pick. Under salerno43/3 an
// advance might end over the limit: 2pz/16 (a second tank silhouette, 1
// point, 4.3) advances 2 hexes after its DR2 into a hex where 6 points and
// stug/16 stand. (From salerno43/4 no advance ends over the limit, 14.1:
// TestAdvanceEndsWithinStackingLimit_14_1.)
func TestAdvanceOverTheLimitEndOfCombat_4_4(t *testing.T) {
	g := emptyGameIn(t, "salerno43/3", 2, PhaseCombat, German)
	l := findBTLine(t, g)
	T, S, Y := g.b.ID(l.tgt), g.b.ID(l.side), g.b.ID(l.y)
	g.put(t, "2pz/16", g.b.ID(l.f))
	g.put(t, "1-141/36", T)
	for _, id := range []string{"9pg/26", "1-64/16", "2-64/16", "1-79/16", "stug/16"} { // 3+1+1+1, the first tank free
		g.put(t, id, S)
	}
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "attack "+T+" with 2pz/16 maf 2pz/16")
	want := "advance 2pz/16 " + T + " " + S
	offered, ev := playCombatEvents(t, g, 4, Y, func(ch []string) string {
		if slices.Contains(ch, want) {
			return want
		}
		return ""
	})
	if !slices.Contains(offered, want) {
		t.Fatalf("4.4: the advance may end over the limit in %s: %v", S, offered)
	}
	if at := g.s.Units[g.index("2pz/16")].Hex; at != S {
		t.Fatalf("2pz/16 in %s, want %s", at, S)
	}
	if !rulestest.HasEvent(ev, S+" holds 7 stacking points, over the limit") {
		t.Errorf("4.4: the combat's event says %s is over the limit: %v", S, ev)
	}
	ev = rulestest.Apply(t, g, de, "end")
	if !rulestest.HasEvent(ev, "end of the Combat Phase") || g.s.Phase != PhaseCombat || !g.s.StackCheck {
		t.Fatalf("4.4: the Combat Phase does not end with %s at 7 points: %v", S, ev)
	}
	if p := g.Pending(); !strings.Contains(p.Prompt, "Combat Phase") || len(g.Legal(de)) != 6 {
		t.Errorf("4.4: the owner picks one of the 6 units of %s: %q %v", S, p.Prompt, g.Legal(de))
	}
	rulestest.Refused(t, g, de, "attack "+Y+" with 2pz/16 maf 2pz/16", "4.4")
	rulestest.Apply(t, g, de, "eliminate 1-79/16")
	if g.s.StackCheck || g.s.Phase == PhaseCombat {
		t.Errorf("4.4: within the limit, the Combat Phase ends: phase %s, check %v", g.s.Phase, g.s.StackCheck)
	}
	if us := g.s.Units[g.index("1-79/16")]; us.Box != BoxEliminated {
		t.Errorf("4.4: 1-79/16 is eliminated: %+v", us)
	}
}

// 4.4 (L248), 15.0: stacking must be within the limit before each
// breakthrough: while a hex of the phasing side is over it, Legal offers
// the owner's eliminations in place of the breakthrough, which is
// refused; once within it, the breakthrough is open again.
func TestStackingBeforeBreakthrough_4_4_15_1(t *testing.T) {
	g, l := firstCombat(t, 1)
	F, Y := g.b.ID(l.f), g.b.ID(l.y)
	for _, id := range []string{"9pg/26", "1-64/16", "2-64/16", "1-79/16", "2-79/16"} { // 7 points
		g.put(t, id, F)
	}
	de := rules.Seat(German)
	bt := "attack " + Y + " with 2pz/16 maf 2pz/16 breakthrough"
	rulestest.Refused(t, g, de, bt, "4.4", F)
	legal := g.Legal(de)
	has := func(cmd string) bool {
		return slices.ContainsFunc(legal, func(c rules.Choice) bool { return c.Command == cmd })
	}
	if has(bt) || !has("eliminate 2-79/16") {
		t.Errorf("4.4: Legal offers the eliminations in %s, not the breakthrough: %v", F, legal)
	}
	rulestest.Refused(t, g, de, "eliminate 2pz/16", "4.4", "does not stand in "+F)
	rulestest.Apply(t, g, de, "eliminate 2-79/16")
	rulestest.Refused(t, g, de, "eliminate 1-79/16", "4.4", "no hex")
	legal = g.Legal(de)
	if !has(bt) {
		t.Errorf("15.1: within the limit, the breakthrough is offered again: %v", legal)
	}
	rulestest.Apply(t, g, de, bt)
}

// 4.4 (L248): the book lets a move end over the limit (the limit "may be
// exceeded during movement" and is held at the end of the phase), so Legal
// offers such a move, and its note and its event say what the end of the
// phase will ask.
func TestLegalOffersMoveOverTheLimit_4_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	l := findBTLine(t, g)
	T, F := g.b.ID(l.tgt), g.b.ID(l.f)
	for _, id := range []string{"9pg/26", "1-64/16", "2-64/16", "1-79/16"} { // 6 points
		g.put(t, id, T)
	}
	g.put(t, "2-79/16", F)
	de := rules.Seat(German)
	mv := "move 2-79/16 " + F + " " + T
	k := slices.IndexFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == mv })
	if k < 0 {
		t.Fatalf("4.4: Legal does not offer %q", mv)
	}
	if note := g.Legal(de)[k].Note; !strings.Contains(note, "7 stacking points") || !strings.Contains(note, "4.4") {
		t.Errorf("4.4: the note does not warn of the end of the phase: %q", note)
	}
	ev := rulestest.Apply(t, g, de, mv)
	if !rulestest.HasEvent(ev, T+" holds 7 stacking points, over the limit") {
		t.Errorf("4.4: the move's events do not say the hex is over the limit: %v", ev)
	}
	ev = rulestest.Apply(t, g, de, "move 1-79/16 "+T+" "+F)
	if rulestest.HasEvent(ev, "over the limit") {
		t.Errorf("a move out of the stack warns of nothing: %v", ev)
	}
}
