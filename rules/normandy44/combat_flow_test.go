package normandy44

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// newFlow opens a combat on a test map: the defenders at origin retreat on
// the map as it stands; the attackers advance on it with the defenders
// gone. Attackers without a FromHex attack from 0403.
func newFlow(t *testing.T, scn string, in CombatInput, origin string) (*Combat, *Game) {
	t.Helper()
	g := loadCombatMap(t, scn)
	for i := range in.Attackers {
		if in.Attackers[i].FromHex == "" {
			in.Attackers[i].FromHex = "0403"
		}
	}
	def := other(in.Attacker)
	retreat := combatMapOf(g, def, combat.IDs(units(in.Defenders))...)
	adv := loadCombatMap(t, scn)
	for _, d := range in.Defenders {
		if i, ok := adv.index[d.ID]; ok {
			adv.s.Units[i].At = ""
		}
	}
	c, err := NewCombat(in, g.b.layout, origin, retreat, combatMapOf(adv, in.Attacker, combat.IDs(units(in.Attackers))...))
	if err != nil {
		t.Fatal(err)
	}
	return c, g
}

func exampleInput(t testing.TB, name string) CombatInput {
	t.Helper()
	for _, c := range oddsCases() {
		if c.name == name {
			return c.in
		}
	}
	t.Fatalf("no odds case %s", name)
	return CombatInput{}
}

func mustRoll(t *testing.T, c *Combat, purpose RollPurpose, die int, orders Orders) combat.Await {
	t.Helper()
	if p := c.Next(orders); p.Roll != purpose {
		t.Fatalf("pending %v, want the %s roll", p, purpose)
	}
	if err := c.RollDie(purpose, die); err != nil {
		t.Fatal(err)
	}
	return c.Next(orders)
}

func mustDecide(t *testing.T, c *Combat, side Side, text string, orders Orders) combat.Await {
	t.Helper()
	cmd, err := ParseCombatCommand(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Decide(side, cmd); err != nil {
		t.Fatalf("%s: %v (pending %v)", text, err, c.Next(nil))
	}
	return c.Next(orders)
}

func wantPending(t *testing.T, p combat.Await, d DecisionKind, side Side) {
	t.Helper()
	if p.Decision != d || p.Side != string(side) || p.Done || p.Roll != "" {
		t.Fatalf("pending %v, want %s by %s", p, d, side)
	}
}

// P14 (L1770-1776), D1: the cadre's loss is forced, it is eliminated, no
// retreat, and the Germans may advance up to 2 hexes (13.4).
func TestCombatP14D1(t *testing.T) {
	in := exampleInput(t, "P14_10.3.3_11.6_german_attack")
	in.Defenders[0].Steps = 1
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 5, nil)
	if c.Result.Code != ResD1 || !slices.Equal(c.DefLoss, []string{"505/82"}) {
		t.Fatalf("result %s, losses %v", c.Result, c.DefLoss)
	}
	wantPending(t, p, DecAdvance, German)
	two := slices.ContainsFunc(p.Choices, func(s string) bool { return strings.Count(s, " ") == 3 })
	if !two || !slices.Contains(p.Choices, "advance 1057/91 0404") {
		t.Errorf("advance choices %v: want the vacated hex and 2-hex advances", p.Choices)
	}
	p = mustDecide(t, c, German, "advance 1057/91 0404", nil)
	if slices.ContainsFunc(p.Choices, func(s string) bool { return strings.HasPrefix(s, "advance 1057/91 ") }) {
		t.Error("a unit may advance once")
	}
	p = mustDecide(t, c, German, "advance-done", nil)
	if !p.Done {
		t.Fatalf("pending %v, want done", p)
	}
	ev := c.Event()
	for _, want := range []string{"12:4 = 3-1", "1R attacker armor superiority (11.4.1)", "1R HQ artillery (11.6, 17.2.5)", "→ 5-1", "die 5: D1", "defender loses 505/82 -1", "advance 1057/91 0404"} {
		if !strings.Contains(ev, want) {
			t.Errorf("event %q lacks %q", ev, want)
		}
	}
}

// P15 (L1778-1782), A1/D2 against one step: the attacker loses nothing,
// the para is eliminated and the Germans may go into Reserve (15.1 b).
func TestCombatP15A1D2(t *testing.T) {
	in := exampleInput(t, "P15_11.4_21pz")
	in.Defenders[0].Steps = 1
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 4, nil)
	if c.Result.Code != ResA1D2 || len(c.AttLoss) != 0 || !slices.Equal(c.DefLoss, []string{"9/6"}) {
		t.Fatalf("%s: attacker %v defender %v", c.Result, c.AttLoss, c.DefLoss)
	}
	wantPending(t, p, DecAdvance, German)
	for _, u := range []string{"125pg", "192pg", "22pz"} {
		if !slices.Contains(p.Choices, "reserve "+u) {
			t.Errorf("no Reserve choice for %s: %v", u, p.Choices)
		}
	}
	mustDecide(t, c, German, "reserve 125pg", nil)
}

// P16 (L1784-1786), EX: the Allied player picks the German loss (the
// assault gun), the German the British; no retreat, and no advance since
// the para had 2 steps.
func TestCombatP16EX(t *testing.T) {
	in := overcast(CombatInput{Attacker: German, Target: Hex{Terrain: Bocage},
		Attackers: []CombatUnit{mafUnit("125pg", Panzergrenadier, 5, "21pz"), mafUnit("192pg", Panzergrenadier, 4, "21pz"), tank("200stug", 3, 3, "21pz", true)},
		Defenders: []CombatUnit{unit("9/6", Paratroop, 6, "6ab")}})
	c, _ := newFlow(t, "combat_open", in, "0404")
	if c.Odds.Final != Col2to1 {
		t.Fatalf("odds %s, want 12:9 = 1-1 +1 AS = 2-1", c.Odds)
	}
	p := mustRoll(t, c, RollCRT, 3, nil)
	if c.Result.Code != ResEX {
		t.Fatalf("result %s", c.Result)
	}
	wantPending(t, p, DecAttackerLoss, Allied)
	if p.Rule != "12.2.1 step 2" || len(p.Choices) != 3 {
		t.Errorf("attacker loss %v", p)
	}
	// The German pick of the British loss is forced: one unit.
	p = mustDecide(t, c, Allied, "losses 200stug", nil)
	if !slices.Equal(c.DefLoss, []string{"9/6"}) {
		t.Errorf("defender loss %v", c.DefLoss)
	}
	if !p.Done {
		t.Fatalf("pending %v, want done (no retreat, no advance)", p)
	}
}

// P18 combat A (L1796-1800), D1: an Ost unit is removed by any step loss
// (17.1), so no retreat; the attackers may advance 2.
func TestCombatP18OstD1(t *testing.T) {
	in := exampleInput(t, "P18_11.5_combat_A")
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 6, nil)
	if c.Result.Code != ResD1 || len(c.survivors()) != 0 {
		t.Fatalf("%s survivors %v", c.Result, c.survivors())
	}
	wantPending(t, p, DecAdvance, Allied)
	if c.AdvanceKind() != AdvanceIfVacated {
		t.Errorf("advance %v, want a full advance (13.4)", c.AdvanceKind())
	}
}

// P21 combat D (L1810-1818), DR then DD: Lead 1/3FK (AC 4 > 3, +1), die 4
// = 5 on "Other": ● −1. The Lead loses a step, the stack stays, no advance.
func TestCombatP21DeterminedDefense(t *testing.T) {
	in := exampleInput(t, "P21_11.4_19.2_combat_D")
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 5, nil)
	if c.Result.Code != ResDR {
		t.Fatalf("result %s", c.Result)
	}
	wantPending(t, p, DecDD, German)
	if !slices.Contains(p.Choices, "dd 1/3FK") || !slices.Contains(p.Choices, "no-dd") {
		t.Fatalf("DD choices %v", p.Choices)
	}
	p = mustDecide(t, c, German, "dd 1/3FK", nil)
	if p.Roll != RollDD || p.Side != string(German) {
		t.Fatalf("pending %v, want the DD roll", p)
	}
	p = mustRoll(t, c, RollDD, 4, nil)
	d := c.DDOut
	if DeterminedColumn(d.Column) != DDOther || d.Modified != 5 || !d.Result.Success || d.Result.LeadSteps != 1 {
		t.Fatalf("DD %+v", d)
	}
	if !p.Done || c.Retreated() || len(c.Advances) != 0 {
		t.Fatalf("pending %v retreat %v", p, c.Moves)
	}
	if ev := c.Event(); !strings.Contains(ev, "DD lead 1/3FK, Other column, die 4+1 = 5: ● -1, 1/3FK -1") {
		t.Errorf("event %q", ev)
	}
}

// P22 combat E (L1820), A1: the attacker picks the MAF loss (no quality,
// AS or Tiger shift: 12.2.1 step 4).
func TestCombatP22A1(t *testing.T) {
	c, _ := newFlow(t, "combat_open", exampleInput(t, "P22_19.2_combat_E"), "0404")
	p := mustRoll(t, c, RollCRT, 1, nil)
	wantPending(t, p, DecAttackerLoss, Allied)
	if p.Rule != "12.2.1 step 4" || !slices.Equal(p.Choices, []string{"16/1", "18/1"}) {
		t.Fatalf("%v", p)
	}
	if p = mustDecide(t, c, Allied, "losses 18/1", nil); !p.Done {
		t.Fatalf("pending %v, want done", p)
	}
}

// P24 combat G (L1830), A1/D1: the loss must go to the reduced tank that
// gave the AS shift (12.2.1 step 3), which is eliminated; the German loses
// one unit, refuses DD, the other retreats 2; the British may advance.
func TestCombatP24A1D1(t *testing.T) {
	in := exampleInput(t, "P24_11.3_combat_G")
	in.Attackers[2].Steps = 1
	in.Defenders[0].Steps, in.Defenders[1].Steps = 1, 1
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 5, nil)
	if c.Result.Code != ResA1D1 || !slices.Equal(c.AttLoss, []string{"4/7dg"}) {
		t.Fatalf("%s: forced attacker loss %v", c.Result, c.AttLoss)
	}
	wantPending(t, p, DecDefenderLoss, German)
	p = mustDecide(t, c, German, "losses g23a", nil)
	wantPending(t, p, DecDD, German)
	p = mustDecide(t, c, German, "no-dd", nil)
	wantPending(t, p, DecRetreat, German)
	p = mustDecide(t, c, German, p.Choices[0], nil)
	wantPending(t, p, DecAdvance, Allied)
	if slices.ContainsFunc(p.Choices, func(s string) bool { return strings.Contains(s, "4/7dg") }) {
		t.Error("the eliminated tank may not advance")
	}
	if ev := c.Event(); !strings.Contains(ev, "attacker loses 4/7dg -1") || !strings.Contains(ev, "Disrupted") {
		t.Errorf("event %q", ev)
	}
}

// P25 combat H (L1832-1838), DR then DD with the 88s: 5+1 = 6 on "Other",
// ● EX: the Lead loses a step and the German picks a MAF unit; no retreat,
// no advance.
func TestCombatP25DDEX(t *testing.T) {
	c, _ := newFlow(t, "combat_open", exampleInput(t, "P25_11.4.3_combat_H"), "0404")
	mustRoll(t, c, RollCRT, 4, nil)
	mustDecide(t, c, German, "dd 88at", nil)
	p := mustRoll(t, c, RollDD, 5, nil)
	if c.DDOut.Modified != 6 || c.DDOut.Result.MAFSteps != 1 {
		t.Fatalf("DD %+v", c.DDOut)
	}
	wantPending(t, p, DecDDLoss, German)
	p = mustDecide(t, c, German, "losses 7/3c", nil)
	if !p.Done {
		t.Fatalf("pending %v, want done", p)
	}
}

// P26 combat I (L1844), D1 on the Sword strongpoint: eliminated; the landed
// attackers may only enter the vacated hex (6.5.2, 14.1).
func TestCombatP26LimitedAdvance(t *testing.T) {
	c, _ := newFlow(t, "combat_open", exampleInput(t, "P26_6.5.2_combat_I"), "0404")
	p := mustRoll(t, c, RollCRT, 6, nil)
	wantPending(t, p, DecAdvance, Allied)
	want := []string{"advance 8/3 0404", "advance 9/3 0404", "advance 13/18h 0404", "advance-done"}
	if !slices.Equal(p.Choices, want) {
		t.Fatalf("choices %v, want %v", p.Choices, want)
	}
}

// P27 combat J (L1846), A1/DR on testdata/combat_onehex.scn: the Allied
// player picks his own loss; DD led by the strongpoint rolls 2 on the
// Strongpoint column: failure; the strongpoint (MA 0) is eliminated and the
// panzergrenadiers retreat one hex into the Town (13.3).
func TestCombatP27OneHexRetreat(t *testing.T) {
	g := loadCombatMap(t, "combat_onehex")
	a1, a2 := cu(g, "a1"), cu(g, "a2")
	a1.MAF, a2.MAF = true, true
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{a1, a2}, Defenders: []CombatUnit{cu(g, "gpg"), cu(g, "gsp")}})
	c, g := newFlow(t, "combat_onehex", in, "0404")
	p := mustRoll(t, c, RollCRT, 3, nil)
	if c.Result.Code != ResA1DR {
		t.Fatalf("%s (%s)", c.Result, c.Odds)
	}
	wantPending(t, p, DecAttackerLoss, Allied)
	p = mustDecide(t, c, Allied, "losses a2", nil)
	wantPending(t, p, DecDD, German)
	p = mustDecide(t, c, German, "dd gsp", nil)
	p = mustRoll(t, c, RollDD, 2, nil)
	if DeterminedColumn(c.DDOut.Column) != DDStrongpoint || c.DDOut.Result.Success {
		t.Fatalf("DD %+v", c.DDOut)
	}
	wantPending(t, p, DecRetreat, German)
	if !slices.Contains(p.Choices, "retreat 0405") {
		t.Fatalf("retreat choices %v lack the one-hex retreat into the Town", p.Choices)
	}
	p = mustDecide(t, c, German, "retreat 0405", nil)
	if !slices.Equal(c.Eliminated, []string{"gsp"}) || len(c.Moves) != 1 || !c.Moves[0].Path.OneHex {
		t.Errorf("eliminated %v, retreat %+v", c.Eliminated, c.Moves)
	}
	wantPending(t, p, DecAdvance, Allied)
	if !slices.ContainsFunc(p.Choices, func(s string) bool { return strings.HasPrefix(s, "advance a1 0404 ") }) {
		t.Errorf("no 2-hex advance through the vacated hex: %v", p.Choices)
	}
	_ = g
}

// E17 (12.1, L841), DH on a 3-step unit: it loses 2 steps (forced, one
// unit), may not try DD, and retreats 4 hexes.
func TestCombatE17DH(t *testing.T) {
	d := unit("g", Infantry, 2, "709")
	d.Steps = 3
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 18, "1")}, Defenders: []CombatUnit{d}})
	c, _ := newFlow(t, "combat_open", in, "0404")
	p := mustRoll(t, c, RollCRT, 6, nil)
	if c.Result.Code != ResDH || !slices.Equal(c.DefLoss, []string{"g", "g"}) {
		t.Fatalf("%s losses %v", c.Result, c.DefLoss)
	}
	wantPending(t, p, DecRetreat, German)
	for _, ch := range p.Choices {
		if n := len(strings.Fields(ch)) - 1; n != 4 {
			t.Errorf("DH retreat %q is %d hexes, want 4 (13.1.1)", ch, n)
		}
	}
}

// 12.6: a single 1-step MAF unit eliminated by A1/DR lets the defender
// ignore the retreat; "order dd always" answers it.
func TestCombatIgnoreRetreat(t *testing.T) {
	a := mafUnit("a", Infantry, 3, "1")
	a.Steps = 1
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{a}, Defenders: []CombatUnit{unit("g", Infantry, 2, "709")}})
	c, _ := newFlow(t, "combat_open", in, "0404")
	if c.Odds.Final != Col1to1 {
		t.Fatalf("odds %s", c.Odds)
	}
	p := mustRoll(t, c, RollCRT, 3, nil) // 1-1, die 3: A1/DR
	wantPending(t, p, DecIgnoreRetreat, German)
	orders := Orders{string(German): {{Kind: CmdOrderDD, Mode: ModeAlways}}}
	if p = c.Next(orders); !p.Done || !c.Ignored {
		t.Fatalf("pending %v ignored %v", p, c.Ignored)
	}
}

// 12.5: after a failed DD, a stack of 2+ eligible steps that cannot retreat
// may fight it out: the defender assigns the first step, the attacker the
// second; it stays and there is no advance.
func TestCombatDesperateDefense(t *testing.T) {
	g1, g2 := unit("g1", Infantry, 4, "709"), unit("g2", Infantry, 4, "709")
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 16, "1")}, Defenders: []CombatUnit{g1, g2}})
	c, _ := newFlow(t, "combat_open", in, "0404")
	c.RetreatMap.OnMap = func(hx.Axial) bool { return false } // nowhere to go
	mustRoll(t, c, RollCRT, 1, nil)                           // 2-1, die 1: A1 — not a retreat
	c, _ = newFlow(t, "combat_open", in, "0404")
	c.RetreatMap.OnMap = func(hx.Axial) bool { return false }
	p := mustRoll(t, c, RollCRT, 2, nil) // 2-1, die 2: A1/DR
	if c.Result.Code != ResA1DR {
		t.Fatalf("result %s", c.Result)
	}
	if p.Decision == DecAttackerLoss {
		p = mustDecide(t, c, Side(p.Side), "losses a", nil)
	}
	p = mustDecide(t, c, German, "dd g1", nil)
	p = mustRoll(t, c, RollDD, 1, nil) // Clear column, 1: failure
	wantPending(t, p, DecDespD, German)
	p = mustDecide(t, c, German, "despd", nil)
	wantPending(t, p, DecDespDLoss, German)
	p = mustDecide(t, c, German, "losses g1", nil)
	wantPending(t, p, DecDespDLoss, Allied)
	p = mustDecide(t, c, Allied, "losses g2", nil)
	if !p.Done || len(c.survivors()) != 2 || c.Retreated() {
		t.Fatalf("pending %v survivors %v", p, c.survivors())
	}
	// The report cites 12.5 for the two steps, 12.2.1 for the attacker's.
	got := map[string]string{}
	for _, l := range combatReport(c, 1, 3, "combat").Losses {
		got[fmt.Sprintf("%s %s %d", l.Side, l.Unit, l.Steps)] = l.Why
	}
	want := map[string]string{"allied a 1": "combat result (12.2.1)",
		"german g1 1": "Desperate Defense (12.5)", "german g2 1": "Desperate Defense (12.5)"}
	if !maps.Equal(got, want) {
		t.Errorf("the report's losses %v, want %v", got, want)
	}
}

// Standing and conditional orders resolve a whole combat in one exchange
// (digest §6.3): the defender always tries Determined Defense (12.4) and
// retreats toward supply (13.1); the attacker advances with a named unit if
// the defender retreats (14.1).
func TestCombatOrdersOneExchange(t *testing.T) {
	in := exampleInput(t, "P23_11.2_11.4_combat_F")
	in.Defenders[0].Steps, in.Defenders[0].Type = 2, Infantry
	c, g := newFlow(t, "combat_open", in, "0404")
	south := ax(t, g, "0408")
	c.SupplyDistance = func(a hx.Axial) int { return hx.Distance(a, south) }
	orders := Orders{
		string(German): {mustCmd(t, "order dd always"), mustCmd(t, "order retreat toward-supply")},
		string(Allied): {mustCmd(t, "if-retreat advance 231/50")},
	}
	if p := c.Next(orders); p.Roll != RollCRT {
		t.Fatalf("pending %v", p)
	}
	p := mustRoll(t, c, RollCRT, 3, orders) // 4-1, die 3: DR
	if c.Result.Code != ResDR || p.Roll != RollDD {
		t.Fatalf("%s, pending %v: the DD order should lead straight to the DD roll", c.Result, p)
	}
	p = mustRoll(t, c, RollDD, 1, orders) // Town is "Other": 1 fails
	if !p.Done {
		t.Fatalf("pending %v, want done by orders", p)
	}
	end := c.Moves[0].Path.Hexes[len(c.Moves[0].Path.Hexes)-1]
	if g.b.id(end) != "0406" {
		t.Errorf("retreat toward supply ended at %s, want 0406", g.b.id(end))
	}
	if len(c.Advances) != 1 || c.Advances[0].String() != "advance 231/50 0404" {
		t.Errorf("advances %v", c.Advances)
	}
}

func mustCmd(t *testing.T, s string) CombatCommand {
	t.Helper()
	c, err := ParseCombatCommand(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The DD decision is the defender's (12.4, digest §6.2): a decision by the
// wrong side, or one already taken, is refused and changes nothing.
func TestCombatDecisionRefused(t *testing.T) {
	c, _ := newFlow(t, "combat_open", exampleInput(t, "P21_11.4_19.2_combat_D"), "0404")
	mustRoll(t, c, RollCRT, 5, nil)
	if err := c.Decide(Allied, mustCmd(t, "no-dd")); err == nil {
		t.Error("the attacker decided the defender's DD")
	}
	if err := c.Decide(German, mustCmd(t, "dd 916/352 support")); err != nil {
		t.Errorf("a legal Lead with support: %v", err)
	}
	if err := c.Decide(German, mustCmd(t, "no-dd")); err == nil {
		t.Error("a second DD decision was taken")
	}
}

// P19 combat B (L1802), DR: the German refuses DD, retreats 2 and is
// Disrupted; the US tank battalion advances into the vacated hex.
func TestCombatP19DR(t *testing.T) {
	c, _ := newFlow(t, "combat_open", exampleInput(t, "P19_11.4_combat_B"), "0404")
	p := mustRoll(t, c, RollCRT, 4, nil)
	if c.Result.Code != ResDR {
		t.Fatalf("result %s", c.Result)
	}
	p = mustDecide(t, c, German, "no-dd", nil)
	wantPending(t, p, DecRetreat, German)
	p = mustDecide(t, c, German, p.Choices[0], nil)
	wantPending(t, p, DecAdvance, Allied)
	p = mustDecide(t, c, Allied, "advance 746 0404", nil)
	if ev := c.Event(); !strings.Contains(ev, "die 4: DR; no DD; retreat ") || !strings.HasSuffix(ev, "; advance 746 0404") {
		t.Errorf("event %q", ev)
	}
}
