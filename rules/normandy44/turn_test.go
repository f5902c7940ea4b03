package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// toTurn plays the Cherbourg scenario, the invasion skipped, with 'end' to the weather roll of turn,
// rolling 6s for any attrition, and rolls the weather die.
func toTurn(t *testing.T, g *Game, turn, weatherDie int) []rules.Event {
	t.Helper()
	skipInvasion(t, g)
	for g.s.Turn < turn || g.s.Phase != PhaseInitial {
		p := g.Pending()
		if p.Over {
			t.Fatalf("the game ended before turn %d", turn)
		}
		if p.Dice != nil {
			sixes := make([]int, len(p.Dice.Sides))
			for k := range sixes {
				sixes[k] = 6
			}
			if _, err := g.Roll(sixes); err != nil {
				t.Fatal(err)
			}
			continue
		}
		endOrLand(t, g)
	}
	ev, err := g.Roll([]int{weatherDie})
	if err != nil {
		t.Fatal(err)
	}
	// 20.2.4: in turn 2 the gliders roll Scatter; a 6 (+1) leaves them be.
	return append(ev, rollGliders(t, g)...)
}

// rollGliders rolls 6 for every glider Scatter die awaited.
func rollGliders(t *testing.T, g *Game) []rules.Event {
	t.Helper()
	var ev []rules.Event
	for len(g.s.GliderRolls) > 0 {
		e, err := g.Roll([]int{6})
		if err != nil {
			t.Fatal(err)
		}
		ev = append(ev, e...)
	}
	return ev
}

// TestP17_GermanSupply: the German Supply Phase of turn 1 with every German
// unit able to trace supply takes no action (P17, 18.1).
func TestP17_GermanSupply(t *testing.T) {
	g := cherbourg(t)
	skipInvasion(t, g)
	apply(t, g, German, "end")
	ev := apply(t, g, German, "end") // the Combat Phase; Supply passes by itself
	if !strings.Contains(rulestest.EventsText(ev), "German Supply Phase: no supply marker changes (18.1)") {
		t.Errorf("P17: %s", rulestest.EventsText(ev))
	}
	for i, us := range g.s.Units {
		if g.unit(i).Side == German && (us.OutOfSupply || us.Isolated) {
			t.Errorf("P17: %s is marked", us.ID)
		}
	}
	if g.s.Phase != PhaseMovement || g.s.Side != Allied {
		t.Errorf("after the German Supply Phase: %s %s", g.s.Side, g.s.Phase)
	}
}

// TestSupplySources_S3_2_1: German lines in the Cherbourg scenario end on
// Cherbourg or on the roads leaving the map south across the 27 June line; a
// German unit far from both, with Allied units across its roads, is cut off.
func TestSupplySources_S3_2_1(t *testing.T) {
	g := cherbourg(t)
	st := traceSupply(g.sup, g.supplyView(German))
	// 2105 is on the road that leaves the map at 2006; 3404 is next to
	// Cherbourg (3405).
	for _, id := range []string{"2105", "3404", "2006"} {
		if st[id] != InSupply {
			t.Errorf("%s: %s, want in supply (S3.2.1)", id, st[id])
		}
	}
	// The airborne units hold 2612, 2710, 2711, 2810, 2811 and 2911 and the
	// beach 2814 is German-held: no Allied line (18.2: an open beach hex).
	al := traceSupply(g.sup, g.supplyView(Allied))
	if al["2811"] == InSupply {
		t.Error("an Allied line from 2811 with Utah in German hands")
	}
}

// TestResources_S3_2: the Cherbourg scenario's income from the weather roll.
func TestResources_S3_2(t *testing.T) {
	g := cherbourg(t)
	// S3.2.2 and S3.2.3: 3 SupP on the Cherbourg Fortress, and the German
	// armor Repl for a Storm turn, from the start.
	if k := poolIndex(g.s.SupP, "cherbourg-fortress"); k < 0 || g.s.SupP[k].N != 3 {
		t.Errorf("starting SupP: %+v", g.s.SupP)
	}
	if len(g.s.Repl) != 1 || g.s.Repl[0] != (replStock{Nation: "german", Type: "armor", Limit: ReplStormOnly, Count: 1}) {
		t.Errorf("starting Repl: %+v", g.s.Repl)
	}
	// Turn 2, die 2: Overcast-2. German +1 SupP (weather not Clear); US 1
	// free SupP and 3 RP; no Repl before turn 3.
	ev := toTurn(t, g, 2, 2)
	if g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N != 1 || g.s.SupP[poolIndex(g.s.SupP, "us")].N != 1 {
		t.Errorf("turn 2 SupP: %+v", g.s.SupP)
	}
	if len(g.s.RP) != 1 || g.s.RP[0] != (supPool{"us", 3}) || len(g.s.Repl) != 1 {
		t.Errorf("turn 2: RP %+v, Repl %+v\n%s", g.s.RP, g.s.Repl, rulestest.EventsText(ev))
	}
	// Turn 3, die 5: Clear-5. German: 1 infantry Repl for quality 0 or -1,
	// no SupP. US (odd row): T5 row 5 gives 1 infantry and 1 armor Repl; 1
	// SupP; 4 RP in a Clear turn.
	toTurn(t, g, 3, 5)
	want := map[replStock]bool{
		{Nation: "german", Type: "armor", Limit: ReplStormOnly, Count: 1}:   true,
		{Nation: "german", Type: "infantry", Limit: ReplQuality0, Count: 1}: true,
		{Nation: "us", Type: "infantry", Count: 1}:                          true,
		{Nation: "us", Type: "armor", Count: 1}:                             true,
	}
	if len(g.s.Repl) != len(want) {
		t.Errorf("turn 3 Repl: %+v", g.s.Repl)
	}
	for _, r := range g.s.Repl {
		if !want[r] {
			t.Errorf("turn 3: unexpected Repl %+v", r)
		}
	}
	if g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N != 1 || g.s.SupP[poolIndex(g.s.SupP, "us")].N != 2 || g.s.RP[0].N != 4 {
		t.Errorf("turn 3: SupP %+v, RP %+v", g.s.SupP, g.s.RP)
	}
	// 6.4.2: the quality-0 Repl is lost if the German Replacement Phase
	// ends without it.
	ev = apply(t, g, German, "end")
	if !strings.Contains(rulestest.EventsText(ev), "(6.4.2)") {
		t.Errorf("no word of the lost Repl: %s", rulestest.EventsText(ev))
	}
	for _, r := range g.s.Repl {
		if r.Limit == ReplQuality0 {
			t.Errorf("6.4.2: the Repl outlived its phase: %+v", r)
		}
	}
}

// TestReplace_6_2: one Repl restores a step to a reduced unit that can trace
// supply, once a turn, and only of the right kind.
func TestReplace_6_2(t *testing.T) {
	g := cherbourg(t)
	toTurn(t, g, 3, 5) // the German infantry Repl for quality 0 or -1
	if p := g.Pending(); p.Phase != "Turn 3, German Replacement Phase (6.2, 6.7)" {
		t.Fatalf("pending %q", p.Phase)
	}
	g.s.Units[g.index["739/709"]].Step = 1    // quality -1
	g.s.Units[g.index["Sturm-AOK7"]].Step = 1 // quality +1
	// The turn-2 gliders (20.2.4) would cut 739/709's supply line: this
	// test is about 6.2, so they stay away.
	for _, id := range []string{"325/82", "2-401/82"} {
		g.s.Units[g.index[id]].At = ""
	}
	refused(t, g, German, "replace Sturm-AOK7", "6.4.2")
	refused(t, g, German, "replace 920/243", "6.2.1") // full strength
	refused(t, g, German, "replace 505/82", "6.2")    // not German
	var offered []string
	for _, c := range g.Legal("german") {
		if strings.HasPrefix(c.Command, "replace ") {
			offered = append(offered, c.Command)
		}
	}
	if strings.Join(offered, ",") != "replace 739/709" {
		t.Errorf("Legal offers %v", offered)
	}
	ev := apply(t, g, German, "replace 739/709")
	us := g.s.Units[g.index["739/709"]]
	if us.Step != 0 || !us.Repl || !strings.Contains(ev[0].Text, "6.2.4") {
		t.Errorf("after the Repl: %+v, %v", us, ev)
	}
	g.s.Units[g.index["739/709"]].Step = 1
	refused(t, g, German, "replace 739/709", "6.2.3") // once a turn
	g.s.Units[g.index["739/709"]].Step = 0
	// 3.0 B6: the Regeneration Phase takes the Repl marker off.
	apply(t, g, German, "end") // Replacement
	apply(t, g, German, "end") // Movement
	apply(t, g, German, "end") // Combat
	if g.s.Units[g.index["739/709"]].Repl {
		t.Error("the Repl marker outlived the Regeneration Phase")
	}
}

// TestReplace_6_2_3_Supply: a unit without a supply line now takes no Repl.
func TestReplace_6_2_3_Supply(t *testing.T) {
	g := pocketMap([]string{gerInf}, []string{"ginf 0705"}).game(t, German, 3)
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 1}}
	g.s.Units[g.index["ginf"]].Step = 1
	refused(t, g, German, "replace ginf", "6.2.3")
	g.s.Units[g.index["ainf"]].At = "0101" // the neck opens: 0304 is 4 hexes off
	apply(t, g, German, "replace ginf")
	g.s.Phase = PhaseMovement
	refused(t, g, German, "move ginf 0705 0704 0703", "6.2.4")
}

// TestMobilize_6_7: from turn 2 one unit a turn leaves a mobilization box for
// a free mobilization hex of its division.
func TestMobilize_6_7(t *testing.T) {
	g := cherbourg(t)
	toTurn(t, g, 2, 4)
	refused(t, g, German, "mobilize 1/739/709 2902", "6.7") // a 243rd hex
	refused(t, g, German, "mobilize 920/243 2902", "6.7")   // not in a box
	ev := apply(t, g, German, "mobilize 1/739/709 3210")
	if at(g, "1/739/709") != "3210" || !strings.Contains(ev[0].Text, "6.7") {
		t.Errorf("1/739/709 at %q: %v", at(g, "1/739/709"), ev)
	}
	refused(t, g, German, "mobilize 3/920/243 2902", "6.7") // one a turn (AMBIG-48)
	for _, c := range g.Legal("german") {
		if strings.HasPrefix(c.Command, "mobilize") {
			t.Errorf("Legal offers %q after this turn's mobilization", c.Command)
		}
	}
	apply(t, g, German, "end")
	refused(t, g, German, "mobilize 3/920/243 2902", "6.2") // the Movement Phase
}

// endOfTurn runs the End Phase of turn on g as it stands.
func endOfTurn(g *Game, turn int) []rules.Event {
	g.setStage(turn, PhaseEnd, "")
	return g.enterPhase()
}

// TestVictory_S3_3: after turn 12 the Allies win with Carentan and a supplied
// non-HQ unit inside the Cherbourg perimeter; otherwise the Germans do.
func TestVictory_S3_3(t *testing.T) {
	setup := func() *Game {
		g := cherbourg(t)
		g.s.Units[g.index["505/82"]].At = "2512" // Carentan
		g.setControl("2512", Allied)
		g.s.Units[g.index["I/6FJ"]].At = "2208"
		g.s.Units[g.index["501/101"]].At = "3406" // inside the perimeter
		return g
	}
	g := setup()
	endOfTurn(g, 12)
	p := g.Pending()
	if !p.Over || !strings.HasPrefix(p.Result, "the Allies win after turn 12 (S3.3 I): ") || !strings.Contains(p.Result, "2512 Carentan") || !strings.Contains(p.Result, "501/101") {
		t.Errorf("S3.3 I (a): %+v", p)
	}
	// The same unit with an out-of-supply marker does not count.
	g = setup()
	g.s.Units[g.index["501/101"]].OutOfSupply = true
	endOfTurn(g, 12)
	if p := g.Pending(); !p.Over || !strings.HasPrefix(p.Result, "the Germans win after turn 12") {
		t.Errorf("S3.3 I without a supplied unit: %+v", p)
	}
	// Without Carentan the Germans win.
	g = setup()
	g.s.Units[g.index["505/82"]].At = "2811"
	g.setControl("2512", German)
	endOfTurn(g, 12)
	if p := g.Pending(); !strings.Contains(p.Result, "the Germans win") || !strings.Contains(p.Result, "does not control 2512") {
		t.Errorf("S3.3 I without Carentan: %+v", p)
	}
	// Before turn 12 the game goes on.
	g = setup()
	endOfTurn(g, 11)
	if p := g.Pending(); p.Over || g.s.Turn != 12 {
		t.Errorf("after turn 11: turn %d, %+v", g.s.Turn, p)
	}
}

// TestRemove6FJ_S3_3_II: in an End Phase with Americans in Carentan the two
// 6FJ units leave the map; without them, they stay.
func TestRemove6FJ_S3_3_II(t *testing.T) {
	g := cherbourg(t)
	endOfTurn(g, 4)
	if g.s.Units[g.index["I/6FJ"]].Gone {
		t.Fatal("6FJ removed with Carentan German")
	}
	g.s.Units[g.index["505/82"]].At = "2512"
	ev := endOfTurn(g, 5)
	for _, id := range []string{"I/6FJ", "II/6FJ"} {
		if !g.s.Units[g.index[id]].Gone {
			t.Errorf("%s still on the map", id)
		}
	}
	if !strings.Contains(rulestest.EventsText(ev), "S3.3 II") {
		t.Errorf("no word of the removal: %s", rulestest.EventsText(ev))
	}
}

// TestReinforcements_S3_2_6: the German reinforcements come to La-Haye-du-Puits
// (2506) in the turns S3.2.6 names: 3/1050/77 in turn 5, 1049(-)/77 and
// 2/1050/77 in turn 6, not before.
func TestReinforcements_S3_2_6(t *testing.T) {
	g := cherbourg(t)
	toTurn(t, g, 4, 4)
	apply(t, g, German, "end") // Replacement
	for _, id := range []string{"3/1050/77", "1049(-)/77", "2/1050/77"} {
		if at(g, id) != "" {
			t.Errorf("turn 4: %s at %q", id, at(g, id))
		}
	}
	toTurn(t, g, 5, 4)
	apply(t, g, German, "end")
	if at(g, "3/1050/77") != "at:2506" || at(g, "1049(-)/77") != "" {
		t.Errorf("turn 5: 3/1050/77 %q, 1049(-)/77 %q", at(g, "3/1050/77"), at(g, "1049(-)/77"))
	}
	if _, ok := legalTo(g, "3/1050/77", "2506"); !ok {
		t.Error("turn 5: Legal does not bring 3/1050/77 in at 2506")
	}
	apply(t, g, German, "move 3/1050/77 2506")
	toTurn(t, g, 6, 4)
	apply(t, g, German, "end")
	if at(g, "1049(-)/77") != "at:2506" || at(g, "2/1050/77") != "at:2506" || at(g, "3/1050/77") != "2506" {
		t.Errorf("turn 6: %q %q %q", at(g, "1049(-)/77"), at(g, "2/1050/77"), at(g, "3/1050/77"))
	}
}

// TestAllot_5_2: the turn's German SupP arrive on the 7th Army; in the German
// Replacement Phase some or all may go to the Cherbourg Fortress, never more,
// and never again later; the fortress and its SupP go when every Cherbourg
// hex is Allied.
func TestAllot_5_2(t *testing.T) {
	g := cherbourg(t)
	toTurn(t, g, 2, 2) // Overcast: +1 SupP (S3.2.2)
	refused(t, g, German, "allot cherbourg-fortress 2", "5.2")
	if _, ok := choiceOf(g, "allot cherbourg-fortress 1"); !ok {
		t.Error("Legal does not offer the allocation")
	}
	apply(t, g, German, "allot cherbourg-fortress 1")
	if g.s.SupP[poolIndex(g.s.SupP, fortressPool)].N != 4 || g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N != 0 {
		t.Errorf("after the allocation: %+v", g.s.SupP)
	}
	refused(t, g, German, "allot cherbourg-fortress 1", "5.2")
	for _, id := range cityHexes(g.sc, "Cherbourg") {
		g.setControl(id, Allied)
	}
	ev := endOfTurn(g, 2)
	if g.fortressInPlay() || !strings.Contains(rulestest.EventsText(ev), "4 SupP are removed (5.2)") {
		t.Errorf("the fortress stands: %+v, %s", g.s.SupP, rulestest.EventsText(ev))
	}
}

// TestView_Resources: the view shows the track, the supply markers and what
// the Allies may buy.
func TestView_Resources(t *testing.T) {
	g := cherbourg(t)
	toTurn(t, g, 2, 5)
	text := strings.Join(g.View("allied").Lines, "\n")
	for _, want := range []string{
		"SupP cherbourg-fortress: 3", "SupP us: 1", "RP us this turn: 3, 0 spent",
		"2811 allied: 505/82 [out of supply]", // the turn-1 Allied Supply Phase
		"In Britain, to buy with RP (6.5.1): 4-Cav (2 RP), 357/90 (3 RP)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the view lacks %q:\n%s", want, text)
		}
	}
}
