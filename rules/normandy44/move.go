package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// moveContext is what every move of one side in one position needs: who
// stands where, the enemy's zones of control and ZOC Lines, and the hexes
// next to enemy units (hexwar.Context). Legal builds it once for all units.
type moveContext = hexwar.Context

func (g *Game) moveContext(side Side) *moveContext {
	if g.ctxs == nil {
		g.ctxs = new(hexwar.ContextCache)
	}
	return g.ctxs.Context(g.b.Board, position{g}, side, g.zocRules(), g.bondRules())
}

// moveRefs are the numbers of the movement rules the series core cites.
var moveRefs = &hexwar.MoveRefs{Path: "9.1", OffMap: "9.2", Enemy: "9.1", ZOC: "8.2", Bond: "8.5.2", BondName: "ZOC Line", Entry: "6.6", Tactical: "9.10"}

// mover prices and checks the steps of one unit's move in one way of moving:
// normal, tactical (9.10), strategic (9.8.1), by trucks (9.8.6) or as a
// cyclist on the roads (9.9). It is the series' mover (rules/hexwar) with
// Normandy's step rules (move_rules.go).
type mover struct {
	hexwar.Mover
	g      *Game
	sm     bool
	trucks bool
	repl   bool // 6.2.4, 6.2.5: one hex at most, never into an enemy ZOC
	// confined: a Cherbourg defense unit held in its area (17.6.2).
	confined bool
	// class is what its steps' checks read of the unit and the way it
	// moves, set when Legal lends it a step memo (legal_listing.go).
	class moverClass
}

// roadCost is the cost of a hex entered along a road (9.3). German mechanized
// units pay on major roads what the weather says (9.7, TEC note B).
func (g *Game) roadCost(m *hexwar.Mover, road RoadClass) int {
	// The searches price thousands of road steps: T3's two road rows are
	// read without hashing their names.
	var row hexwar.RoadRow
	switch road {
	case MinorRoad:
		row = minorRoadRow
	case MajorRoad:
		row = majorRoadRow
	default:
		row = roadChart[road]
	}
	switch {
	case !m.Mech:
		return row.NonMech
	case road == MajorRoad && m.Ctx.Side == German:
		num, den := g.s.Weather.GermanMechMajorRoadMP()
		return num * mp / den
	}
	return row.Mech
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
	start, ok := g.onMap(i)
	if !ok {
		return nil, rules.Refuse("9.1", "%s is not on the map", g.unit(i).ID)
	}
	return g.moverFrom(ctx, i, start, sm, trucks)
}

// moverFrom is newMover for unit i as if it stood at start: on the map,
// or on the entry hex of a unit coming on (newEntryAt). It reads nothing of
// where the unit stands but start, and changes nothing, as Legal sets up
// several units' movers at once (legal_workers.go).
func (g *Game) moverFrom(ctx *moveContext, i int, start hex.Axial, sm, trucks bool) (*mover, error) {
	u, us := g.unit(i), &g.s.Units[i]
	turn1 := g.germanTurn1Check(i) // 20.4: Ost and restricted units in turn 1
	switch {
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
	case trucks && g.tacticalOnly(i) != "":
		return nil, rules.Refuse(g.tacticalOnly(i), "%s is %s: it moves only by Tactical Movement (9.10)", u.ID, tacticalWhy[g.tacticalOnly(i)])
	}
	if err := g.moveBarred(i, sm, trucks); err != nil { // 15.2, 16.1.3
		return nil, err
	}
	m := &mover{g: g, sm: sm, trucks: trucks, repl: us.Repl, Mover: hexwar.Mover{Board: g.b.Board, Ctx: ctx, Refs: moveRefs,
		Unit: i, UnitID: u.ID, Start: start, Mech: g.mechanized(i), RoadCost: g.roadCost}}
	m.confined = slices.Contains(u.Marks, MarkCherbourgDefense) && !g.s.CherbourgFree && g.b.inZone(ZoneCherbourg, start)
	m.Rules = g.stepRules(i, sm, trucks, us.Repl, m.confined)
	ma := g.turn1MA(i, g.printedMA(i)) // 20.4: the 21st Panzer in turn 1
	if trucks {
		if err := g.canTruck(ctx, i, start); err != nil {
			return nil, err
		}
		m.Mech, ma = true, 5
	}
	if sm {
		if err := g.canSM(ctx, i, start, m.Mech); err != nil {
			return nil, err
		}
	}
	if u.Side == German && m.Mech {
		ma -= g.s.Weather.GermanMechMALoss() // 4.3, 9.7: Allied air superiority
	}
	if sm {
		ma *= 2 // 9.8.1
	}
	if g.s.Phase == PhaseReserveMovement {
		ma = reserveMA(ma) // 15.2
	}
	m.Budget = max(ma, 0) * mp
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
	case ctx.EZOC.Has(start):
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
	case g.ed.smAvoidsEZOC && ctx.EZOC.Has(start):
		return rules.Refuse("9.8.2", "a unit in an enemy ZOC may not start Strategic Movement") // D10, IT L613-620
	case !g.ed.smAvoidsEZOC && ctx.EnemyAdj.Has(start):
		return rules.Refuse("9.8.2", "a unit next to an enemy unit may not start Strategic Movement")
	}
	return nil
}

// tacticalOnly is the rule that holds unit i to Tactical Movement (9.10):
// 18.4 when it is marked out of supply, 13.6 when it is Disrupted (as its
// rules version plays it); "" when none does.
func (g *Game) tacticalOnly(i int) string {
	switch us := &g.s.Units[i]; {
	case us.OutOfSupply:
		return "18.4"
	case us.Disrupted && g.ver.disruptedTactical:
		return "13.6"
	}
	return ""
}

// tacticalWhy says, for the rule of tacticalOnly, what the unit is.
var tacticalWhy = map[string]string{"18.4": "out of supply", "13.6": "Disrupted"}

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
	if g.s.Phase == PhaseReserveMovement && !g.ed.reserveTactical {
		// 15.2 (IT L1058, D14): half the MA, and no Tactical Movement.
		cost, err := m.Walk(path)
		if err == nil && cost > m.Budget {
			err = rules.Refuse("15.2", "the path costs %s MP and %s has %s in the Reserve Movement Phase (half its MA)", mpText(cost), g.unit(i).ID, mpText(m.Budget))
		}
		return movePlan{cost: cost, budget: m.Budget}, err
	}
	if rule := g.tacticalOnly(i); rule != "" && !m.repl && !sm {
		// 18.4, 13.6: an out-of-supply or Disrupted unit must use Tactical
		// Movement (9.10).
		t := *m
		t.Tactical = true
		if len(path) > 3 {
			return movePlan{}, rules.Refuse(rule, "%s is %s: Tactical Movement only, 1 or 2 hexes (9.10)", g.unit(i).ID, tacticalWhy[rule])
		}
		c, err := t.Walk(path)
		if err != nil {
			return movePlan{}, err
		}
		return movePlan{cost: c, budget: m.Budget, tactical: true}, nil
	}
	cost, err := m.Walk(path)
	if m.repl && err == nil {
		return movePlan{cost: cost, budget: m.Budget, tactical: cost > m.Budget}, nil
	}
	if err == nil && cost <= m.Budget {
		return movePlan{cost: cost, budget: m.Budget}, nil
	}
	if err == nil {
		err = rules.Refuse("9.1", "the path costs %s MP and %s has %s (Tactical Movement, 9.10, allows 1 or 2 hexes)",
			mpText(cost), g.unit(i).ID, mpText(m.Budget))
	}
	if !sm && !trucks && len(path) <= 3 {
		t := *m
		t.Tactical = true
		if c, terr := t.Walk(path); terr == nil {
			return movePlan{cost: c, budget: m.Budget, tactical: true}, nil
		}
	}
	if c := m.cyclist(sm, trucks); c != nil {
		if cc, cerr := c.Walk(path); cerr == nil && cc <= c.Budget {
			return movePlan{cost: cc, budget: c.Budget, cyclist: true}, nil
		}
	}
	return movePlan{}, err
}

// cyclist is the mover for a cyclist's road move in Overcast weather (9.9), or
// nil if the unit may not use it.
func (m *mover) cyclist(sm, trucks bool) *mover {
	g := m.g
	ma := g.s.Weather.CyclistRoadMA()
	// 15.2 (reading): a unit in Reserve moves tactically or with half its
	// MA, so not at the cyclists' road rate.
	if sm || trucks || g.unit(m.Unit).Type != Cyclist || ma == 0 || m.Ctx.EZOC.Has(m.Start) || g.s.Phase == PhaseReserveMovement {
		return nil
	}
	c := *m
	c.Rules = append(slices.Clone(m.Rules), g.cyclistRules()...)
	c.Budget = ma * mp
	c.Memo = nil // its class is not m's (lister.lendCyclist)
	return &c
}

// endCheck applies the rules on where a move may end: Strategic Movement
// stacks (9.8.2), and stacking (7.1, 7.2) where the version holds the limit at
// each move's end (normandy44/4) rather than at the end of the phase, where
// the owner then removes the excess (stackcheck.go).
func (g *Game) endCheck(ctx *moveContext, i int, dest hex.Axial, sm bool) error {
	return g.endCheckOf(ctx, i, dest, sm, g.stackCheck())
}

// endAllowed is endCheck(ctx, i, dest, sm) == nil, for Legal, which asks
// it of thousands of hexes: the refusal it meets most, a Strategic Move
// ending stacked (9.8.2, endCheckOf's first), is told without its words.
func (g *Game) endAllowed(ctx *moveContext, i int, dest hex.Axial, sm bool) bool {
	if c, ok := g.b.cell(dest); ok {
		return g.endAllowedAt(ctx, i, c, sm)
	}
	return g.endCheck(ctx, i, dest, sm) == nil
}

// endAllowedAt is endAllowed of the hex numbered c.
func (g *Game) endAllowedAt(ctx *moveContext, i, c int, sm bool) bool {
	if ctx.Held[c] == "" {
		// No unit stands there (most hexes): endCheckOf's verdict on an
		// empty hex, without looking its units up.
		return g.stackCheck() == hexwar.StackPhaseEnd || g.stacking(nil, i) == nil
	}
	dest := g.b.grid.Hex(c)
	if sm && slices.ContainsFunc(ctx.Occ[dest], func(j int) bool { return j != i }) {
		return false
	}
	return g.endCheck(ctx, i, dest, sm) == nil
}

// landCheck is endCheck for a unit landing or placed (6.5.2, 20.2.4, 20.5.2,
// 17.4): whatever the version, it never ends over the stacking limit, as
// 20.5.3 has stacking keep a unit off its beach (L1419).
func (g *Game) landCheck(ctx *moveContext, i int, dest hex.Axial) error {
	return g.endCheckOf(ctx, i, dest, false, hexwar.StackEachMove)
}

// endCheckOf is endCheck with the stacking limit held as check says.
func (g *Game) endCheckOf(ctx *moveContext, i int, dest hex.Axial, sm bool, check hexwar.StackCheck) error {
	there := ctx.Occ[dest] // i among them when it ends where it stands
	id := g.b.id(dest)
	for _, j := range there {
		switch {
		case j == i:
		case sm:
			return rules.Refuse("9.8.2", "a unit using Strategic Movement may not end its move stacked, as in %s", id)
		case g.s.Units[j].SM && !g.ed.smOthersMayJoin: // D10: 2.2 only
			return rules.Refuse("9.8.2", "%s carries a Strategic Move marker: no unit may end its move with it", g.unit(j).ID)
		}
	}
	if check == hexwar.StackPhaseEnd {
		return nil // 7.2: the limit holds at the end of the phase (stackcheck.go)
	}
	return hexwar.StackRefusal(there, i, id, g.stacking)
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
	check := g.endCheck
	if landing {
		check = func(ctx *moveContext, i int, dest hex.Axial, _ bool) error { return g.landCheck(ctx, i, dest) }
	}
	if err := check(ctx, i, dest, c.SM); err != nil {
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
		us.Fired = us.Fired || g.werferFlips(i) // 17.3, D32
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
	us.EZOCMove = ctx.EZOC.Has(dest) || (!entering && ctx.EZOC.Has(path[0]))
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
	us.Fired = us.Fired || g.werferFlips(i)                   // 17.3, D32
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

// werferFlips: in the first edition a Werfer that has moved more than 1 hex
// this turn is on its back ("Moved") side and fires no more this turn (17.3,
// IT L1142, D32); 2.2's Werfers move and fire.
func (g *Game) werferFlips(i int) bool {
	return g.ed.werferFlipsOnMove && g.unit(i).Type == Werfer && g.s.Units[i].Hexes > 1
}

func joinPath(p []string) string {
	s := p[0]
	for _, h := range p[1:] {
		s += "-" + h
	}
	return s
}
