package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Phase is a phase of the sequence of play (3.0, digest 2.1): the series'
// (rules/hexwar), in Normandy's words.
type Phase = hexwar.Phase

const (
	PhaseInitial         Phase = "initial"          // A: weather and resources (4.0-6.1)
	PhaseInvasion        Phase = "invasion"         // turn 1 A: Special Invasion Phase (20.1), part 3
	PhaseReplacement     Phase = "replacement"      // B1: replacements, mobilization (6.2, 6.7)
	PhaseMovement        Phase = "movement"         // B2: movement (9.0)
	PhaseCombat          Phase = "combat"           // B3: combat (10.0), part 2
	PhaseReserveMovement Phase = "reserve-movement" // B4 (15.2), part 2
	PhaseReserveCombat   Phase = "reserve-combat"   // B5 (15.3), part 2
	PhaseRegeneration    Phase = "regeneration"     // B6: markers off (13.6, 15.4)
	PhaseSupply          Phase = "supply"           // B7: supply status and attrition (18.0)
	PhaseEnd             Phase = "end"              // D: End Phase (22.2, 23.0)
)

// stage is one step of the turn: a phase, and the side whose phase it is.
type stage = hexwar.Stage

// playerTurn is B1-B7, held by each side in turn, the Germans first (3.0).
var playerTurn = []Phase{PhaseReplacement, PhaseMovement, PhaseCombat, PhaseReserveMovement,
	PhaseReserveCombat, PhaseRegeneration, PhaseSupply}

// stages lists a turn's stages in order. Turn 1 has no Initial Phase; when the
// scenario opens with an invasion, it starts with the Special Invasion Phase
// (20.1).
func stages(turn int, sc *Scenario) []stage {
	var st []stage
	if turn == 1 {
		if slices.ContainsFunc(sc.Special, func(r SpecialRule) bool { return r.Kind == SpecialInvasion }) {
			st = append(st, stage{Phase: PhaseInvasion, Side: Allied})
		}
	} else {
		st = append(st, stage{Phase: PhaseInitial, Side: ""})
	}
	for _, side := range []Side{German, Allied} {
		for _, p := range playerTurn {
			st = append(st, stage{Phase: p, Side: side})
		}
	}
	return append(st, stage{Phase: PhaseEnd, Side: ""})
}

func firstStage(turn int, sc *Scenario) (Phase, Side) {
	s := stages(turn, sc)[0]
	return s.Phase, s.Side
}

// sequence is Normandy's sequence of play on the series' phase table
// (hexwar.Sequence): its stages (stages) and its phases (phaseRules). It is
// set in init, as the phases' hooks step through it themselves.
var sequence hexwar.Sequence[*Game]

func init() {
	sequence = hexwar.Sequence[*Game]{
		Phases: phaseRules,
		Stages: func(g *Game, turn int) []stage { return stages(turn, g.sc) },
		At:     func(g *Game) (int, stage) { return g.s.Turn, stage{Phase: g.s.Phase, Side: g.s.Side} },
		Move: func(g *Game, turn int, st stage) {
			g.s.Turn, g.s.Phase, g.s.Side = turn, st.Phase, st.Side
		},
		Over:   func(g *Game) bool { return g.s.Over },
		Around: (*Game).reserveSweep,              // 15.4: ineligible units lose Reserve at once
		Leave:  func(g *Game) { g.s.Ended = nil }, // 24.0: a new phase, every player has his part to play
	}
}

// phaseRule says, for each phase, what it is called, which rule holds it and
// what it waits for (hexwar.PhaseRule): Await reports whether the phase waits
// for the phasing player (or dice); an automatic phase runs its Enter hook
// and passes.
type phaseRule = hexwar.PhaseRule[*Game]

// phaseRules is the phase table. What each phase lets a player do is the
// procedure stack's (procedures.go).
var phaseRules = map[Phase]phaseRule{
	PhaseInitial: {Name: "Initial Phase", Rule: "3.0 A, 4.1",
		// 25.1, 25.2: a forced Storm turn has no roll (storms.go).
		Enter:  (*Game).startInitial,
		Await:  func(g *Game) bool { return !g.forcedStormNow() },
		Prompt: func(g *Game) string { return "the weather roll (4.1): one die" }},
	// 20.1 A: the Scatter rolls and the First Wave (invasion.go); the phase
	// passes by itself once nothing is left to roll or decide.
	PhaseInvasion: {Name: "Special Invasion Phase", Rule: "20.1",
		Enter: (*Game).startInvasion,
		Await: (*Game).invasionAwaits,
		Prompt: func(g *Game) string {
			return "airborne Scatter (20.2) and the First Wave beach assaults (20.3)"
		}},
	PhaseReplacement: {Name: "Replacement Phase", Rule: "6.2, 6.7",
		Enter: (*Game).startReplacement,
		// 6.2.3: no replacements in turn 1, and mobilization starts in turn 2 (6.7).
		Await: func(g *Game) bool { return g.s.Turn > 1 || g.initialSplit() }, // 24.0: the starting SupP split
		Prompt: func(g *Game) string {
			p := "restore steps or rebuild units with Repl ('replace UNIT', 'rebuild UNIT [HEX]', 6.2)"
			if g.s.Side == German {
				p += ", mobilize one 243/709 unit ('mobilize UNIT HEX', 6.7)"
				if g.opt.germanSplit && g.s.SupPNew > 0 {
					p += fmt.Sprintf(", split this turn's %d SupP ('allot pz-west N' for the player facing the CW, 24.0)", g.s.SupPNew)
				}
				if g.s.SupPNew > 0 && g.fortressInPlay() {
					p += fmt.Sprintf(", put up to %d of this turn's SupP on the Cherbourg Fortress ('allot cherbourg-fortress N', 5.2)", g.s.SupPNew)
				}
			} else {
				p += " (units bought with RP land in the Movement Phase, 6.5)"
				if len(g.buySupPChoices()) > 0 {
					p += ", buy SupP with RP ('buy-supp us|gb N', 3 RP each, 21.1.3)"
				}
			}
			return p + ", then 'end'"
		}},
	PhaseMovement: {Name: "Movement Phase", Rule: "9.0",
		Enter: func(g *Game) []rules.Event { return append(g.startMovement(), g.completeIPs()...) }, // 16.1.3
		Await: hexwar.Always[*Game],
		Prompt: func(g *Game) string {
			p := "move units ('move UNIT HEX HEX ...', add 'sm' for Strategic Movement, 'trucks' for the Trucks marker)"
			for i := range g.s.Units {
				if g.waiting(i) && g.unit(i).Side == g.s.Side {
					p += ", bring in reinforcements ('move UNIT ENTRY-HEX HEX ...')"
					break
				}
			}
			if g.s.Side == Allied && g.followUpsWait() {
				p += ", land units from the approach boxes ('move UNIT BEACH-HEX [HEX]', 20.5)"
			}
			if g.s.Side == Allied && len(g.s.RP) > 0 {
				p += ", land units bought with RP ('move UNIT BEACH-HEX [HEX]', 6.5)"
			}
			p += ", mark units Reserve ('reserve UNIT...', 15.1)"
			if g.ipsToBegin() {
				p += ", begin IPs ('entrench UNIT', 16.1.3)"
			}
			if g.s.Side == Allied && len(g.evacuateChoices()) > 0 {
				p += ", evacuate units from a beach to Britain ('evacuate UNIT', 21.2)"
			}
			return p + ", then 'end'"
		}},
	PhaseCombat: {Name: "Combat Phase", Rule: "10.0",
		Enter: (*Game).startCombat,
		Await: hexwar.Always[*Game],
		Prompt: func(g *Game) string {
			p := "attack ('attack HEX from HEX... maf UNIT... [with UNIT...] [art UNIT...] [air N] [naval N] [kampfgruppe]', 10.2-10.5), " +
				"give orders ('order dd always', 'order losses UNIT...', 'if-retreat advance UNIT...'), then 'end'"
			if g.s.Side == German {
				p = strings.Replace(p, " [air N] [naval N]", "", 1)
				if g.ed.caenArtillery {
					p = strings.Replace(p, "[art UNIT...]", "[art UNIT...|caen]", 1) // 17.2.8
				}
			} else if g.s.Phase == PhaseCombat && g.s.Combats == 0 {
				p = "assign strafing first ('strafe HEX us|cw', 19.1.4), " + p
			}
			return p
		}},
	// 15.2, 15.3: held only by a side with units in Reserve (reserve.go);
	// they reuse the Movement and Combat Phases commands.
	PhaseReserveMovement: {Name: "Reserve Movement Phase", Rule: "15.2", Enter: (*Game).startReserveMovement,
		Await: func(g *Game) bool { return g.hasReserve(g.s.Side) }, Prompt: reserveMovementPrompt},
	PhaseReserveCombat: {Name: "Reserve Combat Phase", Rule: "15.3", Enter: (*Game).startCombat,
		Await: func(g *Game) bool { return g.hasReserve(g.s.Side) }, Prompt: reserveCombatPrompt},
	PhaseRegeneration: {Name: "Regeneration Phase", Rule: "3.0 B6",
		Enter: func(g *Game) []rules.Event { return append(g.regenerationPhase(), g.reserveRegeneration()...) }, // 15.4
		Await: hexwar.Never[*Game]},
	// 18.1: the check needs no decision; the phase waits only for the
	// attrition dice of Isolated units (18.5).
	PhaseSupply: {Name: "Supply Phase", Rule: "18.1",
		Enter: func(g *Game) []rules.Event {
			events := g.supplyPhase()
			if len(g.s.Attrition) == 0 {
				events = append(events, g.ipSupplyEnd()...) // 16.1.5: the phase ends now
			}
			return events
		},
		Await: func(g *Game) bool { return len(g.s.Attrition) > 0 },
		Prompt: func(g *Game) string {
			return "isolation attrition (18.5): the dice decide for " + strings.Join(g.s.Attrition, ", ")
		}},
	PhaseEnd: {Name: "End Phase", Rule: "3.0 D", Enter: (*Game).endPhase,
		Await: func(g *Game) bool { return g.s.EndWait }, Prompt: (*Game).endPrompt},
}

// enterPhase runs the current phase's hook and then passes every phase that
// waits for nobody, until one waits (or the game ends).
func (g *Game) enterPhase() []rules.Event { return sequence.Enter(g) }

// nextStage steps to the next stage, into the next turn after the End Phase.
func (g *Game) nextStage() { sequence.Next(g) }

// Pending implements rules.Game. With two players a side (24.0), a side
// named where a seat is due becomes the seat whose part of the phase it is
// (seatFor), and the prompt names it.
//
// What it says is in the game's edition's numbers (renumber.go).
func (g *Game) Pending() rules.Pending { return g.speakPending(g.pendingSeats()) }

// pendingSeats is Pending in the engine's own numbers.
func (g *Game) pendingSeats() rules.Pending {
	p := g.pending()
	if !g.opt.multi() {
		return p
	}
	g.invasionSeats(&p) // 24.0: each beach's decisions to its army's players
	for k, s := range p.Seats {
		p.Seats[k] = g.seatFor(s)
	}
	if p.Dice != nil {
		p.Dice.By = g.seatFor(p.Dice.By)
	}
	if len(p.Seats) == 1 && p.Prompt != "" {
		p.Prompt = string(p.Seats[0]) + ": " + p.Prompt
	}
	return p
}

func (g *Game) pending() rules.Pending {
	p := rules.Pending{Phase: g.phaseName()}
	if g.s.Over {
		p.Over, p.Result = true, g.s.Result
		return p
	}
	procedures.Pending(g, &p)
	return p
}

// phaseName says where the game stands: "Turn 3, German Movement Phase".
func (g *Game) phaseName() string { return sequence.Name(g) }

// Roll implements rules.Game: the top procedure takes the dice it waits for
// (procedures.go).
// What it says is in the game's edition's numbers (renumber.go).
func (g *Game) Roll(values []int) ([]rules.Event, error) {
	events, err := g.roll(values)
	return g.speakEvents(events), g.speakErr(err)
}

func (g *Game) roll(values []int) ([]rules.Event, error) {
	if g.s.Over {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	return procedures.Roll(g, values)
}

// rollWeatherDie takes the weather die of the Initial Phase (4.1), which the
// weather table (weather.go) turns into the turn's weather and resources
// (4.3 note).
func (g *Game) rollWeatherDie(values []int) ([]rules.Event, error) {
	if g.s.Phase != PhaseInitial {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	if len(values) != 1 || values[0] < 1 || values[0] > 6 {
		return nil, fmt.Errorf("%w: the weather roll is one die, 1 to 6, have %v", rules.ErrIllegal, values)
	}
	events, stands := g.rollWeather(values[0]) // 25.1, 25.2 may ask for another die
	if !stands {
		return events, nil
	}
	if len(events) == 0 { // weatherFor usually says it itself
		events = append(events, rules.Event{Text: fmt.Sprintf("Turn %d weather: %s (die %d)", g.s.Turn, g.s.Weather, values[0])})
	}
	events = append(events, g.weatherKnown()...)
	// 20.2.4: the gliders arrive at the end of the Initial Phase and roll
	// their Scatter dice before the turn goes on (rollGlider).
	if events = append(events, g.gliderArrival()...); len(g.s.GliderRolls) > 0 {
		return events, nil
	}
	g.nextStage()
	return append(events, g.enterPhase()...), nil
}

// weatherKnown is the rest of the Initial Phase once the turn's weather is
// known, rolled (Roll) or a forced Storm (startInitial, 25.1, 25.2): the
// Mulberries, the resources of the weather's row, the Allied air and naval
// markers of the turn, and the HQs' and Werfers' recovery, which 17.2.3 and
// 17.3 give in every Initial Phase, a Storm one included.
func (g *Game) weatherKnown() []rules.Event {
	events := g.mulberryInitial() // 21.1.1: before the SupP it changes (21.1.3)
	events = append(events, g.receiveResources()...)
	events = append(events, g.supportMarkers()...) // 19.1.1, 19.2.1, 25.3
	g.hqReady()                                    // 17.2.3
	for i := range g.s.Units {
		// 17.3: a Werfer that can trace a supply line flips back to ready.
		if us := &g.s.Units[i]; us.Fired && !us.OutOfSupply {
			us.Fired = false
		}
	}
	return events
}

// startMovement opens a Movement Phase: the phase's bookkeeping is reset, the
// side's Strategic Move markers come off (9.8.5: kept only by units that use SM
// again, which re-mark them), reinforcements due arrive (6.6), and at the start of a German Movement Phase from
// turn 2 the restricted units may be released (17.6.1, 17.6.2).
func (g *Game) startMovement() []rules.Event {
	var events []rules.Event
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.unit(i).Side != g.s.Side {
			continue
		}
		us.Moved, us.Tactical, us.Spent, us.Hexes = false, false, 0, 0
		us.HQFired = false // 17.2.3: a new player turn
		us.SM = false
		if us.Trucks && g.s.TrucksTurn < g.s.Turn {
			us.Trucks = false
		}
	}
	events = append(events, g.arrive()...)
	events = append(events, g.gliderMovementStart()...) // 20.2.4
	if g.s.Side == German && g.s.Turn >= 2 {
		if !g.s.RestrictedFree && g.alliedWithin2(MarkRestricted) {
			g.s.RestrictedFree = true
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: "An Allied unit within 2 hexes releases the restricted-mobility units (17.6.1)"})
		}
		if !g.s.CherbourgFree && g.alliedWithin2(MarkCherbourgDefense) {
			g.s.CherbourgFree = true
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: "An Allied unit within 2 hexes releases the Cherbourg defense units (17.6.2)"})
		}
	}
	return events
}

// alliedWithin2 reports whether an Allied unit stands within 2 hexes of any
// on-map unit bearing mark (17.6.1).
func (g *Game) alliedWithin2(mark Mark) bool {
	var allied []hex.Axial
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.unit(i).Side == Allied {
			allied = append(allied, a)
		}
	}
	for i := range g.s.Units {
		a, ok := g.onMap(i)
		if !ok || !slices.Contains(g.unit(i).Marks, mark) {
			continue
		}
		for _, b := range allied {
			if hex.Distance(a, b) <= 2 {
				return true
			}
		}
	}
	return false
}
