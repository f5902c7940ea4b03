package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// legalMoveTo is the cost of the normal move (not TM, nor Extended) of
// unit to end that Legal offers, or -1 for none.
func legalMoveTo(g *Game, unit string, end hex.Axial) int {
	for _, c := range g.Legal(rules.Seat(g.s.Side)) {
		f := strings.Fields(c.Command)
		if f[0] == "move" && f[1] == unit && f[len(f)-1] == g.b.ID(end) {
			return c.Cost
		}
	}
	return -1
}

// 5.5 (L276), 2.3.3 (L139): "Jednostki piechoty (2.3.3) płacą +1 MP aby
// przekroczyć rzekę bez mostu". The panzergrenadiers 1-64/16 are
// mechanized but infantry-type (†): they cross an unbridged river in a
// normal move, for the clear hex's mechanized 1 MP and 1 MP for the river,
// and Legal offers the crossing where no way round is cheaper. The recon
// kgd/16, a vehicle (*), still crosses only by TM. salerno43/2 priced the
// river by the chart's mechanized column, which bars it: the
// panzergrenadiers crossed it only by TM, and Legal offered only the way
// round.
func TestMechInfantryCrossesUnbridgedRiver_5_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	old, err := versionRules.Rules("salerno43/2")
	if err != nil {
		t.Fatal(err)
	}
	cur := g.ver
	i := g.index("1-64/16")
	if info := g.sc.Units[i].Info(); !info.Infantry || !info.Mech || info.Vehicle {
		t.Fatalf("1-64/16 is %+v, want mechanized infantry type", info)
	}
	// a river no way round crosses for 2 MP or less under salerno43/2
	g.ver = old
	x, y := riverSide(t, g, func(x, y hex.Axial) bool {
		g.put(t, "1-64/16", g.b.ID(x))
		c := legalMoveTo(g, "1-64/16", y)
		return c < 0 || c > 2*hexwar.MP
	})
	cmd := "move 1-64/16 " + g.b.ID(x) + " " + g.b.ID(y)
	if _, err := g.Apply(rules.Seat(German), cmd); err == nil {
		t.Error("salerno43/2: 1-64/16 crossed the unbridged river in a normal move")
	}

	g.ver = cur
	if c := legalMoveTo(g, "1-64/16", y); c != 2*hexwar.MP {
		t.Errorf("5.5: Legal offers 1-64/16 a move to %s for %s MP, want 2 across the river", g.b.ID(y), hexwar.MPText(c))
	}
	ev := rulestest.Apply(t, g, rules.Seat(German), cmd)
	if text := rulestest.EventsText(ev); !strings.Contains(text, "(2 MP)") {
		t.Errorf("5.5: 1 MP for the clear hex and +1 MP for the river, 2 MP; got %s", text)
	}

	v := g.put(t, "kgd/16", g.b.ID(x))
	if !g.sc.Units[v].Info().Vehicle {
		t.Fatal("kgd/16 is a vehicle")
	}
	if _, err := g.Apply(rules.Seat(German), "move kgd/16 "+g.b.ID(x)+" "+g.b.ID(y)); err == nil {
		t.Error("5.5: the recon kgd/16, a vehicle, crosses the unbridged river only by TM")
	}
	rulestest.Apply(t, g, rules.Seat(German), "move kgd/16 "+g.b.ID(x)+" "+g.b.ID(y)+" tm")
}
