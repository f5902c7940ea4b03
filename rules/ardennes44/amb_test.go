package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The readings the engine takes of the digest's ambiguities (digest 7.2,
// AMB-n), where a rule or a digest example makes them checkable; each is
// named beside the code that takes it.

// AMB-2 (25.2.5, 27.4): the black box is two marks; a unit marked double
// (the Sturmtiger's and Brumbar's black box) takes no replacement even
// without the no-repl mark, while a German infantry regiment does.
func TestAMB02_BlackBoxBarsReplacements_25_2_5(t *testing.T) {
	f := fixture{setup: []string{"brumbar217 0606", "12/27 0808"}}
	g := f.game(t, 4, PhaseNightRepl, German)
	i := g.index["brumbar217"]
	g.sc.Units[i].Marks = slices.DeleteFunc(slices.Clone(g.sc.Units[i].Marks), func(m string) bool { return m == MarkNoRepl })
	if !g.unit(i).Has(MarkDouble) || g.unit(i).Has(MarkNoRepl) {
		t.Fatalf("brumbar217's marks %v: want double without no-repl", g.unit(i).Marks)
	}
	st(g, "brumbar217").Face, st(g, "12/27").Face = 1, 1
	g.s.Repl = 2
	_, err := g.Apply(rules.Seat(German), "replace brumbar217")
	refused(t, err, "25.2.5")
	apply(t, g, German, "replace 12/27")
	if st(g, "12/27").Face != 0 {
		t.Error("12/27 is not back to full strength (25.2.2)")
	}
}

// AMB-17 (14.4, 14.5): the ladder has whole columns only: 3:2 is 1-1 (no
// 1.5-1), 5:2 is 2-1, 5:3 is 1-1, odds rounded in the defender's favour.
func TestAMB17_NoFractionalColumns_14_4(t *testing.T) {
	g := fixture{}.game(t, 3, PhaseCombat, German)
	l := g.b.chart.CRT.Ladder
	for _, c := range []struct {
		att, def int
		want     string
	}{{3, 2, "1-1"}, {5, 2, "2-1"}, {5, 3, "1-1"}, {2, 3, "1-2"}, {7, 2, "3-1"}} {
		o, err := l.Compute(c.att, c.def, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Label(o.Final); got != c.want {
			t.Errorf("%d:%d is %s, want %s (14.4, AMB-17)", c.att, c.def, got, c.want)
		}
	}
}

// AMB-24 (18.6): the Rally die is rolled per unit: two Disrupted units of
// one stack next to the enemy roll a die each, and each die decides for
// its own unit.
func TestAMB24_RallyPerUnit_18_6(t *testing.T) {
	h := "0606"
	a, b := "106/424(-)", "106/424/1" // 2 steps and 1: one stack (8.1)
	g := fixture{setup: []string{a + " " + h, b + " " + h, "12/27 " + nb(h, 0)}}.game(t, 3, PhaseRally, Allied)
	st(g, a).Status, st(g, b).Status = statusDisrupted, statusDisrupted
	g.enterForTest()
	need := g.Pending().Dice
	if need == nil || len(need.Sides) != 2 {
		t.Fatalf("want one die for each of the two units, pending %+v", g.Pending())
	}
	roll(t, g, 1, 6) // green: 1+1 = 2 rallies; 6+1 does not
	if st(g, a).Status != "" || st(g, b).Status != statusDisrupted {
		t.Errorf("%s %q, %s %q: want Good Order and Disrupted, each by its own die", a, st(g, a).Status, b, st(g, b).Status)
	}
}

// AMB-26 (18.5, 20.3): a Broken unit may disengage, and its withdrawal is
// no forced retreat: it is not eliminated, and stays Broken; a D on a
// Broken unit changes nothing.
func TestAMB26_BrokenDisengages_20_3(t *testing.T) {
	a := nb(target, 3)
	start := func() *Game {
		g := fixture{setup: []string{"12/27 " + target, "99/394 " + a}}.game(t, 3, PhaseCombat, Allied)
		st(g, "99/394").Status = statusBroken
		g.enterForTest()
		apply(t, g, Allied, "disengage 99/394")
		return g
	}
	g := start()
	roll(t, g, 1) // 1+1 (Green) = 2: Yes
	ws := offered(g, "withdraw 99/394 ")
	if len(ws) == 0 {
		t.Fatal("the Broken unit is offered no withdrawal")
	}
	decide(t, g, ws[0])
	if u := st(g, "99/394"); !inPlay(u.At) || u.At == a || u.Status != statusBroken {
		t.Errorf("99/394 at %q, %q: want withdrawn, on the map, still Broken (AMB-26)", u.At, u.Status)
	}
	g = start()
	roll(t, g, 6) // 6+1, 6 at most: No+D
	if u := st(g, "99/394"); u.At != a || u.Status != statusBroken {
		t.Errorf("after No+D 99/394 at %q, %q: want in %s, Broken as before (AMB-26)", u.At, u.Status, a)
	}
}

// AMB-29 (23.3): the Road part follows the roads across their hexsides:
// two roads that end side by side without a road across the hexside
// between do not make one Road part.
func TestAMB29_RoadPartFollowsRoads_23_3(t *testing.T) {
	f := fixture{cols: 12, rows: 2, places: []string{"source 1201 allied"},
		roads: [][]string{{"primary", "1201", "1101", "1001", "0901", "0801", "0701", "0601"}}}
	road := func(g *Game, h string) bool { return g.roadSupplied(mustHex(h), Allied) }
	if !road(f.game(t, 3, PhaseSupply, Allied), "0601") {
		t.Fatal("0601: one road to the source: Road Supply (23.3)")
	}
	f.roads = [][]string{{"primary", "1201", "1101", "1001", "0901"}, {"primary", "0801", "0701", "0601"}}
	if road(f.game(t, 3, PhaseSupply, Allied), "0601") {
		t.Error("0601: its road ends next to the source's, with no road across 0801/0901: no Road Supply (AMB-29)")
	}
}

// AMB-45 (25.2.2): a unit with one side only comes back from the dead
// pile on it.
func TestAMB45_OneSidedUnitReturns_25_2_2(t *testing.T) {
	h := "0601"
	f := fixture{cols: 12, rows: 2, terrain: map[string]Terrain{h: Town}, places: []string{"source 1201 allied"},
		roads: [][]string{{"primary", "1201", "1101", "1001", "0901", "0801", "0701", h}}, setup: []string{"28/112 0801"}}
	g := f.game(t, 4, PhaseNightRepl, Allied)
	u := "106/424/1"
	if n := len(g.unit(g.index[u]).Faces); n != 1 {
		t.Fatalf("%s has %d sides, want 1", u, n)
	}
	st(g, u).At = deadBox
	g.s.Repl = 1
	apply(t, g, Allied, "rebuild "+u+" "+h)
	if s := st(g, u); s.At != h || s.Face != 0 {
		t.Errorf("%s at %q face %d: want in %s on its only side (AMB-45)", u, s.At, s.Face, h)
	}
}

// AMB-46 (15.8.1): an Improved Position serves whoever holds its hex: the
// Allied one a German unit now holds adds its DCB to the German defense.
func TestAMB46_IPServesTheHolder_15_8(t *testing.T) {
	f := fixture{setup: []string{"12/27 " + target, "99/394 " + around(3)}}
	g := f.game(t, 3, PhaseCombat, Allied)
	_, without := oddsOf(t, g, "99/394")
	g.s.IPs = []ipMarker{{Hex: target, Side: Allied}}
	in, with := oddsOf(t, g, "99/394")
	if !in.ip || with.Defense <= without.Defense {
		t.Errorf("an Allied-built IP under a German defender: ip %v, defense %d (%d without): want it counted (AMB-46)", in.ip, with.Defense, without.Defense)
	}
}

// AMB-47 (12.6): the SM marker stays on from phase to phase and turn to
// turn; only an attack or its owner takes it off.
func TestAMB47_SMMarkerStays_12_6(t *testing.T) {
	g := fixture{setup: []string{"12/27 0606"}}.game(t, 3, PhaseMovement, German)
	st(g, "12/27").SM = true
	g.resetMoves(German)
	g.endCombatPhase()
	if !st(g, "12/27").SM {
		t.Fatal("the SM marker came off with the phase's end (AMB-47)")
	}
	apply(t, g, German, "unmark 12/27")
	if st(g, "12/27").SM {
		t.Error("'unmark' leaves the SM marker on (12.6)")
	}
}

// AMB-48 (32.2, 9.1): the real fuel dump, a unit of DF 2, exerts a ZOC as
// every unit does, and forms no bond.
func TestAMB48_FuelDumpZOC_32_2(t *testing.T) {
	h := "0606"
	g := fixture{places: []string{"fuel-dump " + h}}.game(t, 3, PhaseMovement, German, OptFuelDumps)
	i, ok := g.index[dumpUnit]
	if !ok {
		t.Fatal("no fuel dump counter with option 32")
	}
	g.s.Units[i] = unitState{ID: dumpUnit, At: h}
	if !g.zoc(Allied).Has(mustHex(nb(h, 0))) {
		t.Error("the real dump exerts no ZOC (9.1; AMB-48 as the engine reads it)")
	}
	if g.formsBond(i) {
		t.Error("the real dump forms a bond (10.1)")
	}
}

// AMB-50 (27.8.1): 150 Pz Bde is detected at the end of the German player
// turn in which it infiltrated or surprised, not before: its surprise is
// still there in the rest of that turn.
func TestAMB50_Pz150DetectedAtGermanTurnEnd_27_8(t *testing.T) {
	g := fixture{}.game(t, 3, PhaseCombat, German)
	g.s.Pz150 = pz150Used
	g.endCombatPhase()
	if g.s.Pz150 != pz150Used {
		t.Fatalf("150 Pz Bde %q after the Combat Phase: detected before the German turn ends", g.s.Pz150)
	}
	g.endGermanTurn()
	if g.s.Pz150 != pz150Detected {
		t.Errorf("150 Pz Bde %q at the end of the German turn: want detected (27.8.1, AMB-50)", g.s.Pz150)
	}
}

// AMB-52 (18.3, 16.2.1): Disrupted and Broken units attack, but do not
// lead a Fire Fight.
func TestAMB52_DisruptedAttack_18_3(t *testing.T) {
	f := fixture{setup: []string{"99/394 " + target, "12/27 " + around(0), "12/48 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	st(g, "12/27").Status, st(g, "12/48").Status = statusDisrupted, statusBroken
	in, _ := oddsOf(t, g, "12/27", "12/48")
	if len(in.attackers) != 2 {
		t.Fatalf("%d attackers, want the Disrupted and the Broken unit (AMB-52)", len(in.attackers))
	}
	c := &Combat{Combat: &combat.Combat{Attackers: []combat.Unit{{ID: "12/27", Strength: 5, Steps: 3}, {ID: "12/48", Strength: 5, Steps: 3}}}, in: in}
	if leads := g.ffLeads(c); len(leads) != 0 {
		t.Errorf("Fire Fight leads %v: a Disrupted or Broken unit leads none (16.2.1, AMB-52)", leads)
	}
	st(g, "12/27").Status = ""
	if leads := g.ffLeads(c); !slices.Equal(leads, []string{"12/27"}) {
		t.Errorf("Fire Fight leads %v, want 12/27 in Good Order", leads)
	}
}

// AMB-53 (21.1): a unit with a TQ is armour whatever its symbol: the US
// Combat Command counts as armour (and as infantry, 21.1).
func TestAMB53_TQMakesArmour_21_1(t *testing.T) {
	g := fixture{}.game(t, 3, PhaseCombat, German)
	cc := g.unit(g.index["9arm/ccb"])
	if !cc.Armour() || !cc.InfantryUnit() {
		t.Errorf("9arm/ccb: armour %v, infantry %v; want both (21.1, AMB-53)", cc.Armour(), cc.InfantryUnit())
	}
	if g.unit(g.index["12/27"]).Armour() {
		t.Error("an infantry regiment without a TQ is armour")
	}
}

// AMB-54 (11.10.1): an army boundary is a line of hexsides: a German unit
// does not cross it before turn 5, but moves along it, and from turn 5
// crosses it.
func TestAMB54_BoundaryIsHexsides_11_10(t *testing.T) {
	a := "0606"
	b, c := nb(a, 0), nb(a, 1)
	f := fixture{sides: [][3]string{{a, b, "army-boundary"}}, setup: []string{"12/27 " + a}}
	g := f.game(t, 3, PhaseMovement, German)
	g.enterForTest()
	_, err := g.Apply(rules.Seat(German), "move 12/27 "+a+" "+b)
	refused(t, err, "11.10.1")
	apply(t, g, German, "move 12/27 "+a+" "+c)
	g = f.game(t, 5, PhaseMovement, German)
	g.enterForTest()
	apply(t, g, German, "move 12/27 "+a+" "+b)
}

// AMB-25 (19.1.3): the road bonus needs every hex of the advance entered
// along a road, the defender's hex included: with the road beginning in the
// defender's hex, the 3-hex advance of T-23 is not offered.
func TestAMB25_RoadBonusAlongTheWholeAdvance_19_1_3(t *testing.T) {
	from := around(0)
	_, end := line(target, 3)
	mid := nb(target, 3)
	for _, c := range []struct {
		road  []string
		bonus bool
	}{
		{[]string{"secondary", from, target, mid, end}, true},
		{[]string{"secondary", target, mid, end}, false},
	} {
		f := fixture{roads: [][]string{c.road}, setup: []string{"4/8/2 " + target, "1ss/1pg " + from, "12/27 " + around(1)}}
		g := f.game(t, 3, PhaseCombat, German)
		attackFrom(t, g, "1ss/1pg", "12/27") // 5-1, die 5: DR4, a Major advance (T-23)
		roll(t, g, 5)
		if rs := offered(g, "retreat "); len(rs) > 0 {
			decide(t, g, rs[0])
		}
		three := "advance 1ss/1pg " + target + " " + mid + " " + end
		if got := slices.Contains(offered(g, "advance 1ss/1pg "), three); got != c.bonus {
			t.Errorf("road %v: %q offered %v, want %v (19.1.3, AMB-25)", c.road[1:], three, got, c.bonus)
		}
	}
}

// AMB-41 (S5.1): the extended game plays the Night after turn 22 (the
// card's "27 Night", 26/27 December) and goes on with turn 23; the
// campaign alone ends with turn 22, no Night after it.
func TestAMB41_ExtendedStartsWithTheNightAfter22_S5(t *testing.T) {
	hasNight := func(g *Game) bool {
		return slices.ContainsFunc(stages(g, 22), func(s stage) bool { return s.Phase == PhaseNightRepl })
	}
	if g := newGame(t, "campaign"); hasNight(g) || g.lastTurn() != 22 {
		t.Errorf("the campaign: a Night after turn 22 %v, last turn %d; want none, 22 (S1.1)", hasNight(g), g.lastTurn())
	}
	if g := newGame(t, "campaign", OptExtended); !hasNight(g) || g.lastTurn() != 30 {
		t.Errorf("the extended game: a Night after turn 22 %v, last turn %d; want one, 30 (S5.1, AMB-41)", hasNight(g), g.lastTurn())
	}
	if d := turnDate(22, true); d != "26/27 Night" {
		t.Errorf("the Night after turn 22 is %q, want 26/27 Night", d)
	}
}

// AMB-23 (17.5): a unit that retreated into the hex in this Combat Phase
// absorbs no step loss: T-44's EX, with such a unit beside the 1-step
// defender, takes the step from the defender, and the retreated unit stays
// untouched (adding no DF, the odds are T-44's).
func TestAMB23_RetreatedUnitsAbsorbNoLoss_17_5(t *testing.T) {
	f := fixture{setup: []string{"4/8/2 " + target, "106/424/1 " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseCombat, German)
	g.enterForTest() // the Combat Phase opens: then 106/424/1 retreats in
	st(g, "106/424/1").RetreatedIn = true
	apply(t, g, German, "attack "+target+" from "+around(0)+" with 12/27") // 5:2 = 2-1, whose 5 is EX (T-44)
	roll(t, g, 5)
	for _, c := range offered(g, "losses ") {
		if strings.Contains(c, "106/424/1") {
			t.Errorf("%q is offered: the unit that retreated in absorbs no loss (AMB-23)", c)
		}
	}
	for g.Pending().Dice == nil && len(g.Pending().Seats) == 1 && g.s.Combat != nil {
		ls := offered(g, "losses ")
		if len(ls) == 0 {
			break
		}
		decide(t, g, ls[0])
	}
	if at(g, "4/8/2") != deadBox || at(g, "106/424/1") != target || st(g, "106/424/1").Face != 0 {
		t.Errorf("4/8/2 at %q, 106/424/1 at %q face %d: want the first eliminated, the second untouched in %s (17.5, AMB-23)",
			at(g, "4/8/2"), at(g, "106/424/1"), st(g, "106/424/1").Face, target)
	}
}
