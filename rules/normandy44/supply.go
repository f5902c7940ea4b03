package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Supply lines, out of supply, isolation and attrition (18.x). The position is
// read in axial coordinates (SupplyView); the traces run over the board's hex
// numbers (board.cells), and their results are keyed by printed id for the
// units' places in the state.

// SupplyStatus is what a supply trace finds for a hex (18.3, 18.5.1): the
// series' (rules/hexwar).
type SupplyStatus = hexwar.SupplyStatus

const (
	// Isolated: no line even with an unlimited off-road part (18.5.1).
	Isolated = hexwar.Isolated
	// OutOfSupply: no 18.3 line, but one with an unlimited off-road part.
	OutOfSupply = hexwar.OutOfSupply
	// InSupply: a line of at most 5 hexes, then roads, to a source (18.3).
	InSupply = hexwar.InSupply
)

// offRoadLimit is how many hexes a supply line may run before it must follow a
// road (18.3; AMBIG-31: counted from the unit, its own hex excluded; a source
// within that many hexes needs no road).
const offRoadLimit = 5

// SupplyMap is where Normandy's supply lines may end (18.2, S3.2.1), over the
// game's board: built once per game and shared read-only. The lines run over
// the board itself (land hexes, impassable hexsides, roads: 18.3).
type SupplyMap struct {
	b *board
	// German sources (18.2): map-edge entry hexes and Cherbourg city hexes;
	// with the S3.2.1 rule, every road hex south of the 27 June line.
	entry      []hex.Axial
	cherbourg  []hex.Axial
	southRoads []hex.Axial
	// Allied sources (18.2): beach hexes (if open) and Mulberry hexes (if
	// complete and Allied-controlled).
	beach    map[hex.Axial]string
	mulberry map[hex.Axial]string
	// overland, when set, closes ground to the overland part of a line
	// (the first edition's 18.2, D35); nil in 2.2, which leaves it open.
	overland func(i, j int, d hex.Direction) bool
}

// closeOverland applies the first edition's note to 18.2 (IT L1230, D35):
// the overland part of a line neither enters nor crosses flooded hexes and
// hexsides, nor crosses a major river. A bridge (a road over the hexside,
// a causeway) carries it over; a flooded hex entered along a road does not
// stop it.
func (m *SupplyMap) closeOverland() {
	b := m.b
	m.overland = func(i, j int, d hex.Direction) bool {
		x, y := b.grid.Hex(i), b.grid.Hex(j)
		if b.road(x, y) != "" || b.feature(x, y, Causeway) {
			return true
		}
		return b.TerrainAt(j) != Flooded && !b.feature(x, y, MajorRiver) && !b.feature(x, y, FloodedRiver)
	}
}

// cherbourgCity is the City whose hexes are a German supply source (18.2) and
// the Cotentin HQ's destination (17.4).
const cherbourgCity = "Cherbourg"

// newSupplyMap finds a scenario's supply sources on its board.
//
// S3.2.1 lets German lines end on "any road leading south across the 27 June
// line". The scenario format has no record for it; the S3 rule that the Allies
// may not cross the 27 June line (no-cross allied north-of-27june) is what sets
// that scenario apart, so its presence turns the rule on (isCherbourgRules).
func newSupplyMap(s *Scenario, b *board) (*SupplyMap, error) {
	m := &SupplyMap{b: b, cherbourg: b.cities(cherbourgCity), beach: map[hex.Axial]string{}, mulberry: map[hex.Axial]string{}}
	for _, p := range s.Places {
		a, ok := b.ids[p.Hex]
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
		for _, a := range b.landHexes {
			if b.inZone(ZoneNorth27, a) {
				continue
			}
			for d := range hex.DirectionCount {
				if b.road(a, a.Neighbor(d)) != "" {
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

// SupplyView is the position as one side's supply lines see it. A nil
// function means "never".
type SupplyView struct {
	Side Side
	// EnemyUnit: a line may not enter a hex an enemy unit occupies (18.3).
	EnemyUnit func(hex.Axial) bool
	// FriendlyUnit: an enemy-ZOC hex holding a friendly unit does not count
	// toward two consecutive vacant EZOC hexes (18.3).
	FriendlyUnit func(hex.Axial) bool
	// EnemyZOC: the hex is in an enemy zone of control (8.x).
	EnemyZOC func(hex.Axial) bool
	// EnemyZOCLine: the step from one hex to the next enters or crosses an
	// enemy ZOC Line (18.3, 8.5).
	EnemyZOCLine func(from, to hex.Axial) bool
	// Control is who controls a hex (2.2.5), "" for nobody. The road part of a
	// line may not enter an enemy-controlled Town or City (18.3); a source must
	// not be enemy-controlled.
	Control func(hex.Axial) Side
	// OpenBeach: a beach hex is open (21.1, 21.1.4); nil means every beach is.
	OpenBeach func(hex.Axial) bool
	// Mulberry: a Mulberry hex is complete (21.1.3); nil means none is.
	Mulberry func(hex.Axial) bool
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

// call1 is f(x), false for a nil f ("never").
func call1[T any](f func(T) bool, x T) bool { return f != nil && f(x) }

// atID reads a test of hexes for printed ids, at the state's edge: false for
// an id that is no hex of the map, and nil for a nil test.
func (b *board) atID(f func(hex.Axial) bool) func(string) bool {
	if f == nil {
		return nil
	}
	return func(id string) bool {
		a, ok := b.ids[id]
		return ok && f(a)
	}
}

// sources are the hexes where v.Side's lines may end (18.2, S3.2.1).
func (m *SupplyMap) sources(v *SupplyView) []hex.Axial {
	var out []hex.Axial
	usable := func(a hex.Axial, needFriendly bool) bool {
		if call1(v.EnemyUnit, a) {
			return false
		}
		c := Side("")
		if v.Control != nil {
			c = v.Control(a)
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
			if (v.OpenBeach == nil || v.OpenBeach(a)) && usable(a, false) {
				out = append(out, a)
			}
		}
		for a := range m.mulberry {
			if call1(v.Mulberry, a) && usable(a, true) {
				out = append(out, a)
			}
		}
	}
	hex.SortAxials(out)
	return slices.Compact(out)
}

// tracer is the series' supply tracer (rules/hexwar) with Normandy's rules
// of 18.3, for one view of the position.
type tracer struct {
	*hexwar.Tracer
	enemyUnit []bool // by grid number
}

// newTracer reads a view into the rules of 18.3: no line enters a hex an
// enemy unit holds, nor two vacant hexes of an enemy ZOC in a row (the
// line's first hex, which a friendly unit holds, excepted), nor enters or
// crosses an enemy ZOC Line; the road part enters no enemy-controlled Town
// or City (ENGINE NOTE: nor starts in one).
func (m *SupplyMap) newTracer(v *SupplyView) *tracer {
	b := m.b
	n := b.grid.Len()
	enemyUnit, vacantEZOC, enemyTown := make([]bool, n), make([]bool, n), make([]bool, n)
	enemy := v.enemy()
	for _, a := range b.landHexes {
		i, _ := b.cell(a)
		enemyUnit[i] = call1(v.EnemyUnit, a)
		vacantEZOC[i] = call1(v.EnemyZOC, a) && !call1(v.FriendlyUnit, a)
		if townOrCity(b.TerrainAt(i)) && v.Control != nil && v.Control(a) == enemy {
			enemyTown[i] = true
		}
	}
	grid := b.grid
	return &tracer{enemyUnit: enemyUnit, Tracer: hexwar.NewTracer(b.Board, hexwar.SupplyRules{
		OffRoad: offRoadLimit,
		Enemy:   enemyUnit,
		Step: func(i, j int, _ hex.Direction, first bool) bool {
			if !first && vacantEZOC[i] && vacantEZOC[j] {
				return false
			}
			return v.EnemyZOCLine == nil || !v.EnemyZOCLine(grid.Hex(i), grid.Hex(j))
		},
		RoadOpen: func(i int) bool { return !enemyTown[i] },
		Overland: m.overland,
	})}
}

// statuses, distances and cells are the tracer's, in the words the rest of
// the engine reads them with (hexwar.Tracer).
func (t *tracer) statuses(goals []hex.Axial) map[int]SupplyStatus { return t.Statuses(goals) }
func (t *tracer) distances(goals []int, road bool, limit int) map[int]int {
	return t.Distances(goals, road, limit)
}
func (t *tracer) cells(goals []hex.Axial) []int { return t.Cells(goals) }

// traceSupply gives every land hex not occupied by the enemy the status a unit
// of v.Side would have there now (18.1-18.3, 18.5.1): InSupply with a line of
// at most 5 hexes then roads to a source, OutOfSupply with a line only when the
// off-road part may be as long as it likes, Isolated with none. The result is
// keyed by printed id, for the units' places in the state, and does not
// depend on map order.
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
	for _, a := range m.b.landHexes {
		i, _ := m.b.cell(a)
		if !t.enemyUnit[i] && goal(m.b.IDAt(i)) {
			goals = append(goals, a)
		}
	}
	return m.byID(t.statuses(goals))
}

func (m *SupplyMap) byID(st map[int]SupplyStatus) map[string]SupplyStatus {
	out := make(map[string]SupplyStatus, len(st))
	for i, s := range st {
		out[m.b.IDAt(i)] = s
	}
	return out
}

// cherbourgCutOff reports whether no Cherbourg city hex can trace a German
// supply line (18.3) to the south map edge (5.2, S3.3 I b). v is the German
// view; EdgeOnly is set here.
func cherbourgCutOff(m *SupplyMap, v SupplyView) bool {
	v.Side, v.EdgeOnly = German, true
	return m.cherbourgCutOffIn(traceSupply(m, v))
}

// cherbourgCutOffIn is cherbourgCutOff from st, the German trace to the map
// edge.
func (m *SupplyMap) cherbourgCutOffIn(st map[string]SupplyStatus) bool {
	for _, a := range m.cherbourg {
		if st[m.b.id(a)] == InSupply {
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
	// MaxDRM caps the modifiers (the first edition's 18.5, IT L1260: +3);
	// 0 for no cap (2.2 states none).
	MaxDRM int
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
	if c.MaxDRM > 0 && drm > c.MaxDRM {
		drm = c.MaxDRM
		why += fmt.Sprintf(", at most %+d", c.MaxDRM)
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

// replLineAfresh is the trace for Repl in the game's edition: the first
// edition has no rule against a line to Cherbourg alone (D05, IT L375-403).
// replLine keeps it (supply_cache.go).
func (g *Game) replLineAfresh(side Side) map[string]SupplyStatus {
	if g.ed.cherbourgOnlySupplyNoRepl {
		return replLine(g.sup, g.supplyView(side))
	}
	return traceSupply(g.sup, g.supplyView(side))
}
