package normandy44

import (
	"math/rand/v2"

	"github.com/pbem-referee/pbem/rules"
)

// RandomCommand picks a legal command for seat at random, from the source the
// caller gives (for tests, the demo and benchmarks: the engine itself never
// draws). It returns "" when seat has nothing to do, including while dice are
// awaited. A Movement Phase is ended with probability 1 in 8 at each pick, so
// that random games both move and go on.
func RandomCommand(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	choices := g.Legal(seat)
	if len(choices) == 0 {
		return ""
	}
	var moves []rules.Choice
	end := ""
	for _, c := range choices {
		if c.Command == "end" {
			end = c.Command
		} else {
			moves = append(moves, c)
		}
	}
	if len(moves) == 0 || (end != "" && rnd.IntN(8) == 0) {
		return end
	}
	return moves[rnd.IntN(len(moves))].Command
}
