package ardennes44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// 11.3 (L503: Tactical Movement goes "do dwóch heksów", up to two hexes),
// 13.1 (L622: a reinforcement pays the cost of the first hex it enters):
// a reinforcement's entry hex is the first of its 2 hexes, so by Tactical
// Movement it enters at 0301 and goes 1 hex further, and Legal offers no
// more. Under ardennes44/3 it went 2 hexes past the entry hex.
func TestTactical_EntryHexIsTheFirst_11_3(t *testing.T) {
	p1, p2 := nb("0301", 5), nb(nb("0301", 5), 5)
	three := "move 4/8/2 0301 " + p1 + " " + p2 + " tactical"
	two := "move 4/8/2 0301 " + p1 + " tactical"
	g := entryFixture.game(t, 3, PhaseMovement, Allied)
	g.enterForTest()
	_, err := g.Clone().(*Game).Apply(rules.Seat(Allied), three)
	refused(t, err, "11.3")
	// Out of supply it moves only by Tactical Movement (23.4): Legal offers
	// the entry hex and 1 hex more at most.
	oos := g.Clone().(*Game)
	st(oos, "4/8/2").OOS = true
	moves := 0
	for _, c := range choicesFor(oos, Allied, "4/8/2") {
		if strings.HasPrefix(c, "move ") {
			moves++
			if len(strings.Fields(c)) > 5 {
				t.Errorf("Legal offers %q: 3 hexes by Tactical Movement (11.3)", c)
			}
		}
	}
	if moves == 0 {
		t.Errorf("Legal offers no Tactical Movement onto the map: %v", choicesFor(oos, Allied, "4/8/2"))
	}
	apply(t, g, Allied, two)
	if at(g, "4/8/2") != p1 {
		t.Errorf("4/8/2 at %s, want %s", at(g, "4/8/2"), p1)
	}

	f := entryFixture
	f.version = "ardennes44/3"
	old := f.game(t, 3, PhaseMovement, Allied)
	old.enterForTest()
	apply(t, old, Allied, three)
	if at(old, "4/8/2") != p2 {
		t.Errorf("ardennes44/3: 4/8/2 at %s, want %s as it played", at(old, "4/8/2"), p2)
	}
}
