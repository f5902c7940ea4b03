package normandy44

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkReserveCombatPhase: a random attack declared and resolved in a
// Reserve Combat Phase (15.3) reached by random Cherbourg games: the
// positions are those where a side holding units in Reserve may attack.
func BenchmarkReserveCombatPhase(b *testing.B) {
	var pos []*Game
	for _, g := range combatPositions(b, 200) {
		if g.s.Phase == PhaseReserveCombat {
			pos = append(pos, g)
		}
	}
	if len(pos) == 0 {
		b.Skip("no Reserve Combat Phase with an attack in the random games")
	}
	b.ReportMetric(float64(len(pos)), "positions")
	rnd := rand.New(rand.NewPCG(1, 2))
	for k := 0; b.Loop(); k++ {
		g := pos[k%len(pos)].Clone().(*Game)
		resolveRandomAttack(b, g, rnd)
	}
}
