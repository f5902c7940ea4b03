package salerno43

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// campaignGame is an empty board of the Campaign at a turn and phase.
func campaignGame(t *testing.T, turn int, phase Phase, side Side) *Game {
	t.Helper()
	return emptyBoard(t, "campaign", turn, phase, side)
}

// S2.1: the Campaign sets up as Avalanche (S1.1): the same units, REM
// counters and set-up, the 8th Army and the later arrivals added; it lasts
// at least 16 turns (A-30: turns 14 and 16 have rules of their own).
func TestCampaignSetUpIsAvalanche_S2_1(t *testing.T) {
	av, err := ParseScenario(readShipped(t, "avalanche"))
	if err != nil {
		t.Fatal(err)
	}
	ca, err := ParseScenario(readShipped(t, "campaign"))
	if err != nil {
		t.Fatal(err)
	}
	if ca.LastTurn < 16 {
		t.Errorf("A-30: the campaign lasts %d turns, fewer than 16", ca.LastTurn)
	}
	for _, u := range av.Units {
		if c := ca.unit(u.ID); c == nil || !slices.Equal(c.Faces, u.Faces) || c.Type != u.Type || c.Stacking != u.Stacking {
			t.Errorf("S2.1: Avalanche's %s differs in the Campaign: %+v", u.ID, c)
		}
	}
	if !slices.Equal(av.Setup, ca.Setup) || !slices.Equal(av.Remnants, ca.Remnants) {
		t.Error("S2.1: the Campaign's set-up or REM counters differ from Avalanche's")
	}
	for _, r := range av.Reinforcements {
		if !slices.Contains(ca.Reinforcements, r) {
			t.Errorf("S2.1: Avalanche's arrival %+v is not the Campaign's", r)
		}
	}
	eighth := 0
	for _, r := range ca.Reinforcements {
		if u := ca.unit(r.Unit); u.Eighth {
			eighth++
			if r.Turn < 11 || !(strings.HasPrefix(r.At, "entry:S") || strings.HasPrefix(r.At, "entry:E")) {
				t.Errorf("21.2.1, 21.2.2: %s arrives on turn %d at %s", r.Unit, r.Turn, r.At)
			}
		}
	}
	if eighth == 0 {
		t.Error("S2.3: the Campaign has no 8th Army")
	}
	if !ca.Win.IsolatedHexes || ca.Win.VP != 20 {
		t.Errorf("S2.4: 20 VP, isolated hexes counted: %+v", ca.Win)
	}
}

// S2.3.2, S2.3.6: a scenario that gives the 8th Army an ASU or a REM
// counter is refused.
func TestEighthArmyNoASUNoREM_S2_3_2_S2_3_6(t *testing.T) {
	base := readShipped(t, "campaign")
	for line, rule := range map[string]string{
		"hq/8 allied gb 5 hq 0-(1)-6 sp=0 range=3 level=division 8th-army": "S2.3.2",
		"18/5 allied gb 5 infantry 5-7-3 3-5-3 sp=3 rem=infantry 8th-army": "S2.3.6",
	} {
		text := bytes.Replace(base, []byte("[units]\n"), []byte("[units]\n"+line+"\n"), 1)
		if _, err := ParseScenario(text); err == nil || !strings.Contains(err.Error(), rule) {
			t.Errorf("%s: %q is accepted or refused for another reason: %v", rule, line, err)
		}
	}
}

// S2.2: at the start of the German Preparation Phase of turn 14 the 16 Pz
// ASU goes automatically and counts; then the German picks among the
// division's units in supply until their current defense reaches 12. The
// units are removed, not eliminated.
func TestWithdrawal16Pz_S2_2(t *testing.T) {
	g := campaignGame(t, 14, PhaseSupply, Allied)
	ids := []string{"1-64/16", "2-64/16", "1-79/16", "2-79/16", "2pz/16", "stug/16", "kgd/16", "hq/16"}
	hexes := []string{"3003", "3004", "3103", "3104", "3204", "3204", "3303", "3303"}
	for k, id := range ids {
		g.put(t, id, hexes[k])
	}
	g.put(t, "9pg/26", "3403")
	de := rules.Seat(German)
	g.s.Turn, g.s.Phase, g.s.Side = 14, PhasePrep, German
	ev := g.enterPrep()
	if us := g.s.Units[g.index("hq/16")]; us.Box != BoxWithdrawn || !rulestest.HasEvent(ev, "hq/16") {
		t.Fatalf("S2.2: the 16 Pz ASU is removed automatically: %+v %v", us, ev)
	}
	if g.s.Withdraw == nil || g.s.Withdraw.Left != 11 {
		t.Fatalf("S2.2: the ASU's defense 1 counts toward the 12: %+v", g.s.Withdraw)
	}
	if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != de || !strings.Contains(p.Prompt, "S2.2") {
		t.Fatalf("S2.2: the German picks: %+v", p)
	}
	var picks []string
	for _, c := range g.Legal(de) {
		picks = append(picks, c.Command)
	}
	if len(picks) != 7 || slices.Contains(picks, "withdraw 9pg/26") {
		t.Fatalf("S2.2: the seven 16 Pz units in supply come first: %v", picks)
	}
	rulestest.Refused(t, g, de, "withdraw 9pg/26", "S2.2")
	rulestest.Refused(t, g, de, "end", "S2.2")
	for _, id := range []string{"kgd/16", "2pz/16", "1-64/16"} { // 4 + 3 + 3: 1 to go
		rulestest.Apply(t, g, de, "withdraw "+id)
	}
	if g.s.Withdraw == nil || g.s.Withdraw.Left != 1 {
		t.Fatalf("S2.2: 1 + 4 + 3 + 3 is 11, short of 12: %+v", g.s.Withdraw)
	}
	rulestest.Apply(t, g, de, "withdraw stug/16")
	if g.s.Withdraw != nil {
		t.Fatalf("S2.2: 13 reaches 12; the withdrawal is over: %+v", g.s.Withdraw)
	}
	for _, id := range []string{"kgd/16", "2pz/16", "1-64/16", "stug/16"} {
		if us := g.s.Units[g.index(id)]; us.Box != BoxWithdrawn || g.alive(g.index(id)) {
			t.Errorf("S2.2: %s is removed, not eliminated: %+v", id, us)
		}
	}
	if us := g.s.Units[g.index("2-64/16")]; us.Hex != "3004" {
		t.Errorf("S2.2: 2-64/16 stays: %+v", us)
	}
	if err := scene.CheckGame(g); err != nil {
		t.Errorf("the scene shows the units removed: %v", err)
	}
}

// S2.2: when the division's units in supply are not enough, they all go at
// once, and the German picks the rest among his other units in supply.
func TestWithdrawalOthersAfter16Pz_S2_2(t *testing.T) {
	g := campaignGame(t, 14, PhasePrep, German)
	g.put(t, "hq/16", "3003")
	g.put(t, "kgd/16", "3003")      // 4
	g.put(t, "104pg/15", "3103")    // 5
	g.put(t, "9pg/26", "3104")      // 5
	g.put(t, "stug/16", "entry:N2") // an entry area: in supply (16.2.1)
	g.s.Units[g.index("stug/16")].Hex, g.s.Units[g.index("stug/16")].Box = "", boxEntry+"N2"
	g.enterPrep()
	for _, id := range []string{"hq/16", "kgd/16", "stug/16"} {
		if g.s.Units[g.index(id)].Box != BoxWithdrawn {
			t.Errorf("S2.2: %s goes: the division's 1 + 4 + 2 are not enough", id)
		}
	}
	if g.s.Withdraw == nil || g.s.Withdraw.Left != 5 {
		t.Fatalf("S2.2: 5 to go: %+v", g.s.Withdraw)
	}
	if ch := g.Legal(rules.Seat(German)); len(ch) != 2 {
		t.Fatalf("S2.2: then the other units in supply, his pick: %v", ch)
	}
	rulestest.Apply(t, g, rules.Seat(German), "withdraw 9pg/26")
	if g.s.Withdraw != nil || g.s.Units[g.index("104pg/15")].Hex != "3103" {
		t.Errorf("S2.2: 12 reached; 104pg/15 stays: %+v", g.s.Withdraw)
	}
}

// S2.3.3: at the end of the Allied Movement Phase with three 8th Army
// units across the army boundary, the Allied player keeps one; the others
// are eliminated, and the phase ends. 5th Army units ignore the line.
func TestArmyBoundaryEliminates_S2_3_3(t *testing.T) {
	g := campaignGame(t, 12, PhaseMovement, Allied)
	g.put(t, "13/5", "2812")
	g.put(t, "15/5", "2813")
	g.put(t, "11ca", "2913")
	g.put(t, "17/5", "3020") // in the sector
	g.put(t, "141/36", "2814")
	g.put(t, "1-1fj", "2001")
	al := rules.Seat(Allied)
	ev := rulestest.Apply(t, g, al, "end")
	if !g.s.Boundary || g.s.Phase != PhaseMovement || !rulestest.HasEvent(ev, "S2.3.3") {
		t.Fatalf("S2.3.3: the phase waits for the pick: %v", ev)
	}
	var keep []string
	for _, c := range g.Legal(al) {
		keep = append(keep, c.Command)
	}
	slices.Sort(keep)
	if want := []string{"keep 11ca", "keep 13/5", "keep 15/5"}; !slices.Equal(keep, want) {
		t.Fatalf("S2.3.3: Legal %v, want %v", keep, want)
	}
	rulestest.Refused(t, g, al, "keep 17/5", "S2.3.3")
	rulestest.Refused(t, g, al, "end", "S2.3.3")
	rulestest.Apply(t, g, al, "keep 15/5")
	for id, box := range map[string]string{"13/5": BoxEliminated, "11ca": BoxEliminated, "15/5": "", "17/5": "", "141/36": ""} {
		if g.s.Units[g.index(id)].Box != box {
			t.Errorf("S2.3.3: %s: %+v", id, g.s.Units[g.index(id)])
		}
	}
	if g.s.Boundary || g.s.Phase != PhaseCombat {
		t.Errorf("S2.3.3: the phase ends: %s", g.s.Phase)
	}
}

// S2.3.3: one 8th Army unit across the line is allowed.
func TestArmyBoundaryOneAcross_S2_3_3(t *testing.T) {
	g := campaignGame(t, 12, PhaseMovement, Allied)
	g.put(t, "13/5", "2812")
	g.put(t, "1-1fj", "2001")
	rulestest.Apply(t, g, rules.Seat(Allied), "end")
	if g.s.Boundary || g.s.Phase != PhaseCombat {
		t.Errorf("S2.3.3: one unit across: the phase ends: %s", g.s.Phase)
	}
}

// S2.3.4: in the 8th Army sector every road costs 1 MP to an Allied
// mechanized unit: the Greys (MA 6) go six main-road hexes of the sector,
// not seven; a German armored unit is not affected.
func TestSectorRoads_S2_3_4(t *testing.T) {
	g := campaignGame(t, 12, PhaseMovement, Allied)
	road := []string{"3415", "3515", "3616", "3716", "3717", "3818", "3918", "4019"}
	for _, h := range road {
		if !g.inSector(h) {
			t.Fatalf("%s is not in the sector", h)
		}
	}
	g.put(t, "greys", road[0])
	g.put(t, "1-1fj", "2001")
	al := rules.Seat(Allied)
	rulestest.Refused(t, g, al, "move greys "+strings.Join(road, " "), "5.1", "7 MP")
	rulestest.Apply(t, g, al, "move greys "+strings.Join(road[:7], " "))

	g = campaignGame(t, 12, PhaseMovement, German)
	g.put(t, "pz/hg", road[0])
	g.put(t, "141/36", "2516")
	rulestest.Apply(t, g, rules.Seat(German), "move pz/hg "+strings.Join(road, " "))

	// Avalanche has no 8th Army and no S2.3.4: the road costs 1/3 MP.
	g = emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "greys", road[0])
	g.put(t, "1-1fj", "2001")
	rulestest.Apply(t, g, al, "move greys "+strings.Join(road, " "))
}

// S2.3.5, 21.2.1: only German and 8th Army units use the east areas; an
// east area an Allied unit enters turns Allied, and the German units in it
// are eliminated without combat.
func TestEastAreas_S2_3_5_21_2_1(t *testing.T) {
	g := campaignGame(t, 12, PhaseMovement, Allied)
	g.put(t, "1/1c", "4525")
	g.put(t, "141/36", "4526")
	ger := g.index("1-1fj")
	g.s.Units[ger].Box = boxEntry + "E1"
	g.put(t, "2-1fj", "2001")
	al := rules.Seat(Allied)
	rulestest.Refused(t, g, al, "enter 141/36 E1", "21.2.2")
	if !g.friendlyArea(German, "E1") {
		t.Fatal("21.2.1: E1 is German until an Allied unit enters it")
	}
	ev := rulestest.Apply(t, g, al, "enter 1/1c E1")
	if g.friendlyArea(German, "E1") || !g.friendlyArea(German, "E2") {
		t.Errorf("21.2.1: E1 alone turns Allied: %v", g.s.East)
	}
	if g.s.Units[ger].Box != BoxEliminated || !rulestest.HasEvent(ev, "21.2.1") {
		t.Errorf("21.2.1: 1-1fj in E1 is eliminated: %+v %v", g.s.Units[ger], ev)
	}
}

// S2.3.7: from turn 16, in his Supply Phase, the German may abandon the 8th
// Army sector: German units in it are eliminated, every 8th Army unit is
// removed, the east areas turn Allied, the sector's three VP hexes get
// Allied control markers, and no German unit enters the sector again.
func TestAbandonSector_S2_3_7(t *testing.T) {
	g := campaignGame(t, 15, PhaseSupply, German)
	de := rules.Seat(German)
	g.put(t, "kgd/16", "3415")  // in the sector
	g.put(t, "26pz/26", "3003") // out of it
	g.put(t, "pz/hg", "3213")   // next to it
	g.put(t, "13/5", "3020")
	g.put(t, "141/36", "2516")
	g.s.Units[g.index("2-1fj")].Box = boxEntry + "E3"
	rulestest.Refused(t, g, de, "abandon", "S2.3.7", "turn 16")
	if slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == "abandon" }) {
		t.Error("S2.3.7: no abandonment offered on turn 15")
	}
	g.s.Turn = 16
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == "abandon" }) {
		t.Fatal("S2.3.7: Legal offers the abandonment on turn 16")
	}
	rulestest.Apply(t, g, de, "abandon")
	for id, box := range map[string]string{"kgd/16": BoxEliminated, "2-1fj": BoxEliminated, "13/5": BoxWithdrawn, "1/1c": BoxWithdrawn, "26pz/26": "", "141/36": ""} {
		if g.s.Units[g.index(id)].Box != box {
			t.Errorf("S2.3.7: %s: %+v", id, g.s.Units[g.index(id)])
		}
	}
	for _, h := range []string{"2624", "3415", "4522"} {
		if !g.controls(Allied, h) {
			t.Errorf("S2.3.7: the VP hex %s is Allied", h)
		}
	}
	for _, a := range []string{"E1", "E3", "E5"} {
		if g.friendlyArea(German, a) {
			t.Errorf("S2.3.7: %s is Allied", a)
		}
	}
	rulestest.Refused(t, g, de, "abandon", "S2.3.7", "already")
	// No German unit enters the sector again (Movement Phase of turn 17).
	g.s.Turn, g.s.Phase = 17, PhaseMovement
	rulestest.Refused(t, g, de, "move pz/hg 3213 3313", "S2.3.7")
	// a German ASU eliminated in the sector counts +1 VP (23.1.2).
	g.s.Phase = PhaseSupply
	g.put(t, "hq/xiv", "3513")
	before := g.vp()
	g.campaignSweep()
	if g.s.Units[g.index("hq/xiv")].Box != BoxEliminated || g.vp() != before+1 {
		t.Errorf("S2.3.7, A-32: the ASU in the sector is eliminated and counts: %d -> %d", before, g.vp())
	}
}

// S2.4: at the end the Allies count a German-held VP hex that is isolated
// (16.5.1), and no eliminated BH: with the same position the Avalanche
// reading gives less.
func TestCampaignVictory_S2_4(t *testing.T) {
	g := campaignGame(t, 23, PhaseVictory, Allied)
	g.put(t, "bh-red", "2616")
	g.s.BHLost = 2
	// Contursi (3415, 1 VP) German, ringed by Allied units: isolated.
	ring := []string{"3314", "3315", "3414", "3416", "3514", "3515"}
	for k, id := range []string{"141/36", "142/36", "143/36", "179/45", "157/45", "128/46"} {
		g.put(t, id, ring[k])
	}
	g.put(t, "kgd/16", "3415")
	if g.controls(Allied, "3415") {
		t.Fatal("3415 starts German")
	}
	base := g.vp() // with the BH penalty, as the automatic check reads it (23.1.3)
	g.endCampaign()
	if want := base + 2 + 1; g.s.VP != want {
		t.Errorf("S2.4: %d VP at the end, want %d (+2 BH not counted, +1 isolated Contursi)", g.s.VP, want)
	}
	if !g.s.Over || !strings.Contains(g.s.Result, "german victory") || !strings.Contains(g.s.Result, "S2.4") {
		t.Errorf("S2.4: fewer than 20: the German wins: %q", g.s.Result)
	}
}

// S2.3.3: with one 8th Army unit across the line, a move that would end a
// second one beyond it is refused and not offered; 5th Army units ignore
// the line.
func TestArmyBoundaryMove_S2_3_3(t *testing.T) {
	g := campaignGame(t, 12, PhaseMovement, Allied)
	g.put(t, "13/5", "2812")
	g.put(t, "15/5", "2623") // in the sector, next to the line
	g.put(t, "141/36", "2522")
	g.put(t, "1-1fj", "2001")
	al := rules.Seat(Allied)
	if g.inSector("2522") || !g.inSector("2623") {
		t.Fatal("2522 is west of the line, 2623 east of it")
	}
	rulestest.Refused(t, g, al, "move 15/5 2623 2522", "S2.3.3")
	for _, c := range g.Legal(al) {
		if c.Piece != "15/5" || !strings.HasPrefix(c.Command, "move ") {
			continue
		}
		mc, err := ParseCommand(c.Command)
		if err != nil {
			t.Fatal(err)
		}
		if end := mc.Move.Path[len(mc.Move.Path)-1]; !g.inSector(end) {
			t.Errorf("S2.3.3: Legal offers %q", c.Command)
		}
	}
	rulestest.Apply(t, g, al, "move 141/36 2522 2623")
	rulestest.Apply(t, g, al, "move 13/5 2812 2813")
}

// S2.3.1: 5th and 8th Army units never attack together, though they stack
// together; each may attack alone.
func TestArmiesNeverAttackTogether_S2_3_1(t *testing.T) {
	g := campaignGame(t, 12, PhaseCombat, Allied)
	g.put(t, "13/5", "3013")
	g.put(t, "128/46", "3013")
	g.put(t, "kgd/16", "3113")
	g.put(t, "1-1fj", "2001")
	al := rules.Seat(Allied)
	rulestest.Refused(t, g, al, "attack 3113 with 13/5 128/46 maf 46", "8.5", "S2.3.1")
	for _, c := range g.Legal(al) {
		if strings.Contains(c.Command, "13/5") && strings.Contains(c.Command, "128/46") {
			t.Errorf("S2.3.1: Legal offers %q", c.Command)
		}
	}
	rulestest.Apply(t, g, al, "attack 3113 with 128/46 maf 46")
}

// 21.2.1: on turn 11 the south areas turn Allied with the 8th Army's
// arrival, and German units in them are eliminated without combat; the
// east areas stay German until an Allied unit enters them.
func TestSouthAreasTurnAllied_21_2_1(t *testing.T) {
	g := campaignGame(t, 10, PhaseVictory, Allied)
	g.s.Units[g.index("2-1fj")].Box = boxEntry + "S2"
	g.s.Units[g.index("1-1fj")].Box = boxEntry + "E4"
	if !g.friendlyArea(German, "S2") {
		t.Fatal("21.2.1: S2 is German before turn 11")
	}
	g.s.Turn, g.s.Phase, g.s.Side = 11, PhaseWeather, German
	ev, err := g.Roll([]int{1})
	if err != nil {
		t.Fatal(err)
	}
	if g.s.Units[g.index("2-1fj")].Box != BoxEliminated || !rulestest.HasEvent(ev, "21.2.1") {
		t.Errorf("21.2.1: 2-1fj in S2 is eliminated on turn 11: %+v %v", g.s.Units[g.index("2-1fj")], ev)
	}
	if g.s.Units[g.index("1-1fj")].Box != boxEntry+"E4" || g.friendlyArea(Allied, "E4") {
		t.Errorf("21.2.1: E4 stays German: %+v", g.s.Units[g.index("1-1fj")])
	}
	if !g.friendlyArea(Allied, "S1") {
		t.Error("21.2.1: S1 is Allied from turn 11")
	}
}

// 21.2.2 bars the 5th Army from the east areas only (book L1234: "the only
// Allied units that may use the east entry areas (E1-E5) are 8th Army
// units"); a south area is the Allies' from turn 11 (21.2.1), for the 5th
// Army too, and the Germans' before.
func TestFifthArmyInSouthAreas_21_2_1_21_2_2(t *testing.T) {
	al := rules.Seat(Allied)
	g := campaignGame(t, 12, PhaseMovement, Allied)
	g.put(t, "141/36", "2733")
	g.put(t, "2-1fj", "2001")
	rulestest.Apply(t, g, al, "enter 141/36 S1")
	if g.s.Units[g.index("141/36")].Box != boxEntry+"S1" {
		t.Errorf("21.2.1: the 5th Army's 141/36 enters S1 on turn 12: %+v", g.s.Units[g.index("141/36")])
	}
	g = campaignGame(t, 10, PhaseMovement, Allied)
	g.put(t, "141/36", "2733")
	g.put(t, "2-1fj", "2001")
	rulestest.Refused(t, g, al, "enter 141/36 S1", "21.2.1")
}
