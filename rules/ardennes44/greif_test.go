package ardennes44

import (
	"testing"
)

// finishCombatForTest plays the combat under way to its end: every die a
// 1, every decision the first offered.
func finishCombatForTest(t *testing.T, g *Game) {
	t.Helper()
	for k := 0; g.s.Combat != nil; k++ {
		if k > 40 {
			t.Fatalf("the combat does not end: %s", g.Pending().Prompt)
		}
		p := g.Pending()
		if p.Dice != nil {
			vals := make([]int, len(p.Dice.Sides))
			for j := range vals {
				vals[j] = 1
			}
			roll(t, g, vals...)
			continue
		}
		apply(t, g, Side(p.Seats[0]), g.Legal(p.Seats[0])[0].Command)
	}
}

// 36 (L1803: the Greif Commando "Zapewnia od karę +2 DRM dla próby
// Wysadzenia tego Mostu. Jest on usuwany po tym jak został użyty."): the
// +2 serves one attempt, the one the Allies make against a German attack
// across the bridge in the German Combat Phase (7.4) too; after it the
// marker is gone and a later attempt there has only 7.5's +1.
// ardennes44/4 took it off only after an attempt in a Bridge Phase, so
// every attempt against an attack kept the +2.
func TestGreif_UsedUpByAnAttemptAgainstAnAttack_36(t *testing.T) {
	sd := sideKey("0606", "0607")
	for _, tc := range []struct {
		version string
		want    string
		drm     int
	}{{"", greifUsed, 1}, {"ardennes44/4", sd, 3}} {
		g := nightBridge(tc.version).game(t, 3, PhaseCombat, German, OptGreif)
		g.s.Greif = sd
		g.enterForTest()
		if drm := g.demolitionDRM(Allied, sd, true); drm != 3 {
			t.Fatalf("%q: demolition DRM %+d with the Greif Commando, want +3 (7.5, 36)", tc.version, drm)
		}
		apply(t, g, German, "attack 0606 from 0607 with 12/27")
		decide(t, g, string(CmdDemolish))
		roll(t, g, 6) // 6+3: it stands (7.2)
		finishCombatForTest(t, g)
		if g.bridgeOut(sd) {
			t.Fatalf("%q: %s blown by 6+3", tc.version, sd)
		}
		if g.s.Greif != tc.want {
			t.Errorf("%q: the Greif Commando %q after the Allied attempt against the attack, want %q", tc.version, g.s.Greif, tc.want)
		}
		if drm := g.demolitionDRM(Allied, sd, true); drm != tc.drm {
			t.Errorf("%q: the next attempt at %s has %+d, want %+d", tc.version, sd, drm, tc.drm)
		}
	}
}

// 36, 7.4: an attempt against an advance across the bridge uses the
// Greif Commando up as well.
func TestGreif_UsedUpByAnAttemptAgainstAnAdvance_36(t *testing.T) {
	g, a, b := advanceBridge(t, "")
	sd := sideKey(a, b)
	g.s.Greif = sd
	decide(t, g, "advance 12/27 "+b)
	decide(t, g, string(CmdDemolish))
	roll(t, g, 6) // 6+3: it stands
	finishCombatForTest(t, g)
	if g.s.Greif != greifUsed {
		t.Errorf("the Greif Commando %q after the attempt against the advance, want it used (36)", g.s.Greif)
	}
}
