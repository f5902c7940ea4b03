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

// advanceBridge is a game under version where 12/27, in a (next to 0606),
// has attacked 4/8/2 in 0606 (5:2 = 2-1, whose 6 is DR2) and 4/8/2 has
// retreated; a bridge, a secondary road across a river, crosses a/b, b
// the hex beyond a away from 0606, and 99/394 stands beyond b to blow it.
// extra are the fixture's [special] lines ("ouren a/b").
func advanceBridge(t *testing.T, version string, extra ...string) (g *Game, a, b string) {
	t.Helper()
	a = around(0)
	b = nb(a, 0)
	f := fixture{version: version,
		sides: [][3]string{{a, b, "river"}},
		roads: [][]string{{"secondary", a, b, nb(b, 0)}},
		setup: []string{"4/8/2 " + target, "12/27 " + a, "99/394 " + nb(b, 0)}}
	for _, e := range extra {
		f.extra += strings.ReplaceAll(e, "a/b", sideKey(a, b)) + "\n"
	}
	g = f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27")
	roll(t, g, 6)
	retreatFirst(t, g)
	if len(offered(g, "advance 12/27 "+b)) == 0 {
		t.Fatalf("12/27's advance across the bridge into %s is not offered: %s", b, g.Pending().Prompt)
	}
	return g, a, b
}

// 7.4 (L338: the defender may blow a bridge "kiedykolwiek jedn. wroga
// pragnie zaatakować lub przekroczyć heks z mostem"): when 12/27 would
// advance across a bridge, the Allies are offered its demolition, at +1 in
// their enemy's Combat Phase (7.5); blown (1+1), it is no bridge, the
// attacker decides his advance again and the attempt is spent (7.2); if it
// stands (6+1), the advance goes on across it.
func TestBridges_BlowAgainstAnAdvance_7_4(t *testing.T) {
	g, a, b := advanceBridge(t, "")
	sd := sideKey(a, b)
	decide(t, g, "advance 12/27 "+b)
	if at(g, "12/27") != a || g.s.Combat == nil {
		t.Fatalf("12/27 in %s, combat over %v: the advance crossed the bridge before the Allies could blow it (7.4)", at(g, "12/27"), g.s.Combat == nil)
	}
	decide(t, g, string(CmdDemolish))
	roll(t, g, 1)
	if !slices.Contains(g.combat().in.blown, sd) {
		t.Fatalf("%s not blown by 1+1 (7.2, 7.5): %s", sd, g.Pending().Prompt)
	}
	if len(offered(g, "advance-done")) == 0 {
		t.Fatalf("the attacker does not decide his advance again after the blow: %s", g.Pending().Prompt)
	}
	decide(t, g, "advance-done")
	if !g.bridgeOut(sd) || !slices.Contains(g.s.Tried, string(Allied)+":"+sd) || at(g, "12/27") != a {
		t.Errorf("after the combat: %s out %v, tried %v, 12/27 in %s; want it blown, the attempt spent, 12/27 in %s",
			sd, g.bridgeOut(sd), g.s.Tried, at(g, "12/27"), a)
	}

	g, a, b = advanceBridge(t, "")
	decide(t, g, "advance 12/27 "+b)
	decide(t, g, string(CmdDemolish))
	roll(t, g, 6)
	if g.s.Combat != nil && len(offered(g, "advance-done")) > 0 {
		decide(t, g, "advance-done")
	}
	if at(g, "12/27") != b || g.bridgeOut(sideKey(a, b)) {
		t.Errorf("12/27 in %s, the bridge out %v: want it standing and crossed into %s", at(g, "12/27"), g.bridgeOut(sideKey(a, b)), b)
	}
}

// ardennes44/4 offered the demolition only against an attack: the advance
// across the bridge went on at once.
func TestBridges_V4NoBlowAgainstAnAdvance(t *testing.T) {
	g, _, b := advanceBridge(t, "ardennes44/4")
	decide(t, g, "advance 12/27 "+b)
	if g.s.Combat != nil && len(offered(g, string(CmdDemolish))) > 0 {
		t.Errorf("the demolition is offered against the advance under ardennes44/4: %s", g.Pending().Prompt)
	}
	if at(g, "12/27") != b {
		t.Errorf("12/27 in %s, want it advanced into %s at once", at(g, "12/27"), b)
	}
}

// 7.7 (L361: "Kiedy po raz pierwszy Niemiecka jednostka próbuje przejść,
// zaatakować, lub szturmować przez Most Ourthe gracz Aliancki rzuca
// kością"): a German advance first crossing the Ouren bridge has the Allies
// roll before it crosses, with no choice (it is checked, not blown); 1-4
// it collapses and the attacker decides his advance again, 5-6 it stands
// and the advance goes on; the check is made once.
func TestBridges_OurenCheckedByAnAdvance_7_7(t *testing.T) {
	g, a, b := advanceBridge(t, "", "ouren a/b")
	decide(t, g, "advance 12/27 "+b)
	if p := g.Pending(); p.Dice == nil || p.Dice.By != rules.Seat(Allied) || at(g, "12/27") != a {
		t.Fatalf("12/27 in %s, pending %q: want the Allied Ouren die before the advance crosses (7.7)", at(g, "12/27"), p.Prompt)
	}
	roll(t, g, 1)
	if len(offered(g, "advance-done")) == 0 {
		t.Fatalf("the attacker does not decide his advance again after the collapse: %s", g.Pending().Prompt)
	}
	decide(t, g, "advance-done")
	if g.s.Ouren != "collapsed" || !g.bridgeOut(sideKey(a, b)) || at(g, "12/27") != a {
		t.Errorf("Ouren %q, out %v, 12/27 in %s; want it collapsed and blown, 12/27 in %s", g.s.Ouren, g.bridgeOut(sideKey(a, b)), at(g, "12/27"), a)
	}
	if slices.Contains(g.s.Tried, string(Allied)+":"+sideKey(a, b)) {
		t.Errorf("the Ouren check spent an Allied demolition attempt: %v", g.s.Tried)
	}

	g, a, b = advanceBridge(t, "", "ouren a/b")
	decide(t, g, "advance 12/27 "+b)
	roll(t, g, 5)
	if g.s.Combat != nil && len(offered(g, "advance-done")) > 0 {
		decide(t, g, "advance-done")
	}
	if g.s.Ouren != "intact" || at(g, "12/27") != b {
		t.Errorf("Ouren %q, 12/27 in %s; want it intact and crossed into %s", g.s.Ouren, at(g, "12/27"), b)
	}
}

// ardennes44/4 checked the Ouren bridge for a move or an attack only: an
// advance crossed it unchecked.
func TestBridges_V4OurenNotCheckedByAnAdvance(t *testing.T) {
	g, _, b := advanceBridge(t, "ardennes44/4", "ouren a/b")
	decide(t, g, "advance 12/27 "+b)
	if at(g, "12/27") != b || g.s.Ouren != "" {
		t.Errorf("12/27 in %s, Ouren %q: want it across into %s, unchecked", at(g, "12/27"), g.s.Ouren, b)
	}
}
