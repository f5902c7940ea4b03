package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Where a retreat may end (12.1.4, 12.1.5), under salerno43/3; the older
// versions' readings are shown beside.

// 12.1.4 (L711): "Jednostki mogą zakończyć swój odwrot z przekroczonym
// limitem stosu"; the excess is put right by the end of the owner's next
// Movement Phase (4.4). 1pg/hg (3 points) retreating 2 from o, the Allied
// attacker west of it, may end with 104pg/15 and 115pg/15 (6 points) two
// hexes east, and no retreat is lengthened to avoid overstacking (the one
// extra hex of 12.2, L723, is against an enemy ZOC only). salerno43/2
// went a hex further instead.
func TestRetreatMayEndOverstacked_12_1_4(t *testing.T) {
	east2 := hex.Axial{Q: 2, R: 0}
	at := map[string]hex.Axial{"1pg/hg": {}, "104pg/15": east2, "115pg/15": east2}
	enemy := map[string]hex.Axial{"141/36": dW}
	for _, tc := range []struct {
		version    string
		over, long bool
	}{{"", true, false}, {"salerno43/2", false, true}} {
		g, o, paths := retreatExampleIn(t, tc.version, 2, at, enemy)
		ends := slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return p.Hexes[len(p.Hexes)-1] == o.Add(east2) })
		long := slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return len(p.Hexes) > 2 })
		if ends != tc.over || long != tc.long {
			t.Errorf("version %q: a retreat ends overstacked in %s: %v (want %v); one is lengthened: %v (want %v); offered %v",
				tc.version, g.b.ID(o.Add(east2)), ends, tc.over, long, tc.long, pathsText(g, paths))
		}
	}
}
