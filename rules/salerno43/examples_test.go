package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The digest's worked examples (§5.A, §5.B) on the stand-in map, each
// named by its id and rule. Unit values are the stand-in counters' where
// the example's are diagram-only; the totals are the example's.

// emptyGame is Avalanche with every unit out of play, at turn, phase and
// side, Clear weather and every Allied marker ready: a board to set an
// example on.
func emptyGame(t *testing.T, turn int, phase Phase, side Side) *Game {
	t.Helper()
	g := emptyBoard(t, "avalanche", turn, phase, side)
	g.s.Ready = []string{markerCWAir, markerCWNaval, markerUSAir, markerUSNaval}
	return g
}

// emptyBoard is a shipped scenario with every unit out of play, at turn,
// phase and side, in Clear weather, the landings over and the Germans
// released.
func emptyBoard(t *testing.T, scenario string, turn int, phase Phase, side Side) *Game {
	t.Helper()
	rg, err := New(readShipped(t, scenario), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	for i := range g.s.Units {
		g.s.Units[i] = unitState{ID: g.s.Units[i].ID}
	}
	g.s.Turn, g.s.Phase, g.s.Side = turn, phase, side
	g.s.Landings, g.s.Landing, g.s.Weather = nil, nil, 0
	g.s.Released = true
	return g
}

func (g *Game) put(t *testing.T, id, at string) int {
	t.Helper()
	i := g.index(id)
	if i < 0 {
		t.Fatalf("no unit %s", id)
	}
	g.s.Units[i].Hex, g.s.Units[i].Box = at, ""
	return i
}

// PLAY-11 (L1716-1724), the German attack J: 10 against 6 in clear terrain
// is 1-1; armor and elite superiority and the 16 Pz ASU make 4-1, the US
// air 3-1; a 4 is DR2; the DD led by the 2-2-3 battalion with naval support
// rolls 2+1 = 3 in the Clear column and fails; the US units retreat 2,
// DG, their air and naval markers spent.
func TestGermanAttackJ_PLAY11_8_3(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	g.put(t, "1-141/36", "2617")
	reg := g.put(t, "142/36", "2617")
	g.s.Units[reg].Lost = 1 // 3-4-3: with the 2-2-3, defense 6
	g.put(t, "2pz/16", "2716")
	g.put(t, "stug/16", "2717")
	el := g.put(t, "1-79/16", "2618")
	g.sc.Units[el].Faces[0].Quality = Elite // the example's elite German unit (9.7)
	g.put(t, "hq/16", "2818")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 stug/16 1-79/16 maf 16pz art hq/16")
	c := g.combat()
	if got := c.Odds; got.Attack != 10 || got.Defense != 6 || ladder.Label(got.Raw) != "1-1" || got.Column() != "4-1" {
		t.Fatalf("PLAY-11: %s; want 10:6 = 1-1, 4-1 after armor, elite and ASU", got)
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "def-air")
	if got := g.combat().Odds.Column(); got != "3-1" {
		t.Fatalf("PLAY-11: the US air brings 4-1 to 3-1 (9.4), got %s", got)
	}
	rulestest.Roll(t, g, 4)
	if got := baseCode(g.combat().Result.Code); got != "DR2" {
		t.Fatalf("PLAY-11: 3-1 on a 4 is DR2, got %s", got)
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "dd 1-141/36 support us-naval")
	rulestest.Roll(t, g, 2)
	out := g.combat().DDOut
	if out == nil || out.Heading != "Clear" || out.Modified != 3 || out.Result.Success {
		t.Fatalf("PLAY-11: the DD reads Clear 2+1 = 3 and fails, got %+v", out)
	}
	var retreat string
	for _, ch := range g.Legal(rules.Seat(Allied)) {
		if strings.HasPrefix(ch.Command, "retreat") {
			retreat = ch.Command
			break
		}
	}
	if retreat == "" {
		t.Fatal("PLAY-11: no retreat offered")
	}
	rulestest.Apply(t, g, rules.Seat(Allied), retreat)
	for g.s.Combat != nil {
		rulestest.Apply(t, g, rules.Seat(German), "advance-done")
	}
	for _, id := range []string{"1-141/36", "142/36"} {
		us := g.s.Units[g.index(id)]
		if us.Status != Disorganized || us.Hex == "2617" {
			t.Errorf("PLAY-11: %s retreats and is DG (10.1): %+v", id, us)
		}
	}
	for _, m := range []string{markerUSAir, markerUSNaval} {
		if g.markerReady(m) {
			t.Errorf("PLAY-11: %s is flipped to USED", m)
		}
	}
	if !g.s.Units[g.index("hq/16")].Used {
		t.Error("PLAY-11: the 16 Pz ASU is flipped to USED (9.5.1)")
	}
}

// PLAY-02 (L1636-1642, 19.3): the Commandos attack the Salerno garrison;
// its die of 6 gives 2, not doubled in the city; 4 against 2 is 2-1, the
// elite shift 3-1; a 3 is DR2; the low-quality garrison's DD in the City
// column fails, and with MA 0 it is eliminated by the retreat (19.3).
func TestCommandosOnSalerno_PLAY02_19_3(t *testing.T) {
	g := emptyGame(t, 1, PhaseCombat, Allied)
	g.put(t, "gar-salerno", "2608")
	g.put(t, "2cdo", "2507")
	g.put(t, "41cdo", "2507")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 2608 with 2cdo 41cdo maf commandos")
	rulestest.Roll(t, g, 6)
	c := g.combat()
	if c.Odds.Attack != 4 || c.Odds.Defense != 2 || c.Odds.Column() != "3-1" {
		t.Fatalf("PLAY-02: %s; want 4:2 = 2-1, 3-1 with the elite shift", c.Odds)
	}
	rulestest.Roll(t, g, 3)
	rulestest.Apply(t, g, rules.Seat(German), "dd gar-salerno")
	// The MA 0 garrison could stand desperately (11.5.2); the example's
	// German does not.
	rulestest.Apply(t, g, rules.Seat(German), "no-despd")
	rulestest.Roll(t, g, 3) // 3 - 1 (low quality) = 2: a failure in the City column
	if out := g.combat().DDOut; out == nil || out.Heading != "City" || out.Modified != 2 || out.Result.Success {
		t.Fatalf("PLAY-02: the DD reads City 3-1 = 2 and fails, got %+v", out)
	}
	for g.s.Combat != nil {
		a := g.combat().Await()
		if a.Decision != combat.DecAdvance {
			t.Fatalf("PLAY-02: the combat waits for %s", a)
		}
		rulestest.Apply(t, g, rules.Seat(Allied), "advance-done")
	}
	if us := g.s.Units[g.index("gar-salerno")]; us.Box != BoxEliminated {
		t.Errorf("PLAY-02: the MA 0 garrison is eliminated by its retreat (19.3): %+v", us)
	}
}

// PLAY-02 (19.3): a variable-strength roll of 1-3 is 0, which eliminates
// the unit at once; alone in its hex, the combat is a DS.
func TestVariableStrengthZero_19_3(t *testing.T) {
	g := emptyGame(t, 1, PhaseCombat, Allied)
	g.put(t, "gar-salerno", "2608")
	g.put(t, "2cdo", "2507")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 2608 with 2cdo maf 2cdo")
	rulestest.Roll(t, g, 2)
	c := g.combat()
	if c.Result.Code != "DS" {
		t.Fatalf("19.3: strength 0 alone is a DS, got %q (%s)", c.Result.Code, c.Odds)
	}
}

// EX-29 (24.3, L1372): on turn 1 a German MA of 5 is 3, and 6 with Extended
// Movement.
func TestGermanTurnOneMA_EX29_24_3(t *testing.T) {
	g := emptyGame(t, 1, PhaseMovement, German)
	i := g.put(t, "1-64/16", "2912")
	if g.ma(i) != 3 {
		t.Errorf("EX-29: MA 5 on turn 1 is %d, want 3", g.ma(i))
	}
	how, err := g.howMay(i, false, true, false)
	if err != nil || how.budget != 6*6 {
		t.Errorf("EX-29: with Extended Movement %d sixths (%v), want 6 MP", how.budget, err)
	}
	g.s.Turn = 2
	if g.ma(i) != 5 {
		t.Errorf("24.3: from turn 2 the MA is 5 again, got %d", g.ma(i))
	}
}

// EX-02 F (5.6, L334): a unit entering Monte Soprano, a full-mountain hex,
// stops: leaving is a second mountain hexside in the phase.
func TestMonteSoprano_EX02F_5_6(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	ms, _ := g.b.Hex("2817")
	if !g.b.fullMountain(ms) {
		t.Fatal("2817 Monte Soprano is a full-mountain hex")
	}
	var from, beyond string
	for _, n := range ms.Neighbors() {
		if g.b.Land(n) && g.b.mountainNoRoad(n, ms) {
			if from == "" {
				from = g.b.ID(n)
			} else if beyond == "" {
				beyond = g.b.ID(n)
			}
		}
	}
	g.put(t, "1-141/36", from)
	rulestest.Refused(t, g, rules.Seat(Allied), "move 1-141/36 "+from+" 2817", "5.6", "Tactical Movement")
	rulestest.Refused(t, g, rules.Seat(Allied), "move 1-141/36 "+from+" 2817 "+beyond+" tm", "5.6", "one mountain hexside")
	ev := rulestest.Apply(t, g, rules.Seat(Allied), "move 1-141/36 "+from+" 2817 tm")
	if rulestest.HasEvent(ev, "½ Eff") {
		t.Error("EX-02 A, F: no ½ Eff when the unit does not end next to an enemy (5.7)")
	}
}

// EX-28 (18.4.3, L1113): a tank battalion, an ASU and a 1-3-3 REM land for
// 3 LP.
func TestLandingPoints_EX28_18_4_3(t *testing.T) {
	sc := avalanche(t)
	n := lpCost(sc.unit("751tk")) + lpCost(sc.unit("hq/36")) + lpCost(&Unit{Stacking: 1})
	if n != 3 {
		t.Errorf("EX-28: %d LP, want 3", n)
	}
	if lpCost(sc.unit("141/36")) != 3 {
		t.Error("18.4.3: a 3-point regiment costs 3 LP")
	}
}

// EX-27 (18.1.4, L1076-1078): a BH hex defends 2, plus half (rounded down)
// of each Good Order Allied unit next to the BH and to an attacker: 4 gives
// 2, so 5 against 4 is 1-1, with the German armor superiority 2-1.
func TestBeachheadDefense_EX27_18_1_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	g.put(t, "bh-red", "2616")
	g.put(t, "143/36", "2617") // 5-6-3: half of 6 is 3; the example's unit A defends 4
	g.sc.Units[g.index("143/36")].Faces[0].Defense = 4
	g.put(t, "2pz/16", "2716")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2616 with 2pz/16 maf 2pz/16")
	c := g.combat()
	if c.Odds.Defense != 4 || ladder.Label(c.Odds.Raw) != "1-1" || c.Odds.Column() != "2-1" {
		t.Errorf("EX-27: %s; want 5:4 = 1-1, 2-1 with armor", c.Odds)
	}
}

// EX-15 X (9.8, L549-551): when every attacker attacks across a river the
// defense doubles.
func TestRiverDoubling_EX15_9_8(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	xa, ya := riverSide(t, g, func(hex.Axial, hex.Axial) bool { return true })
	x, y := g.b.ID(xa), g.b.ID(ya)
	g.put(t, "1-141/36", y)
	g.put(t, "1-64/16", x)
	in, err := g.combatInput(AttackCommand{Target: y, With: []string{"1-64/16"}, MAF: "1-64/16"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, d := in.strengths(); d != 4 {
		t.Errorf("EX-15: the 2-2-3 defends %d across a river, want 4", d)
	}
}

// PLAY-10 F (5.8, L1702): the FJ battalion takes a Truck: MA 5 halved to 3
// on turn 1, 6 with Extended Movement; at most two Truck markers; attack 0.
func TestTruck_PLAY10F_5_8(t *testing.T) {
	g := emptyGame(t, 1, PhaseMovement, German)
	g.s.Units[g.index("gar-ta")].Hex = "" // keep the example alone
	fj := g.put(t, "1-1fj", "3013")
	g.put(t, "2-1fj", "3012")
	g.put(t, "gar-ta", "2202")
	how, err := g.howMay(fj, false, true, true)
	if err != nil || how.budget != 6*6 || !how.truck {
		t.Fatalf("PLAY-10 F: %+v (%v), want 6 MP on a truck", how, err)
	}
	g.s.Units[g.index("2-1fj")].Truck = true
	g.s.Units[g.index("gar-ta")].Truck = true
	if _, err := g.howMay(fj, false, false, true); err == nil || !rulestest.IsRefusal(err, "5.8") {
		t.Errorf("5.8: a third Truck marker: %v", err)
	}
	g.s.Units[g.index("gar-ta")].Truck = false
	if _, err := g.howMay(g.index("1-64/16"), false, false, true); err == nil {
		t.Error("5.8: a mechanized unit takes no Truck")
	}
}

// EX-12 (8.7, L475-477): in the German Movement Phase units of 16 attack
// next to a US battalion of defense 2 make 8-1, 10-1 with the armor and
// elite shifts: an Auto DS; the 1-step battalion is eliminated; every unit
// that made it carries the Auto DS marker, moves no more and takes no part
// in normal combat, and advances after all combats (8.7.2).
func TestAutoDS_EX12_8_7(t *testing.T) {
	g := ex12Position(t)
	g.put(t, "2-64/16", "2818")
	rulestest.Refused(t, g, rules.Seat(German), "autods 2617 with 2pz/16 stug/16 maf 16pz", "8.7.1", "10-1")
	rulestest.Apply(t, g, rules.Seat(German), "autods 2617 with 2pz/16 stug/16 1-79/16 2-79/16 1-64/16 maf 16pz")
	for g.s.Combat != nil {
		ch := g.Legal(rules.Seat(German))
		if len(ch) == 0 {
			t.Fatalf("EX-12: the Auto DS waits for %s", g.Pending().Prompt)
		}
		rulestest.Apply(t, g, rules.Seat(German), ch[0].Command)
	}
	if us := g.s.Units[g.index("1-141/36")]; us.Box != BoxEliminated {
		t.Fatalf("EX-12: the 1-step battalion is eliminated by the DS: %+v", us)
	}
	rulestest.Refused(t, g, rules.Seat(German), "move 2pz/16 2716 2815", "5.1", "has moved")
	rulestest.Apply(t, g, rules.Seat(German), "move 2-64/16 2818 2717") // stack B moves on
	rulestest.Apply(t, g, rules.Seat(German), "end")
	for g.Pending().Dice != nil || g.s.Phase != PhaseCombat {
		t.Fatalf("EX-12: the German Combat Phase follows: %s", g.Pending().Phase)
	}
	g.put(t, "142/36", "2715")
	rulestest.Refused(t, g, rules.Seat(German), "attack 2715 with 2pz/16 maf 2pz/16", "8.7.1", "Auto DS marker")
	rulestest.Apply(t, g, rules.Seat(German), "autods-advance 2pz/16 2617")
	rulestest.Refused(t, g, rules.Seat(German), "attack 2715 with 2-64/16 maf 16pz", "8.7.2", "over")
}

// ex12Position is EX-12's Auto DS on 2617 before it is declared: the US
// battalion there and the German stacks around it, one unit elite.
func ex12Position(t *testing.T) *Game {
	t.Helper()
	g := emptyGame(t, 2, PhaseMovement, German)
	g.put(t, "1-141/36", "2617")
	g.put(t, "2pz/16", "2716")
	g.put(t, "stug/16", "2717")
	el := g.put(t, "1-79/16", "2618")
	g.sc.Units[el].Faces[0].Quality = Elite
	g.put(t, "2-79/16", "2616")
	g.put(t, "1-64/16", "2516")
	return g
}

// Digest 6.2: a standing order answers the decision it covers: with 'order
// dd never' in force the defender retreats at once on DR2 (11.1).
func TestStandingOrderNoDD_11_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	g.put(t, "1-141/36", "2617")
	g.put(t, "2pz/16", "2716")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 maf 2pz/16")
	rulestest.Apply(t, g, rules.Seat(Allied), "order dd never")
	rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
	rulestest.Roll(t, g, 3) // 5:2 = 2-1, +1 armor = 3-1; a 3 is DR2 (L1638)
	c := g.combat()
	if c.DD == nil || c.DD.Kind != combat.CmdNoDD {
		t.Fatalf("6.2: the standing order answers the DD decision: %+v, waits for %s", c.DD, c.Await())
	}
}

// 21.4: a retreat off the map into a friendly entry area places the units
// there, DG.
func TestRetreatIntoEntryArea_21_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	g.put(t, "1-64/16", "4510") // in hills: defense 6
	g.put(t, "141/36", "4410")
	g.put(t, "142/36", "4411")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 4510 with 141/36 142/36 maf 36")
	for g.s.Combat != nil {
		a := g.combat().Await()
		switch {
		case a.Roll != "":
			rulestest.Roll(t, g, 6) // 1-1 on a 6: DR2
		case a.Decision == combat.DecDD:
			rulestest.Apply(t, g, rules.Seat(German), "no-dd")
		case a.Decision == combat.DecRetreat:
			exit := ""
			for _, ch := range a.Choices {
				if strings.HasPrefix(ch[strings.LastIndex(ch, " ")+1:], "46") {
					exit = ch
				}
			}
			if exit == "" {
				t.Fatalf("21.4: no retreat off the east edge among %v", a.Choices)
			}
			rulestest.Apply(t, g, rules.Seat(German), exit)
		default:
			rulestest.Apply(t, g, rules.Seat(Allied), "advance-done")
		}
	}
	if us := g.s.Units[g.index("1-64/16")]; us.Box != boxEntry+"E4" || us.Status != Disorganized {
		t.Errorf("21.4: 1-64/16 retreats into E4, DG: %+v", us)
	}
}

// 18.4.5: a unit in a BH sails to another or back to the Floating
// Reserve, within the capacities (18.4.4); at most 3 LP a turn from a BH
// to a BH.
func TestSeaMove_18_4_5(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	reg := g.put(t, "142/36", "2616")
	g.put(t, "1-141/36", "2616")
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 142/36 2617", "18.4.5", "no other BH or port")
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 142/36 2710")
	if g.s.Units[reg].Hex != "2710" || g.s.SeaLP != 3 {
		t.Fatalf("18.4.5: 142/36 sails to Uncle for 3 LP: %+v, %d LP", g.s.Units[reg], g.s.SeaLP)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 2710", "18.4.5", "at most 3 LP")
}
