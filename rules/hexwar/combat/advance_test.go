package combat

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// The unit attacked from (0,0) into the vacated hex east of it.
var advancer = AdvanceUnit{ID: "u", From: origin}

func TestAdvancePaths_AnyDirection(t *testing.T) {
	b := newBoard(6)
	got := AdvancePaths(advancer, east, 2, false, b.Map())
	ts := pathTexts(got)
	for _, want := range []string{"(1,0)", "(1,0) (2,0)", "(0,1)", "(0,1) (0,2)"} {
		if !slices.Contains(ts, want) {
			t.Errorf("advance %s missing", want)
		}
	}
	for _, p := range got {
		if len(p) > 2 || slices.Contains(p, origin) || (len(p) == 2 && p[0] == p[1]) {
			t.Errorf("advance %v", p)
		}
	}
	// Three hexes where the result gives them (Ardennes '44 19.1.2), never
	// through a hex twice.
	for _, p := range AdvancePaths(advancer, east, 3, false, b.Map()) {
		if len(p) == 3 && (p[2] == p[0] || hex.Distance(p[1], p[2]) != 1) {
			t.Errorf("advance %v", p)
		}
	}
	// A Limited Advance enters the vacated hex only.
	if got := pathTexts(AdvancePaths(advancer, east, 2, true, b.Map())); !slices.Equal(got, []string{"(1,0)"}) {
		t.Errorf("limited advance %v", got)
	}
}

// Never into enemy units; into the vacated hex through a bond, but no other
// bond; entering an EZOC hex stops the advance, except the vacated hex, and
// only through the vacated hex may it go from one EZOC hex to another
// (Normandy '44 14.3, example E22; Salerno '43 14.4).
func TestAdvancePaths_ZOC(t *testing.T) {
	b := newBoard(6)
	north := hex.Axial{Q: 1, R: -1}
	b.zoc[east], b.zoc[north], b.zoc[east2] = true, true, true
	b.lines[[2]hex.Axial{origin, east}] = true
	b.enemy[hex.Axial{Q: 0, R: 1}] = true
	ts := pathTexts(AdvancePaths(advancer, east, 2, false, b.Map()))
	for _, want := range []string{"(1,0)", "(1,0) (2,0)", "(1,0) (1,-1)", "(1,-1)"} {
		if !slices.Contains(ts, want) {
			t.Errorf("advance %s missing from %v", want, ts)
		}
	}
	for _, bad := range []string{"(0,1)", "(1,-1) (2,-1)", "(1,-1) (1,0)"} {
		if slices.Contains(ts, bad) {
			t.Errorf("illegal advance %s", bad)
		}
	}
	// Ardennes '44 19.3.2: EZOCs do not stop an advance.
	m := b.Map()
	m.ThroughEZOC = true
	if ts := pathTexts(AdvancePaths(advancer, east, 2, false, m)); !slices.Contains(ts, "(1,-1) (2,-1)") {
		t.Errorf("through an EZOC hex: %v", ts)
	}
	// No bond beyond the vacated hex.
	b.lines[[2]hex.Axial{east, east2}] = true
	if ts := pathTexts(AdvancePaths(advancer, east, 2, false, b.Map())); slices.Contains(ts, "(1,0) (2,0)") {
		t.Error("across a bond beyond the vacated hex")
	}
}

// The ground: prohibited hexes, hexes that stop the advance, hexes it may
// leave only as the first.
func TestAdvancePaths_Ground(t *testing.T) {
	b := newBoard(6)
	south := hex.Axial{Q: 0, R: 1}
	b.terrain[south], b.terrain[east] = "marsh", "woods"
	ts := pathTexts(AdvancePaths(advancer, east, 2, false, b.Map()))
	for _, bad := range []string{"(0,1)", "(1,0) (2,0)"} {
		if slices.Contains(ts, bad) {
			t.Errorf("advance %s: into a marsh, or on out of woods", bad)
		}
	}
	if !slices.Contains(ts, "(1,0)") {
		t.Errorf("into the woods: %v", ts)
	}
	b.full[east] = true
	if ts := pathTexts(AdvancePaths(advancer, east, 2, true, b.Map())); len(ts) != 0 {
		t.Errorf("into a full hex: %v", ts)
	}
}

// Map.ZOCToZOC (Normandy '44 14.3.1, L1024): no advance goes from a hex in an
// enemy unit's ZOC straight into another hex of the same unit's ZOC, its
// first hex included, but into the vacated hex or after it; a hex of
// another unit's ZOC is no bar.
func TestAdvancePaths_ZOCToZOCFromTheFirstHex(t *testing.T) {
	b := newBoard(6)
	// An enemy unit X at (-1,1): its ZOC takes in the advancer's hex (0,0),
	// and (0,1) and (-1,0) beside it.
	x := hex.Axial{Q: -1, R: 1}
	b.enemy[x] = true
	zocOf := map[hex.Axial]bool{}
	for _, n := range x.Neighbors() {
		zocOf[n], b.zoc[n] = true, true
	}
	// Y at (2,-2) touches (1,-1), another unit's ZOC.
	y := hex.Axial{Q: 2, R: -2}
	b.enemy[y] = true
	for _, n := range y.Neighbors() {
		b.zoc[n] = true
	}
	m := b.Map()
	m.ZOCToZOC = func(from, to hex.Axial) bool { return zocOf[from] && zocOf[to] }
	m.ZOCToZOCFirst, m.ZOCToZOCVacated = true, true
	ts := pathTexts(AdvancePaths(advancer, east, 2, false, m))
	south := hex.Axial{Q: 0, R: 1}
	west := hex.Axial{Q: -1, R: 0}
	for _, bad := range []string{south.String(), west.String()} {
		if slices.Contains(ts, bad) {
			t.Errorf("advance %s: from X's ZOC into X's ZOC as the first hex", bad)
		}
	}
	for _, good := range []string{"(1,0)", "(1,-1)"} {
		if !slices.Contains(ts, good) {
			t.Errorf("advance %s missing from %v: into the vacated hex, or into another unit's ZOC", good, ts)
		}
	}
	// normandy44/4's reading, without the hook: the first hex is free.
	if ts := pathTexts(AdvancePaths(advancer, east, 2, false, b.Map())); !slices.Contains(ts, south.String()) {
		t.Errorf("without ZOCToZOC the first hex %s is barred: %v", south, ts)
	}
}

// A road bonus (Ardennes '44 19.1.3) adds hexes to an advance whose every
// step is along a road; ZOCToZOC replaces the series' rule of two
// enemy-ZOC hexes in a row (19.3.2: of one enemy unit, first hex apart).
func TestAdvancePaths_RoadBonusAndZOCToZOC(t *testing.T) {
	b := newBoard(6)
	m := b.Map()
	road := map[[2]hex.Axial]bool{{origin, east}: true, {east, east2}: true}
	m.AlongRoad = func(x, y hex.Axial) bool { return road[[2]hex.Axial{x, y}] }
	u := advancer
	u.RoadBonus = 1
	ts := pathTexts(AdvancePaths(u, east, 1, false, m))
	if !slices.Contains(ts, "(1,0) (2,0)") || slices.Contains(ts, "(0,1) (0,2)") {
		t.Errorf("a Regular advance with the road bonus: %v", ts)
	}
	for _, p := range AdvancePaths(u, east, 1, false, m) {
		if len(p) == 2 && p[1] != east2 {
			t.Errorf("a second hex off the road: %v", p)
		}
	}
	// Both (1,0) and (2,0) in one enemy unit's zone: the second step is
	// barred; the first hex of the advance may enter a ZOC freely.
	b.zoc[east], b.zoc[east2] = true, true
	m = b.Map()
	m.ZOCToZOC = func(x, y hex.Axial) bool { return b.zoc[x] && b.zoc[y] }
	if ts := pathTexts(AdvancePaths(advancer, east, 2, false, m)); slices.Contains(ts, "(1,0) (2,0)") || !slices.Contains(ts, "(1,0)") {
		t.Errorf("from one ZOC into the same: %v", ts)
	}
}
