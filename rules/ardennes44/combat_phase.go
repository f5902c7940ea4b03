package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Combat Phase (14.0): attacks are declared one at a time, without
// pre-designation, each resolved completely (its dice and decisions, with
// the orders that answer them) before the next (14.1).

// combatRecord is the combat in progress as plain data (combat.Record).
type combatRecord = combat.Record

// orderRecord is a standing or conditional order in force (digest 6.3).
type orderRecord = combat.OrderRecord[Side]

// orders are the orders in force, in the form the combat reads.
func (g *Game) orders() combat.Orders { return combat.OrdersOf(g.s.Orders, grammar) }

// orderHandler gives a standing or conditional order: the seat's side's
// order of that kind is replaced; a combat in progress goes on with it.
func orderHandler(g *Game, seat rules.Seat, text string) ([]rules.Event, error) {
	side := seatSide(seat)
	cmd, err := ParseCombatCommand(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	if !cmd.Standing() {
		return nil, rules.Refuse("14.4", "%q answers a decision of a combat; none awaits it now", text)
	}
	if (cmd.Kind == combat.CmdIfRetreat || cmd.Kind == CmdIfBlown || cmd.Kind == CmdOrderFF) && side != g.s.Side {
		return nil, rules.Refuse("14.4", "the attacker's orders are given by the phasing player")
	}
	if cmd.Kind == CmdOrderGreif && side != German {
		return nil, rules.Refuse("36", "the Greif Commando is German")
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
			return g.newCombat(a)
		})
	}
	return g.cur
}

// declare checks an attack and opens its combat.
func (g *Game) declare(a AttackCommand) ([]rules.Event, error) {
	if g.s.Combat != nil {
		return nil, rules.Refuse("14.1", "the combat on %s is not resolved yet", g.combat().Origin)
	}
	with, zero, err := g.checkAttack(a)
	if err != nil {
		return nil, err
	}
	if err := g.checkSupport(a, with); err != nil {
		return nil, err
	}
	c, err := g.newCombat(a)
	if err != nil {
		return nil, rules.Refuse("14.4", "%v", err)
	}
	for _, i := range append(slices.Clone(with), zero...) {
		g.s.Attacked = append(g.s.Attacked, g.unit(i).ID)
		g.s.Units[i].ENG = false // 20.5: an Engaged unit that attacks stays
	}
	g.s.Defended = append(g.s.Defended, a.Target)
	g.s.Breakthrough = nil // 19.4.2: the Breakthrough comes first, or not at all
	if a.Air {
		g.s.Air-- // 15.6.2: the marker is spent
	}
	g.s.Combats++
	g.s.Combat = &combatRecord{N: g.s.Combats, Attack: a.String()}
	g.cur = c
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("Combat %d declared: %s", g.s.Combat.N, c.Event())}}
	return append(events, g.runCombat()...), nil
}

// runCombat applies every decision the orders settle, and ends the combat
// when nothing is left to roll or decide.
func (g *Game) runCombat() []rules.Event {
	if combat.Settle(g.combat().Combat, g.s.Combat, g.orders()) {
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

// combatCommands are the commands taken while a combat is in progress: its
// decisions and orders, and the attack refused with the reason.
var combatCommands = hexwar.VerbCommands(combatVerbs, (*Game).combatDecision)

// combatDecision applies an order or a decision given by seat.
func (g *Game) combatDecision(seat rules.Seat, text string) ([]rules.Event, error) {
	cmd, err := ParseCombatCommand(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	if cmd.Standing() {
		return orderHandler(g, seat, text)
	}
	if err := combat.DecideRecorded(g.combat().Combat, g.s.Combat, string(seatSide(seat)), cmd); err != nil {
		return nil, err
	}
	n := g.s.Combat.N
	events := []rules.Event{{Seat: seat, Text: fmt.Sprintf("Combat %d: %s %s", n, seatSide(seat), cmd)}}
	return append(events, g.runCombat()...), nil
}

// combatPending says what the combat waits for.
func (g *Game) combatPending(p *rules.Pending) {
	combat.Pending(p, g.combat().Combat, g.s.Combat, rollWords)
}

// rollWords name the combat's dice for players.
var rollWords = map[combat.RollPurpose]string{RollDemolish: "bridge demolition", RollOuren: "the Ouren bridge",
	RollJabos: "Jabos", RollDefArt: "defensive artillery", RollSurprise: "150 Pz Bde surprise", combat.RollCRT: "combat result",
	RollFF: "Fire Fight", combat.RollDD: "Determined Defense", RollDump: "fuel dump demolition"}

// awaitWords says what a combat waits for.
func awaitWords(a combat.Await) string { return combat.AwaitWords(a, rollWords) }

// combatChoices lists the decision's choices.
func (g *Game) combatChoices() []rules.Choice { return combat.Choices(g.combat().Combat) }
