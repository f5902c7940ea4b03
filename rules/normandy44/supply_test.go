package normandy44

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// supIDs is a hex predicate true for the listed ids.
func supIDs(ids ...string) func(string) bool {
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	return func(id string) bool { return set[id] }
}

// supAt is supIDs for a SupplyView over m's board.
func supAt(m *SupplyMap, ids ...string) func(hex.Axial) bool { return byID(m, supIDs(ids...)) }

// byID reads a function of printed ids for the hexes of m's board.
func byID[T any](m *SupplyMap, f func(id string) T) func(hex.Axial) T {
	return func(a hex.Axial) T { return f(m.b.id(a)) }
}

func supplyMapOf(t testing.TB, path string) (*Scenario, *SupplyMap) {
	t.Helper()
	s := mustParse(t, readFile(t, path))
	b, err := newBoard(s, editionDefault)
	if err != nil {
		t.Fatal(err)
	}
	m, err := newSupplyMap(s, b)
	if err != nil {
		t.Fatal(err)
	}
	return s, m
}

// The corridor map (testdata/supply_corridor.scn) is one column: a line from
// row n to the entry hex 0101 runs through every row between. Rows 01-06 are
// road. Expectations are counted by hand from 18.3 and AMBIG-31: at most 5
// hexes from the unit (its own excluded) to a hex whose road leads to the
// source.
func TestSupplyLineLength(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_corridor.scn")
	st := traceSupply(m, SupplyView{Side: German})
	want := map[string]SupplyStatus{
		"0101": InSupply,    // the source itself
		"0106": InSupply,    // on the road
		"0111": InSupply,    // 0110..0106: 5 hexes, the last on the road
		"0112": OutOfSupply, // 6 hexes: a line only without the limit (18.5.1)
	}
	for id, w := range want {
		if st[id] != w {
			t.Errorf("18.3: %s is %v, want %v", id, st[id], w)
		}
	}
}

func TestSupplyBlocks(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_corridor.scn")
	cases := []struct {
		name string
		v    SupplyView
		want map[string]SupplyStatus
	}{
		{"18.3: an enemy unit blocks the line", SupplyView{Side: German, EnemyUnit: supAt(m, "0104")},
			map[string]SupplyStatus{"0103": InSupply, "0105": Isolated, "0112": Isolated}},
		{"18.3: two consecutive vacant EZOC hexes block it", SupplyView{Side: German, EnemyZOC: supAt(m, "0107", "0108")},
			map[string]SupplyStatus{"0107": InSupply, "0109": Isolated}},
		{"18.3: an EZOC hex with a friendly unit does not count", SupplyView{Side: German, EnemyZOC: supAt(m, "0107", "0108"), FriendlyUnit: supAt(m, "0108")},
			map[string]SupplyStatus{"0109": InSupply}},
		{"18.3: the unit's own hex is not vacant", SupplyView{Side: German, EnemyZOC: supAt(m, "0109", "0108")},
			map[string]SupplyStatus{"0109": InSupply, "0110": Isolated}},
		{"18.3: one vacant EZOC hex does not block", SupplyView{Side: German, EnemyZOC: supAt(m, "0108")},
			map[string]SupplyStatus{"0110": InSupply}},
		{"18.3: an enemy ZOC Line blocks", SupplyView{Side: German, EnemyZOCLine: func(a, b hex.Axial) bool {
			ab := m.b.id(a) + m.b.id(b)
			return ab == "01050104" || ab == "01040105"
		}},
			map[string]SupplyStatus{"0104": InSupply, "0105": Isolated}},
		// The road part may not enter an enemy-controlled Town (18.3), nor start
		// in one: the road part is 0102-0101, so 0107 is 5 hexes from it (in
		// supply) and 0108 is 6.
		{"18.3: the road part may not enter an enemy-controlled Town", SupplyView{Side: German, Control: byID(m, func(id string) Side {
			if id == "0103" {
				return Allied
			}
			return ""
		})}, map[string]SupplyStatus{"0106": InSupply, "0107": InSupply, "0108": OutOfSupply, "0111": OutOfSupply}},
		{"18.2: an enemy-controlled source is no source", SupplyView{Side: German, Control: byID(m, func(id string) Side {
			if id == "0101" {
				return Allied
			}
			return ""
		})}, map[string]SupplyStatus{"0102": Isolated}},
		{"18.3 note: the off-road part crosses major rivers and flooded hexes", SupplyView{Side: Allied},
			map[string]SupplyStatus{"0111": InSupply, "0107": InSupply, "0106": OutOfSupply}},
		{"18.2: a closed beach is no source", SupplyView{Side: Allied, OpenBeach: supAt(m)},
			map[string]SupplyStatus{"0111": Isolated}},
	}
	for _, c := range cases {
		st := traceSupply(m, c.v)
		for id, w := range c.want {
			if st[id] != w {
				t.Errorf("%s: %s is %v, want %v", c.name, id, st[id], w)
			}
		}
	}
}

// TestSupplyDeterministic traces the same position many times: the result
// must not depend on Go's map order.
func TestSupplyDeterministic(t *testing.T) {
	_, m := supplyMapOf(t, "../../scenarios/normandy44/cherbourg.scn")
	v := SupplyView{Side: German, EnemyUnit: supAt(m, "2811", "2713"), EnemyZOC: supAt(m, "2810", "2711", "2712", "2812", "2910")}
	first := traceSupply(m, v)
	if len(first) == 0 {
		t.Fatal("empty trace")
	}
	for range 20 {
		if got := traceSupply(m, v); !reflect.DeepEqual(got, first) {
			t.Fatal("two traces of one position differ")
		}
	}
}

// The S3 supply rules on the one-column peninsula (testdata/supply_s3.scn).
func TestSupplyCherbourgScenario(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_s3.scn")
	// S3.2.1: with no entry hex at all, a German line ends on the road south of
	// the 27 June line; the edge-only trace (Cherbourg left out) still finds it.
	st := traceSupply(m, SupplyView{Side: German, EdgeOnly: true})
	if st["0108"] != InSupply {
		t.Errorf("S3.2.1: 0108 is %v, want in supply by the road south of the line", st["0108"])
	}
	if cherbourgCutOff(m, SupplyView{}) {
		t.Error("S3.3 I b: Cherbourg is cut off with no Allied unit on the map")
	}
	// An Allied unit on the one road of the neck cuts Cherbourg off (S3.3 I b,
	// 5.2), but Cherbourg is still a source for the units north of it (18.2).
	v := SupplyView{EnemyUnit: supAt(m, "0105")}
	if !cherbourgCutOff(m, v) {
		t.Error("S3.3 I b: Cherbourg traces past an Allied unit on the only road")
	}
	v.Side = German
	v.Control = byID(m, func(id string) Side {
		if id == "0109" || id == "0110" {
			return German // 2.2.5: a City stays with its last occupier
		}
		return ""
	})
	if st := traceSupply(m, v); st["0106"] != InSupply || st["0104"] != InSupply {
		t.Errorf("18.2: 0106 %v (via Cherbourg), 0104 %v (via the south road); want both in supply", st["0106"], st["0104"])
	}
	// Two vacant Allied-ZOC hexes in a row cut it as well (18.3).
	if !cherbourgCutOff(m, SupplyView{EnemyZOC: supAt(m, "0105", "0106")}) {
		t.Error("18.3: Cherbourg traces through two vacant EZOC hexes")
	}
}

// TestSupplyShippedScenario: at the start of the stand-in Cherbourg scenario
// every German unit on the map traces supply (the set-up is German territory)
// and Cherbourg is linked to the south edge.
func TestSupplyShippedScenario(t *testing.T) {
	s, m := supplyMapOf(t, "../../scenarios/normandy44/cherbourg.scn")
	st := traceSupply(m, SupplyView{Side: German})
	for _, p := range s.Setup {
		if _, onMap := m.b.ids[p.At]; !onMap {
			continue
		}
		u, _ := scenarioUnit(s, p.Unit)
		if u.Side == German && st[p.At] != InSupply {
			t.Errorf("18.3: %s at %s is %v at start", p.Unit, p.At, st[p.At])
		}
	}
	if cherbourgCutOff(m, SupplyView{}) {
		t.Error("5.2: Cherbourg cut off at start")
	}
}

func TestSupplyMarkers(t *testing.T) {
	cases := []struct {
		had   SupplyMarker
		trace bool
		want  SupplyMarker
	}{
		{MarkerNone, true, MarkerNone},
		{MarkerNone, false, MarkerOutOfSupply},     // 18.1: marked
		{MarkerOutOfSupply, false, MarkerIsolated}, // 18.1: flipped to red
		{MarkerIsolated, false, MarkerIsolated},    // stays red
		{MarkerOutOfSupply, true, MarkerNone},      // 18.1: removed
		{MarkerIsolated, true, MarkerNone},         // 18.1: removed
	}
	for _, c := range cases {
		if got := nextSupplyMarker(c.had, c.trace); got != c.want {
			t.Errorf("18.1: marker %v, line %v: got %v, want %v", c.had, c.trace, got, c.want)
		}
	}
}

// TestSupplyAttritionTable is T12 row by row for a quality-0 unit without the
// +2: 1-4 lose a step, 5-6 nothing (18.5.1).
func TestSupplyAttritionTable(t *testing.T) {
	c := AttritionCase{Unit: "u", Marker: MarkerIsolated, Status: Isolated, AdjacentEnemy: true}
	for roll, want := range map[int]int{1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0} {
		if got, ev := attrition(roll, c); got != want || len(ev) != 1 {
			t.Errorf("T12 roll %d: lost %d (events %v), want %d", roll, got, ev, want)
		}
	}
}

// TestSupplyE26AttritionDRM is digest example E26 (18.5.2; L1296): an isolated
// quality +1 German unit adjacent to the enemy and stacked with a strongpoint
// (+2) loses a step only on a roll of 1.
func TestSupplyE26AttritionDRM(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_corridor.scn")
	// The unit and the strongpoint share 0110; an Allied unit at 0104 isolates it.
	v := SupplyView{Side: German, EnemyUnit: supAt(m, "0104")}
	refuge := traceLineTo(m, v, supIDs("0110"))["0110"] == InSupply
	status := traceSupply(m, v)["0110"]
	c := AttritionCase{Unit: "E26", Quality: +1, Marker: MarkerIsolated, Status: status, AdjacentEnemy: true, Refuge: refuge}
	if !attritionDue(c) {
		t.Fatalf("18.5.1: attrition not due (status %v, refuge %v)", status, refuge)
	}
	for roll := 1; roll <= 6; roll++ {
		want := 0
		if roll == 1 {
			want = 1
		}
		if got, _ := attrition(roll, c); got != want {
			t.Errorf("E26 roll %d: lost %d, want %d", roll, got, want)
		}
	}
}

func TestSupplyAttritionDue(t *testing.T) {
	base := AttritionCase{Unit: "u", Marker: MarkerIsolated, Status: Isolated, AdjacentEnemy: true}
	cases := []struct {
		name string
		edit func(*AttritionCase)
		want bool
	}{
		{"18.5.1: red marker, isolated, adjacent enemy", func(*AttritionCase) {}, true},
		{"18.5.1: first turn out of supply", func(c *AttritionCase) { c.Marker = MarkerOutOfSupply }, false},
		{"18.5.1: no enemy adjacent", func(c *AttritionCase) { c.AdjacentEnemy = false }, false},
		{"18.5.1 / AMBIG-32: out of supply but not isolated", func(c *AttritionCase) { c.Status = OutOfSupply }, false},
		{"18.5.4: HQs never roll", func(c *AttritionCase) { c.HQ = true }, false},
		{"18.5.3: strongpoint stacked with a combat unit", func(c *AttritionCase) { c.Strongpoint, c.StackedCombatUnit = true, true }, false},
		{"18.5.3: strongpoint alone rolls", func(c *AttritionCase) { c.Strongpoint = true }, true},
	}
	for _, tc := range cases {
		c := base
		tc.edit(&c)
		if got := attritionDue(c); got != tc.want {
			t.Errorf("%s: due %v, want %v", tc.name, got, tc.want)
		}
	}
	// 18.5.3: a lone strongpoint has the +2 for a line to itself: a 2 (2+2=4)
	// still loses, a 3 does not.
	sp := base
	sp.Strongpoint = true
	if l2, _ := attrition(2, sp); l2 != 1 {
		t.Error("18.5.3: strongpoint roll 2 +2 = 4 should lose a step")
	}
	if l3, _ := attrition(3, sp); l3 != 0 {
		t.Error("18.5.3: strongpoint roll 3 +2 = 5 should not lose a step")
	}
	// 18.5.2: a quality -1 unit without the +2 loses even on a 5 (5-1 = 4).
	neg := base
	neg.Quality = -1
	if l, _ := attrition(5, neg); l != 1 {
		t.Error("18.5.2: quality -1, roll 5 should lose a step")
	}
}

// TestSupplyHQCutOff is 18.5.4: an isolated HQ is eliminated when it cannot
// trace a line to any friendly non-HQ combat unit.
func TestSupplyHQCutOff(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_corridor.scn")
	v := SupplyView{Side: German, EnemyUnit: supAt(m, "0104")}
	near := traceLineTo(m, v, supIDs("0107")) // a combat unit 3 hexes from the HQ at 0110
	if hqCutOff("0110", near) {
		t.Error("18.5.4: HQ at 0110 traces to a combat unit at 0107")
	}
	far := traceLineTo(m, v, supIDs("0102")) // the only combat unit beyond the enemy
	if !hqCutOff("0110", far) {
		t.Error("18.5.4: HQ at 0110 traces through an enemy unit")
	}
}

func BenchmarkSupplyTrace(b *testing.B) {
	_, m := supplyMapOf(b, "../../scenarios/normandy44/cherbourg.scn")
	v := SupplyView{Side: German, EnemyUnit: supAt(m, "2811", "2713"), EnemyZOC: supAt(m, "2810", "2711", "2712", "2812", "2910")}
	b.ResetTimer()
	for b.Loop() {
		traceSupply(m, v)
	}
	b.ReportMetric(float64(len(m.b.landHexes)), "hexes")
}

// TestSupplyMonotone is a property of 18.3 on random positions of the shipped
// map: one more enemy unit or enemy-ZOC hex never improves any hex's status,
// and an unblocked entry hex is always in supply.
func TestSupplyMonotone(t *testing.T) {
	s, m := supplyMapOf(t, "../../scenarios/normandy44/cherbourg.scn")
	rng := rand.New(rand.NewPCG(7, 44))
	pick := func(n int) map[string]bool {
		set := map[string]bool{}
		for range n {
			set[m.b.id(m.b.landHexes[rng.IntN(len(m.b.landHexes))])] = true
		}
		return set
	}
	for trial := range 200 {
		units, zoc := pick(rng.IntN(6)), pick(rng.IntN(15))
		v := SupplyView{Side: German, EnemyUnit: byID(m, func(id string) bool { return units[id] }), EnemyZOC: byID(m, func(id string) bool { return zoc[id] })}
		before := traceSupply(m, v)
		for _, p := range s.Places {
			if p.Kind == PlaceEntry && !units[p.Hex] && before[p.Hex] != InSupply {
				t.Fatalf("trial %d: 18.2: free entry hex %s is %v", trial, p.Hex, before[p.Hex])
			}
		}
		extra := m.b.id(m.b.landHexes[rng.IntN(len(m.b.landHexes))])
		if trial%2 == 0 {
			units2 := map[string]bool{extra: true}
			for id := range units {
				units2[id] = true
			}
			v.EnemyUnit = byID(m, func(id string) bool { return units2[id] })
		} else {
			zoc[extra] = true
		}
		after := traceSupply(m, v)
		for id, st := range after {
			if st > before[id] {
				t.Fatalf("trial %d: blocking %s raised %s from %v to %v", trial, extra, id, before[id], st)
			}
		}
	}
}
