package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// moveContext is what every move of one side in one position needs: who
// stands where, the enemy's zones of control and ZOC Lines, and the hexes next
// to enemy units. Legal builds it once for all units.
type moveContext struct {
	side     Side
	occ      map[hex.Axial][]int
	ezoc     hex.Set  // hexes in an enemy ZOC (8.1)
	lines    zocLines // the enemy's ZOC Lines (8.5)
	enemyAdj hex.Set  // hexes adjacent to an enemy unit (9.8.2, 9.9)
}

func (g *Game) moveContext(side Side) *moveContext {
	enemy := German
	if side == German {
		enemy = Allied
	}
	occ := g.occupancy()
	ctx := &moveContext{side: side, occ: occ, ezoc: g.zocHexes(enemy), lines: g.lines(enemy, occ)}
	for a, us := range occ {
		if g.unit(us[0]).Side == enemy {
			for _, n := range a.Neighbors() {
				ctx.enemyAdj.Add(n)
			}
		}
	}
	return ctx
}

// mover prices and checks the steps of one unit's move in one way of moving:
// normal, tactical (9.10), strategic (9.8.1), by trucks (9.8.6) or as a
// cyclist on the roads (9.9).
type mover struct {
	g           *Game
	ctx         *moveContext
	i           int
	start       hex.Axial
	mech        bool
	sm          bool
	trucks      bool
	tactical    bool
	cyclistRoad bool
	repl        bool   // 6.2.4, 6.2.5: one hex at most, never into an enemy ZOC
	entering    bool   // a reinforcement coming on at start (6.6): it did not start next to any river
	budget      int    // sixths of an MP
	confine     string // a zone the unit may not leave (17.6.2), or ""
}

// stepResult is one priced step.
type stepResult struct {
	cost     int
	stop     bool   // the unit must stop in the hex it entered
	stopRule string // the rule that stops it
	stopWhy  string // and why, for messages
}

// friendsAt reports whether units of the mover's side, other than the mover,
// stand in a hex.
func (m *mover) friendsAt(a hex.Axial) bool {
	for _, j := range m.ctx.occ[a] {
		if j != m.i {
			return m.g.unit(j).Side == m.ctx.side
		}
	}
	return false
}

// step checks and prices one step between adjacent hexes, by the TEC (T3) and
// the movement rules. The first step is the one that leaves the start hex.
func (m *mover) step(from, to hex.Axial) (stepResult, error) {
	g, b := m.g, m.g.b
	if !b.onMap(to) {
		return stepResult{}, rules.Refuse("9.2", "%s is off the map: units never leave it", b.id(to))
	}
	h := b.hexes[to]
	if h.Terrain == Sea {
		return stepResult{}, rules.Refuse("2.2.1", "%s is all sea", b.id(to))
	}
	if s := g.sideAt(m.ctx.occ, to); s != "" && s != m.ctx.side {
		return stepResult{}, rules.Refuse("9.1", "%s holds enemy units", b.id(to))
	}
	if err := m.scenarioRules(from, to); err != nil {
		return stepResult{}, err
	}
	if m.repl && m.ctx.ezoc.Has(to) {
		return stepResult{}, rules.Refuse("6.2.5", "a unit that took a replacement may not enter an enemy ZOC, as in %s", b.id(to))
	}
	if m.confine != "" && !b.inZone(m.confine, to) {
		return stepResult{}, rules.Refuse("17.6.2", "%s is outside the Cherbourg defense area: its units may not leave it until released", b.id(to))
	}
	side, _ := hex.SideBetween(from, to)
	feat := b.sides[side]
	if feat[Impassable] {
		return stepResult{}, rules.Refuse("9.6", "the hexside %s/%s is impassable", b.id(from), b.id(to))
	}
	road := b.roads[side]
	if road == "" && m.sm {
		return stepResult{}, rules.Refuse("9.8.1", "Strategic Movement is entirely along roads: no road from %s to %s", b.id(from), b.id(to))
	}
	if road == "" && m.cyclistRoad {
		return stepResult{}, rules.Refuse("9.9", "cyclists move 6 MP only along roads: no road from %s to %s", b.id(from), b.id(to))
	}
	if m.sm && m.ctx.enemyAdj.Has(to) {
		return stepResult{}, rules.Refuse("9.8.2", "a unit using Strategic Movement never comes next to an enemy unit, as in %s", b.id(to))
	}
	if m.cyclistRoad && m.ctx.enemyAdj.Has(to) {
		return stepResult{}, rules.Refuse("9.9", "cyclists at 6 MP never enter a hex next to an enemy unit, as %s is", b.id(to))
	}
	if m.trucks && m.ctx.ezoc.Has(to) {
		return stepResult{}, rules.Refuse("9.8.6", "a unit on Trucks may not enter an enemy ZOC, as in %s", b.id(to))
	}
	if m.mech && b.terrain(from) == Flooded && road == "" {
		return stepResult{}, rules.Refuse("9.5.1", "a mechanized unit leaves the flooded hex %s only by road", b.id(from))
	}
	var r stepResult
	if road != "" {
		// 9.3: along a road the road rate replaces the terrain, and a road
		// over a river is a bridge.
		r.cost = m.roadCost(road)
	} else {
		t := h.Terrain
		if t == Town {
			t = h.Base // AMBIG-12
		}
		row := terrainChart[t]
		r.cost = row.NonMech
		if m.mech {
			r.cost = row.Mech
		}
		if r.cost == notAllowed {
			if h.Terrain == Flooded {
				return stepResult{}, rules.Refuse("9.5.1", "a mechanized unit enters the flooded hex %s only along a road", b.id(to))
			}
			return stepResult{}, rules.Refuse("T3", "%s (%s) may be entered only along a road", b.id(to), h.Terrain)
		}
		if row.Stop && !m.mech {
			r.stop, r.stopRule, r.stopWhy = true, "9.5.1", "it entered a flooded hex off road"
		}
		switch {
		case feat[FloodedRiver] && feat[Causeway]:
			// 9.11: a causeway bridges the flooded river at no extra cost.
		case feat[FloodedRiver]:
			if m.mech {
				return stepResult{}, rules.Refuse("9.5.1", "a mechanized unit crosses the flooded river %s/%s only along a road", b.id(from), b.id(to))
			}
			if from != m.start || m.entering {
				return stepResult{}, rules.Refuse("9.5.1", "the flooded river %s/%s is crossed only as the first move, by a unit that starts next to it (TEC note A)", b.id(from), b.id(to))
			}
			r.cost += hexsideChart[FloodedRiver].NonMech
		case feat[MinorRiver] && m.mech:
			r.cost += hexsideChart[MinorRiver].Mech // 9.4.2
		}
		if feat[MajorRiver] {
			if from != m.start || m.entering {
				return stepResult{}, rules.Refuse("9.4.1", "the major river %s/%s is crossed only as the first move, by a unit that starts next to it", b.id(from), b.id(to))
			}
			r.cost += hexsideChart[MajorRiver].NonMech
		}
	}
	if m.tactical && h.Terrain == Flooded {
		r.stop, r.stopRule, r.stopWhy = true, "9.10", "Tactical Movement stops on entering a flooded hex"
	}
	if m.ctx.lines.blocks(from, to, m.friendsAt(to)) {
		return stepResult{}, rules.Refuse("8.5.2", "an enemy ZOC Line bars the way from %s to %s", b.id(from), b.id(to))
	}
	if m.ctx.ezoc.Has(from) {
		r.cost += leaveEZOC // 8.2
	}
	if m.ctx.ezoc.Has(to) {
		r.stop, r.stopRule, r.stopWhy = true, "8.2", "it is in an enemy ZOC"
	}
	return r, nil
}

// roadCost is the cost of a hex entered along a road (9.3). German mechanized
// units pay on major roads what the weather says (9.7, TEC note B).
func (m *mover) roadCost(road RoadClass) int {
	row := roadChart[road]
	switch {
	case !m.mech:
		return row.NonMech
	case road == MajorRoad && m.ctx.side == German:
		num, den := m.g.s.Weather.GermanMechMajorRoadMP()
		return num * mp / den
	}
	return row.Mech
}

// scenarioRules applies the scenario's own movement rules: zones no unit may
// enter (S3.1), zone edges a side may not cross (S3.1), and formations held
// near given hexes from a turn on (S3.3 II, III).
func (m *mover) scenarioRules(from, to hex.Axial) error {
	g, b := m.g, m.g.b
	u := g.unit(m.i)
	for _, sr := range g.sc.Special {
		switch sr.Kind {
		case SpecialNoEntry:
			if b.inZone(sr.Zone, to) {
				return rules.Refuse("S3.1", "no unit may enter %s (scenario zone %s)", b.id(to), sr.Zone)
			}
		case SpecialNoCross:
			if sr.Side == u.Side && b.inZone(sr.Zone, from) != b.inZone(sr.Zone, to) {
				return rules.Refuse("S3.1", "%s units may not cross the edge of %s", u.Side, sr.Zone)
			}
		case SpecialRange:
			if sr.Formation == u.Formation && g.s.Turn >= sr.From && !m.withinRange(sr, to) {
				return rules.Refuse("S3.3", "from turn %d the %s units stay within %d hexes of %s", sr.From, sr.Formation, sr.Within, strings.Join(sr.Hexes, ", "))
			}
		}
	}
	if u.Side == Allied && !g.withinArmy(u.Nationality, to) {
		return rules.Refuse("22.1.2", "%s units go at most 1 hex beyond their army boundary; %s is farther", u.Nationality, b.id(to))
	}
	return nil
}

// boundaryEndColumn is where the army boundary ends (22.1.2: "row 16xx"):
// south of it, hexes whose first pair is lower, either army may go anywhere.
const boundaryEndColumn = 16

// withinArmy reports whether an Allied unit of a nationality may stand in a
// hex under the army boundary (22.1.2): on its own army's side or 1 hex
// beyond. A scenario without a us-sector zone has no boundary.
func (g *Game) withinArmy(nationality string, a hex.Axial) bool {
	b := g.b
	if _, ok := b.zones[ZoneUSSector]; !ok {
		return true
	}
	if col, _, _ := b.layout.Offset(a); col < boundaryEndColumn {
		return true
	}
	ownSide := func(h hex.Axial) bool { return b.land(h) && b.inZone(ZoneUSSector, h) == (nationality == "us") }
	if ownSide(a) {
		return true
	}
	for _, n := range a.Neighbors() {
		if ownSide(n) {
			return true
		}
	}
	return false
}

func (m *mover) withinRange(sr SpecialRule, to hex.Axial) bool {
	for _, id := range sr.Hexes {
		if a, err := m.g.b.layout.Parse(id); err == nil && hex.Distance(a, to) <= sr.Within {
			return true
		}
	}
	return false
}

// walk checks a whole path, start hex first, and returns its cost.
func (m *mover) walk(path []hex.Axial) (int, error) {
	total := 0
	var stopped *stepResult
	for k := 1; k < len(path); k++ {
		from, to := path[k-1], path[k]
		if _, ok := hex.SideBetween(from, to); !ok {
			return 0, rules.Refuse("9.1", "%s and %s are not adjacent: name every hex entered", m.g.b.id(from), m.g.b.id(to))
		}
		if stopped != nil {
			return 0, rules.Refuse(stopped.stopRule, "%s must stop in %s: %s", m.g.unit(m.i).ID, m.g.b.id(from), stopped.stopWhy)
		}
		r, err := m.step(from, to)
		if err != nil {
			return 0, err
		}
		total += r.cost
		if r.stop {
			stopped = &r
		}
	}
	return total, nil
}

// movePlan is a checked move.
type movePlan struct {
	cost     int
	budget   int
	tactical bool
	cyclist  bool
}

// newMover checks whether unit i may move now in the way asked (9.1, 9.8,
// 17.1 and 17.6 with 20.4, 17.6.1) and sets up its allowance.
func (g *Game) newMover(ctx *moveContext, i int, sm, trucks bool) (*mover, error) {
	u, us := g.unit(i), &g.s.Units[i]
	start, ok := g.onMap(i)
	turn1 := g.germanTurn1Check(i) // 20.4: Ost and restricted units in turn 1
	switch {
	case !ok:
		return nil, rules.Refuse("9.1", "%s is not on the map", u.ID)
	case g.movedThisPhase(i):
		return nil, rules.Refuse("9.1", "%s has already moved this phase", u.ID)
	case us.Scattered:
		return nil, g.scatteredCheck(i, "move")
	case g.printedMA(i) == 0:
		return nil, rules.Refuse("2.3", "%s has no movement allowance", u.ID)
	case turn1 != nil:
		return nil, turn1
	case slices.Contains(u.Marks, MarkRestricted) && !g.s.RestrictedFree:
		return nil, rules.Refuse("17.6.1", "%s has restricted mobility and is not released", u.ID)
	case us.Repl && (sm || trucks):
		return nil, rules.Refuse("6.2.4", "%s took a replacement: it moves 1 hex at most", u.ID)
	case us.OutOfSupply && trucks:
		return nil, rules.Refuse("18.4", "%s is out of supply: it moves only by Tactical Movement", u.ID)
	}
	if err := g.moveBarred(i, sm, trucks); err != nil { // 15.2, 16.1.3
		return nil, err
	}
	m := &mover{g: g, ctx: ctx, i: i, start: start, mech: g.mechanized(i), sm: sm, trucks: trucks, repl: us.Repl}
	if slices.Contains(u.Marks, MarkCherbourgDefense) && !g.s.CherbourgFree && g.b.inZone(ZoneCherbourg, start) {
		m.confine = ZoneCherbourg
	}
	ma := g.turn1MA(i, g.printedMA(i)) // 20.4: the 21st Panzer in turn 1
	if trucks {
		if err := g.canTruck(ctx, i, start); err != nil {
			return nil, err
		}
		m.mech, ma = true, 5
	}
	if sm {
		if err := g.canSM(ctx, i, start, m.mech); err != nil {
			return nil, err
		}
	}
	if u.Side == German && m.mech {
		ma -= g.s.Weather.GermanMechMALoss() // 4.3, 9.7: Allied air superiority
	}
	if sm {
		ma *= 2 // 9.8.1
	}
	if g.s.Phase == PhaseReserveMovement {
		ma = reserveMA(ma) // 15.2
	}
	m.budget = max(ma, 0) * mp
	return m, nil
}

// markerWithheld reports whether the scenario denies side a marker (9.8).
func (g *Game) markerWithheld(side Side, marker string) bool {
	return slices.ContainsFunc(g.sc.Special, func(r SpecialRule) bool {
		return r.Kind == SpecialNoMarker && r.Side == side && slices.Contains(r.Names, marker)
	})
}

func (g *Game) canTruck(ctx *moveContext, i int, start hex.Axial) error {
	u := g.unit(i)
	switch {
	case u.Side != German:
		return rules.Refuse("9.8.6", "only German units use the Trucks marker")
	case g.mechanized(i):
		return rules.Refuse("9.8.6", "Trucks carry a non-mechanized unit; %s is mechanized", u.ID)
	case g.s.Turn == 1:
		return rules.Refuse("9.8.7", "no Trucks in turn 1")
	case g.markerWithheld(German, "trucks"):
		return rules.Refuse("9.8", "this scenario gives the Germans no Trucks marker")
	case g.s.TrucksTurn == g.s.Turn:
		return rules.Refuse("9.8.6", "the Trucks marker has already carried a unit this turn")
	case ctx.ezoc.Has(start):
		return rules.Refuse("9.8.6", "a unit on Trucks may not start in an enemy ZOC")
	}
	return nil
}

func (g *Game) canSM(ctx *moveContext, i int, start hex.Axial, mech bool) error {
	u := g.unit(i)
	inUse := 0
	for j := range g.s.Units {
		if g.s.Units[j].SM && g.unit(j).Side == u.Side {
			inUse++
		}
	}
	switch {
	case !mech:
		return rules.Refuse("9.8.1", "Strategic Movement is for mechanized units; %s is not", u.ID)
	case g.s.Turn == 1:
		return rules.Refuse("9.8.7", "no Strategic Movement in turn 1")
	case g.markerWithheld(u.Side, "strategic-move"):
		return rules.Refuse("9.8", "this scenario gives the %s side no Strategic Move markers", u.Side)
	case g.s.Units[i].Disrupted:
		return rules.Refuse("9.8.1", "%s is Disrupted: no Strategic Movement", u.ID)
	case g.s.Units[i].OutOfSupply:
		return rules.Refuse("9.8.1", "%s is out of supply: no Strategic Movement", u.ID)
	case inUse >= 3:
		return rules.Refuse("9.8.3", "all 3 Strategic Move markers are in use")
	case ctx.enemyAdj.Has(start):
		return rules.Refuse("9.8.2", "a unit next to an enemy unit may not start Strategic Movement")
	}
	return nil
}

// plan checks a path for unit i. It tries the ways of moving the unit may use:
// its MA, Tactical Movement of 1 or 2 hexes (9.10), and a cyclist's 6 MP on
// the roads in Overcast weather (9.9). The refusal reported is the one for
// moving on its MA.
func (g *Game) plan(ctx *moveContext, i int, path []hex.Axial, sm, trucks bool) (movePlan, error) {
	m, err := g.newMover(ctx, i, sm, trucks)
	if err != nil {
		return movePlan{}, err
	}
	if m.repl && len(path) > 2 {
		return movePlan{}, rules.Refuse("6.2.4", "%s took a replacement: it moves 1 hex at most", g.unit(i).ID)
	}
	if g.s.Units[i].OutOfSupply && !m.repl && !sm {
		// 18.4: a marked unit must use Tactical Movement (9.10).
		t := *m
		t.tactical = true
		if len(path) > 3 {
			return movePlan{}, rules.Refuse("18.4", "%s is out of supply: Tactical Movement only, 1 or 2 hexes (9.10)", g.unit(i).ID)
		}
		c, err := t.walk(path)
		if err != nil {
			return movePlan{}, err
		}
		return movePlan{cost: c, budget: m.budget, tactical: true}, nil
	}
	cost, err := m.walk(path)
	if m.repl && err == nil {
		return movePlan{cost: cost, budget: m.budget, tactical: cost > m.budget}, nil
	}
	if err == nil && cost <= m.budget {
		return movePlan{cost: cost, budget: m.budget}, nil
	}
	if err == nil {
		err = rules.Refuse("9.1", "the path costs %s MP and %s has %s (Tactical Movement, 9.10, allows 1 or 2 hexes)",
			mpText(cost), g.unit(i).ID, mpText(m.budget))
	}
	if !sm && !trucks && len(path) <= 3 {
		t := *m
		t.tactical = true
		if c, terr := t.walk(path); terr == nil {
			return movePlan{cost: c, budget: m.budget, tactical: true}, nil
		}
	}
	if c := m.cyclist(sm, trucks); c != nil {
		if cc, cerr := c.walk(path); cerr == nil && cc <= c.budget {
			return movePlan{cost: cc, budget: c.budget, cyclist: true}, nil
		}
	}
	return movePlan{}, err
}

// cyclist is the mover for a cyclist's road move in Overcast weather (9.9), or
// nil if the unit may not use it.
func (m *mover) cyclist(sm, trucks bool) *mover {
	ma := m.g.s.Weather.CyclistRoadMA()
	// 15.2 (reading): a unit in Reserve moves tactically or with half its
	// MA, so not at the cyclists' road rate.
	if sm || trucks || m.g.unit(m.i).Type != Cyclist || ma == 0 || m.ctx.ezoc.Has(m.start) || m.g.s.Phase == PhaseReserveMovement {
		return nil
	}
	c := *m
	c.cyclistRoad, c.budget = true, ma*mp
	return &c
}

// endCheck applies the rules on where a move may end: stacking (7.1, 7.2; this
// engine refuses a move that would end over the limit, where 7.2 has the owner
// remove units at the end of the phase) and Strategic Movement stacks (9.8.2).
func (g *Game) endCheck(ctx *moveContext, i int, dest hex.Axial, sm bool) error {
	var others []int
	for _, j := range ctx.occ[dest] {
		if j != i {
			others = append(others, j)
		}
	}
	id := g.b.id(dest)
	if sm && len(others) > 0 {
		return rules.Refuse("9.8.2", "a unit using Strategic Movement may not end its move stacked, as in %s", id)
	}
	for _, j := range others {
		if g.s.Units[j].SM {
			return rules.Refuse("9.8.2", "%s carries a Strategic Move marker: no unit may end its move with it", g.unit(j).ID)
		}
	}
	if pts := g.stackAt(map[hex.Axial][]int{dest: others}, dest, i); pts > stackLimit {
		return rules.Refuse("7.1", "%s would hold %d stacking points; the limit is %d", id, pts, stackLimit)
	}
	return nil
}

// move applies a move command for the phasing side.
func (g *Game) move(c Command) ([]rules.Event, error) {
	i, ok := g.index[c.Unit]
	if !ok {
		return nil, rules.Refuse("2.3", "no unit %s in this scenario", c.Unit)
	}
	u := g.unit(i)
	if u.Side != g.s.Side {
		return nil, rules.Refuse("9.1", "%s is a %s unit; this is the %s Movement Phase", u.ID, u.Side, g.s.Side)
	}
	if g.s.Phase == PhaseReserveMovement && !g.inReserve(i) {
		return nil, rules.Refuse("15.2, 6.5.2", "%s is not in Reserve: only units in Reserve move in the Reserve Movement Phase, and no unit enters or lands in it", u.ID)
	}
	var path []hex.Axial
	for _, id := range c.Path {
		a, err := g.b.layout.Parse(id)
		if err != nil {
			return nil, rules.Refuse("9.1", "%s: %v", id, err)
		}
		path = append(path, a)
	}
	ctx := g.moveContext(u.Side)
	entering := g.waiting(i)
	britain, landing := g.inBritainEntry(i)
	approach, followUp := g.approachBeach(i) // 20.5.2
	if _, delayed, ok := g.gliderHex(i); ok {
		if !delayed {
			return nil, rules.Refuse("20.2.4", "%s lands on its glider hex at the start of the Allied Movement Phase", u.ID)
		}
		return g.gliderLand(ctx, i, c, path) // 20.2.4
	}
	var p movePlan
	var land landed
	var err error
	switch {
	case landing && (c.SM || c.Trucks):
		return nil, rules.Refuse("6.5.2", "a landing unit moves by Tactical Movement")
	case landing:
		p, land, err = g.planLanding(ctx, i, britain, path)
		entering = true
	case followUp && (c.SM || c.Trucks):
		return nil, rules.Refuse("20.5.2", "a landing unit moves by Tactical Movement")
	case followUp:
		p, land, err = g.planFollowUp(ctx, i, approach, g.followUpTakes(i, approach), path)
		entering, landing = true, true
	case entering:
		p, err = g.planEntry(ctx, i, path, c.SM, c.Trucks)
	case u.Side == Allied && g.s.Units[i].At == "" && !g.s.Units[i].Gone:
		return nil, rules.Refuse("6.5.1", "%s is not on the In Britain card to be bought this turn", u.ID)
	case u.Side == Allied && g.s.Units[i].At == g.inBritainBox():
		return nil, rules.Refuse("6.5.1", "%s cannot be bought this turn (from turn 2; not in the turn it evacuated, 21.2)", u.ID)
	default:
		if at := g.s.Units[i].At; c.Path[0] != at {
			return nil, rules.Refuse("9.1", "%s stands in %s, not %s: a path starts where the unit stands", u.ID, at, c.Path[0])
		}
		if len(c.Path) < 2 {
			return nil, rules.Refuse("9.1", "name where %s stands and at least one hex it enters", u.ID)
		}
		p, err = g.plan(ctx, i, path, c.SM, c.Trucks)
	}
	if err != nil {
		return nil, err
	}
	dest := path[len(path)-1]
	if err := g.endCheck(ctx, i, dest, c.SM); err != nil {
		return nil, err
	}
	// Checked: now change the state.
	us := &g.s.Units[i]
	if g.s.Phase == PhaseReserveMovement {
		if err := g.reserveStackCheck(i)(c.Path[len(c.Path)-1]); err != nil {
			return nil, err
		}
		if err := g.hqReserveMoveBar(i, len(c.Path)-1); err != nil {
			return nil, err
		}
		// 15.2: the Movement Phase's record (Spent, Tactical) stays; an HQ
		// counts every hex it moved this turn (17.2.3), and flips to its
		// Moved side once they are more than 1, as in the Movement Phase.
		us.At, us.ReserveMoved = c.Path[len(c.Path)-1], true
		us.Hexes += len(c.Path) - 1
		us.HQMoved = us.HQMoved || (u.Type == HQ && us.Hexes > 1)
		for _, id := range c.Path[1:] {
			g.setControl(id, u.Side)
		}
		how := fmt.Sprintf("%s of %s MP, Reserve Movement, 15.2", mpText(p.cost), mpText(p.budget))
		if p.tactical {
			how = "Tactical Movement, 9.10, Reserve Movement, 15.2"
		}
		return []rules.Event{{Seat: rules.Seat(u.Side), Text: fmt.Sprintf("%s moves %s (%s)", u.ID, joinPath(c.Path), how)}}, nil
	}
	// 15.1: entering or leaving an enemy ZOC bars Reserve (a reinforcement
	// enters its first hex, AMBIG-68).
	us.EZOCMove = ctx.ezoc.Has(dest) || (!entering && ctx.ezoc.Has(path[0]))
	us.At, us.Moved, us.Tactical = c.Path[len(c.Path)-1], true, p.tactical
	us.Delay = 0
	if c.SM {
		us.SM = true
	}
	if c.Trucks {
		us.Trucks, g.s.TrucksTurn = true, g.s.Turn
	}
	// 2.2.5: a Town, City or fortification is controlled by the side that
	// occupied it last; a unit moving through occupies each hex it enters.
	entered := c.Path[1:]
	if entering {
		entered = c.Path
	}
	for _, id := range entered {
		g.setControl(id, u.Side)
	}
	us.Spent, us.Hexes = p.cost, len(entered)
	us.HQMoved = us.HQMoved || (u.Type == HQ && us.Hexes > 1) // 17.2.3: entry counts as movement
	how := fmt.Sprintf("%s of %s MP", mpText(p.cost), mpText(p.budget))
	switch {
	case p.tactical:
		how = "Tactical Movement, 9.10"
	case p.cyclist:
		how += ", cyclists on the roads, 9.9"
	}
	if c.SM {
		how += ", Strategic Movement"
	}
	if c.Trucks {
		how += ", on Trucks"
	}
	verb := "moves"
	if entering {
		verb = "enters the map at"
	}
	if landing {
		g.s.Landed = append(g.s.Landed, land)
		g.s.SwordLanded = g.s.SwordLanded || land.Beach == "sword" // 25.3
		verb = fmt.Sprintf("is bought for %d %s RP and lands at", land.RP, land.Army)
		if land.FollowUp {
			verb = "lands from its approach box at"
			how += ", 20.5.2"
		}
		how += ", 6.5.2"
		if g.markRegroup(i) {
			how += "; Regroup next to the enemy, 6.5.2 b"
		}
	}
	text := fmt.Sprintf("%s %s %s (%s)", u.ID, verb, joinPath(c.Path), how)
	return append([]rules.Event{{Seat: rules.Seat(u.Side), Text: text}}, g.reserveAfterMove(i)...), nil
}

func joinPath(p []string) string {
	s := p[0]
	for _, h := range p[1:] {
		s += "-" + h
	}
	return s
}
