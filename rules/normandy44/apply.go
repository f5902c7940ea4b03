package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Apply implements rules.Game: the top procedure (procedures.go) handles the
// command by its verb. Every check is made before anything changes, so a
// refused command leaves the state as it was.
//
// What it says is in the game's edition's numbers (renumber.go).
func (g *Game) Apply(seat rules.Seat, command string) ([]rules.Event, error) {
	events, err := g.apply(seat, command)
	return g.speakEvents(events), g.speakErr(err)
}

func (g *Game) apply(seat rules.Seat, command string) ([]rules.Event, error) {
	p, err := g.turnCheck(seat)
	if err != nil {
		return nil, err
	}
	if err := g.checkOwner(seat, command); err != nil {
		return nil, err
	}
	return procedures.Apply(g, seat, command, g.s.Phase, p.Phase, fmt.Errorf("%w: %q", ErrCommand, command))
}

// inner is the game as the engine sees it from inside: what it waits for
// in 2.2's numbers, which its own checks and messages cite.
type inner struct{ *Game }

func (x inner) Pending() rules.Pending { return x.pendingSeats() }

// seatsOnly is inner without the prompts (Game.seatsOnly).
type seatsOnly struct{ *Game }

func (x seatsOnly) Pending() rules.Pending {
	x.Game.seatsOnly = true
	defer func() { x.Game.seatsOnly = false }()
	return x.pendingSeats()
}

// turnCheck is rules.CheckTurn on the game as the engine sees it: it asks
// who may act without writing the prompts, which a replay would otherwise
// write twice for every command (once as it asks Pending, once here; issue
// 18), and asks again in full for a refusal's words.
func (g *Game) turnCheck(seat rules.Seat) (rules.Pending, error) {
	p, err := rules.CheckTurn(seatsOnly{g}, seat)
	if err != nil {
		return rules.CheckTurn(inner{g}, seat)
	}
	return p, nil
}

// command is a command of one of the engine's grammars, with its handler;
// the verbs each procedure takes are listed from these.
type command = hexwar.Command[*Game]

// parsed is a handler of the main grammar (command.go).
func parsed(apply func(g *Game, c Command) ([]rules.Event, error)) hexwar.Handler[*Game] {
	return func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
		c, err := ParseCommand(text)
		if err != nil {
			return nil, err
		}
		return apply(g, c)
	}
}

var (
	// attack declares an attack (10.1-10.5, combat_declare.go).
	attackCommand = command{Verb: "attack", Phases: []Phase{PhaseCombat, PhaseReserveCombat}, Rule: "10.0", When: "attacks are declared in the Combat Phase",
		Apply: func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
			a, err := ParseAttack(text)
			if err != nil {
				return nil, err
			}
			return g.declare(a)
		}}
	// unreserve, and reserve outside a combat: 15.1 a, 15.4.
	reserveMarkers = parsed((*Game).reserveCommand)
	// unreserveCommand is 'unreserve', which the phasing player gives
	// (15.4): from normandy44/6, not the other side's seat while a combat
	// waits on it.
	unreserveCommand = command{Verb: "unreserve", Apply: func(g *Game, seat rules.Seat, text string) ([]rules.Event, error) {
		if g.ver.ownReserveMarkers && seatSide(seat) != g.s.Side {
			return nil, rules.Refuse("15.4", "Reserve markers come off at their own side's word: the %s player's", g.s.Side)
		}
		return reserveMarkers(g, seat, text)
	}}
	// strafe assigns a strafing mission (19.1.4, strafe.go).
	strafeCommand = command{Verb: "strafe", Apply: func(g *Game, _ rules.Seat, text string) ([]rules.Event, error) {
		s, err := ParseStrafe(text)
		if err != nil {
			return nil, err
		}
		return g.strafe(s)
	}}
	// a combat order or decision (combat_orders.go).
	combatDecision = func(g *Game, seat rules.Seat, text string) ([]rules.Event, error) { return g.combatCommand(seat, text) }
)

// combatVerbs are the first words of combat orders and decisions.
var combatVerbs = map[string]bool{"order": true, "if-retreat": true, "losses": true, "ignore-retreat": true,
	"accept-retreat": true, "dd": true, "no-dd": true, "despd": true, "no-despd": true, "retreat": true,
	"advance": true, "reserve": true, "advance-done": true, "eliminate": true}

// combatProcedureCommands are the commands taken while a combat is in
// progress: its orders and decisions ('reserve U' is the attacker's 15.1 b
// decision then), and the commands that say why they wait (a second
// attack, strafing, 'unreserve').
var combatProcedureCommands = append(hexwar.VerbCommands(combatVerbs, combatDecision),
	attackCommand, strafeCommand, unreserveCommand)

// phaseCommands are the commands of the phases, each refused outside the
// phases it belongs to (its rule, and when it is given).
var phaseCommands = append(slices.DeleteFunc(hexwar.VerbCommands(combatVerbs, combatDecision), func(c command) bool { return c.Verb == "reserve" }),
	attackCommand, strafeCommand,
	command{Verb: "reserve", Apply: reserveMarkers},
	unreserveCommand,
	command{Verb: "end", Apply: func(g *Game, seat rules.Seat, text string) ([]rules.Event, error) {
		if _, err := ParseCommand(text); err != nil {
			return nil, err
		}
		if g.opt.multi() {
			return g.endSeat(seat) // 24.0: each player of the side ends his part
		}
		return g.endStage()
	}},
	command{Verb: "move", Phases: []Phase{PhaseMovement, PhaseReserveMovement}, Rule: "3.0", // 15.2
		When: "units move in their Movement Phase", Apply: parsed((*Game).move)},
	command{Verb: "replace", Phases: []Phase{PhaseReplacement}, Rule: "6.2",
		When: replacementWhen, Apply: parsed((*Game).replace)},
	command{Verb: "rebuild", Phases: []Phase{PhaseReplacement}, Rule: "6.2",
		When: replacementWhen, Apply: parsed((*Game).rebuild)},
	command{Verb: "allot", Phases: []Phase{PhaseReplacement}, Rule: "6.2",
		When: replacementWhen, Apply: parsed((*Game).allot)},
	command{Verb: "mobilize", Phases: []Phase{PhaseReplacement}, Rule: "6.2",
		When: replacementWhen, Apply: parsed((*Game).mobilize)},
	command{Verb: "evacuate", Phases: []Phase{PhaseMovement}, Rule: "21.2",
		When: "units evacuate in the Allied Movement Phase", Apply: parsed((*Game).evacuate)},
	command{Verb: "evacuate-division", Phases: []Phase{PhaseEnd}, Rule: "22.2",
		When: "an airborne division is evacuated in the End Phase", Apply: parsed((*Game).evacuateDivision)},
	command{Verb: "buy-supp", Phases: []Phase{PhaseReplacement}, Rule: "21.1.3",
		When: "SupP are bought in the Allied Replacement Phase (AMBIG-4)", Apply: parsed((*Game).buySupPCommand)},
	command{Verb: "entrench", Phases: []Phase{PhaseMovement}, Rule: "16.1.3",
		When: ipWhen, Apply: parsed((*Game).entrench)},
	command{Verb: "remove-ip", Phases: []Phase{PhaseMovement}, Rule: "16.1.3",
		When: ipWhen, Apply: parsed((*Game).removeIPCommand)},
	command{Verb: "relocate", Phases: []Phase{PhaseMovement}, Rule: "17.4",
		When: "the Cotentin HQ is relocated in the German Movement Phase", Apply: parsed((*Game).relocate)},
)

const (
	replacementWhen = "Repl are spent and units mobilized in the Replacement Phase"
	ipWhen          = "IPs are begun, and markers taken off, in the owner's Movement Phase"
)

// endStage ends the current phase at the phasing player's word.
func (g *Game) endStage() ([]rules.Event, error) {
	if g.s.Phase == PhaseMovement {
		// 7.2: stacking holds at the end of every Movement Phase: where a
		// move may not end over the limit, no hex may be over it here.
		if over := g.overstacked(g.s.Side); len(over) > 0 && g.stackCheck() == hexwar.StackEachMove {
			return nil, rules.Refuse("7.2", "%s is over the stacking limit: move units out before ending the phase", g.b.id(over[0]))
		}
		if id := g.mustLand(); id != "" {
			return nil, g.mustLandRefusal(id)
		}
		if id := g.mustMoveBack(); id != "" {
			return nil, g.mustMoveBackRefusal(id) // S3.3, 22.1.2
		}
	}
	return g.closeStage()
}

// closeStage ends the current phase once the phasing player may end it
// (endStage): the owner's eliminations over the stacking limit first (7.2),
// then the phase's own end. The stack check calls it after the last
// elimination: by then the player has ended his moves, and an elimination
// that frees room on a beach does not bring back a landing the phase's end
// was let go without (20.5.3), which would leave every elimination refused
// and the game with no way on.
func (g *Game) closeStage() ([]rules.Event, error) {
	if g.movementPhase() {
		if h, _, over := g.excess(); over {
			// 7.2: the owner reduces the stack before the phase ends
			// (stackcheck.go).
			g.s.StackCheck = true
			return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s is over the stacking limit at the end of the %s: its owner eliminates units of it, his pick, until it is within it (7.2)", h, phaseRules[g.s.Phase].Name)}}, nil
		}
	}
	if g.s.Phase == PhaseCombat && len(g.s.Strafes) > 0 && g.startStrafing(nil) {
		// The first edition's missions fly whether a hex is attacked or
		// not (19.1.4, D38): the phase ends once their dice are rolled.
		return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "The strafing of the phase's missions comes before its end (19.1.4)"}}, nil
	}
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: g.phaseName() + " ends"}}
	events = append(events, g.checkBatteries()...) // 25.3
	if g.s.Phase == PhaseEnd {
		// 22.2 declined: automatic victory and the end of the turn (23.1).
		if events = append(events, g.closeEnd()...); g.s.Over {
			return events, nil
		}
	}
	if g.s.Phase == PhaseReplacement {
		events = append(events, g.expireRepl(g.s.Side)...)
		if g.s.Side == German {
			g.s.SupPNew = 0 // 5.2: allotted at once or kept by the 7th Army
		}
	}
	g.nextStage()
	return append(events, g.enterPhase()...), nil
}
