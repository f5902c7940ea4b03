package normandy44

import "testing"

// TestCadres_17_9_ThirdStep: the engine keeps a 3-step unit's cadre as its
// third step, not as a counter of the Cadre Display, and plays 17.9 the same
// (scenario.go's Unit, docs/scenario-format.md): the second step loss leaves the unit
// with its cadre's values, which defend only (17.9.1, 17.9.2, L1227-1229);
// a Repl on the cadre brings back the unit on its reduced side (17.9.3,
// L1231); an eliminated cadre is rebuilt as the cadre, and two more Repl
// make the full unit again (17.9.4, L1233).
func TestCadres_17_9_ThirdStep(t *testing.T) {
	m := rebuildMap()
	m.units = append(m.units, "g3 german heer 1 infantry 6-4 4-4 (2)-4 cadre=A")
	m.setup = append(m.setup, "g3 0404")
	g := m.game(t, German, 3)
	i := g.index["g3"]
	g.loseStep(i, "12.3")
	g.loseStep(i, "12.3")
	if us, st := g.s.Units[i], g.unit(i).Steps[g.s.Units[i].Step]; us.Gone || st.Strength != 2 || !st.DefendOnly {
		t.Fatalf("after two losses: %+v, step %+v; want the cadre, (2), defending only", us, st)
	}
	if g.mayAttack(i) {
		t.Error("the cadre may attack (17.9.2)")
	}
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 3}}
	apply(t, g, German, "replace g3")
	if st := g.s.Units[i].Step; st != 1 {
		t.Errorf("a Repl on the cadre: step %d, want the reduced side (17.9.3)", st+1)
	}

	g.eliminate(i)
	g.s.Turn++
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 1}}
	apply(t, g, German, "rebuild g3 0405")
	if st := g.s.Units[i].Step; st != 2 {
		t.Fatalf("rebuilt: step %d, want the cadre (17.9.4)", st+1)
	}
	for want := 1; want >= 0; want-- {
		g.s.Turn++
		g.s.Units[i].Repl = false // a new turn's Replacement Phase (6.2.4)
		g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 1}}
		apply(t, g, German, "replace g3")
		if st := g.s.Units[i].Step; st != want {
			t.Errorf("step %d after a Repl, want %d (17.9.4)", st+1, want+1)
		}
	}
}
