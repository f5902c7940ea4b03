package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// nightBridge is a bridge 0606/0607 (a secondary road across a river), the
// Allied defender in 0606 and a German attacker in 0607 across it.
func nightBridge(version string) fixture {
	return fixture{
		sides:   [][3]string{{"0606", "0607", "river"}},
		roads:   [][]string{{"secondary", nb("0607", 0), "0607", "0606", nb("0606", 3)}},
		setup:   []string{"4/8/2 0606", "12/27 0607"},
		version: version,
	}
}

// 25.3.6 (L1507: at night a bridge is blown only "podczas Ataku wroga
// (7.4) w trakcie Nocnej Fazy Walki przeciwnika"), 7.2 (L316: "Obaj gracze
// mogą wysadzać mosty"): in the German Night Combat Phase the Allied
// defender may blow the bridge the Germans attack across, and is offered
// it; in his own Night Combat Phase he may not, nor on the first Night
// (7.6). Under ardennes44/3 only the German player blew bridges at night.
func TestBridges_AlliesBlowAgainstAGermanNightAttack_25_3_6(t *testing.T) {
	sd := sideKey("0606", "0607")
	g := nightBridge("").game(t, 4, PhaseNightCombat, German) // the second Night
	if why := g.mayBlow(Allied, sd, true); why != "" {
		t.Errorf("German Night Combat Phase: the Allies may not try %s: %s (25.3.6)", sd, why)
	}
	st(g, "12/27").Night = true // only units under Night markers attack (25.3.2)
	g.enterForTest()
	apply(t, g, German, "attack 0606 from 0607 with 12/27")
	p := g.Pending()
	if len(p.Seats) != 1 || Side(p.Seats[0]) != Allied || !slices.ContainsFunc(g.Legal(p.Seats[0]), func(c rules.Choice) bool { return c.Command == string(CmdDemolish) }) {
		t.Errorf("the Allies are not offered the demolition of %s against the German night attack (7.4, 25.3.6): %s", sd, p.Prompt)
	}

	own := nightBridge("").game(t, 4, PhaseNightCombat, Allied)
	if why := own.mayBlow(Allied, sd, true); !strings.Contains(why, "25.3.6") {
		t.Errorf("Allied Night Combat Phase: the Allies may try %s in their own phase (%q), want 25.3.6's refusal", sd, why)
	}
	first := nightBridge("").game(t, 2, PhaseNightCombat, German)
	if why := first.mayBlow(Allied, sd, true); !strings.Contains(why, "7.6") {
		t.Errorf("the first Night: the Allies may try %s (%q), want 7.6's refusal", sd, why)
	}
	old := nightBridge("ardennes44/3").game(t, 4, PhaseNightCombat, German)
	if why := old.mayBlow(Allied, sd, true); !strings.Contains(why, "only the German player") {
		t.Errorf("ardennes44/3: the Allies may try %s at night (%q), want the refusal it played", sd, why)
	}
}

// 7.2 (L316: one demolition attempt "w trakcie tury gracza"), 25.1 (L1451:
// at night each player has a player turn of his own, the Allies' first,
// opening with its Night Replacement Phase), AMB-8: a German attempt
// against the Allied PM attack does not bar one against the Allied Night
// attack, nor an Allied attempt in the Allied Night turn one in the German
// Night turn; within a player turn the attempt stays one. Under
// ardennes44/3 the attempts were cleared only in the day's Artillery
// Supply Phase.
func TestBridges_OneAttemptEachNightPlayerTurn_7_2(t *testing.T) {
	sd := sideKey("0606", "0607")
	for _, tc := range []struct {
		phasing, tried Side
	}{{Allied, German}, {German, Allied}} {
		g := nightBridge("").game(t, 4, PhaseNightRepl, tc.phasing)
		g.s.Tried = append(g.s.Tried, string(tc.tried)+":"+sd) // in the player turn before
		g.enterForTest()
		if why := g.mayBlow(tc.tried, sd, true); why != "" {
			t.Errorf("the %s Night turn: the %s player may not try %s again: %s (7.2, AMB-8)", tc.phasing, tc.tried, sd, why)
		}
		g.s.Tried = append(g.s.Tried, string(tc.tried)+":"+sd) // tried in this one
		if why := g.mayBlow(tc.tried, sd, true); !strings.Contains(why, "AMB-8") {
			t.Errorf("the %s Night turn: the %s player may try %s twice (%q), want AMB-8's refusal", tc.phasing, tc.tried, sd, why)
		}
	}
	old := nightBridge("ardennes44/3").game(t, 4, PhaseNightRepl, Allied)
	old.s.Tried = append(old.s.Tried, string(German)+":"+sd)
	old.enterForTest()
	if why := old.mayBlow(German, sd, true); !strings.Contains(why, "AMB-8") {
		t.Errorf("ardennes44/3: the German attempt against the Allied PM attack was forgotten in the Allied Night turn (%q); it was kept", why)
	}
}
