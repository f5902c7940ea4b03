package normandy44

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
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
	g.s.Strafes = nil // 19.1.4: a mission not flown against an attack is lost (AMBIG-35)
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
			o[r.Side] = append(o[r.Side], c)
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
		seat = g.Pending().Seats[0]
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
		if err := replayStep(c, st); err != nil {
			panic(fmt.Sprintf("combat record %q: %v", st, err))
		}
	}
	g.cur = c
	return c
}

func replayStep(c *Combat, st string) error {
	if rest, ok := strings.CutPrefix(st, "roll "); ok {
		purpose, die, _ := strings.Cut(rest, " ")
		n, err := strconv.Atoi(die)
		if err != nil {
			return err
		}
		return c.RollDie(RollPurpose(purpose), n)
	}
	side, text, _ := strings.Cut(st, ": ")
	cmd, err := ParseCombatCommand(text)
	if err != nil {
		return err
	}
	return c.Decide(Side(side), cmd)
}

// refuseCombat turns a combat sentinel into a refusal naming its rule.
func refuseCombat(err error) error {
	rule := "10.3"
	switch {
	case errors.Is(err, ErrSupport):
		rule = "11.6, 19.1.2, 19.2.3"
	case errors.Is(err, ErrNoDefender):
		rule = "10.1"
	case errors.Is(err, ErrCannotAttack):
		rule = "10.7, 13.6"
	}
	return rules.Refuse(rule, "%v", err)
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
	if g.startStrafing(a) {
		// 19.1.4: the strafing comes just before the ground combat.
		return append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("Attack declared: %s; the strafing of %s comes first (19.1.4)", a, a.Target)}), nil
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
	c, err := NewCombat(in, g.b.layout, a.Target, g.combatMap(g, other(g.s.Side), defenders), CombatMap{})
	if err != nil {
		return nil, err
	}
	c.AdvanceMap = g.advanceMap(c, defenders)
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

// combatMap is the map seen by side in the position of v, with the units
// moving left out of the friends that stay. extra reports units already
// moved in during this combat (advances), which count for stacking.
func (g *Game) combatMap(v *Game, side Side, moving []int) CombatMap {
	occ := v.occupancy()
	enemy := other(side)
	zoc := v.zocHexes(enemy)
	lines := v.lines(enemy, occ)
	staying := func(a hx.Axial) []int {
		var out []int
		for _, i := range occ[a] {
			if v.unit(i).Side == side && !slices.Contains(moving, i) {
				out = append(out, i)
			}
		}
		return out
	}
	return CombatMap{
		OnMap:   g.enterable,
		Terrain: g.b.terrain,
		Fortified: func(a hx.Axial) bool {
			return slices.ContainsFunc(occ[a], func(i int) bool { return v.unit(i).Type == Strongpoint }) ||
				v.improvedFor(g.b.id(a), side) // 13.3, 16.1.1
		},
		Feature:  g.featureFor(side),
		Road:     func(x, y hx.Axial) bool { return g.b.road(x, y) != "" },
		Enemy:    func(a hx.Axial) bool { return v.sideAt(occ, a) == enemy },
		EnemyZOC: zoc.Has,
		ZOCLine:  func(x, y hx.Axial) bool { return lines.Blocks(x, y, len(staying(y)) > 0) },
		Friends: func(a hx.Axial) (bool, int) {
			st := staying(a)
			hold := 0
			for _, i := range st {
				if !v.s.Units[i].Disrupted && !v.s.Units[i].SM {
					hold += v.strength(i)
				}
			}
			return len(st) > 0, hold
		},
		Room: func(a hx.Axial, units []string) bool {
			var extra []int
			for _, id := range units {
				if i, ok := g.index[id]; ok {
					extra = append(extra, i)
				}
			}
			m := map[hx.Axial][]int{a: staying(a)}
			return v.stackAt(m, a, extra...) <= stackLimit
		},
	}
}

// advanceMap is the map seen by the advancing attacker: the defenders where
// the combat has put them so far (retreated, eliminated), and the attackers
// that advanced already where they went, so that the defender's ZOC is the
// one after the retreat (14.3) and two advances cannot overstack a hex (7.2).
func (g *Game) advanceMap(c *Combat, defenders []int) CombatMap {
	// Every decision that moves a unit grows one of these lists or sets one
	// of these flags, so the key tells when the view must be redone.
	type outcomeKey struct {
		att, def, dd, desp, elim, adv int
		retreat, ddOut, ignored       bool
	}
	var key outcomeKey
	var cached CombatMap
	current := func() CombatMap {
		k := outcomeKey{len(c.AttLoss), len(c.DefLoss), len(c.DDLoss), len(c.DespLoss), len(c.Eliminated), len(c.Advances),
			c.Retreat != nil, c.DDOut != nil, c.Ignored}
		if k == key && cached.OnMap != nil {
			return cached
		}
		v := *g
		v.s.Units = slices.Clone(g.s.Units)
		g.placeOutcome(&v, c, defenders)
		key, cached = k, g.combatMap(&v, c.In.Attacker, nil)
		return cached
	}
	return CombatMap{
		OnMap:     g.enterable,
		Terrain:   g.b.terrain,
		Fortified: func(a hx.Axial) bool { return current().Fortified(a) },
		Feature:   g.featureFor(c.In.Attacker),
		Road:      func(x, y hx.Axial) bool { return g.b.road(x, y) != "" },
		Enemy:     func(a hx.Axial) bool { return current().Enemy(a) },
		EnemyZOC:  func(a hx.Axial) bool { return current().EnemyZOC(a) },
		ZOCLine:   func(x, y hx.Axial) bool { return current().ZOCLine(x, y) },
		Friends:   func(a hx.Axial) (bool, int) { return current().Friends(a) },
		Room: func(a hx.Axial, units []string) bool {
			// The unit leaves its own hex: count the hex without it.
			m := current()
			var others []string
			for _, id := range units {
				if i, ok := g.index[id]; ok && g.b.ids[g.s.Units[i].At] == a {
					continue
				}
				others = append(others, id)
			}
			if len(others) == 0 {
				return true
			}
			return m.Room(a, others)
		},
	}
}

// placeOutcome moves the units of v as the combat has left them so far:
// defenders' losses, eliminations and retreat, the attackers' losses and
// advances. v's units are its own copy.
func (g *Game) placeOutcome(v *Game, c *Combat, defenders []int) {
	left := map[string]int{}
	for _, u := range c.attackersLeft() {
		left[u.ID] = u.Steps
	}
	for _, u := range c.In.Attackers {
		i := g.index[u.ID]
		n, ok := left[u.ID]
		if !ok {
			v.eliminate(i)
			continue
		}
		v.s.Units[i].Step = len(g.unit(i).Steps) - n
	}
	for _, a := range c.Advances {
		if a.Kind == CmdAdvance {
			v.s.Units[g.index[a.Units[0]]].At = a.Hexes[len(a.Hexes)-1]
		}
	}
	surv := c.survivors()
	if c.RetreatLoss != "" {
		surv = afterLosses(surv, []string{c.RetreatLoss})
	}
	steps := map[string]int{}
	for _, u := range surv {
		if !slices.Contains(c.Eliminated, u.ID) {
			steps[u.ID] = u.Steps
		}
	}
	for _, i := range defenders {
		n, ok := steps[g.unit(i).ID]
		if !ok {
			v.eliminate(i)
			continue
		}
		us := &v.s.Units[i]
		us.Step = len(g.unit(i).Steps) - n
		if c.Retreat != nil {
			us.At = g.b.id(c.Retreat.Hexes[len(c.Retreat.Hexes)-1])
			us.RetreatedIn = true
			us.Disrupted = us.Disrupted || c.Result.Disrupted // 13.6
		}
	}
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
		cmd, ok := c.byOrder(p, orders)
		if !ok {
			return events
		}
		pay := g.orderedSupport(c, p.Side, &cmd, orders) // 12.4.7, 19.2.2
		if err := c.Decide(p.Side, cmd); err != nil {
			return events // an order that does not fit leaves the decision to the player
		}
		g.s.Combat.Steps = append(g.s.Combat.Steps, string(p.Side)+": "+cmd.String())
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
	if c.Retreat != nil {
		g.setControl(g.b.id(c.Retreat.Hexes[len(c.Retreat.Hexes)-1]), c.defender())
	}
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
	g.s.Combat.Steps = append(g.s.Combat.Steps, fmt.Sprintf("roll %s %d", p.Roll, values[0]))
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
		lead := ""
		if len(cmd.Units) > 0 {
			lead = cmd.Units[0]
		}
		if pay = g.ddSupport(c, lead); pay == nil {
			return nil, rules.Refuse("12.4.7", "no naval marker, HQ or Werfer can support the Determined Defense in %s", c.Origin)
		}
	}
	before := markOf(c)
	if err := c.Decide(side, cmd); err != nil {
		return nil, rules.Refuse(p.Rule, "%v", err)
	}
	g.s.Combat.Steps = append(g.s.Combat.Steps, string(side)+": "+cmd.String())
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

// ddSupport finds the defender's source of defensive support for the DD in
// the combat's hex (12.4.7), the free ones first: a naval marker of the
// Lead's army still ready this turn (Allies, the hex in the NBZ, not in
// Storm; 19.2.2, 19.2.3), a Werfer within 3 (Germans), then an HQ within its
// range on its ready side (17.2.3) that can trace supply and pay 1 SupP
// (17.2.6, 17.2.7), then Caen's artillery (17.2.8). The function returned
// pays for it and names it; nil means no source. lead "" asks whether any
// defender could have support.
func (g *Game) ddSupport(c *Combat, lead string) func() string {
	def := c.defender()
	target := g.b.ids[c.Origin]
	if army, ok := g.defensiveNaval(c, lead); ok {
		return func() string {
			poolUse(g.s.Naval, army, 1) // 19.2.1: once a game turn
			return "a " + army + " naval marker (19.2.2)"
		}
	}
	var hq = -1
	for i := range g.s.Units {
		u, us := g.unit(i), g.s.Units[i]
		at, on := g.onMap(i)
		if u.Side != def || !on || us.Disrupted || us.SM || hx.Distance(at, target) > u.Range ||
			(g.opt.multi() && g.owner(i) != g.combatSeat(c, def)) { // 24.0: the defender's own support

			continue
		}
		switch {
		case u.Type == Werfer && !us.Fired:
			return func() string {
				g.s.Units[i].Fired = true // 12.4.7: it flips
				return u.ID
			}
		case u.Type == HQ && hq < 0 && !us.OutOfSupply && !us.HQMoved:
			if k := poolIndex(g.s.SupP, g.artilleryPool(i)); k >= 0 && g.s.SupP[k].N > 0 {
				hq = i
			}
		}
	}
	if hq < 0 && def == German {
		if ok, _ := g.caenArtillery(target); ok {
			return func() string {
				g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N-- // 17.2.8
				return "Caen artillery (1 7th Army SupP, 17.2.8)"
			}
		}
	}
	if hq < 0 {
		return nil
	}
	return func() string {
		g.s.SupP[poolIndex(g.s.SupP, g.artilleryPool(hq))].N--
		return g.unit(hq).ID + " (1 SupP)"
	}
}

// supportChoices drops the "dd U support" choices when no source can give it.
func (g *Game) supportChoices(c *Combat, choices []string) []string {
	if g.ddSupport(c, "") == nil {
		return slices.DeleteFunc(slices.Clone(choices), func(s string) bool { return strings.HasSuffix(s, " support") })
	}
	// A naval marker supports only a Lead of its own army (19.2.3).
	return slices.DeleteFunc(slices.Clone(choices), func(s string) bool {
		w := strings.Fields(s)
		return strings.HasSuffix(s, " support") && len(w) == 3 && g.ddSupport(c, w[1]) == nil
	})
}

var rollWords = map[RollPurpose]string{RollJabos: "Jabos", RollCRT: "combat result", RollDD: "Determined Defense"}

// combatPending is what the combat in progress waits for.
func (g *Game) combatPending(p *rules.Pending) {
	c := g.combat()
	cp := c.pending()
	seat := g.combatSeat(c, cp.Side) // 24.0: the owner of the units concerned
	p.Seats = []rules.Seat{seat}
	where := fmt.Sprintf("Combat %d on %s", g.s.Combat.N, c.Origin)
	if c.Rolled {
		where += fmt.Sprintf(" (%s)", c.Result)
	}
	if cp.Roll != "" {
		p.Dice = &rules.DiceNeed{By: seat, For: rollPrompt(c, cp, where), Sides: []int{6}}
		p.Prompt = p.Dice.For
		return
	}
	p.Prompt = g.decisionPrompt(c, cp, where) // combat_words.go
}

// combatChoices are the decisions the combat in progress leaves to seat.
func (g *Game) combatChoices() []rules.Choice {
	c := g.combat()
	cp := c.pending()
	var out []rules.Choice
	switch cp.Decision {
	case DecAttackerLoss, DecDefenderLoss, DecDDLoss, DecDespDLoss:
		steps := c.unitSteps()
		total := 0
		for _, id := range cp.Choices {
			total += steps[id]
		}
		for _, ls := range lossSets(cp.Choices, steps, min(cp.Steps, total)) {
			out = append(out, rules.Choice{Command: CombatCommand{Kind: CmdLosses, Units: ls}.String(), Note: cp.Rule})
		}
	default:
		for _, ch := range g.supportChoices(c, cp.Choices) {
			out = append(out, rules.Choice{Command: ch, Note: choiceNote(cp, ch)})
		}
	}
	return out
}

// lossSets lists every way of taking n steps from the units, each unit at
// most its steps, as id lists in the units' order.
func lossSets(units []string, steps map[string]int, n int) [][]string {
	if n == 0 {
		return [][]string{nil}
	}
	if len(units) == 0 {
		return nil
	}
	var out [][]string
	for k := min(steps[units[0]], n); k >= 0; k-- {
		for _, rest := range lossSets(units[1:], steps, n-k) {
			out = append(out, append(slices.Repeat([]string{units[0]}, k), rest...))
		}
	}
	return out
}

// attackChoices lists, for each enemy hex next to the phasing side's units
// that may still attack, one legal attack per formation that can be the MAF
// (with every other eligible adjacent unit of the same army), and the same
// with an air marker where one may fly. The full syntax allows any subset.
func (g *Game) attackChoices() []rules.Choice {
	side := g.s.Side
	occ := g.occupancy()
	var out []rules.Choice
	for _, t := range hx.SortedKeys(occ) {
		tid := g.b.id(t)
		if g.sideAt(occ, t) != other(side) || slices.Contains(g.s.Defended, tid) {
			continue
		}
		var cand []int
		for _, n := range t.Neighbors() {
			if g.sideAt(occ, n) != side || g.b.feature(n, t, Impassable) || g.noCross(side, n, t) {
				continue
			}
			for _, i := range occ[n] {
				if g.mayAttack(i) && g.ownedByActor(i) { // 24.0: the acting player's own units
					cand = append(cand, i)
				}
			}
		}
		seen := map[string]bool{}
		for _, m := range cand {
			var maf, with []string
			key := formationKey(g.combatUnit(m))
			army := g.army(m)
			for _, i := range cand {
				if g.army(i) != army {
					continue
				}
				if formationKey(g.combatUnit(i)) == key {
					maf = append(maf, g.unit(i).ID)
				} else {
					with = append(with, g.unit(i).ID)
				}
			}
			if seen[key+army] {
				continue
			}
			seen[key+army] = true
			a := AttackCommand{Target: tid, MAF: maf, With: with}
			for _, id := range a.Units() {
				a.From = append(a.From, g.s.Units[g.index[id]].At)
			}
			slices.Sort(a.From)
			a.From = slices.Compact(a.From)
			slices.Sort(a.MAF)
			slices.Sort(a.With)
			variants := append([]AttackCommand{a}, g.artilleryVariants(a)...)
			if side == Allied {
				b, n := a, a
				b.Air, n.Naval = 1, 1
				variants = append(variants, b, n) // 19.1.2, 19.2.2
			}
			for _, v := range variants {
				if g.checkSupportMarkers(v, t) != nil {
					continue
				}
				in, _ := g.combatInput(v)
				o, err := resolveOdds(in)
				if err != nil {
					continue
				}
				out = append(out, rules.Choice{Command: v.String(), Piece: tid, Note: o.String()})
			}
		}
		out = append(out, g.kampfgruppeChoices(t, cand)...) // 10.3.4
	}
	return out
}

// army groups units that may attack together: US and Commonwealth units
// never do (22.1.1).
func (g *Game) army(i int) string {
	if g.unit(i).Side == Allied && g.unit(i).Nationality != "us" {
		return "cw"
	}
	return string(g.unit(i).Side)
}

// mayAttack: a unit of the phasing side that has not attacked in this phase
// and whose counter may attack (10.7, 13.6, 16.2, 17.x).
func (g *Game) mayAttack(i int) bool {
	u := g.combatUnit(i)
	if slices.Contains(g.s.Attacked, u.ID) || u.DefendOnly || u.Disrupted || u.Strength == 0 || g.replStack(i) || g.s.Units[i].Scattered || g.reserveAttackBar(i) != "" { // 20.2.3: Scattered units do not attack
		return false
	}
	switch u.Type {
	case HQ, Werfer, Engineer, Strongpoint:
		return false
	}
	return true
}

// orderChoices are the standing orders a side may give, listed in the
// Combat Phases.
func orderChoices(attacker bool) []rules.Choice {
	out := []rules.Choice{
		{Command: "order dd always", Note: "standing: Determined Defense whenever allowed (12.4)"},
		{Command: "order dd never", Note: "standing: never Determined Defense (12.4)"},
		{Command: "order dd-support always", Note: "standing: a DD by order takes defensive support where it can (12.4.7, 19.2.2)"},
		{Command: "order dd-support never", Note: "standing: a DD by order takes no defensive support (12.4.7)"},
		{Command: "order despd always", Note: "standing: Desperate Defense whenever allowed (12.5)"},
		{Command: "order despd never", Note: "standing: never Desperate Defense (12.5)"},
		{Command: "order retreat toward-supply", Note: "standing: retreat toward supply (13.1.4)"},
		{Command: "order losses <UNIT>...", Note: "standing: losses from these units first (12.2)"},
	}
	if attacker {
		out = append(out, rules.Choice{Command: "if-retreat advance <UNIT>...", Note: "conditional: advance into the vacated hex (14.1)"},
			rules.Choice{Command: "if-retreat reserve <UNIT>...", Note: "conditional: after DH or A1/D2, these units into Reserve instead of advancing (15.1 b)"})
	}
	return out
}

// combatLines are the View's lines on combat: the orders in force and the
// combat in progress.
func (g *Game) combatLines() []string {
	var lines []string
	for _, o := range g.s.Orders {
		lines = append(lines, fmt.Sprintf("%s order in force: %s", o.Side, o.Text))
	}
	if c := g.combat(); c != nil {
		lines = append(lines, fmt.Sprintf("combat %d in progress: %s", g.s.Combat.N, c.Event()))
		if o := g.outcomeWords(c); o != "" {
			// The map above shows the units where they stood until the
			// combat ends (finishCombat); this is what it has decided.
			lines = append(lines, fmt.Sprintf("combat %d outcome so far (on the map when the combat ends): %s; %s", g.s.Combat.N, o, nextWords(c, false)))
		}
	}
	return lines
}

// artilleryPool is the SupP pool an HQ draws on: for the Germans the pool
// its supply line reaches (17.2.7, 17.4; hqPools in combat_special.go), the
// army's for the Allies (5.1).
func (g *Game) artilleryPool(i int) string {
	switch {
	case g.unit(i).Side == German && g.opt.germanSplit && g.owner(i) == SeatGermanCW:
		return pzWestPool // 24.0: the player facing the CW (suppsplit.go)
	case g.unit(i).Side == German:
		// 17.2.7, 17.4: the pool its supply line reaches, the 7th Army's
		// first while it can pay.
		// "" when it reaches neither: it may not fire (17.4 for the
		// Cotentin HQ).
		first := ""
		for p := range g.hqPools(i) {
			if k := poolIndex(g.s.SupP, p); k >= 0 && g.s.SupP[k].N > 0 {
				return p
			}
			if first == "" {
				first = p
			}
		}
		return first
	case g.unit(i).Nationality == "us":
		return "us"
	}
	return "gb"
}

// checkArtillery checks the firing units of an attack (11.6, 17.2.3,
// 17.2.5, 17.3, 9.8.4, 13.6) and returns the SupP each pool pays.
func (g *Game) checkArtillery(a AttackCommand, target hx.Axial) (map[string]int, error) {
	spend := map[string]int{}
	army := g.army(g.index[a.MAF[0]])
	for k, id := range a.Art {
		if id == caenArt && g.s.Side == German {
			// 17.2.8: Caen's guns, 1 SupP from the 7th Army a shift.
			if ok, why := g.caenArtillery(target); !ok {
				return nil, rules.Refuse("17.2.8", "no Caen artillery: %s", why)
			}
			if k > 0 && a.Art[k-1] == id {
				return nil, rules.Refuse("17.2.8, AMBIG-16", "Caen gives one shift")
			}
			spend[germanSupPPool]++
			continue
		}
		i, ok := g.index[id]
		if !ok {
			return nil, rules.Refuse("11.6", "no unit %s", id)
		}
		u, us := g.unit(i), g.s.Units[i]
		at, on := g.onMap(i)
		switch {
		case u.Side != g.s.Side || (u.Type != HQ && u.Type != Werfer):
			return nil, rules.Refuse("11.6", "%s is not one of your HQs or Werfers", id)
		case !on:
			return nil, rules.Refuse("11.6", "%s is not on the map", id)
		case u.Type == HQ && g.army(i) != army:
			return nil, rules.Refuse("17.2.5", "US HQs support only US attacks, CW HQs only CW attacks")
		case hx.Distance(at, target) > u.Range:
			return nil, rules.Refuse("17.2.5, 17.3", "%s is %d hexes from %s, beyond its range of %d", id, hx.Distance(at, target), a.Target, u.Range)
		case us.Disrupted:
			return nil, rules.Refuse("13.6", "%s is Disrupted", id)
		case us.SM:
			return nil, rules.Refuse("9.8.4", "%s carries a Strategic Move marker", id)
		case u.Type == Werfer && us.Fired:
			return nil, rules.Refuse("17.3", "%s has fired this turn", id)
		case u.Type == HQ && us.Hexes > 1:
			return nil, rules.Refuse("17.2.3", "%s moved more than 1 hex this turn", id)
		case u.Type == HQ && us.HQMoved:
			return nil, rules.Refuse("17.2.3", "%s is on its Moved side (it moved more than 1 hex or retreated) until the Initial Phase", id)
		case u.Type == HQ && us.OutOfSupply:
			return nil, rules.Refuse("17.2.5", "%s cannot trace a supply line", id)
		case u.Type == Werfer && k > 0 && a.Art[k-1] == id:
			return nil, rules.Refuse("17.3", "a Werfer gives one shift")
		}
		if u.Type == HQ {
			pool := g.artilleryPool(i)
			if pool == "" {
				return nil, rules.Refuse("17.2.7, 17.4", "%s can trace a supply line neither to the map edge nor to Cherbourg", id)
			}
			spend[pool]++
		}
	}
	for pool, n := range spend {
		have := 0
		if k := poolIndex(g.s.SupP, pool); k >= 0 {
			have = g.s.SupP[k].N
		}
		if have < n {
			return nil, rules.Refuse("17.2.5", "the %s pool holds %d SupP, %d needed", pool, have, n)
		}
	}
	return spend, nil
}

// artilleryVariants are the attack with each single firing unit that may
// support it, for Legal.
func (g *Game) artilleryVariants(a AttackCommand) []AttackCommand {
	var out []AttackCommand
	t := g.b.ids[a.Target]
	if g.s.Side == German {
		b := a
		b.Art = []string{caenArt}
		if _, err := g.checkArtillery(b, t); err == nil {
			out = append(out, b) // 17.2.8
		}
	}
	for i := range g.s.Units {
		if tp := g.unit(i).Type; g.unit(i).Side != g.s.Side || (tp != HQ && tp != Werfer) {
			continue
		}
		b := a
		b.Art = []string{g.unit(i).ID}
		if _, err := g.checkArtillery(b, t); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// enterable: a land hex that the scenario lets units enter (S3.1), for
// retreats and advances.
func (g *Game) enterable(a hx.Axial) bool {
	if !g.b.land(a) {
		return false
	}
	for _, sr := range g.sc.Special {
		if sr.Kind == SpecialNoEntry && g.b.inZone(sr.Zone, a) {
			return false
		}
	}
	return true
}

// noCross reports whether the scenario forbids side to move or attack
// across the hexside from x to y (S3.1).
func (g *Game) noCross(side Side, x, y hx.Axial) bool {
	for _, sr := range g.sc.Special {
		if sr.Kind == SpecialNoCross && sr.Side == side && g.b.inZone(sr.Zone, x) != g.b.inZone(sr.Zone, y) {
			return true
		}
	}
	return false
}

// featureFor is the board's hexsides as side's retreats and advances see
// them: a zone edge the side may not cross is impassable to it (S3.1).
func (g *Game) featureFor(side Side) func(x, y hx.Axial, f HexsideFeature) bool {
	return func(x, y hx.Axial, f HexsideFeature) bool {
		return g.b.feature(x, y, f) || (f == Impassable && g.noCross(side, x, y))
	}
}

// replStack: a unit with a Repl marker, or stacked with one, may not attack
// (6.2.5).
func (g *Game) replStack(i int) bool {
	at := g.s.Units[i].At
	for j := range g.s.Units {
		if g.s.Units[j].Repl && g.s.Units[j].At == at && !g.s.Units[j].Gone {
			return true
		}
	}
	return false
}
