package normandy44

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// replayInputs gives g the inputs of a file of lines "SEAT: COMMAND" and
// "roll N...", '#' lines left out.
func replayInputs(t *testing.T, g *Game, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "roll "):
			var dice []int
			for _, w := range strings.Fields(line)[1:] {
				v, err := strconv.Atoi(w)
				if err != nil {
					t.Fatalf("%s:%d: %v", path, n, err)
				}
				dice = append(dice, v)
			}
			if _, err := g.Roll(dice); err != nil {
				t.Fatalf("%s:%d: %s: %v", path, n, line, err)
			}
		default:
			seat, cmd, ok := strings.Cut(line, ": ")
			if !ok {
				t.Fatalf("%s:%d: %q is no input", path, n, line)
			}
			if _, err := g.Apply(rules.Seat(seat), cmd); err != nil {
				t.Fatalf("%s:%d: %s: %v", path, n, line, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestStackCheck_EliminationEndsThePhase (7.2, 20.5.3): the Allied player
// ended a Movement Phase of the campaign with 2531 over the stacking limit
// and Sword-Eng in its approach box, which could not land then. Each
// elimination Legal offers in 2531 frees room for it; the phase's end was
// already let go, so the elimination ends the phase. It used to ask again
// whether Sword-Eng could land, refuse every elimination, and leave the game
// with no way on.
func TestStackCheck_EliminationEndsThePhase(t *testing.T) {
	g := shipped(t, "campaign")
	replayInputs(t, g, "testdata/stack-check-must-land.txt")
	if !g.s.StackCheck || g.s.Phase != PhaseMovement || g.s.Side != Allied {
		t.Fatalf("want the stack check of an Allied Movement Phase: %s", g.Pending().Prompt)
	}
	choices := g.Legal("allied")
	if len(choices) == 0 {
		t.Fatalf("no elimination offered: %s", g.Pending().Prompt)
	}
	for _, c := range choices {
		// What the check used to trip on: with the unit gone, Sword-Eng
		// can land (20.5.3).
		y := g.Clone().(*Game)
		y.eliminate(y.index[strings.TrimPrefix(c.Command, "eliminate ")])
		if id := y.mustLand(); id != "Sword-Eng" {
			t.Errorf("after %q, the unit that must land is %q, want Sword-Eng", c.Command, id)
		}
		x := g.Clone().(*Game)
		if _, err := x.Apply("allied", c.Command); err != nil {
			t.Errorf("%q, offered, is refused: %v", c.Command, err)
			continue
		}
		if x.s.StackCheck || x.s.Phase == PhaseMovement {
			t.Errorf("after %q: still the %s, stack check %v", c.Command, x.Pending().Phase, x.s.StackCheck)
		}
	}
}
