package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The army boundary (S2.3.3): at most one 8th Army unit stands beyond the
// line (in the 5th Army's side of the map), at any distance; when more than
// one does at the end of the Allied Movement Phase, all but one are
// eliminated, the Allied player choosing the one that stays. The line binds
// the 8th Army only. A move that would end a second unit beyond it is
// refused; units that come there otherwise (a retreat, an advance) are
// counted at the end of the phase. The check follows the stacking picks (4.4) at the end
// of the phase:
//
//	keep UNIT                the 8th Army unit that stays across the line (S2.3.3)

func init() {
	syntaxes["keep"] = []slot{slotUnit}
}

// across are the 8th Army units on the map beyond the army boundary.
func (g *Game) across() []int {
	var out []int
	for i, u := range g.sc.Units {
		if h := g.s.Units[i].Hex; u.Eighth && h != "" && !g.inSector(h) {
			out = append(out, i)
		}
	}
	return out
}

// mayEndAcross refuses a move of unit i that would end beyond the line at
// a, with another 8th Army unit there already (S2.3.3).
func (g *Game) mayEndAcross(i int, a hex.Axial) error {
	if !g.sc.Units[i].Eighth || g.b.Zone(ZoneEighthArmy, a) {
		return nil
	}
	for _, j := range g.across() {
		if j != i {
			return rules.Refuse("S2.3.3", "%s stands across the army boundary already: at most one 8th Army unit ends its move beyond it", g.sc.Units[j].ID)
		}
	}
	return nil
}

// boundaryAtEnd starts the Allied pick when the Allied Movement Phase ends
// with more than one 8th Army unit across the line.
func (g *Game) boundaryAtEnd() []rules.Event {
	if g.s.Phase != PhaseMovement || g.s.Side != Allied || len(g.across()) < 2 {
		return nil
	}
	g.s.Boundary = true
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s stand across the army boundary at the end of the Movement Phase: the Allied player keeps one, the others are eliminated (S2.3.3)", g.acrossList())}}
}

func (g *Game) acrossList() string {
	var ids []string
	for _, i := range g.across() {
		ids = append(ids, g.sc.Units[i].ID)
	}
	return strings.Join(ids, ", ")
}

// boundaryProcedure waits for the Allied pick (S2.3.3).
var boundaryProcedure = hexwar.Procedure[*Game]{Name: "boundary",
	Active: func(g *Game) bool { return g.s.Boundary },
	Pending: func(g *Game, p *rules.Pending) {
		p.Seats = []rules.Seat{rules.Seat(Allied)}
		p.Prompt = fmt.Sprintf("only one 8th Army unit stays across the army boundary: keep one of %s, the others are eliminated (S2.3.3): 'keep UNIT'", g.acrossList())
	},
	Choices: func(g *Game) []rules.Choice {
		var out []rules.Choice
		for _, i := range g.across() {
			id := g.sc.Units[i].ID
			out = append(out, rules.Choice{Command: "keep " + id, Piece: id, Note: "the others across the army boundary are eliminated (S2.3.3)"})
		}
		return out
	},
	Commands: hexwar.Commands[*Game]{{Verb: "keep", Apply: parsed((*Game).keepAcross)}},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		return nil, rules.Refuse("S2.3.3", "the Movement Phase is over with %s across the army boundary: keep one first ('keep UNIT')", g.acrossList())
	},
}

// keepAcross takes the Allied pick, eliminates the other units across the
// line and ends the phase.
func (g *Game) keepAcross(c Command) ([]rules.Event, error) {
	across := g.across()
	k := slices.IndexFunc(across, func(i int) bool { return g.sc.Units[i].ID == c.Args[0] })
	if k < 0 {
		return nil, rules.Refuse("S2.3.3", "%s is no 8th Army unit across the army boundary (%s are)", c.Args[0], g.acrossList())
	}
	var events []rules.Event
	for _, i := range across {
		if i != across[k] {
			id, at := g.sc.Units[i].ID, g.s.Units[i].Hex
			g.eliminate(i)
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s in %s is eliminated: only %s stays across the army boundary (S2.3.3)", id, at, c.Args[0])})
		}
	}
	g.s.Boundary = false
	events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: g.phaseName() + " ends"})
	return append(events, g.nextStage()...), nil
}
