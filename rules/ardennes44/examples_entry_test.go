package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The digest's worked examples of reinforcements and Blocking Positions
// (digest 5: T-10, T-11), on a fixture whose south edge holds the SE
// sector's entry hexes A, B and C.

var entryFixture = fixture{
	places: []string{"entry 0301 A allied se", "entry 0601 B allied se", "entry 0901 C allied se"},
	zones:  []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
	extra:  "\n[reinforcements]\n3 4/8/2 AB\n3 4/22/2 AB\n4 10arm/cca ABC\n",
}

// choicesFor lists side's legal commands naming unit.
func choicesFor(g *Game, side Side, unit string) []string {
	var out []string
	for _, c := range g.Legal(rules.Seat(side)) {
		if w := strings.Fields(c.Command); len(w) > 1 && w[1] == unit {
			out = append(out, c.Command)
		}
	}
	return out
}

// T-10 (13.1, 13.4): 4/8/2, arriving 3-AB, may on turn 3 enter through A or
// B, go to the SE Off-map Area, or go to the Blocking Position of A or B.
func TestT10_ReinforcementOptions_13_1(t *testing.T) {
	g := entryFixture.game(t, 3, PhaseMovement, Allied)
	g.enterForTest()
	cs := choicesFor(g, Allied, "4/8/2")
	for _, want := range []string{"go 4/8/2 off-se", "go 4/8/2 block-A", "go 4/8/2 block-B"} {
		if !slices.Contains(cs, want) {
			t.Errorf("%q not offered: %v (13.1)", want, cs)
		}
	}
	if slices.Contains(cs, "go 4/8/2 block-C") {
		t.Error("C is not 4/8/2's entry hex (2.6)")
	}
	through := func(h string) bool {
		return slices.ContainsFunc(cs, func(c string) bool { return strings.HasPrefix(c, "move 4/8/2 "+h+" ") || c == "move 4/8/2 "+h })
	}
	if !through("0301") || !through("0601") || through("0901") {
		t.Errorf("moves onto the map through A (0301) and B (0601) only: %v (13.1)", cs)
	}
}

// T-11 (13.4, 13.6): a German unit holds entry hex A; Allied units of DF 4
// in its Blocking Position do not block it, and the whole SE sector is
// closed; 4/22/2 joins them, DF 6, and 10 Arm/CCA may enter through B.
func TestT11_BlockingAnOccupiedEntry_13_4(t *testing.T) {
	f := entryFixture
	f.setup = []string{"12/27 0301", "4/8(-) 0909"}
	f.extra = "\n[reinforcements]\n4 4/22/2 AB\n4 10arm/cca ABC\n"
	g := f.game(t, 4, PhaseMovement, Allied)
	st(g, "4/8(-)").At = blockPrefix + "A"
	g.enterForTest()
	if open, _ := g.sectorOpen("se"); open {
		t.Fatal("DF 4 in Blocking Position A: the SE sector is open; want closed (13.4)")
	}
	_, err := g.Apply(rules.Seat(Allied), "move 10arm/cca 0601")
	refused(t, err, "13.4")
	apply(t, g, Allied, "go 4/22/2 block-A")
	if n := g.blockingDF("A"); n != 6 {
		t.Fatalf("Blocking Position A: DF %d, want 6", n)
	}
	if open, why := g.sectorOpen("se"); !open {
		t.Fatalf("DF 6 blocks A, the sector opens (13.4): %s", why)
	}
	apply(t, g, Allied, "move 10arm/cca 0601")
}
