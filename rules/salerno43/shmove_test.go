package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 13.3.2 in the Movement Phase: the German 2pz/16 moves into a hex next to
// the Shattered 142/36, alone in its hex; the Allied player must retreat
// it 2 hexes at once (his decision, in the German turn), and the German
// then goes on with his phase.
func TestShatteredRetreatInMovement_13_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	sh := g.put(t, "142/36", id(dE))
	g.s.Units[sh].Status = Shattered
	g.put(t, "2pz/16", id(dW))
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Apply(t, g, de, "move 2pz/16 "+id(dW)+" "+id(hex.Axial{}))
	p := g.Pending()
	if len(p.Seats) != 1 || p.Seats[0] != al || !strings.Contains(p.Prompt, "13.3.2") || !strings.Contains(p.Prompt, "2pz/16") {
		t.Fatalf("13.3.2: the Allied owner retreats 142/36 at once: pending %+v", p)
	}
	if _, err := g.Apply(de, "end"); err == nil {
		t.Fatal("13.3.2: the German phase waits for the Allied retreat")
	}
	legal := g.Legal(al)
	if len(legal) < 2 {
		t.Fatalf("13.3.2: on open ground the owner chooses among paths: %v", legal)
	}
	for _, ch := range legal {
		f := strings.Fields(ch.Command)
		if f[0] != "sh-retreat" || f[1] != "142/36" || len(f) < 4 || len(f) > 5 {
			t.Fatalf("13.3.2: a retreat of 2 hexes (3 with 12.2's extra hex): %q", ch.Command)
		}
	}
	if _, err := g.Apply(al, "sh-retreat 142/36 "+id(dE)+" "+id(dW)); err == nil {
		t.Error("13.3.2: a path that is no retreat is refused")
	}
	rulestest.Apply(t, g, al, legal[0].Command)
	us := g.s.Units[sh]
	to, _ := g.b.Hex(us.Hex)
	if d := hex.Distance(to, o.Add(dE)); d < 2 || us.Status != Shattered {
		t.Errorf("13.3.2: 142/36 retreats 2 hexes, Shattered still: %+v", us)
	}
	if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != de {
		t.Errorf("13.3.2: the German goes on with his Movement Phase: %+v", p)
	}
}

// 13.3.2: a Shattered unit stacked with a friendly non-Shattered unit does
// not retreat when the enemy comes next to it.
func TestShatteredCoveredStaysInMovement_13_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	sh := g.put(t, "142/36", id(dE))
	g.s.Units[sh].Status = Shattered
	g.put(t, "141/36", id(dE))
	g.put(t, "2pz/16", id(dW))
	rulestest.Apply(t, g, rules.Seat(German), "move 2pz/16 "+id(dW)+" "+id(hex.Axial{}))
	if len(g.s.SHMove) != 0 || g.s.Units[sh].Hex != id(dE) {
		t.Errorf("13.3.2: 142/36, stacked with 141/36 in Good Order, stays: %+v %v", g.s.Units[sh], g.s.SHMove)
	}
}

// 13.3.2, 12.2: a Shattered unit whose automatic retreat has no legal path
// (every hex around it held by the enemy) is eliminated at once, and the
// mover's phase goes on.
func TestShatteredNoRetreatEliminatedInMovement_13_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	sh := g.put(t, "142/36", id(hex.Axial{}))
	g.s.Units[sh].Status = Shattered
	for k, d := range []hex.Axial{dNE, dNW, dW, dSW, dSE} {
		g.put(t, []string{"2pz/16", "kgd/16", "1-79/16", "1-64/16", "2-64/16"}[k], id(d))
	}
	g.put(t, "2-79/16", id(hex.Axial{Q: 2}))
	de := rules.Seat(German)
	ev := rulestest.Apply(t, g, de, "move 2-79/16 "+id(hex.Axial{Q: 2})+" "+id(dE))
	if g.s.Units[sh].Box != BoxEliminated || !rulestest.HasEvent(ev, "12.2") {
		t.Errorf("13.3.2, 12.2: 142/36 has no retreat and is eliminated: %+v %v", g.s.Units[sh], ev)
	}
	if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != de || len(g.s.SHMove) != 0 {
		t.Errorf("the German goes on with his Movement Phase: %+v %v", p, g.s.SHMove)
	}
}

// 13.3.2: the Shattered unit retreats "at once", while the enemy stands in
// the hex that set it off: 2pz/16 came west of the Shattered 142/36 and
// went on out of reach; no retreat of 142/36 goes through the hex 2pz/16
// stood in then, though it stands far from it now.
func TestShatteredRetreatsWhileMoverNextToIt_13_3_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	o := openGround(t, g)
	id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
	sh := g.put(t, "142/36", id(hex.Axial{}))
	g.s.Units[sh].Status = Shattered
	g.put(t, "2pz/16", id(hex.Axial{Q: -4, R: 3}))
	g.s.SHMove = []shTriggered{{Unit: "142/36", Mover: "2pz/16", At: id(dW)}}
	legal := g.Legal(rules.Seat(Allied))
	if len(legal) == 0 {
		t.Fatalf("13.3.2: 142/36 retreats: pending %+v", g.Pending())
	}
	for _, ch := range legal {
		if f := strings.Fields(ch.Command); f[2] == id(dW) {
			t.Errorf("13.3.2: 2pz/16 stood in %s when 142/36 had to retreat: %q", id(dW), ch.Command)
		}
	}
	if g.s.Units[g.index("2pz/16")].Hex != id(hex.Axial{Q: -4, R: 3}) {
		t.Error("the scene of the retreat leaves the game's map as it is")
	}
}
