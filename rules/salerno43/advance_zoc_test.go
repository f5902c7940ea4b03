package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 14.4.1 (L849): "Żadna jednostka nie może przejść z jednego EZOC
// bezpośrednio do innego EZOC tej samej jednostki wroga, chyba że wchodzi
// lub wychodzi z opuszczonego heksu obrońcy", with no exception for the
// advance's first hex. 2pz/16 attacks o from the west, standing in the ZOC
// of 142/36 south-west of it; the hex west of 2pz/16 lies in that unit's
// ZOC too and is not the vacated hex: 2pz/16 may not advance into it.
// salerno43/2 checked the steps after the first only and offered it.
func TestAdvanceFirstStepZOCToZOC_14_4_1(t *testing.T) {
	for _, tc := range []struct {
		version string
		offered bool
	}{{"", false}, {"salerno43/2", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		o := openGround(t, g)
		id := func(d hex.Axial) string { return g.b.ID(o.Add(d)) }
		g.put(t, "1-141/36", id(hex.Axial{}))
		g.put(t, "2pz/16", id(dW))
		g.put(t, "142/36", id(hex.Axial{Q: -2, R: 1}))
		rulestest.Apply(t, g, rules.Seat(German), "attack "+id(hex.Axial{})+" with 2pz/16 maf 2pz/16")
		offered := playCombat(t, g, 4, id(dW), nil) // 3-1, 4: DR2, advance 2
		if len(offered) == 0 {
			t.Fatalf("version %q: no advance offered (1-141/36 in %s)", tc.version, g.s.Units[g.index("1-141/36")].Hex)
		}
		west := "advance 2pz/16 " + id(hex.Axial{Q: -2, R: 0})
		if slices.Contains(offered, west) != tc.offered {
			t.Errorf("version %q: %q (from the ZOC of 142/36 straight into it again) offered: %v, want %v; offered %v",
				tc.version, west, !tc.offered, tc.offered, offered)
		}
		if !slices.Contains(offered, "advance 2pz/16 "+id(hex.Axial{})) {
			t.Errorf("version %q: the vacated hex is open to 2pz/16: %v", tc.version, offered)
		}
	}
}
