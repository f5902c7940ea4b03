package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Movement (5.0): a unit or stack moves once a phase, finishing its move
// before the next begins (5.1), by its MA, by Extended Movement (+3 MP,
// never into an enemy ZOC, 5.3) or by Tactical Movement (1 or 2 hexes
// whatever they cost, 5.4). A move names every hex entered, the unit's own
// first (or, coming from an entry area, the first map hex, 21.1.3).

// moveRefs are the book's numbers for the core's refusals.
var moveRefs = &hexwar.MoveRefs{Path: "5.1", OffMap: "5.1", Enemy: "5.1", ZOC: "6.2", Bond: "7.2",
	BondName: "ZOC bond", Entry: "21.1.3", Tactical: "5.4"}

// moveHow is a move's way and what it allows.
type moveHow struct {
	tactical, extended, truck bool
	budget                    int    // sixths of an MP
	area                      string // the entry area the move ends in (21.3.2), or ""
}

// enterMovement starts the phase: Shattered units next to the enemy with
// no friendly unit in Good Order or DG stacked with them are eliminated
// (13.3.2, A-12, A-13).
func (g *Game) enterMovement() []rules.Event {
	g.s.Moved, g.s.OneHex = nil, nil
	for k := range g.s.Units {
		g.s.Units[k].Voluntary = false
	}
	g.releaseGarrison()
	return append(g.shatteredCheck(), g.twoTurnLost()...)
}

// shatteredCheck eliminates Shattered units next to an enemy unit with no
// friendly non-Shattered unit in their hex (13.3.2).
func (g *Game) shatteredCheck() []rules.Event {
	var events []rules.Event
	for i := range g.s.Units {
		us := g.s.Units[i]
		a, ok := g.axial(i)
		if !ok || us.Status != Shattered {
			continue
		}
		side := g.sc.Units[i].Side
		if g.nextToEnemy(a, side) && !g.shCoveredBy(i, a, g.isShattered) {
			g.eliminate(i)
			events = append(events, rules.Event{Seat: rules.Seat(side), Text: us.ID + " is Shattered next to the enemy: eliminated (13.3.2)"})
		}
	}
	return events
}

// mover is a Mover for unit i's move in the position.
func (g *Game) mover(i int, how moveHow, ctx *hexwar.Context, start hex.Axial, entering bool) *hexwar.Mover {
	u := g.sc.Units[i]
	m := &hexwar.Mover{Board: g.b.Board, Ctx: ctx, Refs: moveRefs, Unit: i, UnitID: u.ID, Start: start,
		Mech: (u.Info().Mech || how.truck) && !how.tactical, Budget: how.budget, Entering: entering, Tactical: how.tactical}
	m.Rules = g.stepRules(i, how)
	return m
}

// stepRules are Salerno's own rules of each step (5.3, 5.5, 5.6, 22.4).
func (g *Game) stepRules(i int, how moveHow) []hexwar.StepRule {
	b := g.b
	vehicle := g.sc.Units[i].Info().Vehicle
	mountain, _ := b.Bit(Mountain)
	pass, _ := b.Bit(Pass)
	river, _ := b.Bit(River)
	rain := g.rain()
	rs := []hexwar.StepRule{{
		// 5.6: a mountain hexside without a road: infantry only by TM
		// (the chart: first move, from next to it), vehicles only through
		// a pass; one mountain hexside a movement phase.
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if s.Sides&mountain == 0 || s.Road != "" {
				return 0
			}
			switch {
			case s.Sides&pass == 0 && vehicle:
				return 1
			case s.Sides&pass == 0 && !how.tactical:
				return 2
			case s.Marked:
				return 3
			}
			s.Mark = true
			return 0
		},
		Refuse: func(code int, from, to hex.Axial) error {
			at := b.ID(from) + "/" + b.ID(to)
			switch code {
			case 1:
				return rules.Refuse("5.6", "vehicles cross the mountain hexside %s only along a road or through a pass", at)
			case 2:
				return rules.Refuse("5.6", "the mountain hexside %s without a road is crossed only by Tactical Movement ('tm')", at)
			}
			return rules.Refuse("5.6", "only one mountain hexside may be crossed in a movement phase: %s is a second", at)
		},
		Marks: true, // one mountain hexside a phase
	}, {
		// 5.5, 22.4: a vehicle crosses an unbridged river only by TM, as
		// its first hex, from next to it, and never in rain.
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if !vehicle || s.Sides&river == 0 || s.Road != "" {
				return 0
			}
			switch {
			case rain:
				return 1
			case !how.tactical || !s.First:
				return 2
			}
			return 0
		},
		Refuse: func(code int, from, to hex.Axial) error {
			if code == 1 {
				return rules.Refuse("22.4", "in rain vehicles cross no unbridged river (%s/%s)", b.ID(from), b.ID(to))
			}
			return rules.Refuse("5.5", "a vehicle crosses the unbridged river %s/%s only by TM, as the first hex of its move", b.ID(from), b.ID(to))
		},
	}}
	if info := g.sc.Units[i].Info(); g.ver.infantryRivers && info.Infantry && !vehicle {
		rs = append(rs, g.infantryRiver(river))
	}
	if g.s.Units[i].Status == Shattered {
		side := g.sc.Units[i].Side
		// 13.3.2: a Shattered unit enters no enemy-controlled city, and no
		// hex next to an enemy unit unless friendly units not Shattered
		// stand there.
		rs = append(rs, hexwar.StepRule{
			Check: func(m *hexwar.Mover, s *hexwar.Step) int {
				a := b.Grid().Hex(s.To)
				id := b.ID(a)
				if b.Terrain(a) == City && !g.controls(side, id) {
					return 1
				}
				if g.nextToEnemy(a, side) && !slices.ContainsFunc(g.pos().at(a), func(j int) bool {
					return j != i && g.sc.Units[j].Side == side && g.s.Units[j].Status != Shattered
				}) {
					return 2
				}
				return 0
			},
			Refuse: func(code int, _, to hex.Axial) error {
				if code == 1 {
					return rules.Refuse("13.3.2", "a Shattered unit enters no enemy-controlled city (%s)", b.ID(to))
				}
				return rules.Refuse("13.3.2", "a Shattered unit moves next to the enemy only into a hex held by friendly units not Shattered (%s)", b.ID(to))
			},
		})
	}
	if g.s.Units[i].Voluntary {
		// 13.3.4, 6.2: a unit shattered voluntarily pays nothing to leave
		// the enemy ZOC it starts in; the core adds the cost after the
		// step rules, which take it off here first (so no step costs
		// less than the chart: not a StepRule.Discounts).
		rs = append(rs, hexwar.StepRule{Price: func(m *hexwar.Mover, s *hexwar.Step) int {
			if s.From >= 0 && m.Ctx.EZOC.HasAt(s.From) {
				s.Cost -= b.TEC().LeaveEZOC
			}
			return 0
		}})
	}
	if how.extended {
		// 5.3, 13.3.3: no enemy ZOC, nor a hex next to a Shattered enemy.
		// The set is read once for the mover's position (its context),
		// not at each of the thousands of steps its searches check.
		var barredIn *hexwar.Context
		var barred hexwar.HexSet
		rs = append(rs, hexwar.Avoid(b.Board, func(c *hexwar.Context) hexwar.HexSet {
			if c != barredIn {
				barredIn, barred = c, g.extendedBarred(c)
			}
			return barred
		}, true, "5.3", "Extended Movement never enters an enemy ZOC nor a hex next to a Shattered enemy unit (13.3.3): %s"))
	}
	return append(rs, g.sectorStepRules(i)...)
}

// infantryRiver is 5.5 (L276) for an infantry-type unit (2.3.3, †): it
// pays +1 MP, the chart's non-mechanized cost, to cross an unbridged
// river, even when it moves by the mechanized column (mechanized infantry,
// panzergrenadiers, a unit on a Truck), whose river cost bars vehicles
// (chart_check.go). Check takes the river off the step, so that the chart
// does not bar it, and Price adds the infantry's cost back.
func (g *Game) infantryRiver(river hexwar.Features) hexwar.StepRule {
	b := g.b
	cost := b.TEC().Hexsides[River].NonMech
	unbridged := func(sides hexwar.Features) bool {
		bridged := false
		b.SideRows(sides, func(_ hexwar.Feature, r *hexwar.HexsideRow) { bridged = bridged || r.Bridge })
		return sides&river != 0 && !bridged
	}
	return hexwar.StepRule{
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if m.Mech && s.Road == "" && unbridged(s.Sides) {
				s.Sides &^= river
			}
			return 0
		},
		Price: func(m *hexwar.Mover, s *hexwar.Step) int {
			if !m.Mech || s.Road != "" || s.From < 0 || s.Sides&river != 0 {
				return 0
			}
			if sides, _ := b.SideAt(s.From, s.Dir); unbridged(sides) {
				s.Cost += cost
			}
			return 0
		},
	}
}

// extendedBarred are the hexes Extended Movement may not enter (5.3,
// 13.3.3).
func (g *Game) extendedBarred(c *hexwar.Context) hexwar.HexSet {
	set := g.b.NewHexSet()
	for _, a := range c.EZOC.Sorted() {
		set.Add(a)
	}
	for i := range g.s.Units {
		if a, ok := g.axial(i); ok && g.sc.Units[i].Side != c.Side && g.s.Units[i].Status == Shattered {
			for _, n := range a.Neighbors() {
				if g.b.OnMap(n) {
					set.Add(n)
				}
			}
		}
	}
	return set
}

// moveContext is what every move of side's units needs in the position.
func (g *Game) moveContext(side Side) *hexwar.Context {
	p := g.pos()
	return hexwar.NewContext(g.b.Board, p, side, p.zocRules(), p.bondRules(other(side), func(a string) bool { return g.friendlyArea(other(side), a) }))
}

// ma is unit i's movement allowance now: its face's, halved rounding up for
// the Germans on turn 1 (24.3).
func (g *Game) ma(i int) int {
	ma := g.pos().face(i).MA
	if g.s.Turn == 1 && g.sc.Units[i].Side == German && g.sc.Special.Invasion {
		ma = (ma + 1) / 2
	}
	return ma
}

// howMay says how unit i may move, or why it may not (5.1-5.4, 5.8,
// 13.2.1, 16.4, 19.2, 24.4.1).
func (g *Game) howMay(i int, tactical, extended, truck bool) (moveHow, error) {
	u, us := g.sc.Units[i], g.s.Units[i]
	switch {
	case u.Side != g.s.Side:
		return moveHow{}, rules.Refuse("5.1", "%s is a %s unit: only the phasing player's units move", u.ID, u.Side)
	case slices.Contains(g.s.Moved, u.ID):
		return moveHow{}, rules.Refuse("5.1", "%s has moved this phase: a move is finished before the next begins", u.ID)
	case g.ma(i) == 0 && g.pos().face(i).MA == 0:
		return moveHow{}, rules.Refuse("18.1.1, 19.3", "%s has MA 0 and never moves", u.ID)
	case u.ID == g.sc.Special.Garrison && !g.s.Released:
		return moveHow{}, rules.Refuse("19.2", "the garrison %s may not move until an Allied unit comes within %d hexes or turn %d", u.ID, g.sc.Special.ReleaseWithin, g.sc.Special.ReleaseTurn)
	case tactical && extended:
		return moveHow{}, rules.Refuse("5.3", "a move is Tactical or Extended, not both")
	case strings.HasPrefix(us.Box, boxEntry) && us.Status != GoodOrder:
		return moveHow{}, rules.Refuse("21.3.2", "only Good Order units re-enter the map")
	}
	tmOnly := ""
	switch {
	case us.Status == Disorganized:
		tmOnly = "13.2.1: a DG unit moves only by TM"
	case us.OOS && u.Info().Mech:
		tmOnly = "16.4: an out-of-supply mechanized unit moves only by TM"
	case g.s.Turn == 1 && u.Side == Allied && g.sc.Special.Invasion:
		tmOnly = "24.4.1: on turn 1 Allied units move only by TM"
	}
	if tmOnly != "" && !tactical {
		rule, why, _ := strings.Cut(tmOnly, ": ")
		return moveHow{}, rules.Refuse(rule, "%s: add 'tm'", why)
	}
	how := moveHow{tactical: tactical, extended: extended, truck: truck, budget: g.ma(i) * hexwar.MP}
	if truck {
		if err := g.mayTruck(i, tactical); err != nil {
			return moveHow{}, err
		}
		how.budget = truckMA * hexwar.MP // 5.8: a mechanized unit of MA 5
		if g.s.Turn == 1 && g.sc.Special.Invasion {
			how.budget = (truckMA + 1) / 2 * hexwar.MP // 24.3, L1702
		}
	}
	if extended {
		how.budget += 3 * hexwar.MP // 5.3
	}
	return how, nil
}

// move applies a move command.
func (g *Game) move(c Command) ([]rules.Event, error) {
	mc := c.Move
	i := g.index(mc.Unit)
	if i < 0 {
		return nil, rules.Refuse("5.1", "no unit %s", mc.Unit)
	}
	how, err := g.howMay(i, mc.Has("tm"), mc.Has("ext"), mc.Has("truck"))
	if err != nil {
		return nil, err
	}
	path := make([]hex.Axial, 0, len(mc.Path))
	for _, id := range mc.Path {
		a, ok := g.b.Hex(id)
		if !ok {
			return nil, rules.Refuse("5.1", "%s is not a hex of the map", id)
		}
		path = append(path, a)
	}
	us := g.s.Units[i]
	entering := us.Hex == ""
	var area string
	if entering {
		var ok bool
		area, ok = strings.CutPrefix(us.Box, boxEntry)
		if !ok {
			return nil, rules.Refuse("5.1", "%s is not on the map nor in an entry area", mc.Unit)
		}
		if !g.b.inArea(area, path[0]) {
			return nil, rules.Refuse("21.1.3", "%s enters the map from %s: its first hex is one next to it, not %s", mc.Unit, area, mc.Path[0])
		}
		if err := g.leaveArea(i, area, path[0]); err != nil {
			return nil, err
		}
	} else if mc.Path[0] != us.Hex {
		return nil, rules.Refuse("5.1", "%s stands in %s: its move starts there", mc.Unit, us.Hex)
	}
	if mc.End != "" {
		if err := g.mayMoveIntoArea(i, mc.End, entering); err != nil {
			return nil, err
		}
		how.area = mc.End
		if len(path) < 2 {
			return nil, rules.Refuse("21.3.2", "a move into %s names the hexes entered before it; a unit that does not move enters an area by 'enter %s %s'", mc.End, mc.Unit, mc.End)
		}
	}
	if len(path) < 2 && !entering {
		return nil, rules.Refuse("5.1", "a move names the hexes entered after the unit's own")
	}
	m := g.mover(i, how, g.moveContext(g.s.Side), path[0], entering)
	cost := 0
	if entering {
		first, bar := m.Entry(path[0])
		if !bar.OK() {
			return nil, m.Refusal(bar, path[0], path[0])
		}
		if first.Stop && len(path) > 1 {
			return nil, m.StopRefusal(&first, path[0])
		}
		cost = first.Cost
	}
	rest, err := m.Walk(path)
	if err != nil {
		return nil, err
	}
	cost += rest
	hexes := len(path) - 1
	if entering {
		hexes++
	}
	if mc.End != "" {
		step, err := g.areaStep(m, path, mc.End)
		if err != nil {
			return nil, err
		}
		cost, hexes = cost+step, hexes+1 // 21.3.2: 1 MP, or a hex of TM
	} else if err := g.mayEndOnMap(i, path); err != nil {
		return nil, err
	}
	if err := g.replMoveLimit(i, hexes); err != nil {
		return nil, err
	}
	switch {
	case how.tactical && hexes > 2:
		return nil, rules.Refuse("5.4", "Tactical Movement is 1 or 2 hexes, not %d", hexes)
	case !how.tactical && cost > how.budget:
		return nil, rules.Refuse("5.1", "the move costs %s MP; %s has %s", hexwar.MPText(cost), mc.Unit, hexwar.MPText(how.budget))
	}
	if how.tactical && hexes == 1 && !entering && g.sc.Units[i].Side == Allied && g.seaPort(mc.Path[1]) {
		g.s.OneHex = append(g.s.OneHex, mc.Unit) // 18.4.5: a sea move may be its second hex
	}
	// 4.4: a move may end over the limit; it holds at the end of the
	// phase (stackcheck.go), and the player is told so.
	end := path[len(path)-1]
	warn := ""
	if how.area == "" {
		warn = g.overLimitWords(end, i)
	}
	events := append(g.applyMove(i, path, cost, how), g.asuMoved(i, hexes)...)
	if warn != "" {
		events = append(events, rules.Event{Seat: rules.Seat(g.sc.Units[i].Side), Text: g.b.ID(end) + " " + warn})
	}
	return events, nil
}

// mayEndOnMap: unit i's move along path may end in its last hex: the army
// boundary (S2.3.3) and a second ½ Eff (5.7), which a move into an entry
// area does not end there to meet.
func (g *Game) mayEndOnMap(i int, path []hex.Axial) error {
	if err := g.mayEndAcross(i, path[len(path)-1]); err != nil {
		return err
	}
	return g.secondHalfEff(i, path)
}

// secondHalfEff refuses, under salerno43/3, a move of unit i along path
// that would earn it a second ½ Eff marker this turn (5.7, L298): it has
// one earned this turn, and the move crosses what earns one
// (halfEffCrossing) and ends next to the enemy (L300).
func (g *Game) secondHalfEff(i int, path []hex.Axial) error {
	side := g.sc.Units[i].Side
	if !g.ver.noSecondHalfEff || !g.halfEffThisTurn(i) || !g.nextToEnemy(path[len(path)-1], side) {
		return nil
	}
	for k := 1; k < len(path); k++ {
		if g.halfEffCrossing(i, path[k-1], path[k]) {
			return rules.Refuse("5.7", "%s has ½ Eff this turn: crossing %s/%s and ending next to the enemy would earn it a second",
				g.s.Units[i].ID, g.b.ID(path[k-1]), g.b.ID(path[k]))
		}
	}
	return nil
}

// halfEffThisTurn: unit i has a ½ Eff marker earned this turn. Markers
// come off in their owner's Reorganization Phase (5.7, A-16), and the
// German player turn comes first (3.0): a German unit's marker in its
// Movement Phase was earned in the Allied player turn of the turn before
// (a retreat), an Allied unit's in this turn (a German attack's retreat,
// an airdrop, 21.6.1).
func (g *Game) halfEffThisTurn(i int) bool {
	return g.s.Units[i].HalfEff && g.sc.Units[i].Side == Allied
}

// asuMoved applies 17.3 to unit i after it entered hexes hexes: an ASU
// that moves more than one hex becomes DG, so that it gives no support in
// the coming Combat Phase; one DG already is DG'd again and so Shattered
// (13.1.3, read literally); a Shattered one stays so.
func (g *Game) asuMoved(i, hexes int) []rules.Event {
	us := &g.s.Units[i]
	if !g.sc.Units[i].ASU() || hexes <= 1 || us.Status == Shattered {
		return nil
	}
	text := fmt.Sprintf("%s moved %d hexes: an ASU that moves more than one is DG (17.3)", us.ID, hexes)
	if us.Status == Disorganized {
		us.Status = Shattered
		text = fmt.Sprintf("%s moved %d hexes while DG: DG again, it is Shattered (17.3, 13.1.3)", us.ID, hexes)
	} else {
		us.Status = Disorganized
	}
	return []rules.Event{{Seat: rules.Seat(g.sc.Units[i].Side), Text: text}}
}

// applyMove puts a checked move on the map: control of the ports, cities
// and VP hexes it passes (16.3.4), ½ Eff for a crossing that earns it when
// the unit ends next to the enemy (5.7).
func (g *Game) applyMove(i int, path []hex.Axial, cost int, how moveHow) []rules.Event {
	us := &g.s.Units[i]
	side := g.sc.Units[i].Side
	half := false
	for k, a := range path {
		g.setControl(g.b.ID(a), side)
		if k > 0 && g.halfEffCrossing(i, path[k-1], a) {
			half = true
		}
	}
	entered := path // 13.3.2: the hexes the unit enters, its own not one
	if us.Hex == g.b.ID(path[0]) {
		entered = path[1:]
	}
	end := path[len(path)-1]
	us.Hex, us.Box = g.b.ID(end), ""
	us.Truck = us.Truck || how.truck
	g.s.Moved = append(g.s.Moved, us.ID)
	ids := make([]string, len(path), len(path)+1)
	for k, a := range path {
		ids[k] = g.b.ID(a)
	}
	if how.area != "" {
		ids = append(ids, how.area)
	}
	way := ""
	switch {
	case how.tactical:
		way = " by TM"
	case how.extended:
		way = " by Extended Movement"
	}
	if how.truck {
		way += " on a Truck (5.8)"
	}
	text := fmt.Sprintf("%s moves%s %s (%s MP)", us.ID, way, strings.Join(ids, "-"), hexwar.MPText(cost))
	if half && how.area == "" && g.nextToEnemy(end, side) { // 5.7: placed where the move ends
		us.HalfEff = true
		text += ", ½ Eff (5.7)"
	}
	events := []rules.Event{{Seat: rules.Seat(side), Text: text}}
	if how.area != "" {
		events = append(events, g.endInArea(i, how.area)...)
	}
	g.releaseGarrison()
	g.shMoveTriggers(i, entered)
	return append(events, g.shMoveSettle()...)
}

// truckMA is a Truck marker's MA (5.8), and trucks the most in use.
const (
	truckMA = 5
	trucks  = 2
)

// mayTruck: unit i may take a Truck marker (5.8): a German non-mechanized
// unit in supply at that moment, with an MA, while fewer than 2 are in use;
// a truck move is no Tactical Movement.
func (g *Game) mayTruck(i int, tactical bool) error {
	u, us := g.sc.Units[i], g.s.Units[i]
	n := 0
	for _, o := range g.s.Units {
		if o.Truck {
			n++
		}
	}
	switch {
	case u.Side != German || u.Info().Mech:
		return rules.Refuse("5.8", "only German non-mechanized units take Truck markers")
	case tactical:
		return rules.Refuse("5.8", "a unit on a Truck moves as a mechanized unit of MA 5, not by TM")
	case g.pos().face(i).MA == 0:
		return rules.Refuse("19.3", "%s has MA 0 and never moves, even by truck", u.ID)
	case n >= trucks:
		return rules.Refuse("5.8", "at most %d Truck markers are in use", trucks)
	case us.Hex == "" || !g.supplyStatuses(German).inSupply(g, i):
		return rules.Refuse("5.8", "%s must be on the map and in supply to take a Truck marker", u.ID)
	}
	return nil
}

// leaveArea says whether unit i may leave area onto hex a: never an Allied
// unit from N1 or N2 (23.1.4); a German unit from a north area the Allies
// share only into a hex no Allied ZOC reaches (23.1.4).
func (g *Game) leaveArea(i int, area string, a hex.Axial) error {
	if area != "N1" && area != "N2" {
		return nil
	}
	if g.sc.Units[i].Side == Allied {
		return rules.Refuse("23.1.4", "Allied units that enter a north area never leave it")
	}
	shared := slices.ContainsFunc(g.s.Units, func(us unitState) bool {
		return us.Box == boxEntry+area && g.sc.Units[g.index(us.ID)].Side == Allied
	})
	if shared && g.pos().zoc(Allied).Has(a) {
		return rules.Refuse("23.1.4", "with Allied units in %s, German units leave it only into hexes no Allied ZOC reaches, not %s", area, g.b.ID(a))
	}
	return nil
}

// shatter shatters a Good Order or DG unit of the phasing side that has not
// moved (13.3.4): it then moves with its full MA (13.3.1).
func (g *Game) shatter(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != g.s.Side || g.s.Units[i].Hex == "" {
		return nil, rules.Refuse("13.3.4", "%s is no unit of yours on the map", c.Args[0])
	}
	us := &g.s.Units[i]
	switch {
	case us.Status == Shattered:
		return nil, rules.Refuse("13.3.4", "%s is Shattered already", us.ID)
	case slices.Contains(g.s.Moved, us.ID):
		return nil, rules.Refuse("13.3.4", "%s has moved: only a unit that has not moved is shattered", us.ID)
	}
	us.Status, us.Voluntary = Shattered, true
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: us.ID + " is shattered voluntarily (13.3.4)"}}, nil
}
