package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The stacking limit at the end of a Movement Phase (7.2, L491-493: it may be
// exceeded during a move, and must hold at the end of each Movement Phase;
// where it does not, the owner reduces the stack), where the rules version
// holds it there rather than at the end of each move (hexwar.StackPhaseEnd).
// Moves may end over the limit; when the phasing player ends the phase, the
// owner of each hex still over it eliminates a unit of it, his pick, at a
// time ('eliminate UNIT'), and then the phase ends. The Reserve Movement
// Phase (15.2) is a Movement Phase too.

// stackCheck is when the game's version holds the stacking limit.
func (g *Game) stackCheck() hexwar.StackCheck {
	if g.ver.stackAtPhaseEnd {
		return hexwar.StackPhaseEnd
	}
	return hexwar.StackEachMove
}

// movementPhase reports whether the phase is one of moves, whose end holds
// the stacking limit (7.2).
func (g *Game) movementPhase() bool {
	return g.s.Phase == PhaseMovement || g.s.Phase == PhaseReserveMovement
}

// excess is the first of the phasing side's hexes over the limit and its
// units, in index order, where the version holds the limit at the end of a
// phase; ok is false when none is over it, or the version holds it at each
// move's end (where no hex is over it).
func (g *Game) excess() (hex string, units []int, ok bool) {
	if g.stackCheck() != hexwar.StackPhaseEnd {
		return "", nil, false
	}
	a, us, ok := hexwar.Excess(position{g}, g.s.Side, g.stacking)
	if !ok {
		return "", nil, false
	}
	return g.b.id(a), us, true
}

// stackingProcedure is the wait for the owner's picks (7.2), between the
// phasing player's 'end' and the end of the phase: it is under way while a
// hex of the phasing side is over the limit after that 'end'.
var stackingProcedure = hexwar.Procedure[*Game]{Name: "stacking",
	Active: func(g *Game) bool { return g.s.StackCheck },
	Pending: func(g *Game, p *rules.Pending) {
		h, units, _ := g.excess()
		p.Seats = []rules.Seat{g.owner(units[0])} // 24.0: a mixed stack is its first unit's owner's
		p.Prompt = fmt.Sprintf("%s holds %d stacking points, more than %d, at the end of the %s: eliminate a unit of it, your pick, until it is within the limit (7.2): 'eliminate UNIT'",
			h, g.stackOf(units), stackLimit, phaseRules[g.s.Phase].Name)
	},
	Choices: func(g *Game) []rules.Choice {
		h, units, _ := g.excess()
		var out []rules.Choice
		for _, i := range units {
			out = append(out, rules.Choice{Command: "eliminate " + g.unit(i).ID, Piece: g.unit(i).ID,
				Note: fmt.Sprintf("eliminate it: %s is over the stacking limit (7.2)", h)})
		}
		return out
	},
	Commands: hexwar.Commands[*Game]{{Verb: "eliminate", Apply: (*Game).eliminateExcess}},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		h, _, _ := g.excess()
		return nil, rules.Refuse("7.2", "the %s is over; %s is over the stacking limit, and its owner eliminates a unit of it first: 'eliminate UNIT'", phaseRules[g.s.Phase].Name, h)
	},
}

// eliminateExcess takes the owner's pick of a unit over the limit (7.2), and
// ends the phase once every hex is within it.
func (g *Game) eliminateExcess(seat rules.Seat, text string) ([]rules.Event, error) {
	c, err := ParseCombatCommand(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	h, units, _ := g.excess()
	k := slices.IndexFunc(units, func(i int) bool { return g.unit(i).ID == c.Units[0] })
	if k < 0 {
		return nil, rules.Refuse("7.2", "%s does not stand in %s, the hex over the stacking limit", c.Units[0], h)
	}
	i := units[k]
	g.eliminate(i)
	events := []rules.Event{{Seat: seat, Text: fmt.Sprintf("%s in %s is eliminated: the hex was over the stacking limit at the end of the %s (7.2)",
		g.unit(i).ID, h, phaseRules[g.s.Phase].Name)}}
	if _, _, over := g.excess(); over {
		return events, nil
	}
	g.s.StackCheck = false
	more, err := g.closeStage()
	return append(events, more...), err
}
