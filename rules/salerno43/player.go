package salerno43

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// RandomCommand picks a legal command for seat at random, from the source
// the caller gives (tests, the demo, benchmarks: the engine itself never
// draws); "" when seat has nothing to do. In a Movement Phase it moves a
// unit that has not moved, or lands one, and ends the phase one time in 10
// or when nothing is left; in a Combat Phase it attacks and ends one time
// in 5, and tries a disengagement (optional 25.1) one time in 10; elsewhere
// it takes any listed command, ending one time in 3.
func RandomCommand(rg rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	g, ok := rg.(*Game)
	if !ok {
		return rules.RandomPlayer(rg, seat, rnd)
	}
	p := g.Pending()
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return ""
	}
	choices := g.Legal(seat)
	if len(choices) == 0 {
		return ""
	}
	var main, orders []rules.Choice
	end := ""
	for _, c := range choices {
		switch {
		case c.Command == "end":
			end = c.Command
		case strings.HasPrefix(c.Command, "order "):
			orders = append(orders, c)
		default:
			main = append(main, c)
		}
	}
	if len(orders) > 0 && (rnd.IntN(16) == 0 || (len(main) == 0 && end == "")) {
		return orders[rnd.IntN(len(orders))].Command
	}
	quit := 3
	switch {
	case g.s.Combat != nil:
		quit = 0
	case g.s.Phase == PhaseMovement:
		quit = 10
	case g.s.Phase == PhaseCombat:
		quit = 5
	}
	if len(main) == 0 || (end != "" && quit > 0 && rnd.IntN(quit) == 0) {
		if end != "" {
			return end
		}
	}
	if len(main) == 0 {
		return ""
	}
	if g.s.Phase == PhaseMovement && g.s.Combat == nil {
		// one unit at random, then one of its moves: every unit as likely
		units := []string{}
		for _, c := range main {
			if !slices.Contains(units, c.Piece) {
				units = append(units, c.Piece)
			}
		}
		u := units[rnd.IntN(len(units))]
		var its []rules.Choice
		for _, c := range main {
			rare := strings.HasSuffix(c.Command, " ext") || strings.HasPrefix(c.Command, "shatter ")
			if c.Piece == u && (!rare || rnd.IntN(20) == 0) {
				its = append(its, c)
			}
		}
		if len(its) > 0 {
			return its[rnd.IntN(len(its))].Command
		}
	}
	if g.s.Phase == PhaseCombat && g.s.Combat == nil && g.s.Disengage == nil {
		// a disengagement (25.1) one time in 10, so that attacks are made
		var fights, tries []rules.Choice
		for _, c := range main {
			if strings.HasPrefix(c.Command, "disengage ") {
				tries = append(tries, c)
			} else {
				fights = append(fights, c)
			}
		}
		if len(tries) > 0 && rnd.IntN(10) == 0 {
			return tries[rnd.IntN(len(tries))].Command
		}
		if len(fights) == 0 && end != "" {
			return end
		}
		if len(fights) > 0 {
			main = fights
		}
	}
	return main[rnd.IntN(len(main))].Command
}
