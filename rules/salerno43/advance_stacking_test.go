package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// fullBeside fills hex id with German units of 6 stacking points, a tank
// silhouette among them (the first stacks free, 4.3): 104pg/15 and
// 115pg/15 (3 each) and stug/16. A second silhouette puts it over the
// limit.
func fullBeside(t *testing.T, g *Game, id string) {
	t.Helper()
	for _, u := range []string{"104pg/15", "115pg/15", "stug/16"} {
		g.put(t, u, id)
	}
}

// 14.1 (L833): "Na koniec każdego pościgu przestrzegaj limitu stosu"; the
// limit may be exceeded only during an advance (4.4, L248), and unlike a
// retreat (12.1.4, L713) no advance is let end over it. 2pz/16 (a second
// silhouette, 1 point) wins a DR2 on 1-141/36 next to a hex full with 6
// points: its advance of 2 may go through the vacated hex but not end in
// the full one, and Legal offers no such advance. salerno43/3 offered it.
func TestAdvanceEndsWithinStackingLimit_14_1(t *testing.T) {
	for _, tc := range []struct {
		version string
		offered bool
	}{{"", false}, {"salerno43/3", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		l := findBTLine(t, g)
		T, S := g.b.ID(l.tgt), g.b.ID(l.side)
		g.put(t, "2pz/16", g.b.ID(l.f))
		g.put(t, "1-141/36", T)
		fullBeside(t, g, S)
		rulestest.Apply(t, g, rules.Seat(German), "attack "+T+" with 2pz/16 maf 2pz/16")
		var advances []string
		playCombat(t, g, 4, S, func(choices []string) string {
			if advances == nil {
				advances = slices.Clone(choices)
			}
			return ""
		})
		ends := func(c string) bool { return strings.HasSuffix(c, " "+S) }
		if !slices.Contains(advances, "advance 2pz/16 "+T) {
			t.Fatalf("version %q: 3-1, 4 is a DR2 and 2pz/16 may advance into %s: %v", tc.version, T, advances)
		}
		if got := slices.ContainsFunc(advances, ends); got != tc.offered {
			t.Errorf("version %q: an advance ending in the full hex %s offered %v, want %v: %v", tc.version, S, got, tc.offered, advances)
		}
	}
}

// 14.1 for an Auto DS's advance (8.7.2, L471: it keeps the advance
// rules): 2pz/16 may not end its advance in the full hex next to the
// vacated one, nor is it offered, but it may go through it.
// salerno43/3 let it end there.
func TestAutoDSAdvanceEndsWithinStackingLimit_8_7_2_14_1(t *testing.T) {
	de := rules.Seat(German)
	for _, tc := range []struct {
		version string
		allowed bool
	}{{"", false}, {"salerno43/3", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		l := findBTLine(t, g)
		g = autoAdvancer(t, tc.version, l.f, l.tgt)
		T, S := g.b.ID(l.tgt), g.b.ID(l.side)
		fullBeside(t, g, S)
		into := "autods-advance 2pz/16 " + T + " " + S
		if offered := slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == into }); offered != tc.allowed {
			t.Errorf("version %q: Legal offers %q, into the full hex: %v, want %v", tc.version, into, offered, tc.allowed)
		}
		if tc.allowed {
			rulestest.Apply(t, g, de, into)
			continue
		}
		rulestest.Refused(t, g, de, into, "14.1")
		rulestest.Apply(t, g, de, into+" "+g.b.ID(l.y)) // 4.4: through it
	}
}
