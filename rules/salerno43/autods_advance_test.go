package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// autoAdvancer puts 2pz/16 (mechanized: a DS advance of 4) at from with an
// Auto DS marker on target, in the German Combat Phase (8.7.2).
func autoAdvancer(t *testing.T, version string, from, target hex.Axial) *Game {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, German)
	i := g.put(t, "2pz/16", g.b.ID(from))
	g.s.Units[i].AutoDS = g.b.ID(target)
	return g
}

// autoAdvanceOffered: Legal offers some Auto DS advance of 2pz/16 whose
// path begins with the hexes named.
func autoAdvanceOffered(g *Game, ids ...string) bool {
	want := "autods-advance 2pz/16 " + strings.Join(ids, " ")
	return slices.ContainsFunc(g.Legal(rules.Seat(German)), func(c rules.Choice) bool {
		return c.Command == want || strings.HasPrefix(c.Command, want+" ")
	})
}

// 8.7.2 (L471) with 14.5 (L858): an Auto DS's advance obeys the advance
// rules, and "Jednostki muszą zatrzymać się i zakończyć pościg, jeśli
// wejdą na heks wzgórza" off road. 2pz/16 advances into the vacated hex,
// then into hills across a plain hexside: it goes no further. salerno43/2
// let it go on.
func TestAutoDSAdvanceStopsInHills_8_7_2_14_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	var from, target, hills, beyond hex.Axial
	found := false
	for k := 0; k < g.b.Grid().Len() && !found; k++ {
		target = g.b.Grid().Hex(k)
		if !g.b.Land(target) || g.b.Terrain(target) != Clear || g.areaOf(target) != "" {
			continue
		}
		for _, h := range target.Neighbors() {
			if found || !g.b.Land(h) || g.b.Terrain(h) != Hills || g.b.fullMountain(h) || !g.plainSide(target, h) {
				continue
			}
			var x, f hex.Axial
			okX, okF := false, false
			for _, n := range h.Neighbors() {
				if !okX && n != target && g.b.Land(n) && g.b.Terrain(n) == Clear && g.plainSide(h, n) && hex.Distance(n, target) == 2 {
					x, okX = n, true
				}
			}
			for _, n := range target.Neighbors() {
				if !okF && n != h && g.b.Land(n) && g.b.Terrain(n) == Clear && g.plainSide(n, target) && hex.Distance(n, x) > 1 {
					f, okF = n, true
				}
			}
			if okX && okF {
				from, hills, beyond, found = f, h, x, true
			}
		}
	}
	if !found {
		t.Fatal("no clear hex next to hills across plain hexsides")
	}
	for _, tc := range []struct {
		version string
		goesOn  bool
	}{{"", false}, {"salerno43/2", true}} {
		g := autoAdvancer(t, tc.version, from, target)
		path := []string{g.b.ID(target), g.b.ID(hills), g.b.ID(beyond)}
		i := g.index("2pz/16")
		if _, err := g.autoPath(i, path[:2]); err != nil {
			t.Fatalf("version %q: 2pz/16 may advance into the hills %s: %v", tc.version, path[1], err)
		}
		_, err := g.autoPath(i, path)
		if (err == nil) != tc.goesOn {
			t.Errorf("version %q: advance %v goes on past the hills: %v, want %v (%v)", tc.version, path, err == nil, tc.goesOn, err)
		}
		if err != nil && !strings.Contains(err.Error(), "14.5") {
			t.Errorf("version %q: the refusal cites 14.5: %v", tc.version, err)
		}
		if !tc.goesOn && autoAdvanceOffered(g, path...) {
			t.Errorf("version %q: Legal offers the advance %v past the hills", tc.version, path)
		}
	}
}

// 8.7.2 (L471) with 14.4.1 (L849): "Żadna jednostka nie może przejść z
// jednego EZOC bezpośrednio do innego EZOC tej samej jednostki wroga,
// chyba że wchodzi lub wychodzi z opuszczonego heksu obrońcy". 2pz/16
// stands west of the vacated hex in the ZOC of 142/36; the hex west of it
// lies in that unit's ZOC too: its Auto DS advance may not enter it.
// salerno43/2 let it.
func TestAutoDSAdvanceFirstStepZOCToZOC_8_7_2_14_4_1(t *testing.T) {
	for _, tc := range []struct {
		version string
		allowed bool
	}{{"", false}, {"salerno43/2", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		o := openGround(t, g)
		g = autoAdvancer(t, tc.version, o.Add(dW), o)
		g.put(t, "142/36", g.b.ID(o.Add(hex.Axial{Q: -2, R: 1})))
		west := g.b.ID(o.Add(hex.Axial{Q: -2, R: 0}))
		_, err := g.autoPath(g.index("2pz/16"), []string{west})
		if (err == nil) != tc.allowed {
			t.Errorf("version %q: 2pz/16 advances from the ZOC of 142/36 into it again (%s): %v, want %v (%v)", tc.version, west, err == nil, tc.allowed, err)
		}
		if autoAdvanceOffered(g, west) != tc.allowed {
			t.Errorf("version %q: Legal offers the advance into %s: %v, want %v", tc.version, west, !tc.allowed, tc.allowed)
		}
		if !autoAdvanceOffered(g, g.b.ID(o)) {
			t.Errorf("version %q: the vacated hex is open to 2pz/16", tc.version)
		}
	}
}
