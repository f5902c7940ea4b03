package hexwar

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// costMap is the test map of the movement tests: down column 4 woods, a town
// on woods, marsh; a side road and a main road; rivers, a ford, a cliff, a
// swamp, the sea.
var costMap = testMap{
	terrain: map[string]string{
		"0402": "woods", "0403": "woods", "0404": "town/woods", "0303": "marsh",
		"0705": "swamp", "0706": "swamp", "0707": "swamp", "0808": "sea",
	},
	hexsides: []string{"0102/0103 river", "0104/0105 stream", "0603/0604 river", "0706/0707 river ford", "0201/0202 cliff"},
	roads:    []string{"side 0501 0502 0503 0504", "main 0601 0602 0603 0604 0605 0606", "side 0303 0304"},
}

// walkCost prices a path for unit 0 of p, which stands at its first hex.
func walkCost(t *testing.T, b *Board, p testPos, mech bool, path ...string) (int, error) {
	t.Helper()
	p.units[0].at = path[0]
	m := mover(t, b, p, 0, mech, 99)
	var hexes []hex.Axial
	for _, id := range path {
		hexes = append(hexes, at(t, b, id))
	}
	return m.Walk(hexes)
}

func refusedBy(t *testing.T, err error, rule string) {
	t.Helper()
	var r *rules.Refusal
	if !errors.As(err, &r) || r.Rule != rule {
		t.Errorf("%v, want a refusal under %s", err, rule)
	}
}

// TestMoveCosts: the chart prices each step: the terrain's column, a town
// at its base terrain's cost, the road rate along a road (which bridges a
// river), a hexside's extra cost off road (N44 9.3-9.5, T3; A44 11; S43 5).
func TestMoveCosts(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0101")
	for _, c := range []struct {
		mech bool
		path []string
		want int
	}{
		{false, []string{"0401", "0402", "0403", "0404"}, 6 * MP},     // woods 2 x 2, town on woods 2
		{true, []string{"0401", "0402"}, 3 * MP},                      // mechanized woods
		{false, []string{"0501", "0502", "0503", "0504"}, 3 * MP / 2}, // side road 1/2 each
		{true, []string{"0601", "0602", "0603", "0604"}, MP},          // main road 1/3, over the river
		{false, []string{"0104", "0105"}, MP},                         // stream: nothing extra on foot
		{true, []string{"0104", "0105"}, 2 * MP},                      // ... +1 mechanized
		{false, []string{"0102", "0103"}, 2 * MP},                     // river +1 as the first move
		{false, []string{"0706", "0707"}, 2 * MP},                     // the ford carries over the river: swamp 2
		{false, []string{"0304", "0303"}, MP / 2},                     // marsh along its road
		{false, []string{"0202", "0203", "0202"}, 2 * MP},             // back and forth
	} {
		got, err := walkCost(t, b, p, c.mech, c.path...)
		if err != nil || got != c.want {
			t.Errorf("%v mech %v: %s MP, %v; want %s", c.path, c.mech, MPText(got), err, MPText(c.want))
		}
	}
}

// TestMoveRefusals: what the chart forbids, each refused under its row's
// rule: the sea, marsh off road, a cliff, a river not crossed as the first
// move or by a unit the row keeps off it, and a path that skips a hex.
func TestMoveRefusals(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0101")
	for _, c := range []struct {
		mech bool
		path []string
		rule string
	}{
		{false, []string{"0807", "0808"}, "T-sea"},
		{false, []string{"0302", "0303"}, "T-marsh"},
		{true, []string{"0704", "0705"}, "T-swamp"},
		{false, []string{"0201", "0202"}, "T-cliff"},
		{false, []string{"0101", "0102", "0103"}, "T-river"},
		{true, []string{"0102", "0103"}, "T-river"},
		{false, []string{"0101", "0103"}, "M-path"},
	} {
		_, err := walkCost(t, b, p, c.mech, c.path...)
		refusedBy(t, err, c.rule)
	}
	off, _ := hex.FlatOddColumnsDown.Parse("0901")
	m := mover(t, b, pos(b, "allied 0801"), 0, false, 9)
	_, err := m.Step(at(t, b, "0801"), off)
	refusedBy(t, err, "M-edge")
}

// TestMoveStops: a unit stops on entering an enemy zone of control and pays
// to leave one (N44 8.2, A44 9.2.1, S43 6.2); it stops in a hex whose row
// says so unless it follows a road; a path that goes on after a stop is
// refused under the rule that stopped it.
func TestMoveStops(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0102", "german 0104")
	m := mover(t, b, p, 0, false, 9)
	s, err := m.Step(at(t, b, "0102"), at(t, b, "0103"))
	if err != nil || !s.Stop || s.StopRule != "M-zoc" || s.Cost != 2*MP {
		t.Errorf("into the zone across the river: %+v, %v", s, err)
	}
	s, err = m.Step(at(t, b, "0103"), at(t, b, "0203"))
	if err != nil || s.Cost != MP+testTEC.LeaveEZOC || s.Stop {
		t.Errorf("out of the zone: %+v, %v", s, err)
	}
	p = pos(b, "allied 0605")
	if _, err := walkCost(t, b, p, false, "0605", "0705", "0704"); err == nil {
		t.Error("a path goes on out of the swamp it stopped in")
	} else if refusedBy(t, err, "T-swamp"); !strings.Contains(err.Error(), "it entered a swamp hex off road") {
		t.Errorf("the stop says %q", err)
	}
	if c, err := walkCost(t, b, p, false, "0704", "0705", "0605"); err == nil {
		t.Errorf("the road into the swamp still stopped nothing: %d", c)
	}
}

// TestMoveLeaveByRoadAndTacticalStop: a hex whose row says so is left by a
// mechanized unit only along a road, and stops Tactical Movement on entering
// it, road or not (N44 9.5.1 and 9.10: a flooded hex); a unit on foot leaves
// it off road, and one that is not moving tactically goes on from it along
// the road.
func TestMoveLeaveByRoadAndTacticalStop(t *testing.T) {
	b := testMap{terrain: map[string]string{"0404": "bog", "0405": "bog"}, roads: []string{"side 0403 0404 0504"}}.board(t)
	p := pos(b, "allied 0404")
	_, err := walkCost(t, b, p, true, "0404", "0304")
	refusedBy(t, err, "T-bog")
	if err == nil || !strings.Contains(err.Error(), "a mechanized unit leaves the bog hex 0404 only by road") {
		t.Errorf("leaving the bog off road: %v", err)
	}
	if c, err := walkCost(t, b, p, true, "0403", "0404", "0504"); err != nil || c != MP {
		t.Errorf("through the bog along the road, mechanized: %s MP, %v; want 1", MPText(c), err)
	}
	if c, err := walkCost(t, b, p, false, "0404", "0304"); err != nil || c != MP {
		t.Errorf("out of the bog on foot: %s MP, %v; want 1", MPText(c), err)
	}
	for _, mech := range []bool{false, true} {
		p = pos(b, "allied 0403")
		m := mover(t, b, p, 0, mech, 9)
		m.Tactical = true
		s, err := m.Step(at(t, b, "0403"), at(t, b, "0404"))
		if err != nil || !s.Stop || s.StopRule != "M-tactical" || s.StopWhy() != "Tactical Movement stops on entering a bog hex" {
			t.Errorf("mech %v: Tactical Movement into the bog along the road: %+v (%s), %v", mech, s, s.StopWhy(), err)
		}
		got := map[string]bool{}
		for _, path := range m.AppendTactical(nil) {
			got[b.ID(path.To())] = true
		}
		// 0405 lies beyond the bog, and only through it.
		if !got["0404"] || got["0405"] {
			t.Errorf("mech %v: Tactical Movement reaches %v: into the bog, and no further", mech, got)
		}
		m.Tactical = false
		if s, err := m.Step(at(t, b, "0403"), at(t, b, "0404")); err != nil || s.Stop {
			t.Errorf("mech %v: along the road into the bog: %+v, %v; want no stop", mech, s, err)
		}
	}
}

// TestMoveEnemyAndBonds: no unit enters a hex enemy units hold nor crosses
// an enemy bond (N44 8.5.2, 9.1); friends in a bond hex open it.
func TestMoveEnemyAndBonds(t *testing.T) {
	b := testMap{}.board(t)
	p := pos(b, "allied 0203", "german 0302", "german 0304")
	m := mover(t, b, p, 0, false, 9)
	_, err := m.Step(at(t, b, "0203"), at(t, b, "0303"))
	refusedBy(t, err, "M-bond")
	_, err = m.Step(at(t, b, "0203"), at(t, b, "0302"))
	refusedBy(t, err, "M-enemy")
	p = pos(b, "allied 0203", "german 0302", "german 0304", "allied 0303")
	if _, err := mover(t, b, p, 0, false, 9).Step(at(t, b, "0203"), at(t, b, "0303")); err != nil {
		t.Errorf("friends in the bond hex: %v", err)
	}
}

// TestStepRules: a game's step rules bar steps with their own refusals and
// stop units; Avoid, RoadsOnly and StayIn are the common ones.
func TestStepRules(t *testing.T) {
	b := costMap.board(t)
	b.zones["pocket"] = make([]bool, b.grid.Len())
	for _, id := range []string{"0501", "0502", "0601"} {
		b.zones["pocket"][mustCell(t, b, id)] = true
	}
	p := pos(b, "allied 0501", "german 0704")
	m := mover(t, b, p, 0, false, 9)
	m.Rules = []StepRule{RoadsOnly(b, "R-road", "on the roads")}
	_, err := m.Step(at(t, b, "0501"), at(t, b, "0401"))
	refusedBy(t, err, "R-road")
	if _, err := m.Step(at(t, b, "0501"), at(t, b, "0502")); err != nil {
		t.Errorf("along the road: %v", err)
	}
	m.Rules = []StepRule{StayIn(b, "pocket", "R-in", "%s is outside the pocket")}
	_, err = m.Step(at(t, b, "0502"), at(t, b, "0503"))
	refusedBy(t, err, "R-in")
	m.Rules = []StepRule{Avoid(b, NextToEnemy, false, "R-adj", "%s is next to the enemy")}
	_, err = m.Step(at(t, b, "0605"), at(t, b, "0604"))
	refusedBy(t, err, "R-adj")
	slow := StepRule{Price: func(_ *Mover, s *Step) int { s.Cost += MP; s.StopFor("R-slow", "it is slow"); return 0 }}
	m.Rules = []StepRule{slow}
	if s, err := m.Step(at(t, b, "0501"), at(t, b, "0401")); err != nil || s.Cost != 2*MP || s.StopRule != "R-slow" || s.StopWhy() != "it is slow" {
		t.Errorf("a rule that adds 1 MP and stops: %+v, %v", s, err)
	}
}

// TestEntry: a unit entering the map pays its entry hex's road rate if a
// road runs through it, else its terrain's cost, and stops there in an
// enemy zone of control (N44 6.6, A44 13.1, S43 21.1.3).
func TestEntry(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0601", "german 0404")
	m := mover(t, b, p, 0, true, 9)
	m.Entering = true
	if s, bar := m.Entry(at(t, b, "0601")); !bar.OK() || s.Cost != MP/3 {
		t.Errorf("by the main road: %+v %v", s, bar)
	}
	if s, bar := m.Entry(at(t, b, "0402")); !bar.OK() || s.Cost != 3*MP {
		t.Errorf("into the woods: %+v %v", s, bar)
	}
	if s, bar := m.Entry(at(t, b, "0403")); !bar.OK() || !s.Stop || s.StopRule != "M-entry" {
		t.Errorf("into the enemy zone: %+v %v", s, bar)
	}
	_, bar := m.Entry(at(t, b, "0404"))
	refusedBy(t, m.Refusal(bar, at(t, b, "0404"), at(t, b, "0404")), "M-entry")
}

// bruteReach finds each hex's least cost by trying every simple path within
// the budget, step by step: no queue, no pruning, so it checks the search
// over (hex, stopped) states independently.
func bruteReach(m *Mover) map[hex.Axial]int {
	best := map[hex.Axial]int{m.Start: 0}
	seen := map[hex.Axial]bool{m.Start: true}
	var dfs func(at hex.Axial, cost int, marked bool)
	dfs = func(at hex.Axial, cost int, marked bool) {
		for _, to := range at.Neighbors() {
			if seen[to] {
				continue
			}
			s, err := m.StepAfter(at, to, marked)
			if err != nil || cost+s.Cost > m.Budget {
				continue
			}
			c := cost + s.Cost
			if old, ok := best[to]; !ok || c < old {
				best[to] = c
			}
			if !s.Stop {
				seen[to] = true
				dfs(to, c, s.Mark)
				seen[to] = false
			}
		}
	}
	dfs(m.Start, 0, false)
	return best
}

// oneStream is a rule in the manner of S43 5.6 (one mountain hexside a
// phase): a move crosses one stream off road at most.
var oneStream = StepRule{
	Check: func(m *Mover, s *Step) int {
		if s.Road != "" || !s.Sides.Has(m.Board, "stream") {
			return 0
		}
		if s.Marked {
			return 1
		}
		s.Mark = true
		return 0
	},
	Refuse: func(int, hex.Axial, hex.Axial) error { return rules.Refuse("R-stream", "one stream a move") },
	Marks:  true,
}

// TestStepMark: a rule that looks back along the path (S43 5.6, A44 11.6)
// marks it, and the search keeps marked and unmarked paths apart: a hex
// beyond two streams is reached around one of them, at its cost, and a
// path across both is refused.
func TestStepMark(t *testing.T) {
	b := testMap{hexsides: []string{"0202/0203 stream", "0203/0204 stream", "0302/0303 stream", "0303/0304 stream"}}.board(t)
	p := pos(b, "allied 0202")
	m := mover(t, b, p, 0, false, 9)
	m.Rules = []StepRule{oneStream}
	if _, err := m.Walk([]hex.Axial{at(t, b, "0202"), at(t, b, "0203"), at(t, b, "0204")}); err == nil {
		t.Error("a path across two streams")
	}
	r := m.Reach()
	if !r.Has(at(t, b, "0204")) || r.Cost(at(t, b, "0204")) <= 2*MP {
		t.Errorf("0204 reached %v at %d: want it reached around a stream, for more than 2 MP", r.Has(at(t, b, "0204")), r.Cost(at(t, b, "0204")))
	}
	if c, err := m.Walk(r.Path(at(t, b, "0204"))); err != nil || c != r.Cost(at(t, b, "0204")) {
		t.Errorf("the path found %v walks at %d, %v", r.Path(at(t, b, "0204")), c, err)
	}
	want := bruteReach(m)
	for a, c := range want {
		if !r.Has(a) || r.Cost(a) != c {
			t.Errorf("%s: search %v at %d, brute force %d", b.ID(a), r.Has(a), r.Cost(a), c)
		}
	}
	if len(want) != len(r.Hexes()) {
		t.Errorf("search reaches %d hexes, brute force %d", len(r.Hexes()), len(want))
	}
}

// TestStepMark_Undeclared: a rule that marks the path without saying so
// (StepRule.Marks) is a fault the mover will not hide, as the searches
// would pass over steps it marks (Mover.ReachIn).
func TestStepMark_Undeclared(t *testing.T) {
	b := testMap{hexsides: []string{"0202/0203 stream"}}.board(t)
	m := mover(t, b, pos(b, "allied 0202"), 0, false, 9)
	undeclared := oneStream
	undeclared.Marks = false
	m.Rules = []StepRule{undeclared}
	defer func() {
		if recover() == nil {
			t.Error("a step marked by a rule that does not say Marks was taken")
		}
	}()
	m.Walk([]hex.Axial{at(t, b, "0202"), at(t, b, "0203")})
}

// TestReachMatchesBruteForce: with enemy units about, the search finds
// exactly the hexes and least costs that trying every path finds, and each
// path it returns walks at the cost it reports.
func TestReachMatchesBruteForce(t *testing.T) {
	b := costMap.board(t)
	checked := 0
	for _, mech := range []bool{false, true} {
		for _, s := range []string{"0101", "0204", "0401", "0503", "0602", "0704", "0705", "0805", "0304"} {
			p := pos(b, "allied "+s, "german 0306", "allied 0108")
			m := mover(t, b, p, 0, mech, 4)
			want := bruteReach(m)
			got := m.Reach()
			for a, c := range want {
				if !got.Has(a) || got.Cost(a) != c {
					t.Errorf("mech %v from %s to %s: search found %v, brute force %d", mech, s, b.ID(a), got.Has(a), c)
					continue
				}
				if wc, err := m.Walk(got.Path(a)); err != nil || wc != c {
					t.Errorf("mech %v from %s to %s: path %v walks at %d, %v", mech, s, b.ID(a), got.Path(a), wc, err)
				}
				checked++
			}
			for _, a := range got.Hexes() {
				if _, ok := want[a]; !ok {
					t.Errorf("mech %v from %s: search reaches %s, brute force does not", mech, s, b.ID(a))
				}
			}
		}
	}
	if checked < 150 {
		t.Errorf("only %d destinations compared", checked)
	}
}

// TestTacticalReach: Tactical Movement goes 1 or 2 hexes whatever they
// cost, and stops where a zone of control stops it (N44 9.10, A44 11.3, S43
// 5.4). A hex next to the start is reached by its own step, never by a path
// of two through the hex beside it, which a move limited to 1 hex (A44 31)
// could not take.
func TestTacticalReach(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0401", "german 0202")
	m := mover(t, b, p, 0, false, 0)
	m.Tactical = true
	got := m.TacticalReach()
	for _, id := range []string{"0301", "0402", "0501", "0302", "0403", "0502"} {
		if _, ok := got[at(t, b, id)]; !ok {
			t.Errorf("%s is 1 or 2 hexes away: not reached", id)
		}
	}
	next := 0
	for a, path := range got {
		if hex.Distance(m.Start, a) == 1 {
			next++
			if len(path) != 2 {
				t.Errorf("%s, next to the start, is reached by %d steps: %v", b.ID(a), len(path)-1, path)
			}
		}
	}
	if next < 2 {
		t.Errorf("only %d hexes next to the start reached", next)
	}
	for _, id := range []string{"0404", "0201", "0401"} {
		if _, ok := got[at(t, b, id)]; ok {
			t.Errorf("%s reached: 3 hexes away, or beyond the zone at 0301, or the start", id)
		}
	}
}

// TestEnter: a unit entering the map pays the entry hex's cost and moves on
// with the rest of its budget; one stopped there by an enemy zone goes no
// further (N44 6.6, A44 13.1, S43 21.1.3).
func TestEnter(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0601", "german 0404")
	m := mover(t, b, p, 0, false, 2)
	m.Entering = true
	first, r, bar := m.Enter(at(t, b, "0601"))
	if !bar.OK() || first.Cost != MP/2 || !r.Has(at(t, b, "0604")) || r.Cost(at(t, b, "0604")) != 3*MP/2 || r.Has(at(t, b, "0607")) {
		t.Errorf("by the main road with 2 MP: entry %+v, 0604 %v at %d, 0607 %v", first, r.Has(at(t, b, "0604")), r.Cost(at(t, b, "0604")), r.Has(at(t, b, "0607")))
	}
	m.Start = at(t, b, "0403")
	if first, r, bar := m.Enter(at(t, b, "0403")); !bar.OK() || !first.Stop || len(r.Hexes()) != 0 {
		t.Errorf("into the enemy zone: %+v, %d hexes beyond", first, len(r.Hexes()))
	}
	if !Waiting("entry:red") || !Waiting("at:2506") || Waiting("2506") || WaitingWords("entry:red") != "a red entry hex" || WaitingWords("at:2506") != "2506" {
		t.Error("the waiting places read wrong")
	}
}

// TestRoadCut: a road cut at a hexside (A44 7.2: a blown bridge counts as
// no bridge) prices the step off road, with the hexside's rows: the river
// then bars a mechanized unit and is crossed on foot only as a first move.
func TestRoadCut(t *testing.T) {
	b := costMap.board(t)
	p := pos(b, "allied 0603")
	cut := func(m *Mover) {
		river := mustCell(t, b, "0603")
		d, _ := hex.DirectionTo(at(t, b, "0603"), at(t, b, "0604"))
		m.RoadCut = func(f int, dir hex.Direction) bool { return f == river && dir == d }
	}
	m := mover(t, b, p, 0, true, 99)
	if _, err := m.Step(at(t, b, "0603"), at(t, b, "0604")); err != nil {
		t.Fatalf("the bridge stands: %v", err)
	}
	cut(m)
	_, err := m.Step(at(t, b, "0603"), at(t, b, "0604"))
	refusedBy(t, err, "T-river")
	m = mover(t, b, p, 0, false, 99)
	cut(m)
	if s, err := m.Step(at(t, b, "0603"), at(t, b, "0604")); err != nil || s.Cost != 2*MP || s.Road != "" {
		t.Errorf("on foot across the cut bridge: %+v, %v; want clear and the river, off road", s, err)
	}
	if s, err := m.Step(at(t, b, "0602"), at(t, b, "0603")); err != nil || s.Road != "main" {
		t.Errorf("the road elsewhere is whole: %+v, %v", s, err)
	}
}

// TestCheck_StepWhole: the checks set every field of the step they leave in
// the mover (Mover.check writes them one by one, keeping a stop's words only
// while they are set), so a step after one that stopped the unit carries
// none of its stop: into an enemy zone (N44 8.2) and then out of it, into
// a swamp off road (T3) and then along a road.
func TestCheck_StepWhole(t *testing.T) {
	// Unkeyed, so that a field added to Step fails to compile here until
	// Mover.check sets it too.
	_ = Step{0, 0, 0, 0, "", false, false, false, 0, false, "", "", ""}
	b := costMap.board(t)
	m := mover(t, b, pos(b, "allied 0102", "german 0104"), 0, false, 9)
	if s, bar := m.Check(at(t, b, "0102"), at(t, b, "0103")); !bar.OK() || !s.Stop || s.StopRule != "M-zoc" || s.StopWhy() == "" {
		t.Fatalf("into the zone: %+v, %v", s, bar)
	}
	s, bar := m.Check(at(t, b, "0103"), at(t, b, "0203"))
	if want := (Step{From: s.From, To: s.To, Dir: s.Dir, Cost: MP + testTEC.LeaveEZOC}); !bar.OK() || s != want {
		t.Errorf("out of the zone: %+v, want %+v", s, want)
	}
	m = mover(t, b, pos(b, "allied 0605"), 0, false, 9)
	if s, bar := m.Check(at(t, b, "0605"), at(t, b, "0705")); !bar.OK() || !s.Stop || s.StopWhy() != "it entered a swamp hex off road" {
		t.Fatalf("into the swamp: %+v, %v", s, bar)
	}
	s, bar = m.Check(at(t, b, "0605"), at(t, b, "0606"))
	if !bar.OK() || s.Stop || s.StopRule != "" || s.StopWhy() != "" || s.Road == "" || !s.First {
		t.Errorf("along the road: %+v, %v", s, bar)
	}
}
