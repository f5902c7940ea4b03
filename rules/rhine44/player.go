package rhine44

import (
	"math/rand/v2"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// playWeights weight the random player's choice among the kinds of command
// Legal lists, so that random games both act and end: corps move and
// supply flows, the German Reaction mostly places markers (the game's clock,
// R16.2), and free transfers are rare enough not to loop.
var playWeights = map[string]int{
	"move": 30, "step": 40, "stop": 8, "supply": 14, "trucks": 8, "transport": 8, "air": 3, "recon": 4,
	"resistance": 6, "drop": 1, "load": 4, "unload": 1, "end": 6, "undo": 1,
	"axis": 40, "counter": 6, "feed": 1, "market": 1, "decline": 1, "return": 1, "commander": 6,
}

// RandomCommand is a random legal command for seat, "" when it has none:
// the engine's player for the demo, tests and benchmarks.
func RandomCommand(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	byKind := map[string][]string{}
	var kinds []string
	for _, c := range g.Legal(seat) {
		if strings.Contains(c.Command, "<") {
			continue
		}
		kind, _, _ := strings.Cut(c.Command, " ")
		if byKind[kind] == nil {
			kinds = append(kinds, kind)
		}
		byKind[kind] = append(byKind[kind], c.Command)
	}
	if len(kinds) == 0 {
		return ""
	}
	acting := false
	for _, k := range []string{"move", "supply", "trucks", "transport", "commander", "air", "drop"} {
		acting = acting || byKind[k] != nil
	}
	weight := func(kind string) int {
		if kind == "end" && !acting {
			return 40 // nothing left to do but free transfers
		}
		if w, ok := playWeights[kind]; ok {
			return w
		}
		return 1
	}
	total := 0
	for _, k := range kinds {
		total += weight(k)
	}
	n := rnd.IntN(total)
	for _, k := range kinds {
		if n -= weight(k); n < 0 {
			return pick(g, seat, byKind[k], rnd)
		}
	}
	return ""
}

// pick chooses among commands of a kind; a move or step mostly goes to a
// field the player does not hold yet, where the race goes on.
func pick(g rules.Game, seat rules.Seat, list []string, rnd *rand.Rand) string {
	if game, ok := g.(*Game); ok && rnd.IntN(4) > 0 {
		var ahead []string
		for _, c := range list {
			w := strings.Fields(c)
			if (w[0] == "step" || w[0] == "move" || w[0] == "commander") && game.controller(w[len(w)-1]) != seat {
				ahead = append(ahead, c)
			}
		}
		if len(ahead) > 0 {
			list = ahead
		}
	}
	return list[rnd.IntN(len(list))]
}
