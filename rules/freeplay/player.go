package freeplay

import (
	"fmt"
	"math/rand/v2"

	"github.com/pbem-referee/pbem/rules"
)

// RandomCommand is a random legal command for seat, or "" when seat may not
// act: a move described in words, a roll, or the end of the turn. It serves
// tests and the demo.
func RandomCommand(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
	if len(g.Legal(seat)) == 0 {
		return ""
	}
	switch rnd.IntN(4) {
	case 0:
		return "pass"
	case 1:
		return fmt.Sprintf("roll %dd6 for attack on %02d%02d", 1+rnd.IntN(2), 24+rnd.IntN(5), 8+rnd.IntN(7))
	}
	units := []string{"82nd Airborne", "4th Infantry", "709th Division", "91st Division", "6th Parachute"}
	return fmt.Sprintf("play %s moves to %02d%02d", units[rnd.IntN(len(units))], 24+rnd.IntN(5), 8+rnd.IntN(7))
}
