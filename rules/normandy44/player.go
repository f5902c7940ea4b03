package normandy44

import (
	"math/rand/v2"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// RandomCommand picks a legal command for seat at random, from the source the
// caller gives (for tests, the demo and benchmarks: the engine itself never
// draws). It returns "" when seat has nothing to do, including while dice are
// awaited. A Movement or Combat Phase is ended with probability 1 in 8 at
// each pick, so that random games both move and go on; a standing order (or
// an airborne division's evacuation) is given with probability 1 in 16 where
// they are listed. Reserve markers (15.1) and IPs (16.1.3) are placed with
// probability 1 in 10 at each pick of a Movement Phase where they may be
// (their removal is among those picks only one time in 4). In a game of
// three or four players (24.0) call it for the seat Pending names: Legal
// lists only that seat's own commands.
func RandomCommand(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	choices := g.Legal(seat)
	if len(choices) == 0 {
		return ""
	}
	var orders, markers []rules.Choice
	// The moves by their places in choices: a Movement Phase lists
	// thousands, which the random players draw from at every pick.
	var moves []int32
	end := ""
	for k, c := range choices {
		switch {
		case c.Command == "end":
			end = c.Command
		case strings.Contains(c.Command, "<"):
			// A template, not a command.
		case strings.HasPrefix(c.Command, "reserve "), strings.HasPrefix(c.Command, "entrench "):
			markers = append(markers, c)
		case strings.HasPrefix(c.Command, "unreserve "), strings.HasPrefix(c.Command, "remove-ip "):
			// Only now and then: a random player that took its markers
			// off as often as it put them on would seldom hold a Reserve
			// phase or complete an IP.
			if rnd.IntN(4) == 0 {
				markers = append(markers, c)
			}
		case strings.HasPrefix(c.Command, "order ") || strings.HasPrefix(c.Command, "if-retreat "),
			// 22.2: evacuating a whole airborne division ends its part in the
			// game; a random player that did so whenever it could would play
			// most games without the 82nd and 101st.
			strings.HasPrefix(c.Command, "evacuate-division "):
			orders = append(orders, c)
		default:
			moves = append(moves, int32(k))
		}
	}
	// Orders now and then, so that random games play combats both with
	// and without them.
	if len(orders) > 0 && rnd.IntN(16) == 0 {
		return orders[rnd.IntN(len(orders))].Command
	}
	if len(markers) > 0 && rnd.IntN(10) == 0 {
		return markers[rnd.IntN(len(markers))].Command
	}
	if len(moves) == 0 || (end != "" && rnd.IntN(8) == 0) {
		return end
	}
	return choices[moves[rnd.IntN(len(moves))]].Command
}
