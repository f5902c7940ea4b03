package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The fixes of normandy44/5 to supply and attrition, each against the
// rulebook (seeds/000, its line); normandy44/4 keeps its reading.

// TestOst_17_1_AttritionRemoves: an Ost unit that loses a step to isolation
// attrition is removed from play (17.1, L1131: "są usuwane z gry, jeśli
// poniosą redukcję wytrzymałości"), as in combat; normandy44/4 flipped it to
// its reduced side.
func TestOst_17_1_AttritionRemoves(t *testing.T) {
	const ost = "gost german heer 1 ost 4-3 2-3"
	m := pocketMap([]string{ost}, []string{"gost 0705"})
	for _, c := range []struct {
		version string
		gone    bool
		step    int
	}{{Version, true, 0}, {"normandy44/4", false, 1}} {
		g := m.gameUnder(t, c.version, German, 3)
		isolatedAgain(t, g, "gost")
		if strings.Join(g.s.Attrition, ",") != "gost" {
			t.Fatalf("%s: rolling for attrition %v, want gost", c.version, g.s.Attrition)
		}
		ev, err := g.Roll([]int{1}) // T12: 1-4 loses a step
		if err != nil {
			t.Fatal(err)
		}
		us := g.s.Units[g.index["gost"]]
		if us.Gone != c.gone || us.Step != c.step {
			t.Errorf("%s: after attrition gone %v step %d, want gone %v step %d (%v)", c.version, us.Gone, us.Step, c.gone, c.step, ev)
		}
		if c.gone && !rulestest.HasEvent(ev, "is removed from play (18.5.1, 17.1)") {
			t.Errorf("%s: the removal does not cite 17.1: %v", c.version, ev)
		}
	}
}
