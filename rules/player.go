package rules

import (
	"math/rand/v2"
	"strings"
)

// RandomPlayer is the random legal player of an engine that has none of its
// own: a command drawn uniformly from those Legal lists for seat, templates
// ("play <text>") left out; "" when there is none.
func RandomPlayer(g Game, seat Seat, rnd *rand.Rand) string {
	var commands []string
	for _, c := range g.Legal(seat) {
		if !strings.Contains(c.Command, "<") {
			commands = append(commands, c.Command)
		}
	}
	if len(commands) == 0 {
		return ""
	}
	return commands[rnd.IntN(len(commands))]
}
