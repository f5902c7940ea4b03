package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// autoGameIn is autoGame in the edition variant names.
func autoGameIn(t *testing.T, variant string, m testMap) *Game {
	t.Helper()
	g := m.withZones("east-south-edge 0801-0808").edition(t, variant, Allied, 2)
	g.s.Turn = 2
	return g
}

// D44, 23.2 (IT L1447-1453): the Allies win at once with one unit in supply
// on the east or south map edge, or with two of three: St-Lô (hex 1815)
// held, all four Caen City hexes held, the Cherbourg City hexes cut off from
// the south edge. 2.2 asks for 3 supplied units on the edge at the end of
// the German turn and every beach open and all of Caen.
func TestEd1_D44_AlliedAutomaticVictory(t *testing.T) {
	m := autoMap(nil, nil)
	m.terrain["0202"] = `town base=clear "St-Lô"`
	m.terrain["0606"] = `city "Cherbourg"`
	m.places = append(m.places, "entry 0707 green") // Cherbourg's line to the edge
	caen := func(g *Game) {
		for _, h := range []string{"0404", "0405", "0504", "0505"} {
			g.setControl(h, Allied)
		}
	}
	for _, c := range []struct {
		name string
		set  func(g *Game)
		ed1  bool
	}{
		{"one supplied unit on the edge", func(g *Game) { g.s.Units[g.index["e1"]].At = "0803" }, true},
		{"St-Lô and Caen", func(g *Game) { caen(g); g.setControl("0202", Allied) }, true},
		{"Caen alone", caen, false},
		{"St-Lô and Cherbourg cut off", func(g *Game) {
			g.setControl("0202", Allied)
			g.s.Units[g.index["e2"]].At = "0707" // on the German entry hex
		}, true},
	} {
		for _, v := range []string{"", "ed1"} {
			g := autoGameIn(t, v, m)
			c.set(g)
			ev := endPhaseOf(g, 2)
			want := c.ed1 && v == "ed1"
			if g.s.Over != want || want && !strings.Contains(g.s.Result, "23.2") {
				t.Errorf("%s, edition %q: over %v (%s), want %v\n%s", c.name, v, g.s.Over, g.s.Result, want, rulestest.EventsText(ev))
			}
		}
	}
}

// D45, 24.3 (IT L1477-1479): the Germans score a Town or City north of the 27
// June line that they control and that traces a line to any German source,
// a German Cherbourg hex included (the book's second example, IT L1483);
// 2.2 (S1.3.1) only to a German map-edge entry hex.
func TestEd1_D45_GermanVPThroughCherbourg(t *testing.T) {
	m := testMap{terrain: map[string]string{"0808": `city "Cherbourg"`, "0707": "town base=clear"},
		units: []string{gerInf, allInf}, setup: []string{"ginf 0707", "ainf 0101"},
		zones:   []string{"north-of-27june 0101-0108 0201-0208 0301-0308 0401-0408 0501-0508 0601-0608 0701-0708 0801-0808"},
		victory: []string{"vp german 0707 1", "threshold allied 10"}}
	for _, v := range []string{"", "ed1"} {
		g := m.edition(t, v, Allied, 22)
		st := g.victoryState()
		_, german := victoryPoints(g.sc, st.Control, st.AlliedSupply, st.GermanSupply)
		if want := map[string]int{"": 0, "ed1": 1}[v]; german != want {
			t.Errorf("edition %q: %d German VP for the Town tracing to Cherbourg alone, want %d", v, german, want)
		}
	}
}

// D46, 25 (IT L1505): 3 VP when "the Allies control a road running from Juno
// Beach to Ste-Mère-Église"; 2.2 (S2.2) asks the road to be free of German
// units and ZOC. A road the Allies passed along, a German unit's ZOC over it:
func TestEd1_D46_BeachLinkByControl(t *testing.T) {
	m := testMap{terrain: map[string]string{"0104": `town base=clear "Ste-Mère-Église"`},
		units: []string{gerInf, allInf}, setup: []string{"ginf 0202", "ainf 0104"},
		places: []string{"beach 0101 juno"}, roads: []string{"minor 0101 0102 0103 0104"}}
	for _, v := range []string{"", "ed1"} {
		g := m.edition(t, v, Allied, 7)
		for _, h := range []string{"0101", "0102", "0103", "0104"} {
			g.setControl(h, Allied)
		}
		if got, want := beachLink(g.sc, g.s2State()), v == "ed1"; got != want {
			t.Errorf("edition %q: the link %v, want %v (0101 and 0102 lie in ginf's ZOC)", v, got, want)
		}
	}
}

// cherbourgIn starts the shipped Cherbourg scenario in an edition.
func cherbourgIn(t *testing.T, variant string) *Game {
	t.Helper()
	gg, err := newGame(readFile(t, "../../scenarios/normandy44/cherbourg.scn"), variant, nil, Version)
	if err != nil {
		t.Fatal(err)
	}
	return gg.(*Game)
}

// D47, 26.1 (IT L1525-1526): the Cherbourg scenario's German reinforcements
// are 1/1050/77 (2-3) on 10 June (turn 5) and 1049(-)/77 (4-3) and 1050(-)/77
// (4-3) on 11 June, at La-Haye-du-Puits 2506; 2.2's (S3.2.6) are 3/1050/77,
// 1049(-)/77 and 2/1050/77 (2-3). The shipped file follows 2.2; a first
// edition game reads its own book's.
func TestEd1_D47_CherbourgReinforcements(t *testing.T) {
	g := cherbourgIn(t, "ed1")
	var got []string
	for _, r := range g.sc.Reinforcements {
		if r.At == "2506" {
			u := g.unit(g.index[r.Unit])
			got = append(got, r.Unit+" "+itoa(u.Steps[0].Strength)+"-"+itoa(u.Steps[0].MA)+" turn "+itoa(r.Turn))
		}
	}
	want := []string{"1/1050/77 2-3 turn 5", "1049(-)/77 4-3 turn 6", "1050(-)/77 4-3 turn 6"}
	if !slices.Equal(got, want) {
		t.Errorf("first edition reinforcements %v, want %v", got, want)
	}
	if u := g.unit(g.index["1050(-)/77"]); len(u.Steps) != 2 {
		t.Errorf("1050(-)/77 has %d steps; stepped as 1049(-)/77", len(u.Steps))
	}
	for _, id := range []string{"3/1050/77", "2/1050/77"} {
		if _, ok := g.index[id]; ok {
			t.Errorf("2.2's %s in a first-edition game", id)
		}
	}
	if _, ok := cherbourgIn(t, "").index["3/1050/77"]; !ok {
		t.Error("2.2 lost its 3/1050/77")
	}
	// A file made for the first edition plays in 2.2 the other way round.
	ed1File := strings.NewReplacer("edition 2.2", "edition ed1", "3/1050/77", "1/1050/77",
		"2/1050/77   german heer 77    infantry 2-3 size=II", "1050(-)/77 german heer 77    infantry 4-3 2-3 size=III(-)",
		"2/1050/77", "1050(-)/77").Replace(string(readFile(t, "../../scenarios/normandy44/cherbourg.scn")))
	if !strings.Contains(ed1File, "1050(-)/77 german heer 77    infantry 4-3 2-3") {
		t.Fatal("the first-edition file lacks 1050(-)/77 4-3")
	}
	gg, err := newGame([]byte(ed1File), "", nil, Version)
	if err != nil {
		t.Fatal(err)
	}
	g22 := gg.(*Game)
	for _, id := range []string{"3/1050/77", "2/1050/77"} {
		if i, ok := g22.index[id]; !ok || g22.unit(i).Steps[0].Strength != 2 || len(g22.unit(i).Steps) != 1 {
			t.Errorf("2.2 from a first-edition file: %s missing or not 2-3", id)
		}
	}
	// A Cherbourg file of 2.2 whose reinforcements are not 2.2's is refused
	// for the first edition, saying why.
	text := strings.ReplaceAll(string(readFile(t, "../../scenarios/normandy44/cherbourg.scn")), "3/1050/77", "3/1050/77x")
	if _, err := newGame([]byte(text), "ed1", nil, Version); err == nil || !strings.Contains(err.Error(), "3/1050/77") || !strings.Contains(err.Error(), "edition ed1") {
		t.Errorf("a file without 2.2's printed reinforcements: %v", err)
	}
}

// D48, 26.1 and 26.3.4 (IT L1527, L1550): in the Cherbourg scenario RP buy
// SupP from turn 6, when the Omaha Mulberry counts as complete; 2.2
// (S3.2.7): turn 7.
func TestEd1_D48_CherbourgSupPFromTurn6(t *testing.T) {
	for _, v := range []string{"", "ed1"} {
		g := cherbourgIn(t, v)
		g.s.Turn, g.s.Weather = 6, WeatherOvercast2
		if got, want := g.mayBuySupP("us"), v == "ed1"; got != want {
			t.Errorf("edition %q, turn 6: may buy SupP %v, want %v", v, got, want)
		}
		g.s.Turn = 7
		if !g.mayBuySupP("us") {
			t.Errorf("edition %q, turn 7: may not buy SupP", v)
		}
	}
}

// D49, 26.3 (IT L1542-1552): the first edition's Cherbourg scenario says
// nothing of automatic victory; the digest reads it as not played (A18), as
// 2.2 says outright (S3.3 I). The shipped file says 'automatic no'.
func TestEd1_D49_CherbourgNoAutomaticVictory(t *testing.T) {
	g := cherbourgIn(t, "ed1")
	if automaticVictory(g.sc) {
		t.Fatal("automatic victory in the Cherbourg scenario")
	}
	for i := range g.s.Units { // every German unit gone: Cherbourg is cut off
		if g.unit(i).Side == German {
			g.eliminate(i)
		}
	}
	g.setControl("1916", Allied) // no St-Lô in the window: 23.2's two of three stay out of reach
	if ev := g.checkAutomatic(); g.s.Over {
		t.Errorf("the game ended: %s\n%s", g.s.Result, rulestest.EventsText(ev))
	}
}

// D50, 26.3.2 (IT L1544): the German removes the two 6FJ units in the Final
// Phase "once Carentan has been captured by the Allies"; 2.2 (S3.3 II) in an
// End Phase in which Americans occupy it. Carentan taken, then left:
func TestEd1_D50_SixFJLeaveOnceCarentanIsTaken(t *testing.T) {
	for _, v := range []string{"", "ed1"} {
		g := cherbourgIn(t, v)
		g.setControl("2512", Allied) // an American unit passed through
		g.setStage(3, PhaseEnd, "")
		g.removals()
		gone := g.s.Units[g.index["I/6FJ"]].Gone && g.s.Units[g.index["II/6FJ"]].Gone
		if want := v == "ed1"; gone != want {
			t.Errorf("edition %q: the 6FJ removed %v, want %v", v, gone, want)
		}
	}
}

// D56, 24.3 (IT L1485): "control is being occupied by friendly units or
// having been the last player to move a unit through the hex", for every
// hex; 2.2 (2.2.5) keeps it only for Towns, Cities and fortifications. "All
// towns begin under German control" (IT L1228): only they at the start.
func TestEd1_D56_ControlOfEveryHex(t *testing.T) {
	m := testMap{terrain: map[string]string{"0606": "town base=clear"}, units: []string{gerInf, allInf},
		setup: []string{"ginf 0808", "ainf 0101"}}
	bothEditions(t, m, Allied, 3, func(t *testing.T, g *Game, ed1 bool) {
		if ctl := g.controlMap(); ctl["0606"] != German || ctl["0303"] != "" {
			t.Errorf("at the start: 0606 %q, 0303 %q; want German, nobody", ctl["0606"], ctl["0303"])
		}
		apply(t, g, Allied, "move ainf 0101 0202 0203 0303")
		apply(t, g, Allied, "end")
		g.setStage(4, PhaseMovement, Allied)
		g.s.Units[g.index["ainf"]].Moved = false
		apply(t, g, Allied, "move ainf 0303 0304")
		want := Side("")
		if ed1 {
			want = Allied
		}
		if ctl := g.controlMap(); ctl["0202"] != want || ctl["0303"] != want {
			t.Errorf("hexes passed through: 0202 %q, 0303 %q, want %q", ctl["0202"], ctl["0303"], want)
		}
	})
}

// D43, 22.2 (IT L1437-1439): a withdrawn airborne division's unit at Cadre
// is withdrawn with the rest, its Cadre not returning to the Cadre Display,
// and counts no more toward the Germans' 23.3; an eliminated airborne unit
// still counts. (2.2 returns the Cadre to the display, which the engine
// keeps no count of: the third step is the cadre.)
func TestEd1_D43_WithdrawnCadre(t *testing.T) {
	m := airborneMap()
	m.units = append(m.units, "508/82 allied us 82 paratroop 6-4 4-4 (2)-4 cadre=C", "506/101 allied us 101 paratroop 6-4 4-4 (2)-4 cadre=G")
	m.setup = append(m.setup, "508/82 0406", "506/101 0303")
	g := m.ed1(t, Allied, 3)
	g.s.Units[g.index["508/82"]].Step = 2 // at cadre
	g.eliminate(g.index["506/101"])
	endPhaseOf(g, 3)
	apply(t, g, Allied, "evacuate-division 82")
	if at(g, "508/82") != atEvacuated {
		t.Fatalf("508/82 at %q", at(g, "508/82"))
	}
	if l := g.threeStepLosses("us"); !slices.Equal(l, []string{"506/101"}) {
		t.Errorf("23.3 counts %v, want the eliminated 506/101 only", l)
	}
}

// D13, 13.7 (2.2 only): a retreat enters a hex with a friendly unit under a
// Strategic Move marker only when no other path exists, and the marker comes
// off. The first edition has no such rule: a retreat into such a hex is as
// any other, the marker staying.
func TestEd1_D13_RetreatOntoStrategicMove(t *testing.T) {
	m := testMap{units: []string{gerInf, gerInf2, allInf}, setup: []string{"ginf 0404", "ginf2 0405", "ainf 0304"}}
	g := m.ed1(t, Allied, 3)
	g.s.Units[g.index["ginf2"]].SM = true
	paths := combat.RetreatPaths(g.b.ids["0404"], 2, []combat.RetreatUnit{{ID: "ginf", Strength: 6, Steps: 2, MA: 4}}, combatMapOf(g, German, "ginf"))
	if !slices.ContainsFunc(paths, func(p combat.RetreatPath) bool { return g.b.id(p.Hexes[0]) == "0405" }) {
		t.Errorf("no retreat through the SM unit's hex among %d paths", len(paths))
	}
	if g.ed.retreatOntoSMLastResort || !editionDefault.retreatOntoSMLastResort {
		t.Error("13.7 is 2.2's rule")
	}
}
