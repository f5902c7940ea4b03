package normandy44

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Combat Phase in the turn (10.0): attacks are declared one at a time,
// each resolved completely (its dice and decisions, with the orders that
// answer them) before the next is declared.

// combatRecord is the combat in progress as plain data: the declaration and
// every die and decision since, so that the Combat can be rebuilt from the
// state alone (nothing on the map changes until the combat ends).
type combatRecord struct {
	N      int    `json:"n"` // the combat's number in the phase, from 1
	Attack string `json:"attack"`
	// Steps are "roll PURPOSE DIE" and "SIDE: DECISION", in order, including
	// the decisions taken by orders.
	Steps []string `json:"steps,omitempty"`
}

// oneHexHold is strength that stopped after one hex in a hex of friends
// (13.3), which they stop no more in the Combat Phase (AMBIG-25).
type oneHexHold struct {
	Hex      string `json:"hex"`
	Strength int    `json:"strength"`
}

// oneHexUsed is the strength friends in a hex have stopped after one-hex
// retreats in this Combat Phase (AMBIG-25).
func (g *Game) oneHexUsed(id string) int {
	n := 0
	for _, h := range g.s.OneHexHeld {
		if h.Hex == id {
			n += h.Strength
		}
	}
	return n
}

// orderRecord is a standing or conditional order in force (digest §6.3).
type orderRecord struct {
	Side Side   `json:"side"`
	Text string `json:"text"`
	// Seat is the seat that gave the order when a side has two players
	// (24.0: each answers only for his own units); empty otherwise.
	Seat string `json:"seat,omitempty"`
}

// inCombatPhase: the phasing side may declare attacks. The Reserve Combat
// Phase (15.3) is held only by a side with units in Reserve (reserve.go).
func (g *Game) inCombatPhase() bool {
	return !g.s.Over && (g.s.Phase == PhaseCombat || g.s.Phase == PhaseReserveCombat)
}

// startCombat opens a Combat Phase: "this phase" bookkeeping is reset (10.1,
// 10.2, 13.5).
func (g *Game) startCombat() []rules.Event {
	g.s.Attacked, g.s.Defended, g.s.Combats, g.s.Combat = nil, nil, 0, nil
	g.s.OneHexHeld = nil // AMBIG-25: the capacity is counted per Combat Phase
	g.s.Strafes = nil    // 19.1.4: a mission not flown against an attack is lost (AMBIG-35)
	for i := range g.s.Units {
		g.s.Units[i].RetreatedIn = false
	}
	g.cur = nil
	return nil
}

// orders are the orders in force, in the form the combat reads.
func (g *Game) orders() Orders {
	o := Orders{}
	for _, r := range g.s.Orders {
		if c, err := ParseCombatCommand(r.Text); err == nil {
			o[string(r.Side)] = append(o[string(r.Side)], c)
		}
	}
	return o
}

// giveOrder records a standing or conditional order, replacing the side's
// order of the same kind.
func (g *Game) giveOrder(side Side, c CombatCommand) []rules.Event {
	rec := orderRecord{Side: side, Text: c.String()}
	who, seat := sideWord(side), rules.Seat(side)
	if g.opt.multi() {
		// 24.0: the orders of one player, the one the game waits for (only
		// he may give a command now).
		seat = g.pendingSeats().Seats[0]
		rec.Seat, who = string(seat), string(seat)
	}
	g.s.Orders = slices.DeleteFunc(g.s.Orders, func(r orderRecord) bool {
		k, err := ParseCombatCommand(r.Text)
		return r.Side == side && r.Seat == rec.Seat && (err != nil || k.Kind == c.Kind)
	})
	g.s.Orders = append(g.s.Orders, rec)
	return []rules.Event{{Seat: seat, Text: who + " order in force: " + c.String()}}
}

// combat is the combat in progress, rebuilt from the state when needed.
func (g *Game) combat() *Combat {
	if g.s.Combat == nil {
		return nil
	}
	if g.cur != nil {
		return g.cur
	}
	a, err := ParseAttack(g.s.Combat.Attack)
	if err != nil {
		panic(fmt.Sprintf("combat record: %v", err)) // written by declare only
	}
	c, err := g.newCombat(a)
	if err != nil {
		panic(fmt.Sprintf("combat record: %v", err))
	}
	for _, st := range g.s.Combat.Steps {
		if err := c.Replay(st); err != nil {
			panic(fmt.Sprintf("combat record %q: %v", st, err))
		}
	}
	g.cur = c
	return c
}

// refuseCombat turns a declaration the combat rules refuse into a refusal
// naming the rule that forbids it: the declaration error's own, 10.6 for
// odds below 1-3 before any shift, 10.1 for a hex with no defender.
func refuseCombat(err error) error {
	var de *declError
	switch {
	case errors.As(err, &de):
		return rules.Refuse(de.rule, "%v", err)
	case errors.Is(err, ErrOddsTooLow):
		return rules.Refuse("10.6", "%v", err)
	case errors.Is(err, ErrNoDefender):
		return rules.Refuse("10.1", "%v", err)
	}
	return rules.Refuse("10.3", "%v", err)
}

// declare checks an attack against the rules and opens its combat.
func (g *Game) declare(a AttackCommand) ([]rules.Event, error) {
	if g.s.Combat != nil {
		return nil, rules.Refuse("10.0", "the combat on %s is not resolved yet", g.combat().Origin)
	}
	side := g.s.Side
	t, ok := g.b.ids[a.Target]
	if !ok {
		return nil, rules.Refuse("10.1", "%s is not a hex of the map", a.Target)
	}
	occ := g.occupancy()
	if g.sideAt(occ, t) != other(side) {
		return nil, rules.Refuse("10.1", "no enemy unit in %s", a.Target)
	}
	if slices.Contains(g.s.Defended, a.Target) {
		return nil, rules.Refuse("10.2", "%s has been attacked in this phase: each hex is attacked at most once", a.Target)
	}
	used := map[string]bool{}
	for _, id := range a.Units() {
		i, ok := g.index[id]
		if !ok {
			return nil, rules.Refuse("10.1", "no unit %s", id)
		}
		at, on := g.onMap(i)
		switch {
		case g.unit(i).Side != side:
			return nil, rules.Refuse("10.1", "%s is not a %s unit", id, side)
		case !on:
			return nil, rules.Refuse("10.1", "%s is not on the map", id)
		case slices.Contains(g.s.Attacked, id):
			return nil, rules.Refuse("10.1", "%s has attacked in this phase: each unit attacks at most once", id)
		case !slices.Contains(a.From, g.s.Units[i].At):
			return nil, rules.Refuse("10.1", "%s stands in %s, not in a from hex", id, g.s.Units[i].At)
		case hx.Distance(at, t) != 1:
			return nil, rules.Refuse("10.1", "%s in %s is not adjacent to %s", id, g.s.Units[i].At, a.Target)
		case g.b.feature(at, t, Impassable):
			return nil, rules.Refuse("9.6, 10.1", "%s cannot attack across the impassable hexside %s/%s", id, g.s.Units[i].At, a.Target)
		case g.s.Units[i].Scattered:
			return nil, g.scatteredCheck(i, "attack")
		case g.replStack(i):
			return nil, rules.Refuse("6.2.5", "%s took a replacement or stands with a unit that did: it may not attack this turn", id)
		case g.noCross(side, at, t):
			return nil, rules.Refuse("S3.1", "%s units may not attack across the edge of a scenario zone (%s/%s)", side, g.s.Units[i].At, a.Target)
		case g.reserveAttackBar(i) != "":
			return nil, rules.Refuse("15.3, 16.1.3", "%s %s", id, g.reserveAttackBar(i))
		}
		used[g.s.Units[i].At] = true
	}
	for _, h := range a.From {
		if !used[h] {
			return nil, rules.Refuse("10.1", "no attacking unit named in %s", h)
		}
	}
	if err := g.checkSupportMarkers(a, t); err != nil {
		return nil, err
	}
	spend, err := g.checkArtillery(a, t)
	if err != nil {
		return nil, err
	}
	c, err := g.newCombat(a)
	if err != nil {
		return nil, refuseCombat(err)
	}
	for pool, n := range spend {
		g.s.SupP[poolIndex(g.s.SupP, pool)].N -= n // 17.2.5: 1 SupP a shift
	}
	for _, id := range a.Art {
		if i, ok := g.index[id]; ok && g.unit(i).Type == Werfer {
			g.s.Units[i].Fired = true // 17.3: once a turn
		}
	}
	events := g.spendSupport(a, t)
	g.s.Attacked = append(g.s.Attacked, a.Units()...)
	g.s.Defended = append(g.s.Defended, a.Target)
	g.reserveAttacked(a.Units()) // 15.4
	if g.startStrafing(&a) {
		// 19.1.4: the strafing comes just before the ground combat.
		return append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("Attack declared: %s; the strafing %s comes first (19.1.4)", a, g.strafingWhat(a.Target))}), nil
	}
	return append(events, g.openCombat(a, c)...), nil
}

// openCombat opens the combat of a declared attack, once any strafing of
// its hex is over, and runs it as far as the orders go; c is the combat
// built already, nil to build it from the position after the strafing.
func (g *Game) openCombat(a AttackCommand, c *Combat) []rules.Event {
	side := g.s.Side
	if c == nil {
		var err error
		if c, err = g.newCombat(a); err != nil {
			// Strafing took the last defender (10.1: no combat without one).
			return []rules.Event{{Seat: rules.Seat(side), Text: fmt.Sprintf("No combat on %s: %v", a.Target, err)}}
		}
	}
	g.s.Combats++
	g.s.Combat = &combatRecord{N: g.s.Combats, Attack: a.String()}
	g.cur = c
	events := []rules.Event{{Seat: rules.Seat(side), Text: fmt.Sprintf("Combat %d declared: %s", g.s.Combat.N, c.Event())}}
	return append(events, g.runCombat()...)
}

// newCombat builds the combat of a declaration from the state.
func (g *Game) newCombat(a AttackCommand) (*Combat, error) {
	in, defenders := g.combatInput(a)
	c, err := newCombatUnder(g.ver, in, g.b.layout, a.Target, g.combatMap(g, other(g.s.Side), defenders), CombatMap{})
	if err != nil {
		return nil, err
	}
	c.AdvanceMap, c.excess = g.advanceMap(c, defenders)
	g.retreatRules(c)                                                            // 13.1.4 toward supply, 16.3
	c.ReserveOK = func(id string) bool { return g.mayReserveAfterCombat(c, id) } // 15.1 b
	return c, nil
}

// combatInput is the declaration's combat as plain data, with the
// defenders' unit indexes.
func (g *Game) combatInput(a AttackCommand) (CombatInput, []int) {
	t := g.b.ids[a.Target]
	in := CombatInput{
		Attacker: g.s.Side,
		Turn:     g.s.Turn,
		Weather:  g.s.Weather,
		Target:   *g.b.hexes[t],
		Improved: g.improvedFor(a.Target, other(g.s.Side)), // 16.1.1, 16.1.6
		Support:  Support{Air: a.Air, Naval: a.Naval},
		// 10.3.4: a combat group as the MAF.
		Kampfgruppe: a.Kampfgruppe,
		FlankFire:   g.flankHexes(t, a.From), // 28.2
		ed:          g.ed,
	}
	in.Support.Artillery = a.fires(func(id string) UnitType {
		if i, ok := g.index[id]; ok {
			return g.unit(i).Type
		}
		return ""
	})
	for _, id := range a.Units() {
		i := g.index[id]
		u := g.combatUnit(i)
		u.MAF = slices.Contains(a.MAF, id)
		from := g.b.ids[u.FromHex]
		for _, f := range hexsideFeatures {
			if g.b.feature(from, t, f) {
				u.Across = append(u.Across, f)
			}
		}
		u.Landed = g.regrouped(i) // 6.5.2 b
		in.Attackers = append(in.Attackers, u)
	}
	occ := g.occupancy()
	var defenders []int
	for _, i := range occ[t] {
		in.Defenders = append(in.Defenders, g.combatUnit(i))
		defenders = append(defenders, i)
	}
	return in, defenders
}

// combatUnit is a counter as the combat rules read it.
func (g *Game) combatUnit(i int) CombatUnit {
	u, us := g.unit(i), g.s.Units[i]
	st := u.Steps[us.Step]
	return CombatUnit{ID: u.ID, Nationality: u.Nationality, Formation: u.Formation, Type: u.Type,
		Strength: st.Strength, DefendOnly: st.DefendOnly, Steps: len(u.Steps) - us.Step, MA: st.MA,
		Quality: u.Quality, AC: u.AC, AntiTank: u.AntiTank, Tiger: slices.Contains(u.Marks, MarkTiger),
		Disrupted: us.Disrupted, OutOfSupply: us.OutOfSupply,
		FromHex: us.At, From: g.b.terrain(g.b.ids[us.At]),
		SM: us.SM, RetreatedIn: us.RetreatedIn}
}

// runCombat applies every decision the orders (or the rules alone) settle,
// and ends the combat when nothing is left to roll or decide.
func (g *Game) runCombat() []rules.Event {
	c := g.combat()
	orders := g.ordersFor(c)
	var events []rules.Event
	for {
		p := c.pending()
		if p.Done {
			return append(events, g.finishCombat()...)
		}
		if p.Roll != "" {
			return events
		}
		cmd, ok := c.ByOrder(p, orders)
		if !ok {
			return events
		}
		pay := g.orderedSupport(c, Side(p.Side), &cmd, orders) // 12.4.7, 19.2.2
		if err := c.Decide(Side(p.Side), cmd); err != nil {
			return events // an order that does not fit leaves the decision to the player
		}
		g.s.Combat.Steps = append(g.s.Combat.Steps, combat.DecisionStep(p.Side, cmd))
		if pay != nil {
			events = append(events, rules.Event{Seat: rules.Seat(p.Side), Text: fmt.Sprintf("Combat %d: defensive support (12.4.7) by %s, by order", g.s.Combat.N, pay())})
		}
	}
}

// finishCombat puts the outcome on the map and closes the combat.
func (g *Game) finishCombat() []rules.Event {
	c := g.combat()
	var defenders []int
	for _, u := range c.In.Defenders {
		defenders = append(defenders, g.index[u.ID])
	}
	g.placeOutcome(g, c, defenders)
	flips := g.hqMovedFlip(c) // 17.2.3
	for _, mv := range c.Moves {
		hexes := mv.Path.Hexes[len(mv.Path.Hexes)-1:]
		if g.ed.controlAllHexes {
			hexes = mv.Path.Hexes // D56: every hex passed through (IT L1485)
		}
		for _, a := range hexes {
			g.setControl(g.b.id(a), c.defender())
		}
	}
	g.holdOneHex(c)                           // 13.3, AMBIG-25
	flips = append(flips, g.smOffAfter(c)...) // 9.8.5, 13.7
	for _, a := range c.Advances {
		if a.Kind == CmdAdvance {
			for _, h := range a.Hexes {
				g.setControl(h, c.In.Attacker) // 2.2.5: the last to occupy
			}
		}
	}
	text := fmt.Sprintf("Combat %d: %s", g.s.Combat.N, c.Event())
	g.recordCombat(c)       // report.go
	g.reserveAfterCombat(c) // 15.1 b: narrated as "reserve U" among the advances
	if ip := g.ipAfterCombat(c); len(ip) > 0 {
		text += "; " + strings.Join(ip, "; ")
	}
	// A conditional order is for the attack it came with (digest §6.3).
	g.s.Orders = slices.DeleteFunc(g.s.Orders, func(r orderRecord) bool { return strings.HasPrefix(r.Text, "if-retreat ") })
	g.s.Combat, g.cur = nil, nil
	return append(append([]rules.Event{{Seat: rules.Seat(c.In.Attacker), Text: text}}, flips...), g.reserveSweep()...)
}

// rollCombat hands the combat its die.
func (g *Game) rollCombat(values []int) ([]rules.Event, error) {
	c := g.combat()
	p := c.pending()
	if len(values) != 1 {
		return nil, fmt.Errorf("%w: the %s roll is one die, have %v", rules.ErrIllegal, p.Roll, values)
	}
	if err := c.RollDie(p.Roll, values[0]); err != nil {
		return nil, fmt.Errorf("%w: %v", rules.ErrIllegal, err)
	}
	g.s.Combat.Steps = append(g.s.Combat.Steps, combat.RollStep(p.Roll, values[0]))
	n := g.s.Combat.N
	events := g.runCombat()
	if g.s.Combat != nil {
		// The player who decides next reads the die and the result here.
		events = append(events, rules.Event{Seat: rules.Seat(c.In.Attacker), Text: fmt.Sprintf("Combat %d so far: %s; %s", n, c.Event(), nextWords(c, false))})
	}
	return events, nil
}

// combatCommand applies an order or a decision given by side.
func (g *Game) combatCommand(seat rules.Seat, text string) ([]rules.Event, error) {
	side := seatSide(seat)
	cmd, err := ParseCombatCommand(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	if cmd.Standing() {
		if (cmd.Kind == CmdIfRetreat || cmd.Kind == CmdIfReserve) && (side != g.s.Side || !g.inCombatPhase()) {
			return nil, rules.Refuse("14.1", "a conditional advance is given by the attacker in its Combat Phase, with or before its attack")
		}
		events := g.giveOrder(side, cmd)
		if g.s.Combat != nil {
			events = append(events, g.runCombat()...)
		}
		return events, nil
	}
	c := g.combat()
	if c == nil {
		return nil, rules.Refuse("10.0", "no combat is in progress")
	}
	p := c.pending()
	var pay func() string
	if cmd.Kind == CmdDD && cmd.Support {
		var err error
		if pay, err = g.chosenSupport(c, cmd); err != nil {
			return nil, err
		}
	}
	before := markOf(c)
	if err := c.Decide(side, cmd); err != nil {
		return nil, rules.Refuse(p.Rule, "%v", err)
	}
	g.s.Combat.Steps = append(g.s.Combat.Steps, combat.DecisionStep(string(side), cmd))
	n := g.s.Combat.N
	var events []rules.Event
	if pay != nil {
		events = append(events, rules.Event{Seat: seat, Text: fmt.Sprintf("Combat %d: defensive support (12.4.7) by %s", n, pay())})
	}
	rest := g.runCombat()
	// Every decision says what it settled and what follows (combat_words.go).
	events = append(events, rules.Event{Seat: seat, Text: decisionEvent(n, c, p, cmd, before, g.s.Combat == nil)})
	return append(events, rest...), nil
}

// chosenSupport is the source of defensive support a 'dd UNIT support
// [SOURCE]' asks for (12.4.7): named by the player where the rules version
// lets him choose it, as 12.4.7 does, else the engine's pick (normandy44/4).
func (g *Game) chosenSupport(c *Combat, cmd CombatCommand) (func() string, error) {
	lead := ""
	if len(cmd.Units) > 0 {
		lead = cmd.Units[0]
	}
	switch {
	case g.ver.ddSupportSource && cmd.Source == "":
		var names []string
		for _, s := range g.ddSources(c, lead) {
			names = append(names, s.name)
		}
		if len(names) == 0 {
			return nil, rules.Refuse("12.4.7", "no naval marker, HQ, Werfer or Caen's artillery can support the Determined Defense of %s in %s", lead, c.Origin)
		}
		return nil, rules.Refuse("12.4.7", "name the source of the defensive support, which is yours to choose: 'dd %s support SOURCE', SOURCE one of %s", lead, strings.Join(names, ", "))
	case !g.ver.ddSupportSource && cmd.Source != "":
		return nil, rules.Refuse("12.4.7", "under rules %s the engine picks the source of defensive support: 'dd %s support'", g.ver.name, lead)
	case cmd.Source != "":
		if pay := g.ddSupportBy(c, lead, cmd.Source); pay != nil {
			return pay, nil
		}
		return nil, rules.Refuse("12.4.7", "%s cannot support the Determined Defense of %s in %s", cmd.Source, lead, c.Origin)
	}
	if pay := g.ddSupport(c, lead); pay != nil {
		return pay, nil
	}
	return nil, rules.Refuse("12.4.7", "no naval marker, HQ or Werfer can support the Determined Defense in %s", c.Origin)
}

var rollWords = map[RollPurpose]string{RollJabos: "Jabos", RollCRT: "combat result", RollDD: "Determined Defense"}
