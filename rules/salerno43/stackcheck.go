package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The stacking limit (4.4, L244-248): it may be exceeded only during
// movement, retreat or advance, and the phasing player holds it at the end
// of his Movement and Combat Phases and before each of his breakthroughs
// and Auto DS; the excess units are eliminated, the owner choosing which.
// Moves may end over the limit (hexwar.StackPhaseEnd), and before
// salerno43/4 advances too (from it no advance does, 14.1); when
// the phasing player ends either phase, he eliminates a unit of each hex
// still over it, his pick, at a time ('eliminate UNIT'), and then the phase
// ends. Before a breakthrough (15.0) and an Auto DS (8.7.1) he may
// eliminate the same way in his phase, and must, for they are refused
// while a hex of his is over the limit. A defender's retreat may end over
// the limit too (12.1.4): his own next Movement Phase's end checks it.

// stackLimit is 4.1-4.3 as the series reads a stacking limit.
func (g *Game) stackLimit(units []int, join int) *rules.Refusal {
	var us []*Unit
	for _, j := range units {
		if j != join {
			us = append(us, &g.sc.Units[j])
		}
	}
	if join >= 0 {
		us = append(us, &g.sc.Units[join])
	}
	if pts := stackingPoints(us); pts > StackingLimit {
		return &rules.Refusal{Rule: "4.1", Reason: fmt.Sprintf("would hold %d stacking points; the limit is %d", pts, StackingLimit)}
	}
	return nil
}

// excess is the first of the phasing side's hexes over the limit and its
// units; ok is false when none is over it.
func (g *Game) excess() (string, []int, bool) {
	a, us, ok := hexwar.Excess(g.pos(), g.s.Side, g.stackLimit)
	if !ok {
		return "", nil, false
	}
	return g.b.ID(a), us, true
}

// stackingProcedure waits for the owner's picks (4.4) between the phasing
// player's 'end' and the end of the Movement or Combat Phase.
var stackingProcedure = hexwar.Procedure[*Game]{Name: "stacking",
	Active: func(g *Game) bool { return g.s.StackCheck },
	Pending: func(g *Game, p *rules.Pending) {
		h, units, _ := g.excess()
		p.Seats = []rules.Seat{rules.Seat(g.s.Side)}
		var us []*Unit
		for _, i := range units {
			us = append(us, &g.sc.Units[i])
		}
		p.Prompt = fmt.Sprintf("%s holds %d stacking points, more than %d, at the end of the %s: eliminate a unit of it, your pick, until it is within the limit (4.4): 'eliminate UNIT'",
			h, stackingPoints(us), StackingLimit, phaseRules[g.s.Phase].Name)
	},
	Choices:  (*Game).excessChoices,
	Commands: hexwar.Commands[*Game]{{Verb: "eliminate", Apply: (*Game).eliminateExcess}},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		h, _, _ := g.excess()
		return nil, rules.Refuse("4.4", "the %s is over; %s is over the stacking limit, and its owner eliminates a unit of it first: 'eliminate UNIT'", phaseRules[g.s.Phase].Name, h)
	},
}

// excessChoices lists the units of the first hex over the limit, each an
// 'eliminate' the owner may pick (4.4).
func (g *Game) excessChoices() []rules.Choice {
	h, units, _ := g.excess()
	var out []rules.Choice
	for _, i := range units {
		id := g.sc.Units[i].ID
		out = append(out, rules.Choice{Command: "eliminate " + id, Piece: id, Note: fmt.Sprintf("%s is over the stacking limit (4.4)", h)})
	}
	return out
}

// eliminateExcess takes the owner's pick of a unit over the limit (4.4), and
// ends the phase once every hex is within it.
func (g *Game) eliminateExcess(seat rules.Seat, text string) ([]rules.Event, error) {
	events, err := g.eliminatePick(seat, text)
	if err != nil {
		return nil, err
	}
	if _, _, over := g.excess(); over {
		return events, nil
	}
	g.s.StackCheck = false
	if ev := g.boundaryAtEnd(); ev != nil {
		return append(events, ev...), nil
	}
	events = append(events, rules.Event{Seat: rules.Seat(g.s.Side), Text: g.phaseName() + " ends"})
	return append(events, g.nextStage()...), nil
}

// eliminateBefore is 'eliminate UNIT' in the Combat Phase, before the
// phase ends: the phasing player brings a hex within the limit so that a
// breakthrough may follow (4.4, 15.0).
func (g *Game) eliminateBefore(seat rules.Seat, text string) ([]rules.Event, error) {
	if _, _, over := g.excess(); !over {
		return nil, rules.Refuse("4.4", "no hex of yours is over the stacking limit: units are eliminated only to bring one within it")
	}
	return g.eliminatePick(seat, text)
}

// eliminatePick eliminates the owner's pick among the units of the first
// hex over the limit (4.4).
func (g *Game) eliminatePick(seat rules.Seat, text string) ([]rules.Event, error) {
	w := strings.Fields(text)
	if len(w) != 2 || strings.Join(w, " ") != text {
		return nil, fmt.Errorf("%w: want 'eliminate UNIT' in %q", ErrCommand, text)
	}
	h, units, _ := g.excess()
	k := slices.IndexFunc(units, func(i int) bool { return g.sc.Units[i].ID == w[1] })
	if k < 0 {
		return nil, rules.Refuse("4.4", "%s does not stand in %s, the hex over the stacking limit", w[1], h)
	}
	g.eliminate(units[k])
	return []rules.Event{{Seat: seat, Text: fmt.Sprintf("%s in %s is eliminated: the hex was over the stacking limit in the %s (4.4)", w[1], h, phaseRules[g.s.Phase].Name)}}, nil
}

// refuseOverstacked refuses what 4.4 allows only within the limit (a
// breakthrough, an Auto DS) while a hex of the phasing side is over it.
func (g *Game) refuseOverstacked(rule, what string) error {
	h, _, over := g.excess()
	if !over {
		return nil
	}
	return rules.Refuse(rule, "stacking must be within the limit before %s: %s is over it; eliminate a unit of it first, your pick ('eliminate UNIT', 4.4)", what, h)
}

// overLimitAtEnd starts the owner's picks when the Movement or Combat
// Phase ends with a hex over the limit (4.4).
func (g *Game) overLimitAtEnd() []rules.Event {
	if g.s.Phase != PhaseMovement && g.s.Phase != PhaseCombat {
		return nil
	}
	h, _, over := g.excess()
	if !over {
		return nil
	}
	g.s.StackCheck = true
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s is over the stacking limit at the end of the %s: its owner eliminates units of it, his pick, until it is within it (4.4)", h, phaseRules[g.s.Phase].Name)}}
}

// overLimitWords says what unit i ending a move in a brings about when the
// hex is then over the limit (4.4), "" when it is within it.
func (g *Game) overLimitWords(a hex.Axial, i int) string {
	pts := g.stackingWith(a, g.sc.Units[i].Side, i)
	if pts <= StackingLimit {
		return ""
	}
	return fmt.Sprintf("holds %d stacking points, over the limit of %d: unless units leave it, its owner eliminates units of it, his pick, at the end of the phase (4.4)", pts, StackingLimit)
}

// excessWords says that a hex of the phasing side is over the limit after
// an advance, and what 4.4 asks of it, "" when none is.
func (g *Game) excessWords() string {
	h, units, over := g.excess()
	if !over {
		return ""
	}
	var us []*Unit
	for _, i := range units {
		us = append(us, &g.sc.Units[i])
	}
	return fmt.Sprintf("%s holds %d stacking points, over the limit of %d: before a breakthrough and at the end of the phase its owner eliminates units of it, his pick, until it is within it (4.4)", h, stackingPoints(us), StackingLimit)
}
