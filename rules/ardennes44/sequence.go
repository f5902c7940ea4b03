package ardennes44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Phase is a phase of the sequence of play (4.0, 25.1; expanded sequence,
// digest 2).
type Phase = hexwar.Phase

const (
	PhaseSetup       Phase = "setup"             // S1.3: the German set-up in the start positions
	PhasePrelude     Phase = "prelude"           // S4.3 B: the Allied Traffic markers before play
	PhaseArtillery   Phase = "artillery"         // 5.0
	PhaseFuel        Phase = "fuel"              // 6.0: German, from turn 7
	PhaseBridge      Phase = "bridge"            // 7.1
	PhaseMovement    Phase = "movement"          // 11.1
	PhaseRally       Phase = "rally"             // 18.6
	PhaseCombat      Phase = "combat"            // 14.1
	PhaseTraffic     Phase = "traffic"           // 24.3
	PhaseSupply      Phase = "supply"            // 23.1
	PhaseVictory     Phase = "victory"           // 30.1: Allied
	PhaseNightRepl   Phase = "night-replacement" // 25.2
	PhaseNightMove   Phase = "night-movement"    // 25.3.1
	PhaseNightCombat Phase = "night-combat"      // 25.3.2
)

type stage = hexwar.Stage

// stages lists a turn's stages (4.0): the German player turn, the Allied
// one, and after a PM turn (an even one) the Night turn (25.1), the Allies
// first and each side twice in a row, unless the game ends with the turn.
// The first turn opens with the German set-up (S1.3) and, in S4, the
// Allied Traffic markers (S4.3 B).
func stages(g *Game, turn int) []stage {
	var st []stage
	if turn == g.sc.FirstTurn {
		st = append(st, stage{Phase: PhaseSetup, Side: German})
		if g.sc.Special.PreludeTraffic > 0 {
			st = append(st, stage{Phase: PhasePrelude, Side: Allied})
		}
	}
	for _, side := range []Side{German, Allied} {
		st = append(st, stage{Phase: PhaseArtillery, Side: side})
		if side == German {
			st = append(st, stage{Phase: PhaseFuel, Side: side})
		}
		for _, p := range []Phase{PhaseBridge, PhaseMovement, PhaseRally, PhaseCombat, PhaseTraffic, PhaseSupply} {
			st = append(st, stage{Phase: p, Side: side})
		}
	}
	st = append(st, stage{Phase: PhaseVictory, Side: Allied})
	if turn%2 == 0 && turn < g.lastTurn() {
		for _, side := range []Side{Allied, German} {
			for _, p := range []Phase{PhaseNightRepl, PhaseNightMove, PhaseNightCombat} {
				st = append(st, stage{Phase: p, Side: side})
			}
		}
	}
	return st
}

// lastTurn is the scenario's last turn, or 30 in the extended game (S5.1).
// AMB-41: the extended game goes on from the campaign's turn 22 through
// the Night that follows it, then turns 23 to 30.
func (g *Game) lastTurn() int {
	if g.opt.extended {
		return 30
	}
	return g.sc.LastTurn
}

// night reports whether the game stands in a Night turn (25.1).
func (g *Game) night() bool {
	switch g.s.Phase {
	case PhaseNightRepl, PhaseNightMove, PhaseNightCombat:
		return true
	}
	return false
}

// firstNight: the Night of 16-17 December, after turn 2 (7.6, 27.5).
func (g *Game) firstNight() bool { return g.night() && g.s.Turn == 2 }

// pm: an afternoon turn, an even one (25.3.3).
func pm(turn int) bool { return turn%2 == 0 }

var sequence hexwar.Sequence[*Game]

func init() {
	sequence = hexwar.Sequence[*Game]{
		Phases: phaseRules,
		Stages: stages,
		At:     func(g *Game) (int, stage) { return g.s.Turn, stage{Phase: g.s.Phase, Side: g.s.Side} },
		Move: func(g *Game, turn int, st stage) {
			g.s.Turn, g.s.Phase, g.s.Side = turn, st.Phase, st.Side
			g.s.Done = false
		},
		Over:  func(g *Game) bool { return g.s.Over || g.s.Turn > g.lastTurn() },
		Leave: (*Game).leaveStage,
	}
}

type phaseRule = hexwar.PhaseRule[*Game]

// phaseRules is the phase table: names, rules, what each does on entry
// and whether it waits for a player or dice. What each lets a player do
// is the procedure stack's (procedures.go).
var phaseRules = map[Phase]phaseRule{
	PhaseSetup: {Name: "Set-up", Rule: "S1.3", Enter: (*Game).enterSetup, Await: hexwar.Always[*Game],
		Prompt: func(g *Game) string {
			if g.sc.FirstTurn > 1 {
				return "the units stand where the scenario sets them up (S4.2): 'end'"
			}
			return "place German units anywhere in their start positions ('place UNIT HEX', S1.3), then 'end'"
		}},
	PhasePrelude: {Name: "Traffic markers before play", Rule: "S4.3 B", Enter: (*Game).enterPrelude, Await: func(g *Game) bool { return g.s.Rolls > 0 },
		Prompt: func(g *Game) string {
			return "place Traffic markers anywhere ('traffic HEX', S4.3 B), then 'end' for the removal rolls"
		}},
	PhaseArtillery: {Name: "Artillery Supply Phase", Rule: "5.0", Enter: (*Game).enterArtillery, Await: (*Game).artilleryAwaits,
		Prompt: (*Game).artilleryPrompt},
	PhaseFuel: {Name: "Fuel Shortage Phase", Rule: "6.0", Enter: (*Game).enterFuel, Await: func(g *Game) bool { return g.s.Fuel != nil },
		Prompt: (*Game).fuelPrompt},
	PhaseBridge: {Name: "Bridge Phase", Rule: "7.1", Enter: (*Game).enterBridge, Await: (*Game).bridgeAwaits,
		Prompt: func(g *Game) string {
			return "blow bridges ('blow HEX/HEX', 7.3) or begin repairs ('repair HEX/HEX', 7.8), then 'end'"
		}},
	PhaseMovement: {Name: "Movement Phase", Rule: "11.1", Enter: (*Game).enterMovement, Await: hexwar.Always[*Game],
		Prompt: (*Game).movementPrompt},
	PhaseRally: {Name: "Rally Phase", Rule: "18.6", Enter: (*Game).enterRally, Await: func(g *Game) bool { return len(g.s.Rally) > 0 },
		Prompt: func(g *Game) string { return "the rally dice of units next to the enemy (18.6)" }},
	PhaseCombat: {Name: "Combat Phase", Rule: "14.1", Enter: (*Game).enterCombat, Await: hexwar.Always[*Game],
		Prompt: (*Game).combatPrompt},
	PhaseTraffic: {Name: "Traffic Phase", Rule: "24.3", Enter: (*Game).enterTraffic, Await: (*Game).trafficAwaits,
		Prompt: (*Game).trafficPrompt},
	PhaseSupply: {Name: "Supply and Surrender Phase", Rule: "23.1", Enter: (*Game).enterSupply, Await: (*Game).supplyAwaits,
		Prompt: func(g *Game) string {
			if n := g.antwerpDue(); n > 0 {
				return fmt.Sprintf("move British units to Antwerp ('antwerp UNIT...', 27.3.4): %d DF more", n)
			}
			return "the surrender dice of isolated groups (23.7)"
		}},
	PhaseVictory: {Name: "Victory Phase", Rule: "30.1", Enter: (*Game).enterVictory, Await: hexwar.Never[*Game]},
	PhaseNightRepl: {Name: "Night Replacement Phase", Rule: "25.2", Enter: (*Game).enterNightTurn, Await: (*Game).replAwaits,
		Prompt: (*Game).replPrompt},
	PhaseNightMove: {Name: "Night Movement Phase", Rule: "25.3.1", Enter: (*Game).enterNightMove, Await: (*Game).nightMoveAwaits,
		Prompt: (*Game).movementPrompt},
	PhaseNightCombat: {Name: "Night Combat Phase", Rule: "25.3.2", Enter: (*Game).enterCombat, Await: (*Game).nightCombatAwaits,
		Prompt: (*Game).combatPrompt},
}

// phaseName says where the game stands: "Turn 3 (17 AM), German Movement
// Phase (11.1)".
func (g *Game) phaseName() string {
	r := phaseRules[g.s.Phase]
	side := ""
	if g.s.Side != "" {
		side = strings.ToUpper(string(g.s.Side[:1])) + string(g.s.Side[1:]) + " "
	}
	return fmt.Sprintf("Turn %d (%s), %s%s (%s)", g.s.Turn, turnDate(g.s.Turn, g.night()), side, r.Name, r.Rule)
}

// turnDate is the turn's date as the turn record card prints it: turn n
// falls on December 16 + (n-1)/2, odd turns AM, even PM (digest, turn
// numbering); a Night follows its PM turn.
func turnDate(turn int, night bool) string {
	day := 16 + (turn-1)/2
	switch {
	case night:
		return fmt.Sprintf("%d/%d Night", day, day+1)
	case turn%2 == 1:
		return fmt.Sprintf("%d AM", day)
	}
	return fmt.Sprintf("%d PM", day)
}

// nextStage leaves the current stage and enters the next, running every
// phase that waits for nobody.
func (g *Game) nextStage() []rules.Event {
	sequence.Next(g)
	return g.enterPhase()
}

func (g *Game) enterPhase() []rules.Event {
	events := sequence.Enter(g)
	events = append(g.left, events...)
	g.left = nil
	if g.s.Turn > g.lastTurn() && !g.s.Over {
		events = append(events, g.endGame()...)
	}
	return events
}

// leaveStage closes a stage: what each phase leaves behind on the way out.
// Its events wait in g.left for enterPhase to return them.
func (g *Game) leaveStage() {
	g.latch29()
	switch g.s.Phase {
	case PhaseMovement, PhaseNightMove:
		g.endMovement()
	case PhaseCombat:
		g.endCombatPhase()
	case PhaseNightCombat:
		g.endCombatPhase()
		g.endNight() // 25.3.7: the side's Night markers come off in its Night turn
	case PhaseSupply:
		if g.s.Side == German {
			g.endGermanTurn()
		}
	case PhaseVictory:
		g.endTurn()
	}
}
