package ardennes44

import (
	"fmt"
	"strings"
	"testing"
)

// 27.1 (L1543): "Alianckie jedn. Inżynierów są eliminowane jeśli zostają
// Złamane": an Allied engineer is eliminated when it becomes Broken, by a
// combat retreat or by a D of the Disengagement Table on a Disrupted
// engineer (20.2, 20.3), whether it stays (No+D) or withdraws (Yes+D). Under
// ardennes44/3 the disengagement left it on the map, Broken.
func TestEngineers_BrokenByDisengagementEliminated_27_1(t *testing.T) {
	for _, tc := range []struct {
		version string
		die     int // on the Disengagement Table, +1 for the Green engineer
		dead    bool
	}{
		{"", 6, true},              // 7, read as 6: No+D
		{"", 3, true},              // 4: Yes+D, then its withdrawal
		{"ardennes44/3", 6, false}, // No+D, Broken on the map
		{"ardennes44/3", 3, false}, // Yes+D, Broken where it withdrew
	} {
		f := fixture{setup: []string{"291eng " + target, "12/27 " + around(0)}, version: tc.version}
		g := f.game(t, 3, PhaseCombat, Allied)
		st(g, "291eng").Status = statusDisrupted
		g.enterForTest()
		apply(t, g, Allied, "disengage 291eng")
		events := roll(t, g, tc.die)
		if ws := offered(g, "withdraw 291eng "); tc.die == 3 {
			if len(ws) == 0 {
				t.Fatalf("%q: no withdrawal offered after Yes+D", tc.version)
			}
			events = apply(t, g, Allied, ws[0])
		}
		u := st(g, "291eng")
		if dead := u.At == deadBox; dead != tc.dead {
			t.Errorf("%q, die %d: 291eng in %s, %q; want eliminated %v (27.1)", tc.version, tc.die, u.At, u.Status, tc.dead)
		}
		if said := strings.Contains(fmt.Sprint(events), "eliminated, an engineer made Broken (27.1)"); said != tc.dead {
			t.Errorf("%q, die %d: events %v; want the elimination told, citing 27.1: %v", tc.version, tc.die, events, tc.dead)
		}
		if !tc.dead && (!inPlay(u.At) || u.Status != statusBroken) {
			t.Errorf("%q, die %d: 291eng in %s, %q; want it on the map, Broken, as before", tc.version, tc.die, u.At, u.Status)
		}
	}
}
