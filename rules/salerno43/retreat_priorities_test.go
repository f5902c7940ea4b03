package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The priorities of a retreat's path (12.1.3, L704-709), under
// salerno43/3; the older versions' readings are shown beside.

// 12.1.3 priority 3 (L707): "Pierwszy heks odwrotu może wejść na pusty heks
// w EZOC, o ile wycofująca się jednostka nie przekroczy ani nie wejdzie na
// wrogą linię ZOC": the first hex MAY be a vacant EZOC hex, with no "if
// possible" to put such a path behind the others. 1-1fj, attacked from the
// west, may retreat north-west (a vacant hex in the attacker's ZOC) and on
// to a hex free of it. salerno43/2 kept such a path only when no other was
// legal.
func TestRetreatFirstHexMayBeEZOC_12_1_3(t *testing.T) {
	want := []hex.Axial{dNW, {Q: 0, R: -2}}
	for _, tc := range []struct {
		version string
		offered bool
	}{{"", true}, {"salerno43/2", false}} {
		g, o, paths := retreatExampleIn(t, tc.version, 2, map[string]hex.Axial{"1-1fj": {}}, map[string]hex.Axial{"141/36": dW})
		got := slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return slices.Equal(offsets(o, p.Hexes), want) })
		if got != tc.offered || len(paths) == 0 {
			t.Errorf("version %q: the retreat %s %s (first hex a vacant EZOC hex) offered %v, want %v: %v",
				tc.version, g.b.ID(o.Add(want[0])), g.b.ID(o.Add(want[1])), got, tc.offered, pathsText(g, paths))
		}
	}
}
