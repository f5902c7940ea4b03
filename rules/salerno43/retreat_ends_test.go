package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
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

// 12.1.5 (L713): "Każdy odwrot, który wejdzie na heks przyjaźnie
// kontrolowanego miasta lub jakkolwiek aliancka jednostka, która wejdzie
// na heks z przyczółkiem ma możliwość zatrzymania": any retreat, of any
// length. PLAY-11's position with a D1 (3 hexes): the US unit may stop in
// the Red beach BH next to it, after one hex. salerno43/2 let only a
// 2-hex retreat stop.
func TestRetreatStopsInBHOnLongRetreat_12_1_5(t *testing.T) {
	for _, tc := range []struct {
		version string
		stop    bool
	}{{"", true}, {"salerno43/2", false}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		reg := g.put(t, "142/36", "2617")
		g.s.Units[reg].Lost = 1 // 3-4-3
		g.put(t, "bh-red", "2616")
		g.put(t, "2pz/16", "2716")
		g.put(t, "stug/16", "2717")
		g.put(t, "1-79/16", "2618")
		rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 stug/16 1-79/16 maf 16pz")
		if got := g.combat().Odds.Column(); got != "3-1" {
			t.Fatalf("odds %s, want 3-1 (10:4, armor)", g.combat().Odds)
		}
		ch := retreatChoicesNow(t, g, 5) // 3-1, 5: D1, retreat 3
		if baseCode(g.combat().Result.Code) != "D1" {
			t.Fatalf("want D1, got %s", g.combat().Result.Code)
		}
		if slices.Contains(ch, "retreat 2616") != tc.stop {
			t.Errorf("version %q: the 3-hex retreat stops in the BH 2616: %v, want %v; offered %v", tc.version, !tc.stop, tc.stop, ch)
		}
	}
}

// 12.1.5 (L713): the city stop is any retreat's, German as well: 1-64/16,
// retreating 2 (DR2) through a city its side controls, may stop there.
// salerno43/2 gave the Germans no stop.
func TestRetreatGermanStopsInOwnCity_12_1_5(t *testing.T) {
	for _, tc := range []struct {
		version string
		stop    bool
	}{{"", true}, {"salerno43/2", false}} {
		g := emptyGameIn(t, tc.version, 3, PhaseCombat, Allied)
		o, c, f := germanCityStop(t, g)
		g.put(t, "1-64/16", g.b.ID(o))
		g.put(t, "141/36", g.b.ID(f))
		rulestest.Apply(t, g, rules.Seat(Allied), "attack "+g.b.ID(o)+" with 141/36 maf 141/36")
		if got := g.combat().Odds.Column(); got != "1-1" {
			t.Fatalf("odds %s, want 1-1 (5:3)", g.combat().Odds)
		}
		ch := retreatChoicesNow(t, g, 6) // 1-1, 6: DR2
		if slices.Contains(ch, "retreat "+g.b.ID(c)) != tc.stop {
			t.Errorf("version %q: 1-64/16 retreating 2 from %s stops in the German city %s: %v, want %v; offered %v",
				tc.version, g.b.ID(o), g.b.ID(c), !tc.stop, tc.stop, ch)
		}
	}
}

// germanCityStop finds a city c the Germans control, a clear hex o next
// to it and a hex f next to o two from c, each across a plain hexside and
// outside the entry areas: the German defends o, attacked from f.
func germanCityStop(t *testing.T, g *Game) (o, c, f hex.Axial) {
	t.Helper()
	for k := 0; k < g.b.Grid().Len(); k++ {
		c := g.b.Grid().Hex(k)
		if !g.b.Land(c) || g.b.Terrain(c) != City || !g.controls(German, g.b.ID(c)) || g.areaOf(c) != "" {
			continue
		}
		for _, o := range c.Neighbors() {
			if !g.b.Land(o) || g.b.Terrain(o) != Clear || g.areaOf(o) != "" || !g.plainSide(o, c) {
				continue
			}
			for _, f := range o.Neighbors() {
				if g.b.Land(f) && hex.Distance(f, c) == 2 && g.areaOf(f) == "" && g.plainSide(f, o) {
					return o, c, f
				}
			}
		}
	}
	t.Fatal("no German city with a clear hex next to it")
	return
}

// 12.1.1 (L701) and 12.1.5 (L713): a retreat is as long as the result
// says, and stops short only in a friendly city or (Allied) BH hex. The
// Shattered 142/36 (defense 0, 13.3.2), retreating on its own from a DR2
// (12.1.2), goes 2 hexes into open ground, not 1. salerno43/2 let friends
// "hold" its strength of 0 after one hex.
func TestRetreatShatteredNoOneHexStop_12_1_5(t *testing.T) {
	for _, tc := range []struct {
		version string
		oneHex  bool
	}{{"", false}, {"salerno43/2", true}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		l := findBTLine(t, g)
		O, F := g.b.ID(l.tgt), g.b.ID(l.f)
		g.put(t, "141/36", O)
		g.s.Units[g.put(t, "142/36", O)].Status = Shattered
		for _, id := range []string{"2pz/16", "stug/16", "1-79/16"} {
			g.put(t, id, F)
		}
		rulestest.Apply(t, g, rules.Seat(German), "attack "+O+" with 2pz/16 stug/16 1-79/16 maf 16pz")
		die := map[string]int{"1-1": 6, "2-1": 5, "3-1": 4}[g.combat().Odds.Column()] // DR2
		if die == 0 {
			t.Fatalf("odds %s", g.combat().Odds)
		}
		hexes := map[int]bool{}
		for _, c := range retreatChoicesNow(t, g, die) {
			if w := strings.Fields(c); w[1] == "142/36" {
				hexes[len(w)-2] = true
			}
		}
		if hexes[1] != tc.oneHex || !hexes[2] {
			t.Errorf("version %q: 142/36 alone is offered retreats of %v hexes; want 2, and 1: %v", tc.version, hexes, tc.oneHex)
		}
	}
}
