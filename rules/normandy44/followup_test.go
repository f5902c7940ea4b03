package normandy44

import (
	"slices"
	"strings"
	"testing"
)

// utahMap rebuilds the Utah landings of the example of play (§5.2, P20,
// L1800-1808; P21, L1810-1818) on a small map: the Utah beach hex 0406 on
// the coast (0407, 0507 sea), a German unit at 0304 next to 0405 but not to
// the beach, and the follow-up units in the Utah approach box (20.5.1): three
// regiments, the Corps HQ and the beach engineer. A regiment of the
// first wave already holds the beach, and a Combat Command waits In Britain
// for turn 2.
func utahMap() testMap {
	return testMap{
		terrain: map[string]string{"0407": "sea", "0507": "sea"},
		units: []string{gerInf,
			"r8 allied us 4 infantry 6-4 4-4 size=III", "r12 allied us 4 infantry 6-4 4-4 size=III",
			"r22 allied us 4 infantry 6-4 4-4 size=III", "r327 allied us 101-ab glider 5-4 3-4 (2)-4 quality=+1 cadre=H size=III",
			"tk allied us 4 infantry 6-4 4-4 size=III", "corps allied us - hq (1)-4", "eng allied us - engineer (1)-0 beach=utah",
			"cc allied us 3 armored 7-6 5-6 ac=gray:3 size=X"},
		setup: []string{"ginf 0304", "tk 0406", "r8 approach-utah follow-up", "r12 approach-utah follow-up",
			"r22 approach-utah follow-up", "r327 approach-utah follow-up", "corps approach-utah follow-up",
			"eng approach-utah follow-up"},
		places: []string{"beach 0406 utah"},
		boxes:  []string{"in-britain in-britain", "approach-utah approach utah"},
		reinf:  []string{"2 cc in-britain rp=4"},
	}
}

// TestFollowUp_20_5_2: follow-up units land on their beach in the Allied
// Movement Phase of turn 1 by Tactical Movement, the beach hex counting as
// the first hex (6.5.2 a), without RP; next to the enemy they are marked
// Regroup (6.5.2 b). 327/101 comes by sea like the others (20.2.5).
func TestFollowUp_20_5_2(t *testing.T) {
	m := utahMap()
	// The other hexes next to the beach are full of Allied units (7.1).
	for k, h := range []string{"0505", "0505", "0506", "0506", "0305", "0305", "0306", "0306"} {
		id := string(rune('a'+k)) + "fill"
		m.units = append(m.units, id+" allied us 1 infantry 6-4 4-4")
		m.setup = append(m.setup, id+" "+h)
	}
	g := m.game(t, Allied, 1)
	if p := g.Pending().Prompt; !strings.Contains(p, "approach boxes") {
		t.Errorf("the prompt does not offer the follow-up landings: %q", p)
	}
	if _, ok := legalTo(g, "r8", "0405"); !ok {
		t.Fatal("Legal offers no landing of r8 to 0405")
	}
	ev := apply(t, g, Allied, "move r8 0406 0405")
	if at(g, "r8") != "0405" || !strings.Contains(ev[0].Text, "20.5.2") {
		t.Fatalf("r8 at %s: %v", at(g, "r8"), ev)
	}
	us := g.s.Units[g.index["r8"]]
	if !us.Regroup || !us.Moved || !us.Tactical {
		t.Errorf("r8 after landing next to ginf: %+v; want Regroup, moved by Tactical Movement", us)
	}
	if g.rpSpent("us") != 0 {
		t.Errorf("a follow-up landing spent %d RP (20.5.3)", g.rpSpent("us"))
	}
	apply(t, g, Allied, "move r327 0406") // 20.2.5: no Scatter roll
	if g.s.Units[g.index["r327"]].Scattered || len(g.s.GliderRolls) > 0 {
		t.Error("327/101 landing by sea was Scattered")
	}
	refused(t, g, Allied, "move r12 0406 0405 0404", "6.5.2") // 3 hexes
	refused(t, g, Allied, "move r12 0405", "20.5.2")          // not a Utah beach hex
	refused(t, g, Allied, "move r12 0406 0405 sm", "20.5.2")
	// P21: the beach hex is full (tk 2 + r327 2 points, 7.1): only the free
	// stacking HQ and engineer land there (7.1); r12 still lands through it.
	// 20.5.3: stacking keeps a landing off the beach, whatever 7.2 lets
	// other moves do (landCheck).
	refused(t, g, Allied, "move r12 0406", "7.1")
	apply(t, g, Allied, "move corps 0406")
	apply(t, g, Allied, "move eng 0406")
	if !g.openBeach("0406") {
		t.Error("the engineer on its beach does not open it (21.1.1)")
	}
	// 20.5.3: the phase does not end while a follow-up unit can land.
	refused(t, g, Allied, "end", "20.5.3")
	for _, c := range g.Legal(seatOf(Allied)) {
		if c.Command == "end" {
			t.Error("Legal offers 'end' while r12 and r22 can land")
		}
	}
	// 0405 is full too (r8 2 + r12 2); r22 waits in the box (20.5.3).
	apply(t, g, Allied, "move r12 0406 0405")
	for _, c := range g.Legal(seatOf(Allied)) {
		if c.Piece == "r22" {
			t.Errorf("Legal offers %q into full hexes", c.Command)
		}
	}
	apply(t, g, Allied, "end")
	if at(g, "r22") != "approach-utah" {
		t.Fatalf("r22 at %q, want waiting in the approach box", at(g, "r22"))
	}
}

// TestFollowUp_P20_Halved: units landed this turn attack at half strength
// with a Limited Advance (6.5.2 b; P20, Combat C: "all the attacking American
// units are under Regroup, so their strength is halved").
func TestFollowUp_P20_Halved(t *testing.T) {
	g := utahMap().game(t, Allied, 1)
	g.eliminate(g.index["tk"])
	apply(t, g, Allied, "move r8 0406 0405")
	apply(t, g, Allied, "move r12 0406 0405")
	a, err := ParseAttack("attack 0304 from 0405 maf r12 r8")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := g.combatInput(a)
	total, halved := attackStrength(in)
	// Two 6s, both landed this turn: 3 + 3.
	if total != 6 || len(halved) != 2 || !slices.Contains(halved[0].Reasons, HalvedLanded) {
		t.Errorf("attack strength %d, halvings %+v; want 6, both for landing (6.5.2)", total, halved)
	}
}

// TestFollowUp_20_5_3_Waiting: a unit kept in the approach box lands in a
// later turn without RP and without counting against the beach's 4 RP, in
// any order with the units bought with RP (20.5.3, 6.5.2 c).
func TestFollowUp_20_5_3_Waiting(t *testing.T) {
	g := utahMap().game(t, Allied, 2)
	g.s.Units[g.index["tk"]].At = "0101"
	g.s.Units[g.index["eng"]].At = "0406" // the beach is open (21.1.1)
	g.s.RP = []supPool{{Pool: "us", N: 6}}
	g.eliminate(g.index["ginf"])
	apply(t, g, Allied, "move r8 0406 0306")
	apply(t, g, Allied, "move cc 0406 0405") // 4 RP through Utah: the beach's limit
	if left := g.rpIncome("us") - g.rpSpent("us"); left != 2 {
		t.Errorf("%d US RP left, want 2 (only cc paid)", left)
	}
	apply(t, g, Allied, "move r12 0406")
	if at(g, "r12") != "0406" {
		t.Errorf("r12 at %s", at(g, "r12"))
	}
}

// TestFollowUp_21_1_4_Closed: once the engineer has landed, a beach it has
// left (or lost it) takes no more follow-up units (21.1.1, 21.1.4).
func TestFollowUp_21_1_4_Closed(t *testing.T) {
	g := utahMap().game(t, Allied, 1)
	g.s.Units[g.index["eng"]].At = "0101"
	refused(t, g, Allied, "move r8 0406", "21.1.4")
	g.s.Units[g.index["eng"]].At = "0406"
	apply(t, g, Allied, "move r8 0406")
}

// TestLandingCommands_RoundTrip: the follow-up landing (20.5.2) and the
// delayed glider's landing (20.2.4) are move commands, canonical both ways;
// other forms are refused.
func TestLandingCommands_RoundTrip(t *testing.T) {
	for _, s := range []string{"move 12/4 2814", "move 12/4 2814 2813", "move 325/82 2710"} {
		c, err := ParseCommand(s)
		if err != nil || c.Verb != "move" || c.String() != s {
			t.Errorf("%q: %+v, %v", s, c, err)
		}
	}
	for _, s := range []string{"move 12/4", "move 12/4  2814", "land 12/4 2814"} {
		if _, err := ParseCommand(s); err == nil {
			t.Errorf("%q parses", s)
		}
	}
}

// endOrLand ends the phase, first landing the follow-up units that can land
// (20.5.3: the Allied Movement Phase does not end while one can).
func endOrLand(t *testing.T, g *Game) {
	t.Helper()
	seat := g.Pending().Seats[0]
	for id := g.mustLand(); id != ""; id = g.mustLand() {
		i := g.index[id]
		moves := g.followUpMoves(g.moveContext(Allied), i)
		if g.isGlider(i) {
			moves = g.gliderMoves(g.moveContext(Allied), i) // 20.2.4
		}
		apply(t, g, Allied, moves[0].Command)
		if g.Pending().Dice != nil {
			return // a landed glider's Scatter die (20.2.4): the caller rolls it
		}
	}
	apply(t, g, Side(seat), "end")
	for g.s.StackCheck { // 7.2: a beach the landings left over the limit
		p := g.Pending()
		apply(t, g, Side(p.Seats[0]), g.Legal(p.Seats[0])[0].Command)
	}
}

// TestRegroup_6_5_2_RPLanding: a unit bought with RP that ends its landing
// next to the enemy is marked Regroup too, and the view shows it (6.5.2 b).
func TestRegroup_6_5_2_RPLanding(t *testing.T) {
	g := utahMap().game(t, Allied, 2)
	g.s.Units[g.index["tk"]].At = "0101"
	g.s.Units[g.index["eng"]].At = "0406"
	g.s.RP = []supPool{{Pool: "us", N: 6}}
	ev := apply(t, g, Allied, "move cc 0406 0405") // 0405 is next to ginf (0304)
	if !g.s.Units[g.index["cc"]].Regroup || !strings.Contains(ev[0].Text, "6.5.2 b") {
		t.Errorf("cc after landing next to ginf: %+v, %q", g.s.Units[g.index["cc"]], ev[0].Text)
	}
	if v := strings.Join(g.View(seatOf(Allied)).Lines, "\n"); !strings.Contains(v, "cc [Regroup]") {
		t.Errorf("the view does not mark cc Regroup:\n%s", v)
	}
	apply(t, g, Allied, "move r8 0406") // the beach hex is not next to ginf
	if g.s.Units[g.index["r8"]].Regroup {
		t.Error("r8 landed away from the enemy with Regroup")
	}
}

// TestLanding_9_10_EZOCStop: the landing hex is the first hex entered by
// Tactical Movement (6.5.2 a), so a unit landing on a beach hex in an enemy
// ZOC stops there (8.2, 9.10), whether it comes from an approach box or is
// bought with RP.
func TestLanding_9_10_EZOCStop(t *testing.T) {
	m := utahMap()
	m.setup[0] = "ginf 0305" // next to the beach hex 0406
	g := m.game(t, Allied, 2)
	g.s.Units[g.index["tk"]].At = "0101"
	g.s.Units[g.index["eng"]].At = "0406"
	g.s.RP = []supPool{{Pool: "us", N: 6}}
	refused(t, g, Allied, "move r8 0406 0405", "8.2")
	refused(t, g, Allied, "move cc 0406 0405", "8.2")
	apply(t, g, Allied, "move r8 0406")
	apply(t, g, Allied, "move cc 0406")
}

// TestCherbourgFollowUps_20_5: after the refereed invasion (the Utah assault
// carried with sixes, as in TestPlayThrough_3_0), the Utah follow-up units
// (12/4, 327/101, 746-Tk, the engineer and VII Corps, cherbourg.scn) land in
// the Allied Movement Phase of turn 1 on the Utah beach hex 2814 without RP;
// the phase ends once those that can land have landed (20.5.1-20.5.3).
func TestCherbourgFollowUps_20_5(t *testing.T) {
	g := cherbourg(t)
	if _, err := g.Roll([]int{6, 6, 6, 6, 6, 6}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Roll([]int{6, 6}); err != nil {
		t.Fatal(err)
	}
	apply(t, g, Allied, "advance-done")
	for !(g.s.Phase == PhaseMovement && g.s.Side == Allied) {
		apply(t, g, Side(g.Pending().Seats[0]), "end")
	}
	if g.s.Turn != 1 || g.mustLand() == "" {
		t.Fatalf("turn %d: no follow-up unit to land", g.s.Turn)
	}
	refused(t, g, Allied, "end", "20.5.3")
	apply(t, g, Allied, "move Utah-Eng 2814")
	apply(t, g, Allied, "move VII-Corps 2814")
	if g.rpSpent("us") != 0 || !g.regrouped(g.index["VII-Corps"]) {
		t.Errorf("RP spent %d; VII-Corps halved %v", g.rpSpent("us"), g.regrouped(g.index["VII-Corps"]))
	}
	for id := g.mustLand(); id != ""; id = g.mustLand() {
		apply(t, g, Allied, g.followUpMoves(g.moveContext(Allied), g.index[id])[0].Command)
	}
	landed := 0
	for _, id := range []string{"12/4", "327/101", "746-Tk"} {
		if at(g, id) != "approach-utah" {
			landed++
		} else if len(g.followUpMoves(g.moveContext(Allied), g.index[id])) > 0 {
			t.Errorf("%s could land and waits", id)
		}
	}
	if landed == 0 {
		t.Error("no regiment or tank battalion landed")
	}
	apply(t, g, Allied, "end")
}
