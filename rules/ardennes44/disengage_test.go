package ardennes44

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// surroundedEngaged is a game under version in the Allied Combat Phase of
// turn 3: 99/394, Engaged in target with a German unit on each of its six
// sides, tries to disengage and rolls a Yes (1, +1 Green: 2).
func surroundedEngaged(t *testing.T, version string) (*Game, string) {
	t.Helper()
	setup := []string{"99/394 " + target}
	for d, id := range []string{"12/27", "12/48", "12/89", "272/980", "272/981", "272/982"} {
		setup = append(setup, id+" "+around(hex.Direction(d)))
	}
	g := fixture{version: version, setup: setup}.game(t, 3, PhaseCombat, Allied)
	st(g, "99/394").ENG = true
	g.enterForTest()
	apply(t, g, Allied, "disengage 99/394")
	events := roll(t, g, 1)
	return g, fmt.Sprint(events)
}

// 20.3 (L1160): on a Yes "Jednostka musi wycofać się o jeden lub dwa heksy
// przestrzegając zasad 17.2", and 17.2 (L993) eliminates units "niezdolne
// do wycofania się o odpowiednią ilość heksów": 99/394, Engaged, with no
// hex to withdraw to, is eliminated, as a unit not Engaged is (20.4).
func TestDisengage_YesWithNoWayOutEliminates_20_3(t *testing.T) {
	g, events := surroundedEngaged(t, "")
	if at := at(g, "99/394"); at != deadBox {
		t.Errorf("99/394 in %s after a Yes with no withdrawal; want it eliminated (20.3, 17.2)", at)
	}
	if !strings.Contains(events, "17.2") {
		t.Errorf("events %s; want the elimination told, citing 17.2", events)
	}
}

// ardennes44/4 and older left it in its hex.
func TestDisengage_V4YesWithNoWayOutStays(t *testing.T) {
	g, _ := surroundedEngaged(t, "ardennes44/4")
	if at := at(g, "99/394"); at != target {
		t.Errorf("ardennes44/4: 99/394 in %s; that version left it in %s", at, target)
	}
}
