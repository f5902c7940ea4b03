package hexwar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The sequence of play as a phase table (N44 3.0, A44 4.0 with its night
// turns, S43 3.0): each game lists a turn's stages and says, for each phase,
// what it is called, which rule holds it, what it does on entry and whether
// it waits for anyone. The core steps through the stages, into the next turn
// after the last.

// Phase is a phase of the sequence of play, in the game's words. It is a
// named string, so a game's state records it as the word itself.
type Phase string

// Stage is one step of a turn: a phase, and the side whose phase it is (""
// for a phase of both sides).
type Stage struct {
	Phase Phase
	Side  Side
}

// PhaseRule says what a phase is called, which rule holds it, what it does
// on entry (Enter) and whether it then waits for a player or dice (Await);
// a phase that waits for nobody runs its Enter and passes. Prompt says what
// it waits for.
type PhaseRule[G any] struct {
	Name   string
	Rule   string
	Enter  func(g G) []rules.Event
	Await  func(g G) bool
	Prompt func(g G) string
}

// Sequence is a game's sequence of play. The game's state keeps where it
// stands (At, Move); the core reads and moves it through them.
type Sequence[G any] struct {
	Phases map[Phase]PhaseRule[G]
	// Stages lists a turn's stages in order.
	Stages func(g G, turn int) []Stage
	// At is where g stands: its turn and stage.
	At func(g G) (turn int, st Stage)
	// Move puts g at a turn and stage.
	Move func(g G, turn int, st Stage)
	// Over reports whether g has ended: no phase is entered after.
	Over func(g G) bool
	// Around, if set, runs before each phase's Enter and after it (N44
	// 15.4: units that may no longer be in Reserve lose it at once).
	Around func(g G) []rules.Event
	// Leave, if set, runs as the game leaves a stage for the next (N44
	// 24.0: the players who ended their part of a phase start afresh).
	Leave func(g G)
}

// Rule is the current phase's rule.
func (s *Sequence[G]) Rule(g G) PhaseRule[G] {
	_, st := s.At(g)
	return s.Phases[st.Phase]
}

// First is the first stage of a turn.
func (s *Sequence[G]) First(g G, turn int) Stage { return s.Stages(g, turn)[0] }

// Enter runs the current phase's Enter and then passes every phase that
// waits for nobody, until one waits or the game ends.
func (s *Sequence[G]) Enter(g G) []rules.Event {
	var events []rules.Event
	for !s.Over(g) {
		r := s.Rule(g)
		if s.Around != nil {
			events = append(events, s.Around(g)...)
		}
		if r.Enter != nil {
			events = append(events, r.Enter(g)...)
			if s.Around != nil {
				events = append(events, s.Around(g)...)
			}
		}
		if s.Over(g) || (r.Await != nil && r.Await(g)) {
			break
		}
		s.Next(g)
	}
	return events
}

// Next steps to the next stage, into the next turn after the turn's last. A
// stage the turn does not list (a game set up at a stage of its choosing)
// steps to the turn's first.
func (s *Sequence[G]) Next(g G) {
	if s.Leave != nil {
		s.Leave(g)
	}
	turn, st := s.At(g)
	stages := s.Stages(g, turn)
	if i := slices.Index(stages, st); i+1 < len(stages) {
		s.Move(g, turn, stages[i+1])
		return
	}
	s.Move(g, turn+1, s.First(g, turn+1))
}

// Name says where the game stands: "Turn 3, German Movement Phase (9.0)".
func (s *Sequence[G]) Name(g G) string {
	turn, st := s.At(g)
	r := s.Phases[st.Phase]
	if st.Side == "" {
		return fmt.Sprintf("Turn %d, %s (%s)", turn, r.Name, r.Rule)
	}
	side := strings.ToUpper(string(st.Side[:1])) + string(st.Side[1:])
	return fmt.Sprintf("Turn %d, %s %s (%s)", turn, side, r.Name, r.Rule)
}

// Always and Never are the Await of a phase that always waits for its
// player, and of one that never does.
func Always[G any](G) bool { return true }
func Never[G any](G) bool  { return false }
