package ardennes44

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// RandomCommand picks a legal command for seat at random, from the source
// the caller gives (tests, the demo, benchmarks: the engine itself never
// draws); "" when seat has nothing to do. In a Movement Phase it picks a
// unit that has not moved and one of that unit's commands, ending the phase
// one time in 12 or when no unit is left; in a Combat Phase it attacks more
// often than it disengages and ends one time in 6; standing orders now and
// then; elsewhere any listed command.
func RandomCommand(rg rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	g, ok := rg.(*Game)
	if !ok {
		return rules.RandomPlayer(rg, seat, rnd)
	}
	p := g.Pending()
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return ""
	}
	if procedures.Top(g).Name == "phase" && (g.s.Phase == PhaseMovement || g.s.Phase == PhaseNightMove) {
		return g.randomMove(rnd)
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
		case strings.HasPrefix(c.Command, "order ") || strings.HasPrefix(c.Command, "if-"):
			orders = append(orders, c)
		case strings.HasPrefix(c.Command, "stay ") || strings.HasPrefix(c.Command, "breakdown ") || strings.HasPrefix(c.Command, "disengage "):
			if rnd.IntN(6) == 0 {
				main = append(main, c)
			}
		default:
			main = append(main, c)
		}
	}
	if len(orders) > 0 && rnd.IntN(16) == 0 {
		return orders[rnd.IntN(len(orders))].Command
	}
	quit := 10
	if g.s.Phase == PhaseSetup || g.s.Phase == PhaseTraffic || g.s.Phase == PhasePrelude {
		quit = 3
	}
	if len(main) == 0 || (end != "" && rnd.IntN(quit) == 0) {
		if end == "" && len(main) == 0 && len(orders) > 0 {
			return orders[rnd.IntN(len(orders))].Command
		}
		return end
	}
	return main[rnd.IntN(len(main))].Command
}

// moveEnd is the hex a move command ends in.
func (g *Game) moveEnd(command string) (hex.Axial, bool) {
	if !strings.HasPrefix(command, "move ") {
		return hex.Axial{}, false
	}
	mc, err := moveGrammar.Parse(command)
	if err != nil || mc.Has("exit") {
		return hex.Axial{}, false
	}
	a, ok := g.b.ids[mc.Path[len(mc.Path)-1]]
	return a, ok
}

// randomMove is a Movement Phase pick: a unit's command, or 'end'.
func (g *Game) randomMove(rnd *rand.Rand) string {
	if g.canEnd() == nil && rnd.IntN(12) == 0 {
		return "end"
	}
	g.memo = &memo{}
	defer func() { g.memo = nil }()
	var units []int
	for i, us := range g.s.Units {
		if g.sideOf(i) == g.s.Side && !us.Moved && (inPlay(us.At) || waiting(us.At)) && us.At != antwerpBox {
			units = append(units, i)
		}
	}
	rnd.Shuffle(len(units), func(x, y int) { units[x], units[y] = units[y], units[x] })
	occ := g.occupancy()
	for _, i := range units[:min(len(units), 8)] {
		cs := g.unitChoices(i)
		if len(cs) == 0 {
			continue
		}
		// Two times in three a move into contact, where there is one, so
		// that random games keep fighting.
		var contact []rules.Choice
		for _, c := range cs {
			if end, ok := g.moveEnd(c.Command); ok && g.nextToEnemy(end, g.s.Side, occ) {
				contact = append(contact, c)
			}
		}
		if len(contact) > 0 && rnd.IntN(3) > 0 {
			return contact[rnd.IntN(len(contact))].Command
		}
		return cs[rnd.IntN(len(cs))].Command
	}
	if id := g.stuckInEZOC(); id != "" {
		// 18.3: the phase waits for this unit to leave the enemy ZOC.
		if cs := g.unitMoves(g.index[id]); len(cs) > 0 {
			return cs[rnd.IntN(len(cs))].Command
		}
	}
	if g.canEnd() == nil {
		for _, c := range g.movementChoices() {
			if !strings.HasPrefix(c.Command, "move ") && rnd.IntN(4) == 0 {
				return c.Command
			}
		}
		return "end"
	}
	return ""
}
