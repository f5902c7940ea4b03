package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The procedure stack (hexwar.Stack): every point at which the game waits,
// in priority order. The first under way answers Pending, Legal, Apply and
// Roll alike:
//
//	die        a die for a move, a drop, an arrival or a roll of the phase
//	greif      the German answer to an Allied Bridge Phase demolition (36)
//	combat     the combat in progress (14.4), its dice and decisions
//	disengage  the disengagement dice and retreats of a Combat Phase (20.2)
//	phase      the phase's own commands, prompt and dice
var procedures hexwar.Stack[*Game]

func init() {
	procedures = hexwar.Stack[*Game]{
		{Name: "die", Active: func(g *Game) bool { return g.s.Dice != "" },
			Pending: func(g *Game, p *rules.Pending) {
				d := g.dieNeed()
				p.Seats, p.Dice, p.Prompt = []rules.Seat{d.By}, d, d.For
			},
			Roll: (*Game).rollDie},
		{Name: "greif", Active: func(g *Game) bool { return g.s.GreifAsk != "" },
			Pending: func(g *Game, p *rules.Pending) {
				p.Seats, p.Prompt = []rules.Seat{rules.Seat(German)}, g.greifAskPrompt()
			},
			Choices: (*Game).greifAskChoices,
			Commands: hexwar.Commands[*Game]{{Verb: "greif", Apply: parsed((*Game).greifAnswer)},
				{Verb: "no-greif", Apply: parsed((*Game).greifAnswer)}},
			Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
				return nil, rules.Refuse("36", "the Allied demolition waits for %s", g.greifAskPrompt())
			}},
		{Name: "combat", Active: func(g *Game) bool { return g.s.Combat != nil },
			Pending:  (*Game).combatPending,
			Choices:  (*Game).combatChoices,
			Commands: combatCommands,
			Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
				return nil, rules.Refuse("14.1", "the combat on %s waits for %s", g.combat().Origin, g.Pending().Prompt)
			},
			Roll: (*Game).rollCombat},
		{Name: "disengage", Active: func(g *Game) bool { return g.s.Disengage != nil },
			Pending:  (*Game).disengagePending,
			Choices:  (*Game).disengageChoices,
			Commands: hexwar.Commands[*Game]{{Verb: "withdraw", Apply: parsed((*Game).withdraw)}},
			Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
				return nil, rules.Refuse("20.3", "the disengagement of %s waits for its retreat", g.s.Disengage.Moving)
			},
			Roll: (*Game).rollDisengage},
		{Name: "phase", Pending: (*Game).phasePending, Choices: (*Game).legal, Commands: phaseCommands,
			Other: func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
				_, err := ParseCommand(text)
				if err == nil {
					err = fmt.Errorf("%w: %q is not given now", ErrCommand, text)
				}
				return nil, err
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
	return procedures.Apply(g, seat, command, g.s.Phase, p.Phase, fmt.Errorf("%w: %q", ErrCommand, command))
}

// Roll implements rules.Game.
func (g *Game) Roll(values []int) ([]rules.Event, error) {
	return procedures.RollChecked(g, g.Pending(), values)
}

// phasePending is what a phase waits for when no interrupt is under way.
func (g *Game) phasePending(p *rules.Pending) {
	r := phaseRules[g.s.Phase]
	p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
	if r.Prompt != nil {
		p.Prompt = r.Prompt(g)
	}
	if d := g.phaseDice(); d != nil {
		p.Seats, p.Dice, p.Prompt = []rules.Seat{d.By}, d, d.For
		return
	}
	if g.s.Phase == PhaseFuel && g.s.Fuel != nil {
		p.Seats = []rules.Seat{rules.Seat(g.s.Fuel.chooser())} // 6.1, 6.4: the German or the Allied player chooses
	}
	if g.s.Phase == PhaseSupply && g.antwerpDue() > 0 {
		p.Seats = []rules.Seat{rules.Seat(Allied)} // 27.3.4
	}
}

// command is a command of the phase with its handler.
type command = hexwar.Command[*Game]

// parsed is a handler of the main grammar.
func parsed(apply func(g *Game, c Command) ([]rules.Event, error)) hexwar.Handler[*Game] {
	return hexwar.Parsed(ParseCommand, apply)
}

var (
	moving    = []Phase{PhaseMovement, PhaseNightMove}
	combating = []Phase{PhaseCombat, PhaseNightCombat}
)

// phaseCommands are the commands of the phases, each refused outside the
// phases it belongs to, naming its rule and when it is given.
var phaseCommands = hexwar.Commands[*Game]{
	{Verb: "end", Apply: parsed(func(g *Game, _ Command) ([]rules.Event, error) { return g.endPhaseCommand() })},
	{Verb: "move", Phases: append(slices.Clone(moving), PhaseSetup), Rule: "11.1", When: "units move in their Movement Phase", Apply: parsed((*Game).move)},
	{Verb: "place", Phases: []Phase{PhaseSetup, PhaseMovement, PhaseNightRepl}, Rule: "S1.3, 13.2, 25.2.2",
		When: "units are placed at the set-up, US engineers on arrival, rebuilt units in the Night Replacement Phase", Apply: parsed((*Game).place)},
	{Verb: "go", Phases: moving, Rule: "13.5", When: "units move between Off-map boxes in the Movement Phase", Apply: parsed((*Game).goBox)},
	{Verb: "load", Phases: []Phase{PhaseMovement}, Rule: "12.4.3", When: "Trucks are loaded in the Movement Phase", Apply: parsed((*Game).load)},
	{Verb: "unmark", Phases: moving, Rule: "12.6", When: "SM markers come off in the owner's Movement Phase", Apply: parsed((*Game).unmark)},
	{Verb: "entrench", Phases: []Phase{PhaseMovement}, Rule: "15.8.2", When: "IPs are begun in the Movement Phase", Apply: parsed((*Game).entrench)},
	{Verb: "night", Phases: []Phase{PhaseMovement}, Rule: "25.3.3", When: "Night markers are placed in the PM Movement Phase", Apply: parsed((*Game).nightMarker)},
	{Verb: "breakdown", Phases: append(slices.Clone(moving), combating...), Rule: "26.2", When: "units break down in their own Movement or Combat Phase", Apply: parsed((*Game).breakdown)},
	{Verb: "recombine", Phases: moving, Rule: "26.4", When: "units recombine in the Movement Phase", Apply: parsed((*Game).recombine)},
	{Verb: "drop", Phases: []Phase{PhaseMovement}, Rule: "27.2", When: "von der Heydte drops in the German Movement Phase of turn 3", Apply: parsed((*Game).drop)},
	{Verb: "ready", Phases: []Phase{PhaseArtillery}, Rule: "5.1", When: "artillery is flipped to Ready in the Artillery Supply Phase", Apply: parsed((*Game).ready)},
	{Verb: "blow", Phases: []Phase{PhaseBridge}, Rule: "7.3", When: "bridges are blown in the own Bridge Phase, or against an attack (7.4)", Apply: parsed((*Game).blow)},
	{Verb: "repair", Phases: []Phase{PhaseBridge}, Rule: "7.8", When: "bridges are repaired in the own Bridge Phase", Apply: parsed((*Game).repair)},
	{Verb: "dump", Phases: []Phase{PhaseBridge}, Rule: "32.3", When: "a fuel dump is blown in the Allied Bridge Phase", Apply: parsed((*Game).blowDump)},
	{Verb: "traffic", Phases: []Phase{PhaseTraffic, PhasePrelude}, Rule: "24.3.1", When: "Traffic markers are placed in the Traffic Phase", Apply: parsed((*Game).placeTraffic)},
	{Verb: "roadblock", Phases: []Phase{PhaseTraffic}, Rule: "33.2", When: "Roadblocks are placed in the Traffic Phase", Apply: parsed((*Game).roadblock)},
	{Verb: "lift", Phases: []Phase{PhaseTraffic}, Rule: "33.3", When: "Roadblocks are lifted in the Traffic Phase", Apply: parsed((*Game).lift)},
	{Verb: "replace", Phases: []Phase{PhaseNightRepl}, Rule: "25.2.2", When: replWhen, Apply: parsed((*Game).replace)},
	{Verb: "rebuild", Phases: []Phase{PhaseNightRepl}, Rule: "25.2.2", When: replWhen, Apply: parsed((*Game).rebuild)},
	{Verb: "disengage", Phases: combating, Rule: "20.1", When: "units disengage in their own Combat Phase", Apply: parsed((*Game).disengage)},
	{Verb: "stay", Phases: combating, Rule: "20.5", When: "Engaged units stay in their own Combat Phase", Apply: parsed((*Game).stay)},
	{Verb: "fuel", Phases: []Phase{PhaseFuel}, Rule: "6.1", When: "the Fuel Shortage Phase's choices", Apply: parsed((*Game).fuelChoice)},
	{Verb: "antwerp", Phases: []Phase{PhaseSupply}, Rule: "27.3.4", When: "British units go to Antwerp at the end of the German turn", Apply: parsed((*Game).antwerp)},
	{Verb: "greif", Phases: []Phase{PhaseBridge, PhaseMovement}, Rule: "36", When: "the Greif Commando is placed in a German Bridge or Movement Phase before turn 7", Apply: parsed((*Game).greif)},
	{Verb: "attack", Phases: combating, Rule: "14.1", When: "attacks are made in the Combat Phase", Apply: attackHandler},
	{Verb: "order", Apply: orderHandler},
	{Verb: "if-retreat", Phases: combating, Rule: "19.1", When: "a conditional advance comes with an attack", Apply: orderHandler},
	{Verb: "if-blown", Phases: combating, Rule: "14.4", When: "a conditional order comes with an attack", Apply: orderHandler},
}

const replWhen = "replacements are spent in the Night Replacement Phase"

// endPhaseCommand ends the current phase at the phasing player's word,
// once what the phase requires is done.
func (g *Game) endPhaseCommand() ([]rules.Event, error) {
	if err := g.canEnd(); err != nil {
		return nil, err
	}
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: g.phaseName() + " ends"}}
	if more, wait := g.beforeEnd(); wait {
		return append(events, more...), nil
	} else {
		events = append(events, more...)
	}
	return append(events, g.nextStage()...), nil
}
