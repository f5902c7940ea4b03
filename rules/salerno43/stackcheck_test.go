package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 4.4 (L244-248): the limit may be exceeded during movement; at the end of
// the Movement Phase the active player checks it, and the owner eliminates
// the excess units he picks.
func TestStackingAtEndOfMovement_4_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	l := findBTLine(t, g)
	T, F := g.b.ID(l.tgt), g.b.ID(l.f)
	for _, id := range []string{"9pg/26", "1-64/16", "2-64/16", "1-79/16"} { // 3+1+1+1 = 6
		g.put(t, id, T)
	}
	g.put(t, "2-79/16", F)
	de := rules.Seat(German)
	// 4.4: the move may end at 7 points.
	rulestest.Apply(t, g, de, "move 2-79/16 "+F+" "+T)
	ev := rulestest.Apply(t, g, de, "end")
	if !rulestest.HasEvent(ev, "over the stacking limit") || g.s.Phase != PhaseMovement || !g.s.StackCheck {
		t.Fatalf("4.4: the phase does not end with %s over the limit: %v", T, ev)
	}
	p := g.Pending()
	if len(p.Seats) != 1 || p.Seats[0] != de {
		t.Errorf("4.4: the owner picks: %+v", p)
	}
	if ch := g.Legal(de); len(ch) != 5 {
		t.Errorf("4.4: any of the 5 units of %s may go: %v", T, ch)
	}
	rulestest.Refused(t, g, de, "move 2-79/16 "+T+" "+F, "4.4")
	rulestest.Refused(t, g, de, "eliminate kgd/16", "4.4", "does not stand in "+T)
	rulestest.Apply(t, g, de, "eliminate 1-64/16")
	if us := g.s.Units[g.index("1-64/16")]; us.Box != BoxEliminated {
		t.Errorf("4.4: 1-64/16 is eliminated: %+v", us)
	}
	if g.s.StackCheck || g.s.Phase == PhaseMovement {
		t.Errorf("4.4: within the limit, the phase ends: phase %s, check %v", g.s.Phase, g.s.StackCheck)
	}
}

// 4.4: a Movement Phase within the limit ends at once.
func TestStackingWithinLimitEnds_4_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	l := findBTLine(t, g)
	g.put(t, "9pg/26", g.b.ID(l.tgt))
	g.put(t, "1-64/16", g.b.ID(l.tgt))
	rulestest.Apply(t, g, rules.Seat(German), "end")
	if g.s.StackCheck || g.s.Phase == PhaseMovement {
		t.Errorf("the phase ends: phase %s, check %v", g.s.Phase, g.s.StackCheck)
	}
}
