package normandy44

import "testing"

// TestE05_LegalStacks_7_1: the figure of legal stacks is lost; the derived
// cases of the digest: a 7-strength unit (2 points), a 3-strength unit (2) and
// a 4-strength silhouette tank (free) make 4 points; a second silhouette of
// strength 3 makes 6; with silhouettes of 3 and 1 the 3 is the free one.
func TestE05_LegalStacks_7_1(t *testing.T) {
	inf := func(s int) stackMember { return stackMember{Type: Infantry, Strength: s} }
	tank := func(s int) stackMember { return stackMember{Type: Tank, Strength: s} }
	cases := []struct {
		name string
		ms   []stackMember
		want int
	}{
		{"7 + 3 + silhouette 4", []stackMember{inf(7), inf(3), tank(4)}, 4},
		{"and a second silhouette of 3", []stackMember{inf(7), inf(3), tank(4), tank(3)}, 6},
		{"silhouettes 3 and 1: the 3 is free", []stackMember{tank(1), tank(3)}, 1},
		{"strength 1-2 is 1 point", []stackMember{inf(1), inf(2)}, 2},
		{"free kinds, one of each (AMBIG-7)", []stackMember{{HQ, 1}, {Werfer, 1}, {Engineer, 1}, {Strongpoint, 3}, inf(6), inf(6)}, 4},
		{"a second HQ counts", []stackMember{{HQ, 1}, {HQ, 1}}, 1},
	}
	for _, c := range cases {
		if got := stackPoints(c.ms); got != c.want {
			t.Errorf("%s: %d points, want %d", c.name, got, c.want)
		}
	}
}

// TestStackingEnforced_7_2: under normandy44/4 a move may pass through a
// full hex but not end in one, and stacking counts the current step (a
// reduced 6-4 at 4 still counts 2; at (2) it counts 1). (normandy44/5 holds
// the limit at the end of the phase: TestStacking_7_2_PhaseEnd.)
func TestStackingEnforced_7_2(t *testing.T) {
	m := testMap{
		units: []string{allInf, allInf2, "a3 allied us 4 infantry 6-4 4-4 (2)-4 cadre=A"},
		setup: []string{"ainf 0402", "ainf2 0402", "a3 0401"},
	}
	g := m.gameUnder(t, "normandy44/4", Allied, 2)
	refused(t, g, Allied, "move a3 0401 0402", "7.1")
	g.s.Units[g.index["a3"]].Step = 2 // the cadre, strength (2): 1 point... still 5
	refused(t, g, Allied, "move a3 0401 0402", "7.1")
	apply(t, g, Allied, "move a3 0401 0402 0403") // through the full hex
	// Put a stack over the limit (as a set-up could): the phase cannot end.
	g.s.Units[g.index["a3"]].At = "0402"
	refused(t, g, Allied, "end", "7.2")
}
