package salerno43

import (
	"testing"
)

// 8.4.4 (L432): "Jednostki samodzielne nie są częścią żadnej formacji, ale
// mogą być przyłączone". gar-ta is independent (its counter's white
// stripe) though its line names hg: stacked with 1pg/hg and attacking
// under "maf hg" it is not of the MAF and attacks at half, 1 of its 2,
// unless named the add-on (8.4.3); alone, "maf hg" names no unit of the
// attack. salerno43/2
// read its formation: full strength, "maf hg" named it, and it could not
// be the add-on, being of the MAF already.
func TestIndependentIsOfNoFormation_8_4_4(t *testing.T) {
	for _, tc := range []struct {
		version         string
		inMAF, asAddOn  int // gar-ta's strength
		aloneUnderHGErr bool
	}{{"", 1, 2, true}, {"salerno43/2", 2, -1, false}} { // -1: refused
		g := emptyGameIn(t, tc.version, 3, PhaseCombat, German)
		l := findBTLine(t, g)
		T := g.b.ID(l.tgt)
		g.put(t, "1-141/36", T)
		g.put(t, "1pg/hg", g.b.ID(l.f))
		g.put(t, "gar-ta", g.b.ID(l.f)) // stacked with it: an add-on may be (8.4.3)
		if !g.sc.Units[g.index("gar-ta")].Independent {
			t.Fatal("gar-ta is independent in the scenario")
		}
		for _, a := range []struct {
			addOn string
			want  int
		}{{"", tc.inMAF}, {"gar-ta", tc.asAddOn}} {
			in, err := g.combatInput(AttackCommand{Target: T, With: []string{"1pg/hg", "gar-ta"}, MAF: "hg", AddOn: a.addOn}, false)
			if (err != nil) != (a.want < 0) {
				t.Errorf("version %q, add-on %q: %v; want refused: %v", tc.version, a.addOn, err, a.want < 0)
			}
			if err != nil {
				continue
			}
			if s, _ := in.attackStrength(g.index("gar-ta")); s != a.want {
				t.Errorf("version %q, add-on %q: gar-ta attacks at %d, want %d (8.4.3, 8.4.4)", tc.version, a.addOn, s, a.want)
			}
		}
		_, err := g.combatInput(AttackCommand{Target: T, With: []string{"gar-ta"}, MAF: "hg"}, false)
		if (err != nil) != tc.aloneUnderHGErr {
			t.Errorf("version %q: gar-ta alone under \"maf hg\": %v; want refused: %v (8.4.1, 8.4.4)", tc.version, err, tc.aloneUnderHGErr)
		}
	}
}
