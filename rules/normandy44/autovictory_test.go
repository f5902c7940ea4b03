package normandy44

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// airborneMap: the 82nd's two parachute regiments at 0404 and 0405, a German
// unit far off at 0801, and a US regiment of no airborne division.
func airborneMap() testMap {
	return testMap{
		units: []string{"505/82 allied us 82 paratroop 4-4 2-4", "507/82 allied us 82 paratroop 4-4 2-4",
			"r1 allied us 4 infantry 6-4 4-4", gerInf},
		setup: []string{"505/82 0404", "507/82 0405", "r1 0303", "ginf 0801"},
		boxes: []string{"in-britain in-britain"},
	}
}

// endPhaseOf puts the game in the End Phase of turn and runs it.
func endPhaseOf(g *Game, turn int) []rules.Event {
	g.setStage(turn, PhaseEnd, "")
	return g.enterPhase()
}

// TestAirborneEvacuation_22_2: in the End Phase the Allied player may evacuate
// a whole airborne division whose units are all supplied and none next to an
// enemy unit; it never returns; 'end' declines and the turn goes on.
func TestAirborneEvacuation_22_2(t *testing.T) {
	g := airborneMap().game(t, Allied, 1)
	endPhaseOf(g, 1)
	p := g.Pending()
	if g.s.Phase != PhaseEnd || len(p.Seats) != 1 || p.Seats[0] != seatOf(Allied) || !strings.Contains(p.Prompt, "evacuate-division 82") &&
		!strings.Contains(p.Prompt, "evacuate-division FORMATION") {
		t.Fatalf("22.2: the End Phase does not wait for the Allies: %+v", p)
	}
	legal := g.Legal(seatOf(Allied))
	if len(legal) != 2 || legal[0].Command != "evacuate-division 82" || legal[1].Command != "end" {
		t.Errorf("22.2: Legal %v", legal)
	}
	refused(t, g, Allied, "evacuate-division 4", "22.2") // no airborne division
	refused(t, g, Allied, "evacuate 505/82", "21.2")     // not the Movement Phase
	apply(t, g, Allied, "evacuate-division 82")
	if at(g, "505/82") != atEvacuated || at(g, "507/82") != atEvacuated {
		t.Errorf("22.2: the 82nd at %s and %s", at(g, "505/82"), at(g, "507/82"))
	}
	if _, ok := g.inBritainEntry(g.index["505/82"]); ok {
		t.Error("22.2: an evacuated airborne unit may be bought back")
	}
	apply(t, g, Allied, "end")
	if g.s.Turn != 2 || g.s.Phase != PhaseInitial {
		t.Errorf("after the End Phase: turn %d %s", g.s.Turn, g.s.Phase)
	}

	// A unit next to the enemy, or out of supply, keeps the division.
	for _, spoil := range []func(g *Game){
		func(g *Game) { g.s.Units[g.index["ginf"]].At = "0505" },
		func(g *Game) { g.s.Units[g.index["507/82"]].OutOfSupply = true },
	} {
		g := airborneMap().game(t, Allied, 1)
		spoil(g)
		endPhaseOf(g, 1)
		if g.s.Phase == PhaseEnd || g.s.EndWait {
			t.Errorf("22.2: the End Phase waits for a division that may not go: %v", g.divisionCheck("82"))
		}
	}
}

// autoMap: Utah (0208), Omaha (0408) and Sword (0708) with their engineers, the
// four Caen hexes at 0404-0405 and 0504-0505, Pointe du Hoc at 0101, the east
// and south edge in column 08, and automatic victory on.
func autoMap(extraUnits, extraSetup []string) testMap {
	caen := `city "Caen"`
	units := append([]string{"ueng allied us - engineer (1)-0 beach=utah", "oeng allied us - engineer (1)-0 beach=omaha",
		"seng allied gb - engineer (1)-0 beach=sword", "e1 allied us 4 infantry 2-4", "e2 allied us 4 infantry 2-4",
		"e3 allied us 4 infantry 2-4", gerInf}, extraUnits...)
	setup := append([]string{"ueng 0208", "oeng 0408", "seng 0708", "e1 0402", "e2 0403", "e3 0302", "ginf 0101"}, extraSetup...)
	return testMap{
		terrain: map[string]string{"0404": caen, "0405": caen, "0504": caen, "0505": caen},
		units:   units,
		setup:   setup,
		places:  []string{"beach 0208 utah", "beach 0408 omaha", "beach 0708 sword", "beach 0101 pointe-du-hoc"},
		boxes:   []string{"in-britain in-britain"},
		special: nil,
		victory: []string{"automatic yes"},
	}
}

// autoGame starts autoMap with the east-south-edge zone on column 08.
func autoGame(t *testing.T, m testMap) *Game {
	t.Helper()
	gg, err := New([]byte(m.withZones("east-south-edge 0801-0808").text()), nil)
	if err != nil {
		t.Fatalf("auto map: %v", err)
	}
	g := gg.(*Game)
	g.s.Turn = 2
	return g
}

// TestAutomaticVictory_23_2: the Allies win in the End Phase with 3 supplied
// units on the east or south edge at the end of the German player turn
// (AMBIG-42: counted at the start of the Allied turn), every beach open and
// all four Caen hexes held.
func TestAutomaticVictory_23_2(t *testing.T) {
	setup := func(g *Game) {
		for _, h := range []string{"0404", "0405", "0504", "0505"} {
			g.setControl(h, Allied)
		}
		g.s.Units[g.index["e1"]].At = "0803"
		g.s.Units[g.index["e2"]].At = "0804"
		g.s.Units[g.index["e3"]].At = "0805"
	}
	g := autoGame(t, autoMap(nil, nil))
	setup(g)
	g.s.Phase, g.s.Side = PhaseReplacement, Allied
	g.startReplacement()
	ev := endPhaseOf(g, 2)
	if !g.s.Over || !strings.Contains(g.s.Result, "23.2") || !strings.Contains(g.s.Result, "Allies") {
		t.Fatalf("23.2: %q\n%s", g.s.Result, rulestest.EventsText(ev))
	}
	cases := map[string]func(g *Game){
		"units reach the edge only in the Allied turn (AMBIG-42)": func(g *Game) { g.s.EdgeUnits = 0 },
		"one unit out of supply": func(g *Game) {
			g.s.Units[g.index["e3"]].OutOfSupply = true
			g.s.EdgeUnits = g.edgeUnits()
		},
		"a Caen hex German":     func(g *Game) { g.setControl("0505", German) },
		"Sword closed":          func(g *Game) { g.eliminate(g.index["seng"]) },
		"automatic victory off": func(g *Game) { g.sc.Victory = nil },
	}
	for name, spoil := range cases {
		g := autoGame(t, autoMap(nil, nil))
		setup(g)
		g.s.Phase, g.s.Side = PhaseReplacement, Allied
		g.startReplacement()
		spoil(g)
		endPhaseOf(g, 2)
		if g.s.Over {
			t.Errorf("23.2, %s: %q", name, g.s.Result)
		}
	}
}

// TestAutomaticVictory_23_3_Beaches: three closed beaches or Mulberry hexes
// win for the Germans; Sword counts, Pointe du Hoc does not (AMBIG-43).
func TestAutomaticVictory_23_3_Beaches(t *testing.T) {
	g := autoGame(t, autoMap(nil, nil))
	g.eliminate(g.index["ueng"])
	g.eliminate(g.index["oeng"])
	endPhaseOf(g, 2)
	if g.s.Over {
		t.Fatalf("23.3: two closed beaches won: %q", g.s.Result)
	}
	g = autoGame(t, autoMap(nil, nil))
	g.eliminate(g.index["ueng"])
	g.eliminate(g.index["oeng"])
	g.eliminate(g.index["seng"])
	endPhaseOf(g, 2)
	if !g.s.Over || !strings.Contains(g.s.Result, "23.3") || !strings.Contains(g.s.Result, "Germans") {
		t.Errorf("23.3: Utah, Omaha and Sword closed: %q", g.s.Result)
	}
	// Two beaches and a captured Mulberry.
	g = autoGame(t, autoMap(nil, nil))
	g.eliminate(g.index["ueng"])
	g.eliminate(g.index["seng"])
	g.sc.Places = append(g.sc.Places, Place{Kind: PlaceMulberry, Hex: "0101", Arg: "us"})
	g.s.Mulberries = []mulberry{{Army: "us", Lost: true}}
	endPhaseOf(g, 2)
	if !g.s.Over || !strings.Contains(g.s.Result, "0101") {
		t.Errorf("23.3: two beaches and the lost Mulberry hex 0101: %q", g.s.Result)
	}
}

// TestAutomaticVictory_23_3_Losses: 7 US or 5 British 3-step units eliminated
// or at cadre win for the Germans; Canadians, units of 2 steps and evacuated
// airborne units (22.2) do not count (AMBIG-43: the state now).
func TestAutomaticVictory_23_3_Losses(t *testing.T) {
	var units, setup []string
	for k := range 7 {
		id := fmt.Sprintf("us%d", k)
		units = append(units, fmt.Sprintf("%s allied us 1 infantry 6-4 4-4 2-4 cadre=%c", id, 'A'+k))
		setup = append(setup, id+" in-britain")
	}
	for k := range 5 {
		id := fmt.Sprintf("gb%d", k)
		units = append(units, fmt.Sprintf("%s allied gb 50 infantry 6-4 4-4 2-4 cadre=%c", id, 'K'+k))
		setup = append(setup, id+" in-britain")
	}
	units = append(units, "ca1 allied ca 3 infantry 6-4 4-4 2-4 cadre=Q", "two allied us 1 infantry 6-4 4-4")
	setup = append(setup, "ca1 in-britain", "two in-britain")
	m := autoMap(units, setup)
	lose := func(g *Game, ids ...string) {
		for _, id := range ids {
			g.eliminate(g.index[id])
		}
	}
	g := autoGame(t, m)
	lose(g, "us0", "us1", "us2", "us3", "us4", "us5", "two", "ca1")
	g.s.Units[g.index["gb0"]].Step = 2
	lose(g, "gb1", "gb2", "gb3")
	endPhaseOf(g, 2)
	if g.s.Over {
		t.Fatalf("23.3: 6 US and 4 British 3-step losses won: %q", g.s.Result)
	}
	g = autoGame(t, m)
	lose(g, "us0", "us1", "us2", "us3", "us4", "us5")
	g.s.Units[g.index["us6"]].Step = 2 // at cadre
	endPhaseOf(g, 2)
	if !g.s.Over || !strings.Contains(g.s.Result, "7 US 3-step") {
		t.Errorf("23.3: 7 US 3-step units lost: %q", g.s.Result)
	}
	// The seventh at cadre was evacuated with its airborne division (22.2).
	g = autoGame(t, m)
	lose(g, "us0", "us1", "us2", "us3", "us4", "us5")
	g.s.Units[g.index["us6"]] = unitState{ID: "us6", Step: 2, At: atEvacuated}
	endPhaseOf(g, 2)
	if g.s.Over {
		t.Errorf("23.3: an evacuated unit counted: %q", g.s.Result)
	}
	g = autoGame(t, m)
	lose(g, "gb0", "gb1", "gb2", "gb3", "gb4")
	endPhaseOf(g, 2)
	if !g.s.Over || !strings.Contains(g.s.Result, "5 British 3-step") {
		t.Errorf("23.3: 5 British 3-step units lost: %q", g.s.Result)
	}
}

// TestVictory_S2_2_EndPhase: with the 'seven-turn' record the last End Phase
// counts the Allied VP of S2.2 on the position: +3 the beach link from Juno to
// Ste-Mère-Église, +2 Bayeux, +2 a City outside the NBZ, +1 a Town outside it
// (Ste-Mère-Église), nothing for a Town inside it, +1 an occupied drop hex,
// -2 an engineer off its beach: 7 VP (AMBIG-45: no supply line asked).
func TestVictory_S2_2_EndPhase(t *testing.T) {
	m := testMap{
		terrain: map[string]string{"0104": `town base=clear "Ste-Mère-Église"`, "0302": `town base=clear "Bayeux"`,
			"0506": `city "Caen"`, "0606": `town base=clear "Ouistreham"`},
		roads: []string{"minor 0101 0102 0103 0104"},
		units: []string{"jeng allied gb - engineer (1)-0 beach=juno", "ueng allied us - engineer (1)-0 beach=utah",
			"para allied us 82 paratroop 4-4 2-4", gerInf},
		setup:   []string{"jeng 0101", "ueng 0801", "para 0705", "ginf 0805"}, // ginf keeps the 82nd from 22.2
		places:  []string{"beach 0101 juno", "beach 0801 utah", "drop 0705 82", "drop 0706 82"},
		victory: []string{"seven-turn", "threshold allied 14", "default german"},
	}
	run := func(text string) *Game {
		gg, err := New([]byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		for _, h := range []string{"0104", "0302", "0506", "0606"} {
			g.setControl(h, Allied)
		}
		g.eliminate(g.index["ueng"])
		endPhaseOf(g, 3)
		return g
	}
	g := run(m.withZones("nbz 0606").text())
	if !g.s.Over || !strings.Contains(g.s.Result, "S2.2") || !strings.Contains(g.s.Result, "7 VP of 14") || !strings.HasPrefix(g.s.Result, "the Germans") {
		t.Errorf("S2.2: %q", g.s.Result)
	}
	g = run(strings.Replace(m.withZones("nbz 0606").text(), "threshold allied 14", "threshold allied 7", 1))
	if !strings.HasPrefix(g.s.Result, "the Allies") {
		t.Errorf("S2.2 with 7 VP needed: %q", g.s.Result)
	}
}

// s1Map lays out the places the two S1.3 examples name: Cherbourg's 3 City
// hexes (0102, 0202, 0302) and 2 Towns (0103, 0203) inside the perimeter and
// north of the 27 June line (rows 01-04), La-Haye-du-Puits (0106), Buron
// (0306), Épron (0406) and Caen's 4 City hexes (0207-0507) south of it, and
// Carentan (0704) north of it outside the perimeter, held by a German unit
// next to the entry hex 0805. Utah at 0404 with its engineer is the Allied
// source. The vp records are S1.3.1 written out by hand.
func s1Map() string {
	town := func(name string) string { return `town base=clear "` + name + `"` }
	m := testMap{
		terrain: map[string]string{"0102": `city "Cherbourg"`, "0202": `city "Cherbourg"`, "0302": `city "Cherbourg"`,
			"0103": town("Valognes"), "0203": town("Barfleur"), "0106": town("La-Haye-du-Puits"), "0306": town("Buron"),
			"0406": town("Épron"), "0207": `city "Caen"`, "0307": `city "Caen"`, "0407": `city "Caen"`, "0507": `city "Caen"`,
			"0704": town("Carentan")},
		units:  []string{"eng allied us - engineer (1)-0 beach=utah", gerInf},
		setup:  []string{"eng 0404", "ginf 0704"},
		places: []string{"beach 0404 utah", "entry 0805 green"},
		victory: []string{
			"vp allied 0102 2", "vp allied 0202 2", "vp allied 0302 2", "vp allied 0103 1", "vp allied 0203 1",
			"vp allied 0106 1", "vp allied 0306 1", "vp allied 0406 1",
			"vp allied 0207 2", "vp allied 0307 2", "vp allied 0407 2", "vp allied 0507 2",
			"vp german 0102 2", "vp german 0202 2", "vp german 0302 2", "vp german 0103 1", "vp german 0203 1", "vp german 0704 1",
			"threshold allied 10", "default german"},
	}
	var north []string
	for c := 1; c <= 8; c++ {
		north = append(north, fmt.Sprintf("%02d01-%02d04", c, c))
	}
	return m.withZones("north-of-27june "+strings.Join(north, " "), "cherbourg-region 0102 0202 0302 0103 0203").text()
}

// s1Game starts s1Map with the Allies in control of hexes and Allied units
// placed (a unit id "a<hex>" on each), then plays the last End Phase.
func s1Game(t *testing.T, control []string, units []string, move func(g *Game)) *Game {
	t.Helper()
	text := s1Map()
	var lines []string
	for _, h := range units {
		lines = append(lines, fmt.Sprintf("a%s allied us 1 infantry 2-4", h))
	}
	text = strings.Replace(text, "\n[setup]\n", "\n"+strings.Join(lines, "\n")+"\n\n[setup]\n", 1)
	for _, h := range units {
		text = strings.Replace(text, "\n[setup]\n", fmt.Sprintf("\n[setup]\na%s %s\n", h, h), 1)
	}
	gg, err := New([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	for _, h := range control {
		g.setControl(h, Allied)
	}
	if move != nil {
		move(g)
	}
	endPhaseOf(g, 3)
	if !g.s.Over {
		t.Fatalf("S1.3: the last End Phase did not end the game")
	}
	return g
}

// TestVictory_S1_3_Example1: every Town and City of the peninsula (9 VP) and
// Buron (1) make 10 and win, unless the Germans hold a Town north of the 27
// June line with a supply line to an entry hex (Carentan: net 9).
func TestVictory_S1_3_Example1(t *testing.T) {
	peninsula := []string{"0102", "0202", "0302", "0103", "0203", "0106", "0306"}
	g := s1Game(t, peninsula, nil, nil)
	if !strings.HasPrefix(g.s.Result, "the Germans") || !strings.Contains(g.s.Result, "net VP 9 (Allied 10, German 1)") {
		t.Errorf("S1.3 example 1 with Carentan German: %q", g.s.Result)
	}
	g = s1Game(t, peninsula, nil, func(g *Game) {
		g.s.Units[g.index["ginf"]].At = "0808"
		g.setControl("0704", Allied) // worth nothing to the Allies (S1.3.1)
	})
	if !strings.HasPrefix(g.s.Result, "the Allies") || !strings.Contains(g.s.Result, "net VP 10 (Allied 10, German 0)") {
		t.Errorf("S1.3 example 1 with Carentan Allied: %q", g.s.Result)
	}
	// Without a supply line the Germans' Carentan is worth nothing: Allied
	// units on the entry hex's road (0805) and around cut it off.
	g = s1Game(t, peninsula, []string{"0805", "0804", "0705", "0603"}, nil)
	if !strings.HasPrefix(g.s.Result, "the Allies") {
		t.Errorf("S1.3.1: a German Town without a line to an entry hex counted: %q", g.s.Result)
	}
}

// TestVictory_S1_3_Example2: 2 Cherbourg hexes (4), 2 perimeter Towns (2),
// Buron and Épron (2) and 2 Caen hexes (4) make 12; the Germans' Carentan 1;
// net 11: the Allies win. The German Cherbourg hex 0302, cut off by Allied
// units, is worth nothing to them: Cherbourg is no German source (S1.3.1).
func TestVictory_S1_3_Example2(t *testing.T) {
	allied := []string{"0102", "0202", "0103", "0203", "0306", "0406", "0207", "0307"}
	g := s1Game(t, allied, []string{"0202", "0203", "0303", "0402", "0403"}, func(g *Game) { g.setControl("0302", German) })
	if !strings.HasPrefix(g.s.Result, "the Allies") || !strings.Contains(g.s.Result, "net VP 11 (Allied 12, German 1)") {
		t.Errorf("S1.3 example 2: %q", g.s.Result)
	}
}
