package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 13.2.1, 13.3.2: DG and Shattered units cannot attack.
func TestDisorganizedCannotAttack_13_2_1(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	g.put(t, "1-64/16", "2617")
	i := g.put(t, "1-141/36", "2616")
	g.s.Units[i].Status = Disorganized
	rulestest.Refused(t, g, rules.Seat(Allied), "attack 2617 with 1-141/36 maf 36", "13.2.1", "cannot attack")
}

// 13.2.1: a DG unit moves only by TM; 13.3.1: a Shattered one moves by its
// MA; 13.3.2: but never next to an enemy unit unless friendly units not
// Shattered stand there.
func TestShatteredMovement_13_3(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "1-64/16", "2617")
	i := g.put(t, "1-141/36", "2615")
	g.s.Units[i].Status = Disorganized
	rulestest.Refused(t, g, rules.Seat(Allied), "move 1-141/36 2615 2715", "13.2.1", "TM")
	g.s.Units[i].Status = Shattered
	rulestest.Refused(t, g, rules.Seat(Allied), "move 1-141/36 2615 2616", "13.3.2", "Shattered")
	g.put(t, "142/36", "2616")
	rulestest.Apply(t, g, rules.Seat(Allied), "move 1-141/36 2615 2616")
}
