package salerno43

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The procedure stack (hexwar.Stack): every point at which the game waits,
// in priority order; the first under way answers Pending, Legal, Apply and
// Roll alike:
//
//	combat    the combat in progress (8.3), its dice and decisions
//	sh-move   a Shattered unit's automatic retreat in the Movement Phase, or after an
//	          advance made after its combat (13.3.2)
//	disengage a disengagement under way (optional 25.1), its die and retreat
//	stacking  the owner's picks of the units over the limit (4.4)
//	phase     the phase's own commands, prompt and dice
var procedures hexwar.Stack[*Game]

func init() {
	procedures = hexwar.Stack[*Game]{
		{Name: "combat", Active: func(g *Game) bool { return g.s.Combat != nil },
			Pending:  (*Game).combatPending,
			Choices:  (*Game).combatChoices,
			Commands: combatCommands,
			Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
				return nil, rules.Refuse("8.3", "the combat on %s waits for %s", combatTarget(g.s.Combat), g.Pending().Prompt)
			},
			Roll: (*Game).rollCombat},
		shMoveProcedure,
		disengageProcedure,
		stackingProcedure,
		boundaryProcedure,
		withdrawProcedure,
		{Name: "phase", Pending: (*Game).phasePending, Choices: (*Game).legal, Commands: phaseCommands,
			Other: func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
				if _, err := canonicalCommand(text); err != nil {
					return nil, err
				}
				return nil, rules.Refuse("3.0", "%q is not given in the %s", text, g.phaseName())
			},
			Roll: (*Game).rollPhase},
	}
}

// Pending implements rules.Game.
func (g *Game) Pending() rules.Pending {
	return procedures.PendingOf(g, g.phaseName(), g.s.Over, g.s.Result)
}

// Legal implements rules.Game.
func (g *Game) Legal(seat rules.Seat) []rules.Choice {
	return procedures.Legal(g, g.Pending(), seat)
}

// Apply implements rules.Game: the top procedure handles the command by its
// verb. Every check is made before anything changes, so a refused command
// leaves the state as it was.
func (g *Game) Apply(seat rules.Seat, command string) ([]rules.Event, error) {
	p, err := rules.CheckTurn(g, seat)
	if err != nil {
		return nil, err
	}
	if _, err := canonicalCommand(command); err != nil {
		return nil, err
	}
	events, err := procedures.Apply(g, seat, command, g.s.Phase, p.Phase, fmt.Errorf("%w: %q", ErrCommand, command))
	if err != nil {
		return nil, err
	}
	return append(events, g.campaignSweep()...), nil
}

// Roll implements rules.Game.
func (g *Game) Roll(values []int) ([]rules.Event, error) {
	events, err := procedures.RollChecked(g, g.Pending(), values)
	if err != nil {
		return nil, err
	}
	return append(events, g.campaignSweep()...), nil
}

// phasePending is what a phase waits for when no combat is under way.
func (g *Game) phasePending(p *rules.Pending) {
	r := phaseRules[g.s.Phase]
	p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
	if r.Prompt != nil {
		p.Prompt = r.Prompt(g)
	}
	if d := g.phaseDice(); d != nil {
		p.Seats, p.Dice, p.Prompt = []rules.Seat{d.By}, d, d.For
	}
}

// phaseDice is the phase's own dice need, nil for none.
func (g *Game) phaseDice() *rules.DiceNeed {
	side := rules.Seat(g.s.Side)
	switch g.s.Phase {
	case PhaseWeather:
		return &rules.DiceNeed{By: side, For: fmt.Sprintf("the weather, turn %d (22.1)", g.s.Turn), Sides: []int{6}}
	case PhasePrep:
		if g.s.Drop != "" {
			return &rules.DiceNeed{By: side, For: "the airdrop of " + g.s.Drop + " (21.6.1)", Sides: []int{6}}
		}
	case PhaseInvasion:
		if g.s.Landing == nil && len(g.s.Landings) > 0 {
			return &rules.DiceNeed{By: side, For: "the Invasion CRT, the " + landingWords(g.s.Landings[0]) + " landing (24.2)", Sides: []int{6}}
		}
	case PhaseReorg:
		if len(g.s.Rolls) > 0 {
			return &rules.DiceNeed{By: side, For: "the recovery of " + g.s.Rolls[0] + " (13.5)", Sides: []int{6}}
		}
	case PhaseSupply:
		if len(g.s.Rolls) > 0 {
			return &rules.DiceNeed{By: side, For: "the isolation attrition of " + g.s.Rolls[0] + " (16.5.3)", Sides: []int{6}}
		}
	}
	return nil
}

// rollPhase takes the phase's own die.
func (g *Game) rollPhase(values []int) ([]rules.Event, error) {
	if g.phaseDice() == nil {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	die := values[0]
	switch g.s.Phase {
	case PhaseWeather:
		return g.rollWeather(die), nil
	case PhasePrep:
		return g.rollDrop(die), nil
	case PhaseInvasion:
		return g.rollLanding(die), nil
	case PhaseReorg:
		events := g.rollRecovery(die)
		if len(g.s.Rolls) == 0 {
			events = append(events, g.nextStage()...)
		}
		return events, nil
	case PhaseSupply:
		return g.rollAttrition(die), nil
	}
	return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
}

// command is a command of the phase with its handler.
type command = hexwar.Command[*Game]

// parsed is a handler of the main grammar.
func parsed(apply func(g *Game, c Command) ([]rules.Event, error)) hexwar.Handler[*Game] {
	return hexwar.Parsed(ParseCommand, apply)
}

// phaseCommands are the commands of the phases, each refused outside the
// phases it belongs to, naming its rule and when it is given.
var phaseCommands = hexwar.Commands[*Game]{
	{Verb: "end", Apply: parsed(func(g *Game, _ Command) ([]rules.Event, error) { return g.endCommand() })},
	{Verb: "move", Phases: []Phase{PhaseMovement}, Rule: "5.1", When: "units move in their Movement Phase", Apply: parsed((*Game).move)},
	{Verb: "shatter", Phases: []Phase{PhaseMovement}, Rule: "13.3.4", When: "units are shattered voluntarily in their own Movement Phase", Apply: parsed((*Game).shatter)},
	{Verb: "enter", Phases: []Phase{PhaseMovement}, Rule: "21.3.2", When: "units enter entry areas in their Movement Phase", Apply: parsed((*Game).enterArea)},
	{Verb: "sail", Phases: []Phase{PhaseMovement}, Rule: "18.4.5", When: "units move by sea in the Allied Movement Phase", Apply: parsed((*Game).sail)},
	{Verb: "embark", Phases: []Phase{PhaseMovement}, Rule: "18.4.4", When: "a two-turn sea transport sets out in the Allied Movement Phase", Apply: parsed((*Game).embark)},
	{Verb: "land", Phases: []Phase{PhaseMovement}, Rule: "21.1.2", When: "units land by sea in the Allied Movement Phase", Apply: parsed((*Game).land)},
	{Verb: "place", Phases: []Phase{PhasePrep}, Rule: "21.1.1", When: "reinforcements are placed in the Preparation Phase", Apply: parsed((*Game).placeReinforcement)},
	{Verb: "replace", Phases: []Phase{PhasePrep}, Rule: "20.1.1", When: "replacements are used in the Preparation Phase", Apply: parsed((*Game).replace)},
	{Verb: "drop", Phases: []Phase{PhasePrep}, Rule: "21.6.1", When: "airborne units drop in the Allied Preparation Phase", Apply: parsed((*Game).drop)},
	{Verb: "ready", Phases: []Phase{PhasePrep, PhaseSupply}, Rule: "17.5", When: "ASU are readied in the Preparation and Supply Phases", Apply: parsed((*Game).ready)},
	{Verb: "lose", Phases: []Phase{PhaseInvasion}, Rule: "24.2.2", When: "a landing's losses are taken in the Invasion Phase", Apply: parsed((*Game).loseLanding)},
	{Verb: "inland", Phases: []Phase{PhaseInvasion}, Rule: "24.2.3", When: "a landing advances inland in the Invasion Phase", Apply: parsed((*Game).inland)},
	{Verb: "attack", Phases: []Phase{PhaseCombat, PhaseInvasion}, Rule: "8.1", When: "attacks are made in the Combat Phase (and the Commandos' breakthrough on Salerno in the Invasion Phase, 24.2.4)", Apply: attackHandler},
	{Verb: "order", Apply: orderHandler},
	{Verb: "if-retreat", Phases: []Phase{PhaseCombat}, Rule: "14.1", When: "a conditional advance comes with an attack", Apply: orderHandler},
	{Verb: "autods", Phases: []Phase{PhaseMovement}, Rule: "8.7.1", When: "an Auto DS is declared in the Movement Phase", Apply: attackHandler},
	{Verb: "abandon", Phases: []Phase{PhaseSupply}, Rule: "S2.3.7", When: "the German abandons the 8th Army sector in his Supply Phase", Apply: parsed(func(g *Game, _ Command) ([]rules.Event, error) { return g.abandon() })},
	{Verb: "disengage", Phases: []Phase{PhaseCombat}, Rule: "25.1.3", When: "units disengage in their own Combat Phase (optional rule 25.1)", Apply: parsed((*Game).disengage)},
	{Verb: "eliminate", Phases: []Phase{PhaseCombat}, Rule: "4.4", When: "units over the stacking limit are eliminated, their owner's pick, before a breakthrough or at the end of the Combat or Movement Phase", Apply: (*Game).eliminateBefore},
	{Verb: "advance-after", Phases: []Phase{PhaseCombat}, Rule: "15.2.1", When: "the attackers that waited advance once their combat's breakthrough group is done", Apply: parsed((*Game).advanceAfter)},
	{Verb: "autods-advance", Phases: []Phase{PhaseCombat}, Rule: "8.7.2", When: "Auto DS units advance in the Combat Phase, after all combats", Apply: parsed((*Game).autoAdvance)},
}

// endCommand ends the landing being made, or the phase, once what it
// requires is done.
func (g *Game) endCommand() ([]rules.Event, error) {
	if g.s.Phase == PhaseInvasion && g.s.Landing != nil {
		return g.endLanding()
	}
	if err := g.canEnd(); err != nil {
		return nil, err
	}
	if ev := g.overLimitAtEnd(); ev != nil {
		return ev, nil
	}
	if ev := g.boundaryAtEnd(); ev != nil {
		return ev, nil
	}
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: g.phaseName() + " ends"}}
	return append(events, g.nextStage()...), nil
}

// canEnd refuses to end a phase with work left that the rules require.
func (g *Game) canEnd() error {
	switch g.s.Phase {
	case PhasePrep:
		if u := g.unplaced(); u != "" {
			return rules.Refuse("21.1.1", "%s arrives this turn: place it in an entry area of its code first", u)
		}
		if u := g.waitingDrop(); u != "" {
			return rules.Refuse("21.6.1", "%s drops this turn: airdrops cannot be delayed", u)
		}
	case PhaseSupply:
		if len(g.s.Rolls) > 0 {
			return rules.Refuse("16.5.2", "the isolation attrition of %s is to be rolled first", g.s.Rolls[0])
		}
	}
	return nil
}
