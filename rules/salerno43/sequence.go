package salerno43

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Phase is a phase of the sequence of play (3.0, digest §2).
type Phase = hexwar.Phase

const (
	PhaseInvasion Phase = "invasion"       // 24.1 A': turn 1, in place of the weather phase
	PhaseWeather  Phase = "weather"        // 3.0 A, 22.1
	PhasePrep     Phase = "preparation"    // 3.0 B1
	PhaseMovement Phase = "movement"       // 3.0 B2, 5.0
	PhaseCombat   Phase = "combat"         // 3.0 B3, 8.0
	PhaseReorg    Phase = "reorganization" // 3.0 B4, 13.4
	PhaseSupply   Phase = "supply"         // 3.0 B5, 16.0
	PhaseVictory  Phase = "victory"        // 3.0 D, 23.2
)

type stage = hexwar.Stage

// stages lists a turn's stages (3.0): the invasion on turn 1 of a scenario
// that opens with it (24.1), the weather phase from turn 2 (22.1, L1289:
// no weather die on turn 1, which without the invasion opens with the
// German player turn, S1.4), the German player turn, the Allied one, the
// victory check.
func stages(g *Game, turn int) []stage {
	var st []stage
	switch {
	case turn == 1 && g.sc.Special.Invasion:
		st = append(st, stage{Phase: PhaseInvasion, Side: Allied})
	case turn > 1:
		st = append(st, stage{Phase: PhaseWeather, Side: German})
	}
	for _, side := range []Side{German, Allied} {
		for _, p := range []Phase{PhasePrep, PhaseMovement, PhaseCombat, PhaseReorg, PhaseSupply} {
			st = append(st, stage{Phase: p, Side: side})
		}
	}
	return append(st, stage{Phase: PhaseVictory, Side: Allied})
}

var sequence hexwar.Sequence[*Game]

func init() {
	sequence = hexwar.Sequence[*Game]{
		Phases: phaseRules,
		Stages: stages,
		At:     func(g *Game) (int, stage) { return g.s.Turn, stage{Phase: g.s.Phase, Side: g.s.Side} },
		Move: func(g *Game, turn int, st stage) {
			g.s.Turn, g.s.Phase, g.s.Side = turn, st.Phase, st.Side
		},
		Over:  func(g *Game) bool { return g.s.Over || g.s.Turn > g.sc.LastTurn },
		Leave: (*Game).leaveStage,
	}
}

type phaseRule = hexwar.PhaseRule[*Game]

// phaseRules is the phase table: names, rules, what each does on entry and
// whether it then waits for a player or dice.
var phaseRules = map[Phase]phaseRule{
	PhaseInvasion: {Name: "Invasion Phase", Rule: "24.1", Enter: (*Game).enterInvasion,
		Await: func(g *Game) bool { return len(g.s.Landings) > 0 || g.s.Landing != nil }, Prompt: (*Game).invasionPrompt},
	PhaseWeather: {Name: "Weather Phase", Rule: "22.1", Await: hexwar.Always[*Game],
		Prompt: func(*Game) string { return "the weather die (22.1)" }},
	PhasePrep: {Name: "Preparation Phase", Rule: "3.0 B1", Enter: (*Game).enterPrep, Await: hexwar.Always[*Game],
		Prompt: (*Game).prepPrompt},
	PhaseMovement: {Name: "Movement Phase", Rule: "5.0", Enter: (*Game).enterMovement, Await: hexwar.Always[*Game],
		Prompt: func(g *Game) string {
			return "move units ('move UNIT HEX... [tm] [ext]', 'land UNIT HEX [HEX]'), then 'end'"
		}},
	PhaseCombat: {Name: "Combat Phase", Rule: "8.0", Enter: (*Game).enterCombat, Await: hexwar.Always[*Game],
		Prompt: func(g *Game) string {
			if g.opt.disengagement {
				return "attack ('" + attackSyntax + "') or disengage ('disengage UNIT|HEX', 25.1), then 'end'"
			}
			return "attack ('" + attackSyntax + "'), then 'end'"
		}},
	PhaseReorg: {Name: "Reorganization Phase", Rule: "13.4", Enter: (*Game).enterReorg, Await: func(g *Game) bool { return len(g.s.Rolls) > 0 },
		Prompt: func(g *Game) string { return "the recovery dice (13.5)" }},
	PhaseSupply: {Name: "Supply Phase", Rule: "16.1", Enter: (*Game).enterSupply, Await: hexwar.Always[*Game],
		Prompt: (*Game).supplyPrompt},
	PhaseVictory: {Name: "Victory Check Phase", Rule: "23.2", Enter: (*Game).enterVictory, Await: hexwar.Never[*Game]},
}

// phaseName says where the game stands: "Turn 3, German Movement Phase (5.0)".
func (g *Game) phaseName() string {
	r := phaseRules[g.s.Phase]
	side := ""
	if g.s.Side != "" && g.s.Phase != PhaseWeather && g.s.Phase != PhaseVictory {
		side = strings.ToUpper(string(g.s.Side[:1])) + string(g.s.Side[1:]) + " "
	}
	return fmt.Sprintf("Turn %d, %s%s (%s)", g.s.Turn, side, r.Name, r.Rule)
}

// nextStage leaves the current stage and enters the next, running every
// phase that waits for nobody.
func (g *Game) nextStage() []rules.Event {
	sequence.Next(g)
	return g.enterPhase()
}

func (g *Game) enterPhase() []rules.Event {
	events := sequence.Enter(g)
	if g.s.Turn > g.sc.LastTurn && !g.s.Over {
		events = append(events, g.endGame()...)
	}
	return events
}

// leaveStage closes a stage: what each phase leaves behind.
func (g *Game) leaveStage() {
	g.urbanCheck() // 11.6.3, also after each combat (finishCombat)
	switch g.s.Phase {
	case PhaseMovement:
		g.s.Moved, g.s.OneHex, g.s.PortsTaken = nil, nil, nil
	case PhaseCombat:
		g.s.Attacked, g.s.Hexes, g.s.Retreated, g.s.AutoAdvanced = nil, nil, nil, false
		g.s.Breakthrough, g.s.Entered, g.s.AutoSteps, g.s.AutoBroke = nil, nil, nil, nil
		g.s.Waiting = nil
		g.s.Disengaged, g.s.Recon = nil, nil // 25.1.3, 25.2: for the phase
		for k := range g.s.Units {
			g.s.Units[k].AutoDS = "" // 8.7.2: the markers come off
		}
	case PhaseSupply:
		g.s.LP, g.s.SeaLP, g.s.Capacity, g.s.Sent = 0, 0, nil, nil
	}
}
