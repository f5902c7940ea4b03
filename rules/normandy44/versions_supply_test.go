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

// TestArmyPools_5_3: the scenario's 'supply us-1st-army N' and 'supply
// gb-2nd-army N' (docs/scenario-format.md) fill the SupP of the US 1st and
// British 2nd Armies (5.3, L349-353), which their HQs spend for artillery
// (17.2.5) and defensive support (17.2.6); normandy44/4 filled pools of those
// names that nothing read, so the points were lost without a word.
func TestArmyPools_5_3(t *testing.T) {
	m := testMap{
		units: []string{
			"a1 allied us 4 infantry 6-4 3-4", "ahq allied us - hq (1)-4 range=5",
			"b1 allied gb 3 infantry 6-4 3-4", "bhq allied gb - hq (1)-4 range=5",
			"g1 german heer 91 infantry 2-4 1-4", "g2 german heer 91 infantry 2-4 1-4",
		},
		setup:   []string{"a1 0504", "ahq 0504", "g1 0505", "b1 0204", "bhq 0204", "g2 0205"},
		special: []string{"supply us-1st-army 2", "supply gb-2nd-army 1"},
	}
	g := m.game(t, Allied, 3)
	g.s.Phase, g.s.Weather = PhaseCombat, WeatherOvercast2
	if pool(g, "us") != 2 || pool(g, "gb") != 1 || poolIndex(g.s.SupP, "us-1st-army") >= 0 {
		t.Fatalf("starting SupP %+v, want us 2 and gb 1", g.s.SupP)
	}
	apply(t, g, Allied, "attack 0505 from 0504 maf a1 art ahq ahq")
	if pool(g, "us") != 0 {
		t.Errorf("the US HQ's two shifts left %d US SupP, want 0", pool(g, "us"))
	}

	old := m.gameUnder(t, "normandy44/4", Allied, 3)
	old.s.Phase, old.s.Weather = PhaseCombat, WeatherOvercast2
	if pool(old, "us") != 0 || pool(old, "us-1st-army") != 2 {
		t.Fatalf("normandy44/4's starting SupP %+v", old.s.SupP)
	}
	refused(t, old, Allied, "attack 0505 from 0504 maf a1 art ahq", "17.2.5")
}
