package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// roadHills is ground for 14.5's hills: from, next to target, neither
// hills; hills entered from target along a road; beyond, a hex not
// hills next to them across a plain hexside (no road), and past, a hex
// beyond it.
func roadHills(t *testing.T, g *Game) (from, target, hills, beyond, past hex.Axial) {
	t.Helper()
	clear := func(a hex.Axial) bool {
		return g.b.Land(a) && g.b.Terrain(a) != Hills && !g.b.fullMountain(a) && g.areaOf(a) == ""
	}
	for k := range g.b.Grid().Len() {
		target = g.b.Grid().Hex(k)
		if !clear(target) {
			continue
		}
		for _, h := range target.Neighbors() {
			if !g.b.Land(h) || g.b.Terrain(h) != Hills || g.b.fullMountain(h) || g.b.Road(target, h) == "" ||
				g.b.Feature(target, h, Mountain) || g.b.Impassable(target, h) {
				continue
			}
			for _, x := range h.Neighbors() {
				if x == target || !clear(x) || !g.plainSide(h, x) {
					continue
				}
				for _, y := range x.Neighbors() {
					if hex.Distance(y, h) != 2 || y == target || !g.b.Land(y) || g.b.fullMountain(y) || g.b.Impassable(x, y) ||
						g.b.Feature(x, y, River) || g.b.Feature(x, y, Mountain) {
						continue
					}
					for _, f := range target.Neighbors() {
						if f != h && f != x && clear(f) && !g.b.Feature(f, target, River) && !g.b.Feature(f, target, Mountain) && !g.b.Impassable(f, target) {
							return f, target, h, x, y
						}
					}
				}
			}
		}
	}
	t.Fatal("no hills entered along a road and left across a plain hexside")
	return
}

// 14.5 (L858), A-20: units that enter hills "drogą w takim przypadku mogą
// ścigać na drugie pole, ale muszą się zatrzymać": 2pz/16 enters hills
// along the road from the vacated hex and leaves them off it: it may go
// one hex more, and stops there, in a normal advance (advanceMap) and in
// an Auto DS's (8.7.2). salerno43/2 let it go on.
func TestAdvanceStopsAfterRoadHills_14_5(t *testing.T) {
	for _, tc := range []struct {
		version string
		goesOn  bool
	}{{"", false}, {"salerno43/2", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		from, target, hills, beyond, past := roadHills(t, g)
		g = autoAdvancer(t, tc.version, from, target)
		m := g.advanceMap(&Combat{in: &combatIn{target: target}})
		u := combat.AdvanceUnit{ID: "2pz/16", From: from, Mechanized: true}
		if m.Stops(u, target, hills, target) {
			t.Errorf("version %q: entering the hills %s along the road ends the advance", tc.version, g.b.ID(hills))
		}
		if m.Stops(u, hills, beyond, target) == tc.goesOn {
			t.Errorf("version %q: leaving the hills off road into %s ends the advance: %v, want %v", tc.version, g.b.ID(beyond), !tc.goesOn, !tc.goesOn)
		}
		i := g.index("2pz/16")
		path := g.ids([]hex.Axial{target, hills, beyond, past})
		if _, err := g.autoPath(i, path[:3]); err != nil {
			t.Fatalf("version %q: the Auto DS advance %v is one hex past the hills: %v", tc.version, path[:3], err)
		}
		_, err := g.autoPath(i, path)
		if (err == nil) != tc.goesOn {
			t.Errorf("version %q: the Auto DS advance %v: accepted %v, want %v (%v)", tc.version, path, err == nil, tc.goesOn, err)
		}
		if err != nil && !strings.Contains(err.Error(), "14.5") {
			t.Errorf("version %q: the refusal cites 14.5: %v", tc.version, err)
		}
		if !tc.goesOn && autoAdvanceOffered(g, path...) {
			t.Errorf("version %q: Legal offers %v", tc.version, path)
		}
	}
}
