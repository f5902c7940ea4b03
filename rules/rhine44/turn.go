package rhine44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// Pending implements rules.Game.
func (g *Game) Pending() rules.Pending {
	p := rules.Pending{Phase: g.phase()}
	switch {
	case g.s.Over:
		p.Over, p.Result = true, g.s.Result
	case g.s.Stage == stageOrder:
		sides := make([]int, 0, len(g.s.Seats)-1)
		for n := len(g.s.Seats); n > 1; n-- {
			sides = append(sides, n)
		}
		p.Dice = &rules.DiceNeed{By: g.s.Seats[0], For: "turn order (R5.1)", Sides: sides}
		p.Prompt = "dice: the turn order"
	case g.s.Draw != nil:
		p.Dice = g.drawNeed()
		p.Prompt = "dice: " + p.Dice.For
	case g.s.Stage == stageSolo3d6:
		p.Dice = &rules.DiceNeed{By: g.active(), For: "solo Axis marker, 3d6 (R17.3)", Sides: []int{6, 6, 6}}
		p.Prompt = "dice: the German reaction's Axis marker"
	case g.s.Ask != nil:
		p.Seats = []rules.Seat{g.askSeat()}
		p.Prompt = g.askPrompt()
	default:
		p.Seats = []rules.Seat{g.active()}
		p.Prompt = g.prompt()
	}
	if p.Dice != nil {
		// The seat whose entry asks for the dice, or makes a sealed
		// draw's values known, is the one the game waits for.
		p.Seats = []rules.Seat{p.Dice.By}
	}
	return p
}

// phase says where the game stands: "Turn 3, monty: actions (1 of 2)".
func (g *Game) phase() string {
	switch g.s.Stage {
	case stageOrder:
		return "Set-up: the turn order"
	case stageOver:
		return fmt.Sprintf("Turn %d: the game is over", g.s.Round)
	}
	turn := fmt.Sprintf("Turn %d", g.s.Round)
	if g.solo() {
		turn = fmt.Sprintf("Turn %d of %d", g.s.Round, g.s.Options.Turns)
	}
	switch g.s.Stage {
	case stageReaction, stageSolo3d6:
		return fmt.Sprintf("%s, %s: German Reaction", turn, g.active())
	}
	what := fmt.Sprintf("actions (%d of %d used)", g.s.Turn.Actions, actionsPerTurn+g.s.Turn.Extra)
	if m := g.s.Move; m != nil {
		what = fmt.Sprintf("moving %s (step %d of %d)", m.Corps, m.Steps, maxSteps)
	}
	return fmt.Sprintf("%s, %s: %s", turn, g.active(), what)
}

func (g *Game) prompt() string {
	switch {
	case g.s.Stage == stageReaction && g.s.EndTriggered:
		return "German Reaction: the Axis pool is spent (R14.7): 'counter FIELD' or 'axis none'"
	case g.s.Stage == stageReaction:
		return "German Reaction (§14): 'axis FIELD' places an Axis marker, 'counter FIELD' removes another player's marker"
	case g.s.Move != nil:
		return "move on with 'step FIELD', or 'stop'; 'load'/'unload' move supply between the card and the field"
	}
	return "take an action (supply, trucks, transport, move, air, drop), an extra one (resistance, recon, commander), or 'end' your actions"
}

// command carries out an accepted command on g, a copy of the state.
func (g *Game) command(seat rules.Seat, c Command, text string) error {
	record := g.solo() && g.s.Stage == stageActions && c.Verb != "undo"
	var before string
	if record {
		before = g.snapshot()
	}
	if err := g.dispatch(seat, c); err != nil {
		return err
	}
	g.afterInput()
	if record {
		g.recordUndo(before, text)
	}
	return nil
}

func (g *Game) dispatch(seat rules.Seat, c Command) error {
	switch {
	case g.s.Ask != nil:
		return g.answer(seat, c)
	case g.s.Stage == stageReaction:
		return g.reaction(seat, c)
	case g.s.Move != nil:
		switch c.Verb {
		case "step":
			return g.step(seat, c.Field)
		case "stop":
			g.endMove(seat)
			return nil
		case "load", "unload":
			return g.transfer(seat, c)
		case "undo":
			return g.undo()
		}
		return rules.Refuse("R5.4", "%s is moving: go on with 'step FIELD' or 'stop' first; each action ends before the next begins", g.s.Move.Corps)
	}
	switch c.Verb {
	case "supply":
		return g.takeSupply(seat, c)
	case "trucks":
		return g.takeTrucks(seat, c.N)
	case "transport":
		return g.transport(seat, c.Legs)
	case "move":
		return g.move(seat, c)
	case "air":
		return g.airSupport(seat, c)
	case "recon":
		return g.recon(seat, c.Deck)
	case "resistance":
		return g.resistance(seat)
	case "drop":
		return g.drop(seat, c)
	case "load", "unload":
		return g.transfer(seat, c)
	case "end":
		return g.endActions(seat)
	case "undo":
		return g.undo()
	case "step", "stop":
		return rules.Refuse("R10.3", "no corps is moving: 'move CORPS FIELD' starts a move")
	case "feed", "market", "decline", "return":
		return rules.Refuse("R10.12", "no card or field asks for '%s' now", c.Verb)
	}
	return rules.Refuse("R5.6", "the German Reaction comes after your actions: give 'end' first")
}

// afterInput does what follows any input: at the end of an action, the
// field limits (R6.4, checked once the action is over, A-08).
func (g *Game) afterInput() {
	if g.s.Over || g.s.Stage != stageActions || g.s.Move != nil || g.s.Ask != nil || g.s.Draw != nil {
		return
	}
	g.checkLimits()
}

// standard uses one of the turn's standard actions (R5.2), or refuses. An
// action may repeat its type, and the player may end his actions at any
// time; extra actions come at any time between actions.
func (g *Game) standard(what string) error {
	if g.s.Turn.Actions >= actionsPerTurn+g.s.Turn.Extra {
		return rules.Refuse("R5.2", "%s: both standard actions are used this turn (a Resistance card gives one more, R10.13)", what)
	}
	g.s.Turn.Actions++
	return nil
}

// useCommander flips seat's commander card for its action (R13.1), or
// refuses: it must be face up, and the training game has none (L476).
func (g *Game) useCommander(seat rules.Seat, what string) error {
	p := g.player(seat)
	switch {
	case g.s.Options.Training:
		return rules.Refuse("§13", "the training game has no commander actions (L476)")
	case !p.Commander:
		return rules.Refuse("R13.1", "%s's commander card is face down until the next Logistics Phase", seat)
	}
	p.Commander = false
	g.say(seat, "%s flips his commander card for %s (R13.1).", seat, what)
	return nil
}

// endActions ends the action step (§5): Resistance and Recon cards without a
// hand symbol are lost (R10.13); then the German Reaction, the solo
// player's after his front shift (R17.3-R17.4).
func (g *Game) endActions(seat rules.Seat) error {
	p := g.player(seat)
	for _, id := range p.Now {
		g.throw(id)
		g.say(seat, "%s's %s goes unused to the discard pile: it had to be used this turn (R10.13).", seat, g.b.cardName(id))
	}
	p.Now = nil
	g.say(seat, "%s ends his actions.", seat)
	if g.solo() {
		g.frontShift()
		g.soloCounterattacks()
		if g.s.Over {
			return nil
		}
		g.s.Stage = stageSolo3d6
		return nil
	}
	g.s.Stage = stageReaction
	return nil
}

// endTurn ends the active player's turn: paratrooper upkeep (R12.6), then the
// next player, or the end of the round, which ends the game once the Axis
// pool has run out (R16.2).
func (g *Game) endTurn() {
	seat := g.active()
	g.paraUpkeep(seat)
	if g.s.Over {
		return
	}
	if g.s.Active < len(g.s.Order)-1 {
		g.s.Active++
	} else {
		if g.s.EndTriggered {
			g.endByTime()
			return
		}
		if g.solo() && g.s.Round >= g.s.Options.Turns {
			g.s.Over, g.s.Stage = true, stageOver
			g.s.Result = fmt.Sprintf("%s did not win automatically in %d turns, the limit set (A-17); %d medals", seat, g.s.Options.Turns, g.score(seat).Medals)
			g.say(seat, "The game is over: %s.", g.s.Result)
			return
		}
		g.s.Round++
		g.s.Active = 0
	}
	g.s.Stage = stageActions
	g.startTurn()
	g.say(g.active(), "Turn %d: %s's turn.", g.s.Round, g.active())
}

// paraUpkeep: at the end of his turn, a player's dark paratroopers go to the
// box and his light ones turn dark (R12.6, L1243-1249; A-11).
func (g *Game) paraUpkeep(seat rules.Seat) {
	kept := g.s.Paras[:0]
	gone := 0
	for _, p := range g.s.Paras {
		switch {
		case p.Owner != seat:
		case p.Dark:
			gone++
			continue
		default:
			p.Dark = true
		}
		kept = append(kept, p)
	}
	g.s.Paras = kept
	if gone > 0 {
		g.s.ParaBox += gone
		g.say(seat, "%d of %s's paratroopers from his previous turn go to the box (R12.6).", gone, seat)
	}
}

// win ends the game by an automatic victory (R3.1, R16.1).
func (g *Game) win(seat rules.Seat, field string) {
	g.s.Over, g.s.Stage, g.s.Winner = true, stageOver, seat
	g.s.Move, g.s.Ask, g.s.Draw = nil, nil, nil
	if g.solo() {
		g.s.Result = fmt.Sprintf("%s wins automatically in turn %d, taking %s with an unbroken line to his main base (R16.1); %d medals (R17.2)", seat, g.s.Round, field, g.score(seat).Medals)
	} else {
		g.s.Result = fmt.Sprintf("%s wins automatically, taking %s with an unbroken line to his main base (R16.1)", seat, field)
	}
	g.say(seat, "The game is over: %s.", g.s.Result)
}

// throw puts a pursuit card on its discard pile: its own deck's, or the
// shared one (R10.9, §15C).
func (g *Game) throw(id string) {
	deckID := g.b.cards[id].Deck
	if g.s.Options.Shared {
		deckID = deckShared
	}
	d := g.deck(deckID)
	d.Throw(id)
	g.setDeck(deckID, d)
}

// removeCard takes a card id out of a list.
func removeCard(list []string, id string) []string {
	if i := slices.Index(list, id); i >= 0 {
		return slices.Delete(slices.Clone(list), i, i+1)
	}
	return list
}

// askSeat is who answers the decision awaited: the controller of a field
// over its limit (R6.4), else the active player.
func (g *Game) askSeat() rules.Seat {
	if a := g.s.Ask; a.Kind == askReturn {
		if c := g.controller(a.Field); slices.Contains(g.s.Seats, c) {
			return c
		}
	}
	return g.active()
}

func (g *Game) askPrompt() string {
	a := g.s.Ask
	switch a.Kind {
	case askReturn:
		return fmt.Sprintf("%s holds %d tokens over its limit of %d: 'return %s TOKENS' sends them to the pool (R6.4)", g.b.field(a.Field).Name, a.N, g.limit(a.Field), a.Field)
	case askCivilians:
		return fmt.Sprintf("Starving civilians: 'feed' gives 1 R from %s for a medal, 'decline' keeps it (R10.12)", a.Corps)
	}
	return fmt.Sprintf("Black market: 'market GT' trades a token G of %s's card for a token T from the pool, 'decline' nothing (R10.12)", a.Corps)
}
