package hexwar

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Movement: the core prices and checks each step of a unit's move by the
// chart and the rules every game of the series shares (no enemy hex, no
// impassable hexside, road rates, river crossings as a first move, stop on
// entering an enemy zone of control and pay to leave one, no enemy bond
// crossed), and each game adds its own rules as StepRules (Normandy's
// Cherbourg confinement, flooded hexes, cyclists, trucks; Ardennes' traffic
// markers and army boundaries; Salerno's one mountain hexside a phase).

// Context is what every move of one side in one position needs: who stands
// where, the enemy's zones of control and bonds, and the hexes next to enemy
// units. A game builds it once for all the units it lists moves of.
type Context struct {
	Side     Side
	Occ      map[hex.Axial][]int // the units on each hex
	Held     []Side              // by hex number: the side whose units stand there
	EZOC     HexSet              // hexes in an enemy zone of control
	Bonds    Bonds               // the enemy's bonds
	EnemyAdj HexSet              // hexes next to an enemy unit
	// enemyAt is by hex number whether enemy units stand there: Held
	// compared with Side, once, for the searches' thousands of steps
	// (issue 18).
	enemyAt []bool
}

// NewContext reads the position for side's moves; enemyZOC and enemyBonds
// are the rules of the enemy's zones and bonds.
func NewContext(b *Board, pos Position, side Side, enemyZOC ZOCRules, enemyBonds BondRules) *Context {
	enemy := side.Other()
	r := readPosition(pos) // once, for the five readings below
	pos = r
	held := Held(b, pos)
	enemyAt := make([]bool, len(held))
	for c, s := range held {
		enemyAt[c] = s != "" && s != side
	}
	return &Context{Side: side, Occ: OccupantsOn(b, r.hexes, r.on), Held: held, EZOC: ZOC(b, pos, enemy, enemyZOC),
		Bonds: NewBonds(b, pos, held, enemy, enemyBonds), EnemyAdj: NextTo(b, pos, enemy), enemyAt: enemyAt}
}

// MoveRefs are the numbers a game's book gives the rules the core's
// refusals cite, and its name for a bond.
type MoveRefs struct {
	Path     string // a path names every hex entered (N44 9.1)
	OffMap   string // units never leave the map (N44 9.2)
	Enemy    string // no unit enters a hex enemy units hold (N44 9.1)
	ZOC      string // a unit stops on entering an enemy zone of control (N44 8.2)
	Bond     string // no unit enters or crosses an enemy bond (N44 8.5.2)
	BondName string // "ZOC Line" (N44 8.5), "ZOC bond" (A44 10, S43 7)
	Entry    string // a reinforcement comes on through an entry hex (N44 6.6)
	Tactical string // Tactical Movement (N44 9.10, A44 11.3, S43 5.4)
}

// Mover prices and checks the steps of one unit's move in one way of moving.
// A game makes one per unit and way of moving (on its MA, tactically, by
// strategic movement...) and lists its own rules in Rules.
type Mover struct {
	Board *Board
	Ctx   *Context
	Refs  *MoveRefs
	Unit  int
	// UnitID is the unit's printed designation, for messages.
	UnitID string
	Start  hex.Axial // where the move starts: the unit's hex, or its entry hex
	Mech   bool      // the chart's mechanized column
	// Budget is the most the move may cost, in sixths of an MP.
	Budget int
	// Entering: the unit comes onto the map at Start, so no step of the
	// move leaves the hex it started in (N44 6.6).
	Entering bool
	// Tactical: the unit moves by Tactical Movement (N44 9.10, A44 11.3,
	// S43 5.4): 1 or 2 hexes whatever they cost, every other rule kept.
	Tactical bool
	// RoadCost is the cost of a hex entered along a road of class c; nil
	// reads the chart (Normandy's weather changes the German mechanized
	// rate on major roads, 9.7).
	RoadCost func(m *Mover, c RoadClass) int
	// RoadCut reports whether the road across the hexside in direction d
	// of the hex numbered f is cut, so that the step is off road (A44 7.2:
	// a blown bridge counts as no bridge); nil cuts none.
	RoadCut func(f int, d hex.Direction) bool
	Rules   []StepRule
	// Memo, if set, is shared by the movers that check steps alike
	// (stepmemo.go), for their searches.
	Memo *StepMemo
	// step is CheckAt's step while its rules read it: a field, so that the
	// searches price thousands of steps without allocating one each; and
	// stepRoad the number of its road's class (Board.roadOf).
	step     Step
	stepRoad uint8
}

// Step is one step between adjacent hexes, or onto the map at an entry hex,
// as the mover prices it and its step rules see it.
type Step struct {
	From, To int           // hex numbers; From is -1 for a unit entering the map at To
	Dir      hex.Direction // from From to To
	Sides    Features      // what lies on the hexside crossed (none when entering)
	Road     RoadClass     // the road across it; entering, the best road through To
	// First: the step leaves the hex the unit started its move in.
	First bool
	// Marked: the path to From carries the mark, which a step rule gives a
	// path for a rule that looks back at it (S43 5.6: one mountain hexside
	// a phase; A44 11.6: no two road-less wooded-rough hexsides). Mark is
	// whether the path to To carries it: Marked, unless a rule sets it.
	Marked, Mark bool
	// What the step costs, and whether the unit must stop in To: step rules
	// may add to the cost and stop the unit (StopFor).
	Cost int
	Stop bool
	// StopRule says which rule stops the unit, and stopWhy why, for the
	// refusal of a path that goes on; stopOffRoad is the chart's stop, whose
	// words are made only then.
	StopRule    string
	stopWhy     string
	stopOffRoad Terrain
}

// StopFor stops the unit in the hex it enters, under rule, saying why.
func (s *Step) StopFor(rule, why string) {
	s.Stop, s.StopRule, s.stopWhy, s.stopOffRoad = true, rule, why, ""
}

// StopWhy says why the unit must stop.
func (s *Step) StopWhy() string {
	if s.stopOffRoad != "" {
		return "it entered a " + string(s.stopOffRoad) + " hex off road"
	}
	return s.stopWhy
}

// A StepRule is one of a game's own movement rules, asked about every step
// of a move: Check before the chart prices the step, Price after (either may
// be nil). Each may bar the step with a code of its own, above 0, and
// Refuse makes the refusal of a step it barred. The searches ask about
// thousands of steps and read none of the refusals, so a bar is only a code
// until a command is refused.
type StepRule struct {
	Check  func(m *Mover, s *Step) int
	Price  func(m *Mover, s *Step) int
	Refuse func(code int, from, to hex.Axial) error
	// Discounts says that Price may make a step cheaper than the chart
	// prices it: the searches otherwise stop where what is left of the
	// budget buys no step at the chart's cheapest rate (Mover.ReachIn).
	Discounts bool
	// Marks says that Check or Price may mark the path (Step.Mark). A
	// rule only ever sets the mark, and only a rule that says so: the
	// searches pass over a step that cannot lead anywhere cheaper, which
	// they can tell before checking it only when it cannot mark the path
	// (Mover.ReachIn).
	Marks bool
}

// Bar is why a step is refused; the zero value is a step allowed.
type Bar struct {
	why  barReason
	k    int // barRule: the rule's index; barHexside, barFirstMove: the feature's bit
	code int // barRule: the rule's code
}

// OK reports whether the step is allowed.
func (b Bar) OK() bool { return b.why == stepOK }

type barReason uint8

const (
	stepOK         barReason = iota
	barOffMap                // Refs.OffMap
	barUnplayable            // the terrain's row
	barEnemy                 // Refs.Enemy
	barRule                  // a StepRule
	barImpassable            // the hexside's row
	barRoadOnly              // the terrain's row
	barHexside               // the hexside's row: not for this unit off road
	barFirstMove             // the hexside's row: only as the first move
	barBond                  // Refs.Bond
	barLeaveByRoad           // the row of the terrain left
)

// cheapestStep is what no step of the mover costs less than: the chart's
// cheapest rate on the board, off road in its column or along any of its
// roads (hexsides and enemy ZOCs only add to it); 0 when a rule may price a
// step under the chart (StepRule.Discounts).
func (m *Mover) cheapestStep() int {
	if slices.ContainsFunc(m.Rules, func(r StepRule) bool { return r.Discounts }) {
		return 0
	}
	least := m.Board.cheapest[0]
	if m.Mech {
		least = m.Board.cheapest[1]
	}
	for _, c := range m.Board.roadOf[1:] {
		least = min(least, m.roadCost(c))
	}
	return max(least, 0)
}

// marks reports whether a step rule of the mover may mark a path.
func (m *Mover) marks() bool {
	return slices.ContainsFunc(m.Rules, func(r StepRule) bool { return r.Marks })
}

// Check prices a step between adjacent hexes, the first of a path or one
// whose path carries no mark, for the searches: a refused step is only its
// Bar.
func (m *Mover) Check(from, to hex.Axial) (Step, Bar) { return m.CheckAfter(from, to, false) }

// CheckAfter is Check for a step of a path that carries the mark or not.
func (m *Mover) CheckAfter(from, to hex.Axial, marked bool) (Step, Bar) {
	t, ok := m.Board.Cell(to)
	if !ok {
		return Step{}, Bar{why: barOffMap}
	}
	f, ok := m.Board.Cell(from)
	if !ok {
		f = -1
	}
	d, _ := hex.DirectionTo(from, to)
	if bar := m.check(f, t, d, marked); !bar.OK() {
		return Step{}, bar
	}
	return m.step, Bar{}
}

// CheckAt is Check between the hexes numbered f and t, t in direction d from
// f; f is -1 for a unit entering the map at t.
func (m *Mover) CheckAt(f, t int, d hex.Direction) (Step, Bar) {
	if bar := m.check(f, t, d, false); !bar.OK() {
		return Step{}, bar
	}
	return m.step, Bar{}
}

// check is CheckAt for the searches, after a path that carries the mark or
// not: the step allowed is left in m.step, which the next check overwrites,
// so that no step is copied.
func (m *Mover) check(f, t int, d hex.Direction, marked bool) Bar {
	b := m.Board
	if b.entered[t].unplayable {
		return Bar{why: barUnplayable}
	}
	if m.Ctx.enemyAt[t] {
		return Bar{why: barEnemy}
	}
	s := &m.step
	// *s = Step{From: f, To: t, Dir: d, Marked: marked, Mark: marked},
	// field by field (every field of Step, TestCheck_StepWhole), as the
	// searches check thousands of steps: Road is set below, and a stop's
	// words are cleared only after a step that had them, as writing a
	// string is a pointer write, which the collector watches.
	s.From, s.To, s.Dir, s.Sides, s.First, s.Marked, s.Mark, s.Cost, s.Stop = f, t, d, 0, false, marked, marked, 0, false
	if s.StopRule != "" || s.stopWhy != "" || s.stopOffRoad != "" {
		s.StopRule, s.stopWhy, s.stopOffRoad = "", "", ""
	}
	road := uint8(0)
	if f >= 0 {
		road = b.cells[f].roads[d]
		if road != 0 && m.RoadCut != nil && m.RoadCut(f, d) {
			road = 0
		}
		s.Sides = b.cells[f].sides[d]
		s.First = !m.Entering && b.grid.Hex(f) == m.Start
	} else {
		road = m.bestRoadThrough(t)
	}
	// Most steps are off road, after a step off road: the road is written
	// only when it changes, as a string's write is watched by the
	// collector.
	if road != m.stepRoad {
		m.stepRoad, s.Road = road, b.roadOf[road]
	}
	for k := range m.Rules {
		if r := &m.Rules[k]; r.Check != nil {
			if code := r.Check(m, s); code != 0 {
				return Bar{why: barRule, k: k, code: code}
			}
		}
	}
	// A hex left only by road (N44 9.5.1) is asked after the game's rules,
	// and a stop to Tactical Movement (9.10) made after their prices, where
	// both stood as the last rule of Normandy's own: a step two rules bar
	// is refused under the same one.
	if road == 0 && m.Mech && f >= 0 && b.entered[f].leaveByRoad {
		return Bar{why: barLeaveByRoad}
	}
	if bar := m.price(s); !bar.OK() {
		return bar
	}
	for k := range m.Rules {
		if r := &m.Rules[k]; r.Price != nil {
			if code := r.Price(m, s); code != 0 {
				return Bar{why: barRule, k: k, code: code}
			}
		}
	}
	if m.Tactical && b.entered[t].tacticalStop {
		s.StopFor(m.Refs.Tactical, b.cells[t].tacticalWhy)
	}
	if s.Mark != marked && (marked || !m.marks()) {
		panic(fmt.Sprintf("hexwar: a step rule of %s changed the path's mark, and none says it Marks", m.UnitID))
	}
	// Friends in t negate the bond (Bonds.Blocks); whether they stand there
	// is asked only of the few steps a bond would block.
	if m.Ctx.Bonds.BlocksAt(f, t, d, false) && !m.FriendsAt(t) {
		return Bar{why: barBond}
	}
	ezoc := m.Ctx.EZOC
	if f >= 0 && ezoc.HasAt(f) {
		s.Cost += b.tec.LeaveEZOC
	}
	switch {
	case ezoc.HasAt(t) && f < 0:
		s.StopFor(m.Refs.Entry, "it entered an enemy ZOC")
	case ezoc.HasAt(t):
		s.StopFor(m.Refs.ZOC, "it is in an enemy ZOC")
	}
	return Bar{}
}

// price prices a step by the chart: along a road the road rate replaces the
// terrain, and a road over a river is a bridge (N44 9.3, A44 11.7, S43 5.2);
// off road the terrain's cost, and the hexside's rows.
func (m *Mover) price(s *Step) Bar {
	b := m.Board
	if b.ImpassableSet(s.Sides) {
		return Bar{why: barImpassable}
	}
	if s.Road != "" {
		s.Cost = m.roadCost(s.Road)
		return Bar{}
	}
	row := &b.entered[s.To]
	s.Cost = int(row.nonMech)
	if m.Mech {
		s.Cost = int(row.mech)
	}
	if s.Cost == NotAllowed {
		return Bar{why: barRoadOnly}
	}
	if row.stop && !m.Mech {
		s.Stop, s.StopRule, s.stopOffRoad = true, b.cells[s.To].move.Rule, b.cells[s.To].terrain
	}
	if s.Sides == 0 {
		return Bar{}
	}
	bridged := false
	for k, r := range b.sideRows {
		bridged = bridged || (s.Sides&(1<<k) != 0 && r.Bridge)
	}
	for k, r := range b.sideRows {
		if s.Sides&(1<<k) == 0 || (bridged && !r.Bridge) {
			continue
		}
		c := r.NonMech
		if m.Mech {
			c = r.Mech
		}
		switch {
		case c == NotAllowed:
			return Bar{why: barHexside, k: k}
		case r.FirstMove && !s.First:
			return Bar{why: barFirstMove, k: k}
		}
		s.Cost += c
	}
	return Bar{}
}

func (m *Mover) roadCost(c RoadClass) int {
	if m.RoadCost != nil {
		return m.RoadCost(m, c)
	}
	if m.Mech {
		return m.Board.tec.Roads[c].Mech
	}
	return m.Board.tec.Roads[c].NonMech
}

// bestRoadThrough is the cheapest road through any hexside of the hex
// numbered t, by its number (Board.roadOf): the road a unit entering the
// map there follows.
func (m *Mover) bestRoadThrough(t int) uint8 {
	b := m.Board
	var best uint8
	for _, r := range b.cells[t].roads {
		if r != 0 && (best == 0 || cheaper(b.tec.Roads[b.roadOf[r]], b.tec.Roads[b.roadOf[best]])) {
			best = r
		}
	}
	return best
}

// FriendsAt reports whether units of the mover's side, other than the mover,
// stand in the hex numbered i.
func (m *Mover) FriendsAt(i int) bool {
	if m.Ctx.Held[i] == "" {
		return false
	}
	if start, _ := m.Board.Cell(m.Start); i != start {
		// The mover is not there: the first unit of the hex decides.
		return m.Ctx.Held[i] == m.Ctx.Side
	}
	// The mover's own hex: friends if any other unit stands there, as
	// units of both sides never share a hex.
	for _, j := range m.Ctx.Occ[m.Start] {
		if j != m.Unit {
			return m.Ctx.Held[i] == m.Ctx.Side
		}
	}
	return false
}

// Step checks and prices one step for a player's command, the first of a
// path or one whose path carries no mark: a refused step is an error that
// names its rule.
func (m *Mover) Step(from, to hex.Axial) (Step, error) { return m.StepAfter(from, to, false) }

// StepAfter is Step for a step of a path that carries the mark or not.
func (m *Mover) StepAfter(from, to hex.Axial, marked bool) (Step, error) {
	s, bar := m.CheckAfter(from, to, marked)
	if !bar.OK() {
		return Step{}, m.Refusal(bar, from, to)
	}
	return s, nil
}

// Entry prices coming onto the map at a hex (N44 6.6, A44 13.1, S43 21.1.3):
// the road rate if a road runs through it, else its terrain's cost; an enemy
// unit or an enemy hex bond there bars it, an enemy zone of control there
// stops the unit. A refused entry is only its Bar.
func (m *Mover) Entry(a hex.Axial) (Step, Bar) {
	t, ok := m.Board.Cell(a)
	if !ok {
		return Step{}, Bar{why: barOffMap}
	}
	return m.CheckAt(-1, t, 0)
}

// Walk checks a whole path, start hex first, and returns its cost.
func (m *Mover) Walk(path []hex.Axial) (int, error) {
	total, marked := 0, false
	var stopped *Step
	for k := 1; k < len(path); k++ {
		from, to := path[k-1], path[k]
		if _, ok := hex.SideBetween(from, to); !ok {
			return 0, rules.Refuse(m.Refs.Path, "%s and %s are not adjacent: name every hex entered", m.Board.ID(from), m.Board.ID(to))
		}
		if stopped != nil {
			return 0, m.StopRefusal(stopped, from)
		}
		s, err := m.StepAfter(from, to, marked)
		if err != nil {
			return 0, err
		}
		total, marked = total+s.Cost, s.Mark
		if s.Stop {
			stopped = &s
		}
	}
	return total, nil
}

// StopRefusal is the refusal of a path that goes on from hex at, where step
// s stopped the unit.
func (m *Mover) StopRefusal(s *Step, at hex.Axial) error {
	return rules.Refuse(s.StopRule, "%s must stop in %s: %s", m.UnitID, m.Board.ID(at), s.StopWhy())
}

// Refusal is the error for a step from one hex to the next that Check
// refused with bar; for an entry both are the entry hex.
func (m *Mover) Refusal(bar Bar, from, to hex.Axial) error {
	b := m.Board
	switch bar.why {
	case barOffMap:
		return rules.Refuse(m.Refs.OffMap, "%s is off the map: units never leave it", b.ID(to))
	case barUnplayable:
		i, _ := b.Cell(to)
		return rules.Refuse(b.cells[i].own.Rule, "no unit enters %s (%s)", b.ID(to), b.cells[i].terrain)
	case barEnemy:
		if from == to {
			return rules.Refuse(m.Refs.Entry, "the entry hex %s holds enemy units", b.ID(to))
		}
		return rules.Refuse(m.Refs.Enemy, "%s holds enemy units", b.ID(to))
	case barRule:
		return m.Rules[bar.k].Refuse(bar.code, from, to)
	case barImpassable:
		s, _ := b.Side(from, to)
		rule := ""
		b.SideRows(s&b.impassable, func(_ Feature, r *HexsideRow) { rule = r.Rule })
		return rules.Refuse(rule, "the hexside %s/%s is impassable", b.ID(from), b.ID(to))
	case barRoadOnly:
		i, _ := b.Cell(to)
		row := b.cells[i].move
		if m.Mech && row.NonMech != NotAllowed {
			return rules.Refuse(row.Rule, "a mechanized unit enters %s (%s) only along a road", b.ID(to), b.cells[i].terrain)
		}
		return rules.Refuse(row.Rule, "%s (%s) may be entered only along a road", b.ID(to), b.cells[i].terrain)
	case barHexside:
		row, who := b.sideRows[bar.k], "a mechanized unit"
		switch {
		case row.Mech == NotAllowed && row.NonMech == NotAllowed:
			who = "a unit"
		case !m.Mech:
			who = "a non-mechanized unit"
		}
		return rules.Refuse(row.Rule, "%s crosses the %s %s/%s only along a road", who, b.features[bar.k], b.ID(from), b.ID(to))
	case barFirstMove:
		return rules.Refuse(b.sideRows[bar.k].Rule, "the %s %s/%s is crossed only as the first move, by a unit that starts next to it", b.features[bar.k], b.ID(from), b.ID(to))
	case barLeaveByRoad:
		i, _ := b.Cell(from)
		return rules.Refuse(b.cells[i].own.Rule, "a mechanized unit leaves the %s hex %s only by road", b.cells[i].terrain, b.ID(from))
	case barBond:
		if from == to {
			return rules.Refuse(m.Refs.Bond, "an enemy %s runs through the entry hex %s", m.Refs.BondName, b.ID(to))
		}
		return rules.Refuse(m.Refs.Bond, "an enemy %s bars the way from %s to %s", m.Refs.BondName, b.ID(from), b.ID(to))
	}
	return nil
}
