package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Normandy's procedure stack (hexwar.Stack): every point at which the game
// waits, in priority order, each one value that says what it waits for
// (Pending), lists the commands it allows (Legal), handles them (Apply)
// and takes its dice (Roll). The first under way is the top and answers
// all four:
//
//	glider Scatter  20.2.4: a glider's Scatter die, at the end of the Initial Phase
//	strafing        19.1.4: the strafing dice before the combat they come with
//	combat          10.0-14.0: the combat in progress (combat_phase.go)
//	attrition       18.5: the isolation attrition dice of the Supply Phase
//	invasion        20.1-20.3: the Special Invasion Phase's dice and decisions
//	stacking        7.2: the owner's picks over the stacking limit as a Movement Phase ends
//	phase           the phase's own prompt, choices, commands and dice (4.1 weather)
//
// The combat's entry points (combatPending, combatChoices, combatCommand,
// rollCombat) are called by name from its procedure, whatever their insides.
var procedures hexwar.Stack[*Game]

func init() {
	procedures = hexwar.Stack[*Game]{
		{Name: "glider Scatter", Active: func(g *Game) bool { return len(g.s.GliderRolls) > 0 },
			Pending: func(g *Game, p *rules.Pending) {
				d := g.gliderNeed() // 20.2.4: a glider's Scatter die, rolled by the Allied seat
				p.Seats, p.Dice, p.Prompt = []rules.Seat{rules.Seat(Allied)}, d, d.For
			},
			Roll: (*Game).rollGlider},
		{Name: "strafing", Active: func(g *Game) bool { return g.s.Strafing != nil },
			Pending: func(g *Game, p *rules.Pending) {
				p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
				p.Dice = g.strafeNeed() // 19.1.4: before the combat it belongs to
				p.Prompt = p.Dice.For
			},
			Roll: (*Game).rollStrafe},
		{Name: "combat", Active: func(g *Game) bool { return g.s.Combat != nil },
			Pending: func(g *Game, p *rules.Pending) {
				p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
				g.combatPending(p)
			},
			Choices:  (*Game).combatChoices,
			Commands: combatProcedureCommands,
			Other: func(g *Game, seat rules.Seat, _ string) ([]rules.Event, error) {
				return nil, rules.Refuse("10.0", "the combat on %s waits for %s", g.combat().Origin, g.pendingSeats().Prompt)
			},
			Roll: func(g *Game, values []int) ([]rules.Event, error) {
				if g.combat().pending().Roll == "" {
					return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
				}
				return g.rollCombat(values)
			}},
		{Name: "attrition", Active: func(g *Game) bool { return g.s.Phase == PhaseSupply && len(g.s.Attrition) > 0 },
			Pending: func(g *Game, p *rules.Pending) {
				p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
				if !g.seatsOnly {
					p.Prompt = phaseRules[g.s.Phase].Prompt(g)
				}
				p.Dice = g.attritionNeed()
			},
			Roll: (*Game).rollAttrition},
		{Name: "invasion", Active: func(g *Game) bool { return g.s.Phase == PhaseInvasion && g.s.Invasion != nil },
			Pending: func(g *Game, p *rules.Pending) {
				p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
				g.invasionPending(p) // 20.2, 20.3: dice, or the decision of either side
			},
			Choices: (*Game).invasionChoices, // 20.3.2, 20.3.6: no 'end', the phase passes by itself
			Other: func(g *Game, seat rules.Seat, text string) ([]rules.Event, error) {
				return g.invasionCommand(seatSide(seat), text)
			},
			Roll: (*Game).rollInvasion},
		stackingProcedure,
		{Name: "phase", Pending: (*Game).phasePending, Choices: (*Game).legal, Commands: phaseCommands,
			Other: func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
				_, err := ParseCommand(text) // names the unknown verb
				return nil, err
			},
			Roll: (*Game).rollWeatherDie},
	}
}

// phasePending is what a phase waits for when no interrupt is under way: the
// weather roll of the Initial Phase, requested by the entry that closed the
// last turn, the Allied one (3.0: "one of the players" rolls); in the End
// Phase the Allies' decision (22.2); else the phasing player.
func (g *Game) phasePending(p *rules.Pending) {
	r := phaseRules[g.s.Phase]
	if g.s.Phase == PhaseInitial {
		p.Seats = []rules.Seat{rules.Seat(Allied)}
		p.Prompt = r.Prompt(g)
		p.Dice = &rules.DiceNeed{By: rules.Seat(Allied), For: g.weatherPurpose(), Sides: []int{6}}
		return
	}
	p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
	if g.s.Phase == PhaseEnd {
		p.Seats = []rules.Seat{rules.Seat(Allied)} // 22.2: the End Phase waits only for the Allies
	}
	if !g.seatsOnly {
		p.Prompt = r.Prompt(g)
	}
}
