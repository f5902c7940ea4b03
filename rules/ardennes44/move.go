package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Movement (11.0-13.0): a unit moves once a phase, by its MA (11.1), by
// Extended (11.2), Tactical (11.3) or Strategic Movement (12.1), on Trucks
// (12.4.3) or a Prime Mover (22.3); artillery may shift its firing
// position 1 hex (22.2). A move names every hex entered; its flags say how.

// moveMode is how a unit moves.
type moveMode uint8

const (
	modeNormal   moveMode = iota
	modeTactical          // 11.3: 1 or 2 hexes, whatever they cost
	modeExtended          // 11.2: +2 MP, non-mechanized
	modeSM                // 12.1: twice the MA along roads; 12 MP on Trucks (12.4.4)
	modeMover             // 22.3: MA 5 on a Prime Mover
	modeShift             // 22.2: artillery's 1 hex, staying Ready
)

// moveHow is a move's mode and what it allows.
type moveHow struct {
	mode   moveMode
	mech   bool // the chart's mechanized column
	trucks bool // SM on Trucks (12.4.3)
	budget int  // in sixths of an MP
	maxHex int  // the most hexes, 0 for none
	// primeMover: Tactical Movement on a Prime Mover (22.3), which the
	// unit keeps as it would after a move in modeMover.
	primeMover bool
}

// onPrimeMover reports whether the move takes a Prime Mover (22.3).
func (h moveHow) onPrimeMover() bool { return h.mode == modeMover || h.primeMover }

// plan is a checked move, ready to apply.
type plan struct {
	unit   int
	how    moveHow
	path   []hex.Axial // from where the unit stands, or its entry hex
	cost   int
	enters bool   // the unit comes onto the map (13.1)
	exit   string // the box it leaves the map to (11.9), "" for none
	// halt is the index of the path's hex where the move stops for a die:
	// before the Ouren bridge (7.7) or in an enemy ZOC 150 Pz Bde tries to
	// infiltrate (27.8.2); 0 for none.
	halt    int
	haltWhy string
}

// move applies a move command.
func (g *Game) move(c Command) ([]rules.Event, error) {
	p, err := g.planMove(c.Move, nil)
	if err != nil {
		return nil, err
	}
	return g.applyMove(c.Move, p, g.s.Units[p.unit].Spent), nil
}

// planMove checks a move; cont is a move stopped for a die that goes on.
func (g *Game) planMove(mc hexwar.MoveCommand, cont *movingState) (plan, error) {
	i, ok := g.unitIndex(mc.Unit)
	if !ok {
		return plan{}, rules.Refuse("11.1", "no unit %s", mc.Unit)
	}
	u, us := g.unit(i), &g.s.Units[i]
	if u.Side != g.s.Side {
		return plan{}, rules.Refuse("11.1", "%s is a %s unit: only the phasing player's units move", u.ID, u.Side)
	}
	if g.s.Phase == PhaseSetup {
		return plan{}, rules.Refuse("S1.3", "at the set-up units are placed: 'place %s HEX'", u.ID)
	}
	if cont == nil {
		if err := g.mayMove(i, mc); err != nil {
			return plan{}, err
		}
	}
	path := make([]hex.Axial, 0, len(mc.Path))
	for _, id := range mc.Path {
		a, ok := g.b.ids[id]
		if !ok {
			return plan{}, rules.Refuse("11.9", "%s is not a hex of the map", id)
		}
		path = append(path, a)
	}
	p := plan{unit: i, path: path}
	start, onMap := g.onMap(i)
	switch {
	case onMap && path[0] != start:
		return plan{}, rules.Refuse("11.1", "%s stands in %s: its move starts there", u.ID, us.At)
	case !onMap:
		if err := g.checkEntry(i, path[0]); err != nil {
			return plan{}, err
		}
		p.enters = true
	}
	how, err := g.moveHow(i, mc, p.enters)
	if err != nil {
		return plan{}, err
	}
	if cont != nil {
		how.budget -= cont.Spent - g.s.Units[i].Spent
	}
	p.how = how
	if how.maxHex > 0 && g.hexesMoved(len(path), p.enters, mc.Has("exit")) > how.maxHex {
		return plan{}, g.maxHexRefusal(i, how, p.enters, mc.Has("exit"))
	}
	if mc.Has("exit") {
		box, err := g.exitBox(i, path[len(path)-1])
		if err != nil {
			return plan{}, err
		}
		if err := g.smExitRefusal(how, path[len(path)-1]); err != nil {
			return plan{}, err
		}
		p.exit = box
	}
	var ignored []string
	if cont != nil {
		ignored = cont.Ignored
	}
	m := g.mover(i, how, path[0], p.enters, ignored)
	w, err := g.walk(m, i, path, mc.Has("infiltrate"), ignored)
	if err != nil {
		return plan{}, err
	}
	if p.exit != "" && w.stop != nil && g.ver.exitStops {
		// 9.2.1, 13.1: stopped in the last hex, the unit goes no further,
		// and leaving the map is a further move (11.9.1).
		return plan{}, m.StopRefusal(w.stop, path[len(path)-1])
	}
	cost, halt, why := w.cost, w.halt, w.why
	if p.exit != "" && u.Side == Allied {
		cost += exitCost // 11.9.1; German units pay only the entry hex (11.9.3)
	}
	p.cost, p.halt, p.haltWhy = cost, halt, why
	if how.mode != modeTactical && how.mode != modeShift && cost > how.budget {
		return plan{}, rules.Refuse("11.1", "the move costs %s MP and %s has %s%s", hexwar.MPText(cost), u.ID, hexwar.MPText(how.budget), budgetNote(how))
	}
	if halt == 0 {
		if err := g.endCheck(i, p); err != nil {
			return plan{}, err
		}
	}
	return p, nil
}

// turnsFired reports whether move p, along path (all of its own or the
// part before a halt), turns its unit to its Fired side: Allied artillery
// that moves more than 1 hex (22.1).
func (g *Game) turnsFired(p plan, path []hex.Axial) bool {
	u := g.unit(p.unit)
	return u.Arty() && u.Side == Allied && p.how.mode != modeShift && len(path) > 2
}

// exitCost: leaving the map costs 1 MP (11.9.1).
const exitCost = 1 * hexwar.MP

func budgetNote(how moveHow) string {
	switch how.mode {
	case modeExtended:
		return " with Extended Movement (11.2)"
	case modeSM:
		if how.trucks {
			return " on Trucks (12.4.4)"
		}
		return " in Strategic Movement (12.1)"
	case modeMover:
		return " on a Prime Mover (22.3)"
	}
	return " (Tactical Movement, 11.3, goes 1 or 2 hexes whatever they cost)"
}

// mover is the series' mover for unit i, moving by how from start.
func (g *Game) mover(i int, how moveHow, start hex.Axial, entering bool, ignored []string) *hexwar.Mover {
	u := g.unit(i)
	ctx := g.moveContext(u.Side)
	if len(ignored) > 0 {
		ctx = ignoreZOC(g.b, ctx, ignored)
	}
	m := &hexwar.Mover{Board: g.b.Board, Ctx: ctx, Refs: moveRefs, Unit: i, UnitID: u.ID, Start: start,
		Mech: how.mech, Budget: how.budget, Entering: entering, Tactical: how.mode == modeTactical || how.mode == modeShift,
		RoadCost: g.roadCost(), RoadCut: g.blownRoads()}
	m.Rules = g.stepRules(i, how)
	return m
}

// stepRules lists the step rules that bind unit i's move.
func (g *Game) stepRules(i int, how moveHow) []hexwar.StepRule {
	u := g.unit(i)
	rs := []hexwar.StepRule{g.crossTactical(), g.vehicleWoods(), g.traffic(u.Side, how.mode == modeSM)}
	switch {
	case u.Side != German || g.s.Turn >= boundariesLifted:
	case !g.s.Units[i].Boundary:
		rs = append(rs, g.boundaries())
	case g.ver.boundaryBackOnce:
		rs = append(rs, g.boundaryBack())
	}
	if u.Side == German && g.s.Turn == 1 {
		if a, ok := g.onMap(i); ok {
			rs = append(rs, g.divisionLines(g.b.start[g.b.id(a)]))
		}
	}
	if set := g.keptOut(i); set != nil {
		rs = append(rs, *set)
	}
	if how.mode == modeSM {
		rs = append(rs, hexwar.RoadsOnly(g.b.Board, "12.1", "Strategic Movement is only along roads"),
			hexwar.Avoid(g.b.Board, hexwar.NextToEnemy, true, "12.2", "a unit in Strategic Movement never moves next to an enemy unit, as in %s"))
	}
	return rs
}

// boundariesLifted: the army boundaries are lifted at the start of turn 5
// (11.10.1).
const boundariesLifted = 5

// keptOut is the rule that keeps unit i out of hexes: the 106th Division
// out of the 18 VG's start position while German units are in it on turn 1
// (29.4, AMB-36); British units on the West sheet and west of the Meuse
// (27.3.1); nil for none.
func (g *Game) keptOut(i int) *hexwar.StepRule {
	u := g.unit(i)
	b := g.b
	switch {
	case u.Formation == "106" && g.s.Turn == 1:
		set := g.startPositionSet("18vg")
		if set == nil || !g.germansIn(set) {
			return nil
		}
		r := keepOut(b, set, "29.4", "no 106th Division unit enters the 18 VG start position (%s) while German units are in it")
		return &r
	case u.Nation == British && !(u.Has(Mark29Armd) && g.isReleased29()):
		set := make([]bool, b.Grid().Len())
		for k, a := range b.Grid().Hexes() {
			set[k] = !b.zone(ZoneWestMap, a) || !b.zone(ZoneWestOfMeuse, a)
		}
		r := keepOut(b, set, "27.3.1", "British units stay on the West map, west of the Meuse: not %s")
		return &r
	}
	return nil
}

// startPositionSet is a division's start position, by hex number.
func (g *Game) startPositionSet(div string) []bool {
	var set []bool
	for h, d := range g.b.start {
		if d != div {
			continue
		}
		if set == nil {
			set = make([]bool, g.b.Grid().Len())
		}
		if k, ok := g.b.CellOf(h); ok {
			set[k] = true
		}
	}
	return set
}

// germansIn reports whether German units stand in any hex of a set.
func (g *Game) germansIn(set []bool) bool {
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.sideOf(i) == German {
			if k, on := g.b.Cell(a); on && set[k] {
				return true
			}
		}
	}
	return false
}

// ignoreZOC is ctx with the enemy zone of control of some hexes ignored
// (27.8.2).
func ignoreZOC(b *board, ctx *hexwar.Context, ignored []string) *hexwar.Context {
	c := *ctx
	set := b.NewHexSet()
	for _, a := range ctx.EZOC.Sorted() {
		if !slices.Contains(ignored, b.id(a)) {
			set.Add(a)
		}
	}
	c.EZOC = set
	return &c
}

// walked is what walk found of a path.
type walked struct {
	cost int
	// halt is the index of the hex where the move halts for a die (the
	// Ouren bridge, 7.7; an infiltration roll, 27.8.2), 0 for none; why
	// says which.
	halt int
	why  string
	// stop is the step after which the unit must stop (an enemy ZOC,
	// 9.2.1, and the rest), nil for none.
	stop *hexwar.Step
}

// walk checks a path step by step and returns its cost and where it halts
// or must stop.
func (g *Game) walk(m *hexwar.Mover, i int, path []hex.Axial, infiltrate bool, ignored []string) (walked, error) {
	var w walked
	marked := false
	u := g.unit(i)
	if m.Entering {
		s, bar := m.Entry(path[0])
		if !bar.OK() {
			return walked{}, m.Refusal(bar, path[0], path[0])
		}
		w.cost, marked = s.Cost, s.Mark
		if s.Stop {
			w.stop = &s
		}
	}
	for k := 1; k < len(path); k++ {
		from, to := path[k-1], path[k]
		if _, ok := hex.SideBetween(from, to); !ok {
			return walked{}, rules.Refuse("11.1", "%s and %s are not adjacent: name every hex entered", g.b.id(from), g.b.id(to))
		}
		if w.stop != nil {
			return walked{}, m.StopRefusal(w.stop, from)
		}
		if u.Side == German && g.s.Ouren == "" && g.sc.Special.Ouren == g.b.sideID(from, to) {
			w.halt, w.why = k-1, "ouren" // 7.7: the Allied player rolls before it is crossed
			return w, nil
		}
		s, err := g.step212(m, i, from, to, marked)
		if err != nil {
			return walked{}, err
		}
		w.cost, marked = w.cost+s.Cost, s.Mark
		if s.Stop {
			if infiltrate && s.StopRule == moveRefs.ZOC && !slices.Contains(ignored, g.b.id(to)) && k < len(path)-1 {
				w.halt, w.why = k, "infiltrate" // 27.8.2: roll to ignore the ZOC here
				return w, nil
			}
			w.stop = &s
		}
	}
	return w, nil
}

// step212 is one step of the mover, with 29.3: on turn 1 one 212 VG unit
// may cross the Sauer from 1006 into 1005, and stops there.
func (g *Game) step212(m *hexwar.Mover, i int, from, to hex.Axial, marked bool) (hexwar.Step, error) {
	if g.s.Turn == 1 && g.unit(i).Formation == "212vg" && g.b.id(from) == sauerFrom && g.b.id(to) == sauerTo {
		if g.crossed212() {
			return hexwar.Step{}, rules.Refuse("29.3", "only one 212 VG unit crosses from 1006 into 1005 on turn 1")
		}
		s, bar := m.CheckAfter(from, to, marked)
		if bar.OK() {
			s.StopFor("29.3", "the 212 VG unit that crosses the Sauer stops in 1005")
			return s, nil
		}
		// The Sauer's own rules would forbid it: 29.3 allows the step.
		return hexwar.Step{Cost: m.Budget, Stop: true, StopRule: "29.3"}, nil
	}
	return m.StepAfter(from, to, marked)
}

// The 212 VG's crossing (29.3).
const (
	sauerFrom = "1006"
	sauerTo   = "1005"
)

// crossed212 reports whether a 212 VG unit crossed into 1005 this turn.
func (g *Game) crossed212() bool {
	for i, us := range g.s.Units {
		if g.unit(i).Formation == "212vg" && us.At == sauerTo && us.Moved {
			return true
		}
	}
	return false
}

// endCheck checks where a move ends: stacking (8.3), Strategic Movement's
// ends (12.2 b, d), Extended Movement's (11.2), a Disrupted unit's EZOC
// (18.3).
func (g *Game) endCheck(i int, p plan) error {
	if p.exit != "" {
		return nil
	}
	u := g.unit(i)
	end := p.path[len(p.path)-1]
	occ := g.occupancy()
	others := slices.DeleteFunc(slices.Clone(occ[end]), func(j int) bool { return j == i })
	if err := hexwar.StackRefusal(others, i, g.b.id(end), g.stacking); err != nil {
		return err
	}
	enemy := u.Side.Other()
	nextToEnemy := false
	for _, n := range end.Neighbors() {
		if g.sideAt(occ, n) == enemy {
			nextToEnemy = true
		}
	}
	switch p.how.mode {
	case modeExtended:
		if nextToEnemy {
			return rules.Refuse("11.2", "a unit using Extended Movement does not end next to an enemy unit, as %s is", g.b.id(end))
		}
	case modeSM:
		for _, j := range others {
			if !g.groupedInSM(i, j) {
				return rules.Refuse("12.2", "a unit in Strategic Movement does not end in a hex with another unit (%s)%s", g.unit(j).ID, g.groupNote(i, j))
			}
		}
		for _, n := range end.Neighbors() {
			for _, j := range occ[n] {
				if j != i && (g.s.Units[j].SM || g.s.Units[j].Mover) && g.b.road(end, n) != "" {
					return rules.Refuse("12.2", "a unit in Strategic Movement does not end next to %s, under an SM or Prime Mover marker on the same road (AMB-13)", g.unit(j).ID)
				}
			}
		}
	}
	if g.s.Units[i].Status != "" && len(p.path) > 1 {
		if err := g.disruptedEZOC(i, p, occ); err != nil {
			return err
		}
	}
	return nil
}

// goodOrderFriend reports whether a friend of unit i in Good Order stands
// in a, negating the enemy ZOC there for a Disrupted unit (18.3).
func (g *Game) goodOrderFriend(i int, a hex.Axial, occ map[hex.Axial][]int) bool {
	for _, j := range occ[a] {
		if j != i && g.sideOf(j) == g.sideOf(i) && g.s.Units[j].Status == "" {
			return true
		}
	}
	return false
}

// sameGroup: two units of one regiment or brigade, which may share one SM
// marker (12.4.2).
func (g *Game) sameGroup(i, j int) bool {
	a, b := g.unit(i), g.unit(j)
	return a.Regiment != "" && a.Regiment == b.Regiment
}

// groupedInSM: unit j, in the hex where unit i ends its Strategic
// Movement, may share it as one group under one SM marker (12.4.2, L596):
// of one regiment or brigade, and in Strategic Movement itself (12.2,
// L578: units not in SM may end with an SM unit, not it with them).
// ardennes44/1 to /3 took any unit of the regiment.
func (g *Game) groupedInSM(i, j int) bool {
	return g.sameGroup(i, j) && (g.s.Units[j].SM || !g.ver.smGroupInSM)
}

// groupNote says why a unit of the regiment is no group for an SM unit.
func (g *Game) groupNote(i, j int) string {
	if g.sameGroup(i, j) {
		return ": a unit of its regiment is grouped with it only when in Strategic Movement too (12.4.2)"
	}
	return ""
}

// disruptedEZOC: a Disrupted unit does not enter an enemy ZOC if it can go
// elsewhere; Good Order friends negate the ZOC in their hex for it (18.3).
func (g *Game) disruptedEZOC(i int, p plan, occ map[hex.Axial][]int) error {
	u := g.unit(i)
	ezoc := g.zoc(u.Side.Other())
	negated := func(a hex.Axial) bool { return g.goodOrderFriend(i, a, occ) }
	end := p.path[len(p.path)-1]
	if !ezoc.Has(end) || negated(end) {
		return nil
	}
	m := g.mover(i, moveHow{mode: modeTactical, mech: u.Mech(), budget: 99 * hexwar.MP}, p.path[0], false, nil)
	for a := range m.TacticalReach() {
		if a != p.path[0] && (!ezoc.Has(a) || negated(a)) {
			if err := hexwar.StackRefusal(occ[a], i, g.b.id(a), g.stacking); err == nil {
				return rules.Refuse("18.3", "%s is Disrupted: it enters an enemy ZOC only when it can go nowhere else (it can reach %s)", u.ID, g.b.id(a))
			}
		}
	}
	return nil
}

// applyMove puts a checked move on the map.
func (g *Game) applyMove(mc hexwar.MoveCommand, p plan, spentBefore int) []rules.Event {
	i := p.unit
	u, us := g.unit(i), &g.s.Units[i]
	side := u.Side
	upTo := len(p.path) - 1
	if p.halt > 0 || p.haltWhy != "" {
		upTo = p.halt
	}
	path := p.path[:upTo+1]
	first := us.At
	for _, a := range path {
		g.setControl(g.b.id(a), side) // 30.1.2: the last to pass through
	}
	if us.Boundary {
		for k := 1; k < len(path); k++ {
			if g.b.feature(path[k-1], path[k], ArmyBoundary) {
				us.Boundary = false // 11.10.2: back across the boundary
			}
		}
	}
	g.passRoadblocks(side, path)
	us.At = g.b.id(path[len(path)-1])
	us.Moved, us.Halted = true, false
	us.Spent = spentBefore + p.cost
	us.Hexes += len(path) - 1
	us.Tactical = p.how.mode == modeTactical
	us.Extended = p.how.mode == modeExtended
	if p.enters {
		us.Arrived = g.s.Turn
		if u.Arty() {
			us.Face = 1 // 13.3: artillery arrives Fired
		}
	}
	switch p.how.mode {
	case modeSM:
		us.SM, us.Trucks = true, p.how.trucks
	}
	if p.how.onPrimeMover() {
		us.Mover = true
	}
	if g.turnsFired(p, path) {
		us.Face = 1
	}
	if g.night() && !us.Night && !(u.Has(MarkKGP) && g.firstNight()) && !slices.Contains(g.s.Infiltrated, first) {
		g.s.Infiltrated = append(g.s.Infiltrated, first) // 31: the stack infiltrated
	}
	var ids []string
	for _, a := range path {
		ids = append(ids, g.b.id(a))
	}
	how := ""
	switch p.how.mode {
	case modeTactical:
		how = " by Tactical Movement"
		if p.how.primeMover {
			how += " on a Prime Mover"
		}
	case modeExtended:
		how = " by Extended Movement"
	case modeSM:
		how = " in Strategic Movement"
		if p.how.trucks {
			how = " on Trucks"
		}
	case modeMover:
		how = " on a Prime Mover"
	case modeShift:
		how = ", shifting its firing position"
	}
	text := fmt.Sprintf("%s moves %s%s (%s MP)", u.ID, strings.Join(ids, " "), how, hexwar.MPText(us.Spent))
	if p.enters {
		text = fmt.Sprintf("%s enters at %s%s", u.ID, strings.Join(ids, " "), how)
	}
	events := []rules.Event{{Seat: rules.Seat(side), Text: text}}
	events = append(events, g.revealDumps(i, path, p.enters)...)
	if p.haltWhy != "" {
		g.s.Moving = &movingState{Command: mc.String(), Unit: u.ID, Done: upTo, Spent: us.Spent, Why: p.haltWhy}
		if p.haltWhy == "infiltrate" {
			g.s.Dice = diceInfiltrate
		} else {
			g.s.Dice = diceOuren
		}
		return events
	}
	if p.exit != "" {
		events = append(events, g.leaveMap(i, p.exit)...)
	}
	return events
}

// continueMove goes on with a move stopped for a die: the rest of its path.
func (g *Game) continueMove(ignore bool) []rules.Event {
	mv := g.s.Moving
	g.s.Moving = nil
	mc, err := moveGrammar.Parse(mv.Command)
	if err != nil {
		return nil
	}
	i := g.index[mv.Unit]
	if ignore {
		mv.Ignored = append(mv.Ignored, g.s.Units[i].At)
	}
	rest := mc
	rest.Path = mc.Path[mv.Done:]
	if len(rest.Path) < 2 {
		return nil
	}
	p, err := g.planMove(rest, mv)
	if err != nil {
		// The rest of the path is no longer open: the unit stays.
		return []rules.Event{{Seat: rules.Seat(g.sideOf(i)), Text: fmt.Sprintf("%s stops in %s: %v", mv.Unit, g.s.Units[i].At, err)}}
	}
	return g.applyMove(rest, p, mv.Spent)
}
