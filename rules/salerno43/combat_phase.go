package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Combat Phase (8.0): attacks are not pre-declared and are made in any
// order (8.1), each resolved completely, its dice and decisions and the
// orders that answer them, before the next.

// combatRecord is the combat in progress as plain data (combat.Record).
type combatRecord = combat.Record

// combatTarget is the hex attacked in the combat of record r.
func combatTarget(r *combatRecord) string {
	a, _ := ParseAttack(r.Attack)
	return a.Target
}

// orderRecord is a standing or conditional order in force (digest 6.2).
type orderRecord = combat.OrderRecord[Side]

func (g *Game) enterCombat() []rules.Event {
	g.s.Attacked, g.s.Hexes = nil, nil
	return g.shatteredCheck()
}

// orders are the orders in force, as the combat reads them.
func (g *Game) orders() combat.Orders { return combat.OrdersOf(g.s.Orders, grammar) }

// orderHandler gives a standing or conditional order: the side's order of
// that kind is replaced; a combat in progress goes on with it.
func orderHandler(g *Game, seat rules.Seat, text string) ([]rules.Event, error) {
	side := Side(seat)
	cmd, err := grammar.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	if !cmd.Standing() {
		return nil, rules.Refuse("8.3", "%q answers a decision of a combat; none awaits it now", text)
	}
	if cmd.Kind == combat.CmdIfRetreat && side != g.s.Side {
		return nil, rules.Refuse("14.1", "the attacker's conditional advance is given by the phasing player")
	}
	g.s.Orders = combat.SetOrder(g.s.Orders, side, cmd, grammar)
	events := []rules.Event{{Seat: seat, Text: string(side) + " order in force: " + cmd.String()}}
	if g.s.Combat != nil {
		events = append(events, g.runCombat()...)
	}
	return events, nil
}

// combat is the combat in progress, rebuilt from the state when needed.
func (g *Game) combat() *Combat {
	if g.s.Combat == nil {
		return nil
	}
	if g.cur == nil {
		g.cur = combat.Rebuild(g.s.Combat, func(attack string) (*Combat, error) {
			a, err := ParseAttack(attack)
			if err != nil {
				return nil, err
			}
			return g.newCombat(a, false)
		})
	}
	return g.cur
}

// attackHandler declares an attack.
func attackHandler(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
	a, err := ParseAttack(text)
	if err != nil {
		return nil, err
	}
	if g.s.Combat != nil {
		return nil, rules.Refuse("8.1", "the combat on %s is not resolved yet", combatTarget(g.s.Combat))
	}
	c, err := g.newCombat(a, true)
	if err != nil {
		return nil, err
	}
	if a.Auto {
		if err := g.checkAuto(c); err != nil {
			return nil, err
		}
		g.markAuto(c)
	}
	g.joinBreakthrough(a)
	if l := g.s.Landing; g.s.Phase == PhaseInvasion && l != nil {
		// 24.2.4: the attack is the Commandos' 2nd advance hex.
		l.Broke = true
		l.Inland = append(l.Inland, a.With...)
	}
	for _, i := range c.in.attackers {
		if !a.Auto && !slices.Contains(g.s.Attacked, g.sc.Units[i].ID) {
			g.s.Attacked = append(g.s.Attacked, g.sc.Units[i].ID)
		}
	}
	if !a.Auto {
		g.s.Hexes = append(g.s.Hexes, a.Target)
	}
	// 9.4, 9.5, 9.6: the support is spent as it is declared.
	if a.Air {
		g.useMarker(airMarker(nation(&g.sc.Units[c.in.attackers[0]])))
	}
	if a.Naval {
		g.useMarker(nation(&g.sc.Units[c.in.attackers[0]]) + "-naval")
	}
	if a.Valiant {
		g.useValiant()
	}
	for _, id := range a.Art {
		g.s.Units[g.index(id)].Used = true
	}
	g.s.Combats++
	g.s.Combat = &combatRecord{N: g.s.Combats, Attack: a.String()}
	c.in.g = g
	g.cur = c
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("Combat %d declared: %s", g.s.Combat.N, c.Event())}}
	return append(events, g.runCombat()...), nil
}

// runCombat applies every decision the orders settle, and ends the combat
// when nothing is left to roll or decide.
func (g *Game) runCombat() []rules.Event {
	if combat.Settle(g.combat().Combat, g.s.Combat, g.orders()) {
		g.noteRecon(g.combat()) // 25.2
		return g.finishCombat()
	}
	return nil
}

// rollCombat hands the combat its die.
func (g *Game) rollCombat(values []int) ([]rules.Event, error) {
	c := g.combat()
	if err := combat.RollRecorded(c.Combat, g.s.Combat, values); err != nil {
		return nil, err
	}
	n := g.s.Combat.N
	events := g.runCombat()
	if g.s.Combat != nil {
		events = append(events, rules.Event{Seat: rules.Seat(c.Attacker), Text: fmt.Sprintf("Combat %d so far: %s; %s", n, c.Event(), awaitWords(c.Await()))})
	}
	return events, nil
}

// combatCommands are the commands taken while a combat is in progress.
var combatCommands = hexwar.VerbCommands(combatVerbs, (*Game).combatDecision)

// combatDecision applies an order or a decision given by seat.
func (g *Game) combatDecision(seat rules.Seat, text string) ([]rules.Event, error) {
	cmd, err := grammar.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	if cmd.Standing() {
		return orderHandler(g, seat, text)
	}
	if err := g.combat().checkDDSource(cmd); err != nil {
		return nil, err
	}
	if err := combat.DecideRecorded(g.combat().Combat, g.s.Combat, string(seat), cmd); err != nil {
		g.cur = nil // the refused decision may have touched the rebuilt combat
		return nil, err
	}
	n := g.s.Combat.N
	events := []rules.Event{{Seat: seat, Text: fmt.Sprintf("Combat %d: %s %s", n, seat, cmd)}}
	return append(events, g.runCombat()...), nil
}

// combatPending says what the combat waits for.
func (g *Game) combatPending(p *rules.Pending) {
	combat.Pending(p, g.combat().Combat, g.s.Combat, rollWords)
}

// rollWords name the combat's dice for players.
var rollWords = map[combat.RollPurpose]string{RollVariable: "variable strength", combat.RollCRT: "combat result", combat.RollDD: "Determined Defense"}

// awaitWords says what a combat waits for.
func awaitWords(a combat.Await) string { return combat.AwaitWords(a, rollWords) }

// combatChoices lists the decision's choices.
func (g *Game) combatChoices() []rules.Choice {
	c := g.combat()
	return c.withValiant(combat.Choices(c.Combat))
}
