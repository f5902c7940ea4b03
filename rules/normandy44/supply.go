package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Supply lines, out of supply, isolation and attrition (18.x). Hex ids are
// printed strings at this file's edge; inside, rules/hex axial coordinates.

// SupplyStatus is what a supply trace finds for a hex (18.3, 18.5.1). The zero
// value is Isolated, the safe reading for a hex the trace does not list.
type SupplyStatus int

const (
	// Isolated: no line even with an unlimited off-road part (18.5.1).
	Isolated SupplyStatus = iota
	// OutOfSupply: no 18.3 line, but one with an unlimited off-road part.
	OutOfSupply
	// InSupply: a line of at most 5 hexes, then roads, to a source (18.3).
	InSupply
)

func (s SupplyStatus) String() string {
	switch s {
	case InSupply:
		return "in supply"
	case OutOfSupply:
		return "out of supply"
	}
	return "isolated"
}

// offRoadLimit is how many hexes a supply line may run before it must follow a
// road (18.3; AMBIG-31: counted from the unit, its own hex excluded; a source
// within that many hexes needs no road).
const offRoadLimit = 5

// SupplyMap is the part of a scenario's map that supply lines read, built once
// per game and shared read-only.
type SupplyMap struct {
	layout     hex.Layout
	ids        map[hex.Axial]string
	axial      map[string]hex.Axial
	land       []hex.Axial // on the map and not all sea (18.3), sorted
	isLand     map[hex.Axial]bool
	impassable map[hex.Side]bool // 9.6, 18.3
	road       map[hex.Side]bool // any road through the hexside (9.3)
	townCity   map[hex.Axial]Terrain
	coastal    map[hex.Axial]bool
	// German sources (18.2): map-edge entry hexes and Cherbourg city hexes;
	// with the S3.2.1 rule, every road hex south of the 27 June line.
	entry      []hex.Axial
	cherbourg  []hex.Axial
	southRoads []hex.Axial
	// Allied sources (18.2): beach hexes (if open) and Mulberry hexes (if
	// complete and Allied-controlled).
	beach    map[hex.Axial]string
	mulberry map[hex.Axial]string
}

// newSupplyMap reads the supply geometry from a parsed scenario.
//
// S3.2.1 lets German lines end on "any road leading south across the 27 June
// line". The scenario format has no record for it; the S3 rule that the Allies
// may not cross the 27 June line (no-cross allied north-of-27june) is what sets
// that scenario apart, so its presence turns the rule on (isCherbourgRules).
func newSupplyMap(s *Scenario) (*SupplyMap, error) {
	l, err := hex.ParseLayout(s.Layout)
	if err != nil {
		return nil, fmt.Errorf("supply map %s: %w", s.Name, err)
	}
	m := &SupplyMap{
		layout: l, ids: map[hex.Axial]string{}, axial: map[string]hex.Axial{},
		isLand: map[hex.Axial]bool{}, impassable: map[hex.Side]bool{}, road: map[hex.Side]bool{},
		townCity: map[hex.Axial]Terrain{}, coastal: map[hex.Axial]bool{},
		beach: map[hex.Axial]string{}, mulberry: map[hex.Axial]string{},
	}
	for _, h := range s.Hexes {
		a, err := l.Parse(h.ID)
		if err != nil {
			return nil, fmt.Errorf("supply map %s: hex %s: %w", s.Name, h.ID, err)
		}
		m.ids[a], m.axial[h.ID] = h.ID, a
		if h.Terrain == Sea {
			continue
		}
		m.land = append(m.land, a)
		m.isLand[a] = true
		if h.Terrain == Town || h.Terrain == City {
			m.townCity[a] = h.Terrain
		}
		if h.Terrain == City && h.Name == "Cherbourg" {
			m.cherbourg = append(m.cherbourg, a)
		}
		if h.Coastal {
			m.coastal[a] = true
		}
	}
	hex.SortAxials(m.land)
	side := func(x, y string) (hex.Side, error) {
		a, okA := m.axial[x]
		b, okB := m.axial[y]
		if !okA || !okB {
			return hex.Side{}, fmt.Errorf("supply map %s: %s/%s: %w", s.Name, x, y, ErrOffMap)
		}
		sd, ok := hex.SideBetween(a, b)
		if !ok {
			return hex.Side{}, fmt.Errorf("supply map %s: %s/%s: %w", s.Name, x, y, ErrAdjacent)
		}
		return sd, nil
	}
	for _, hs := range s.Hexsides {
		if slices.Contains(hs.Features, Impassable) {
			sd, err := side(hs.A, hs.B)
			if err != nil {
				return nil, err
			}
			m.impassable[sd] = true
		}
	}
	for _, r := range s.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			sd, err := side(r.Hexes[i-1], r.Hexes[i])
			if err != nil {
				return nil, err
			}
			m.road[sd] = true
		}
	}
	for _, p := range s.Places {
		a, ok := m.axial[p.Hex]
		if !ok {
			return nil, fmt.Errorf("supply map %s: place %s %s: %w", s.Name, p.Kind, p.Hex, ErrOffMap)
		}
		switch p.Kind {
		case PlaceEntry:
			m.entry = append(m.entry, a)
		case PlaceBeach:
			m.beach[a] = p.Arg
		case PlaceMulberry:
			m.mulberry[a] = p.Arg
		}
	}
	hex.SortAxials(m.entry)
	if isCherbourgRules(s) {
		north := map[hex.Axial]bool{}
		for _, z := range s.Zones {
			if z.Name == ZoneNorth27 {
				for _, id := range z.Hexes {
					north[m.axial[id]] = true
				}
			}
		}
		for _, a := range m.land {
			if north[a] {
				continue
			}
			for _, sd := range a.Sides() {
				if m.road[sd] {
					m.southRoads = append(m.southRoads, a)
					break
				}
			}
		}
	}
	return m, nil
}

// isCherbourgRules reports whether a scenario plays under the Cherbourg
// scenario's rules (S3): it is the one whose Allies may not cross the 27 June
// line (S3.1).
func isCherbourgRules(s *Scenario) bool {
	return slices.ContainsFunc(s.Special, func(r SpecialRule) bool {
		return r.Kind == SpecialNoCross && r.Side == Allied && r.Zone == ZoneNorth27
	})
}

// SupplyView is the position as one side's supply lines see it. Every
// function takes printed hex ids; a nil function means "never".
type SupplyView struct {
	Side Side
	// EnemyUnit: a line may not enter a hex an enemy unit occupies (18.3).
	EnemyUnit func(hexID string) bool
	// FriendlyUnit: an enemy-ZOC hex holding a friendly unit does not count
	// toward two consecutive vacant EZOC hexes (18.3).
	FriendlyUnit func(hexID string) bool
	// EnemyZOC: the hex is in an enemy zone of control (8.x).
	EnemyZOC func(hexID string) bool
	// EnemyZOCLine: the step from one hex to the next enters or crosses an
	// enemy ZOC Line (18.3, 8.5).
	EnemyZOCLine func(from, to string) bool
	// Control is who controls a hex (2.2.5), "" for nobody. The road part of a
	// line may not enter an enemy-controlled Town or City (18.3); a source must
	// not be enemy-controlled.
	Control func(hexID string) Side
	// OpenBeach: a beach hex is open (21.1, 21.1.4); nil means every beach is.
	OpenBeach func(hexID string) bool
	// Mulberry: a Mulberry hex is complete (21.1.3); nil means none is.
	Mulberry func(hexID string) bool
	// EdgeOnly limits German sources to the south map edge, leaving out
	// Cherbourg (S1.3.1 German VP, 5.2 and S3.3 I b). ENGINE NOTE: the south edge
	// is the entry hexes (and under S3.2.1 the roads south of the 27 June line).
	EdgeOnly bool
}

func (v *SupplyView) enemy() Side {
	if v.Side == Allied {
		return German
	}
	return Allied
}

func call1(f func(string) bool, id string) bool { return f != nil && f(id) }

// sources are the hexes where v.Side's lines may end (18.2, S3.2.1).
func (m *SupplyMap) sources(v *SupplyView) []hex.Axial {
	var out []hex.Axial
	usable := func(a hex.Axial, needFriendly bool) bool {
		id := m.ids[a]
		if call1(v.EnemyUnit, id) {
			return false
		}
		c := Side("")
		if v.Control != nil {
			c = v.Control(id)
		}
		if needFriendly {
			return c == v.Side
		}
		// A map-edge hex is no Town, so 2.2.5 would give it a controller only
		// while occupied; ENGINE NOTE: it serves unless the enemy controls it.
		return c != v.enemy()
	}
	if v.Side == German {
		for _, a := range m.entry {
			if usable(a, false) {
				out = append(out, a)
			}
		}
		for _, a := range m.southRoads {
			if usable(a, false) {
				out = append(out, a)
			}
		}
		if !v.EdgeOnly {
			for _, a := range m.cherbourg {
				if usable(a, true) {
					out = append(out, a)
				}
			}
		}
	} else {
		for a := range m.beach {
			if (v.OpenBeach == nil || v.OpenBeach(m.ids[a])) && usable(a, false) {
				out = append(out, a)
			}
		}
		for a := range m.mulberry {
			if call1(v.Mulberry, m.ids[a]) && usable(a, true) {
				out = append(out, a)
			}
		}
	}
	hex.SortAxials(out)
	return slices.Compact(out)
}

// tracer holds one trace's view of the board.
type tracer struct {
	m          *SupplyMap
	v          *SupplyView
	enemyUnit  map[hex.Axial]bool
	vacantEZOC map[hex.Axial]bool
	enemyTown  map[hex.Axial]bool
}

func (m *SupplyMap) newTracer(v *SupplyView) *tracer {
	t := &tracer{m: m, v: v, enemyUnit: map[hex.Axial]bool{}, vacantEZOC: map[hex.Axial]bool{}, enemyTown: map[hex.Axial]bool{}}
	for _, a := range m.land {
		id := m.ids[a]
		if call1(v.EnemyUnit, id) {
			t.enemyUnit[a] = true
		}
		if call1(v.EnemyZOC, id) && !call1(v.FriendlyUnit, id) {
			t.vacantEZOC[a] = true
		}
		if _, ok := m.townCity[a]; ok && v.Control != nil && v.Control(id) == v.enemy() {
			t.enemyTown[a] = true
		}
	}
	return t
}

// step reports whether a line may go from a to b (18.3): both on land, no
// impassable hexside, b not enemy-occupied, not two vacant EZOC hexes in a row
// (startOccupied: a is the line's first hex, which a friendly unit holds), no
// enemy ZOC Line entered or crossed.
func (t *tracer) step(a, b hex.Axial, startOccupied bool) bool {
	if !t.m.isLand[a] || !t.m.isLand[b] || t.enemyUnit[b] {
		return false
	}
	sd, ok := hex.SideBetween(a, b)
	if !ok || t.m.impassable[sd] {
		return false
	}
	if !startOccupied && t.vacantEZOC[a] && t.vacantEZOC[b] {
		return false
	}
	return t.v.EnemyZOCLine == nil || !t.v.EnemyZOCLine(t.m.ids[a], t.m.ids[b])
}

// roadStep is step along a road, whose part of the line may not enter an
// enemy-controlled Town or City (18.3).
func (t *tracer) roadStep(a, b hex.Axial) bool {
	sd, _ := hex.SideBetween(a, b)
	return t.m.road[sd] && !t.enemyTown[a] && !t.enemyTown[b] && t.step(a, b, false)
}

// distances runs a breadth-first search backwards from the goal hexes: the
// result holds, for each hex, the fewest steps from it to a goal, as an inner
// hex of a line (its own vacancy counts). road limits the steps to roads.
func (t *tracer) distances(goals []hex.Axial, road bool, limit int) map[hex.Axial]int {
	dist := map[hex.Axial]int{}
	queue := slices.Clone(goals)
	for _, g := range goals {
		dist[g] = 0
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if dist[b] >= limit {
			continue
		}
		for _, a := range b.Neighbors() {
			if _, seen := dist[a]; seen {
				continue
			}
			ok := false
			if road {
				ok = t.roadStep(a, b)
			} else {
				ok = t.step(a, b, false)
			}
			if ok {
				dist[a] = dist[b] + 1
				queue = append(queue, a)
			}
		}
	}
	return dist
}

// statuses gives every land hex its status for lines to goals: a hex is read
// as the first hex of a line, held by a friendly unit.
func (t *tracer) statuses(goals []hex.Axial) map[hex.Axial]SupplyStatus {
	const unlimited = 1 << 30
	// ENGINE NOTE (18.3): the road part neither enters nor starts in an
	// enemy-controlled Town or City, so such a hex never joins it; otherwise a
	// line could walk into the town off-road and leave it by the road.
	var roadGoals []hex.Axial
	for _, g := range goals {
		if !t.enemyTown[g] {
			roadGoals = append(roadGoals, g)
		}
	}
	onRoad := t.distances(roadGoals, true, unlimited)
	roadHexes := hex.SortedKeys(onRoad)
	offRoad := t.distances(roadHexes, false, offRoadLimit)
	anyLine := t.distances(goals, false, unlimited)
	out := make(map[hex.Axial]SupplyStatus, len(t.m.land))
	for _, a := range t.m.land {
		if t.enemyUnit[a] {
			continue // no friendly unit can be there: left out, reads as Isolated
		}
		st := Isolated
		if _, ok := anyLine[a]; ok {
			st = OutOfSupply
		}
		if _, ok := onRoad[a]; ok {
			st = InSupply
		}
		for _, n := range a.Neighbors() {
			if st == InSupply {
				break
			}
			if !t.step(a, n, true) {
				continue
			}
			if d, ok := offRoad[n]; ok && d+1 <= offRoadLimit {
				st = InSupply
			} else if _, ok := anyLine[n]; ok && st == Isolated {
				st = OutOfSupply
			}
		}
		out[a] = st
	}
	return out
}

// traceSupply gives every land hex not occupied by the enemy the status a unit
// of v.Side would have there now (18.1-18.3, 18.5.1): InSupply with a line of
// at most 5 hexes then roads to a source, OutOfSupply with a line only when the
// off-road part may be as long as it likes, Isolated with none. The result is
// deterministic; it does not depend on map order.
func traceSupply(m *SupplyMap, v SupplyView) map[string]SupplyStatus {
	t := m.newTracer(&v)
	return m.byID(t.statuses(m.sources(&v)))
}

// traceLineTo is traceSupply with other ends than the side's sources: the
// hexes for which goal is true (18.5.2: a friendly City, strongpoint, coastal
// hex or HQ; 18.5.4: a friendly non-HQ combat unit).
func traceLineTo(m *SupplyMap, v SupplyView, goal func(hexID string) bool) map[string]SupplyStatus {
	t := m.newTracer(&v)
	var goals []hex.Axial
	for _, a := range m.land {
		if !t.enemyUnit[a] && goal(m.ids[a]) {
			goals = append(goals, a)
		}
	}
	return m.byID(t.statuses(goals))
}

func (m *SupplyMap) byID(st map[hex.Axial]SupplyStatus) map[string]SupplyStatus {
	out := make(map[string]SupplyStatus, len(st))
	for a, s := range st {
		out[m.ids[a]] = s
	}
	return out
}

// cherbourgCutOff reports whether no Cherbourg city hex can trace a German
// supply line (18.3) to the south map edge (5.2, S3.3 I b). v is the German
// view; EdgeOnly is set here.
func cherbourgCutOff(m *SupplyMap, v SupplyView) bool {
	v.Side, v.EdgeOnly = German, true
	st := traceSupply(m, v)
	for _, a := range m.cherbourg {
		if st[m.ids[a]] == InSupply {
			return false
		}
	}
	return true
}

// nextSupplyMarker is the marker a unit carries after its own side's Supply
// Phase check (18.1): none if it can trace a line; out of supply if it had no
// marker; flipped to red (Isolated) if it was already marked, whatever the
// cause (AMBIG-32, ENGINE NOTE).
func nextSupplyMarker(had SupplyMarker, canTrace bool) SupplyMarker {
	switch {
	case canTrace:
		return MarkerNone
	case had == MarkerNone:
		return MarkerOutOfSupply
	}
	return MarkerIsolated
}

// SupplyMarker is the out-of-supply marker a unit carries (18.1, 18.4).
type SupplyMarker int

const (
	MarkerNone        SupplyMarker = iota
	MarkerOutOfSupply              // the marker's normal side
	MarkerIsolated                 // the red side
)

// AttritionCase is what 18.5 looks at for one unit in its owner's Supply Phase.
type AttritionCase struct {
	Unit    string
	Quality int // 2.3.1: the DRM is +/- quality (18.5.2)
	HQ      bool
	// Strongpoint with StackedCombatUnit: a strongpoint stacked with a German
	// combat unit never takes attrition (18.5.3).
	Strongpoint       bool
	StackedCombatUnit bool
	Marker            SupplyMarker // after this phase's check (nextSupplyMarker)
	// Status is the unit's trace now; attrition needs Isolated (18.5.1).
	Status        SupplyStatus
	AdjacentEnemy bool // 18.5.1
	// Refuge: a normal-format line (5 hexes, then roads) to a friendly-
	// controlled City, a friendly strongpoint (German), a coastal hex (Allied)
	// or a friendly HQ: +2 (18.5.2). Strongpoints always qualify (18.5.3).
	Refuge bool
}

// attritionDue reports whether the unit rolls for attrition (18.5.1): a non-HQ
// unit with the red marker, Isolated and adjacent to an enemy unit (AMBIG-32:
// all three), and not a strongpoint stacked with a combat unit (18.5.3).
func attritionDue(c AttritionCase) bool {
	if c.HQ || c.Marker != MarkerIsolated || c.Status != Isolated || !c.AdjacentEnemy {
		return false
	}
	return !(c.Strongpoint && c.StackedCombatUnit)
}

// attritionTable is T12 (18.5.1): a modified roll of 1-4 loses a step.
var attritionTable = []struct {
	lo, hi, steps int
	rule          string
}{
	{-99, 4, 1, "T12: 1-4 lose 1 step"},
	{5, 99, 0, "T12: 5-6 no effect"},
}

// attrition resolves one unit's isolation attrition roll (18.5.1-18.5.2); roll
// is the die, 1-6. It returns the steps lost (0 or 1) and the narration. A unit
// for which attritionDue is false loses nothing.
func attrition(roll int, c AttritionCase) (stepLoss int, events []rules.Event) {
	if !attritionDue(c) {
		return 0, nil
	}
	drm := c.Quality
	why := fmt.Sprintf("quality %+d", c.Quality)
	if c.Refuge || c.Strongpoint {
		drm += 2
		why += ", +2 for a line to a city, strongpoint, coast or HQ"
	}
	mod := roll + drm
	for _, r := range attritionTable {
		if mod >= r.lo && mod <= r.hi {
			return r.steps, []rules.Event{{Text: fmt.Sprintf("%s, isolated, attrition die %d%+d (%s) = %d: %s (18.5)", c.Unit, roll, drm, why, mod, r.rule)}}
		}
	}
	panic("normandy44: attrition table has a gap")
}

// hqCutOff reports whether an Isolated HQ is eliminated (18.5.4): it cannot
// trace a supply line to any friendly non-HQ combat unit. toCombatUnit is
// traceLineTo's result for such units.
func hqCutOff(hexID string, toCombatUnit map[string]SupplyStatus) bool {
	return toCombatUnit[hexID] != InSupply
}

// replLine is the trace a unit needs to take a Repl or to be rebuilt on a hex
// (6.2.2 a, 6.2.3): a supply line now (18.3), whatever its marker (18.4). A
// German unit whose only source is a German-held Cherbourg hex takes no Repl
// (6.2.3), so German lines must reach the map edge (EdgeOnly).
func replLine(m *SupplyMap, v SupplyView) map[string]SupplyStatus {
	if v.Side == German {
		v.EdgeOnly = true
	}
	return traceSupply(m, v)
}
