package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// 9.3.1 (L506): the attacker gains armor superiority if its MAF has an
// armor unit and the defender's armor all rates lower than "najwyższy
// wskaźnik pancerny wśród atakujących jednostek", the best among the
// attacking units; 9.3.2 (L508) gives the defender it if the MAF has none,
// or if the attacker's best is lower. 9.3.3 (L513): armor attacking across
// a river gains nothing, but its presence may prevent the defender's.
// kgd/16 (armor 2) leads the MAF with pz/hg (4) beside it against the
// greys (3) in clear terrain: the attacker gains it; pz/hg attacking across
// a river gains nothing but keeps the greys from gaining it; with an
// infantry MAF the greys gain it whatever pz/hg rates. salerno43/3 compared
// the MAF's units only: the greys gained it against kgd/16's 2.
func TestArmorSuperiorityOfAllAttackers_9_3_1(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, German)
	var target, plain, river hex.Axial
	found := false
	for k := range g.b.Grid().Len() {
		a := g.b.Grid().Hex(k)
		if !g.b.Land(a) || g.b.Terrain(a) != Clear || g.b.fullMountain(a) {
			continue
		}
		plain, river, found = hex.Axial{}, hex.Axial{}, false
		var p, r bool
		for _, n := range a.Neighbors() {
			if !g.b.Land(n) || g.b.Terrain(n) != Clear {
				continue
			}
			switch {
			case !p && g.plainSide(a, n):
				plain, p = n, true
			case !r && g.b.Feature(a, n, River) && !g.b.Feature(a, n, Mountain) && g.b.Road(a, n) == "":
				river, r = n, true
			}
		}
		if p && r {
			target, found = a, true
			break
		}
	}
	if !found {
		t.Fatal("no clear hex with a plain hexside and a river hexside")
	}
	for _, c := range []struct {
		what, version, maf string
		hg                 hex.Axial
		want               int
	}{
		{"pz/hg beside the MAF's kgd/16", "", "kgd/16", plain, 1},
		{"pz/hg across a river", "", "kgd/16", river, 0},
		{"an infantry MAF", "", "1-64/16", plain, -1},
		{"salerno43/3: pz/hg beside the MAF's kgd/16", "salerno43/3", "kgd/16", plain, -1},
	} {
		g := emptyGameIn(t, c.version, 3, PhaseCombat, German)
		g.put(t, "greys", g.b.ID(target))
		g.put(t, c.maf, g.b.ID(plain))
		g.put(t, "pz/hg", g.b.ID(c.hg))
		in, err := g.combatInput(AttackCommand{Target: g.b.ID(target), With: []string{c.maf, "pz/hg"}, MAF: c.maf}, true)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if got, _ := in.armor(); got != c.want {
			t.Errorf("9.3: %s, the greys (3) defending: armor superiority %+d, want %+d", c.what, got, c.want)
		}
	}
}
