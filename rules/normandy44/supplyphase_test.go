package normandy44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// pocketMap is a test map whose column 06 is sea but for 0605, which an
// Allied unit holds: German units east of it have no line at all to the
// German entry hex 0304 (18.5.1), and are adjacent to that Allied unit when
// they stand on 0705 (odd column: it touches 0605 and 0606).
func pocketMap(units, setup []string) testMap {
	m := testMap{terrain: map[string]string{}, places: []string{"entry 0304 green"}}
	for r := 1; r <= 8; r++ {
		if r != 5 {
			m.terrain[hexID(6, r)] = "sea"
		}
	}
	m.units = append([]string{allInf}, units...)
	m.setup = append([]string{"ainf 0605"}, setup...)
	return m
}

// supplyPhase puts g in side's Supply Phase and runs it.
func runSupplyPhase(g *Game, side Side) []rules.Event {
	g.s.Phase, g.s.Side = PhaseSupply, side
	return g.enterPhase()
}

// TestSupplyPhase_18_1_Markers: a unit that cannot trace is marked out of
// supply, its marker flips to Isolated in the next Supply Phase, and it comes
// off once the unit can trace again (18.1, AMBIG-32); the Isolated unit next
// to the enemy rolls for attrition (18.5.1).
func TestSupplyPhase_18_1_Markers(t *testing.T) {
	g := pocketMap([]string{gerInf}, []string{"ginf 0705"}).game(t, German, 2)
	ev := runSupplyPhase(g, German)
	us := &g.s.Units[g.index["ginf"]]
	if !us.OutOfSupply || us.Isolated || !strings.Contains(ev[0].Text, "out of supply (18.1, 18.3)") {
		t.Fatalf("first check: %+v, %v", *us, ev)
	}
	if g.Pending().Dice != nil {
		t.Fatal("18.5.1: a first out-of-supply marker rolls no attrition")
	}
	ev = runSupplyPhase(g, German)
	if !us.Isolated || !strings.Contains(ev[0].Text, "Isolated (18.1)") {
		t.Fatalf("second check: %+v, %v", *us, ev)
	}
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != "german" || len(p.Dice.Sides) != 1 || !strings.Contains(p.Dice.For, "ginf") || !strings.Contains(p.Dice.For, "18.5") {
		t.Fatalf("attrition need: %+v", p.Dice)
	}
	if _, err := g.Apply("german", "end"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a command while the attrition die is awaited: %v", err)
	}
	if _, err := g.Roll([]int{4, 4}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("two dice for one unit: %v", err)
	}
	// T12: 1-4 loses a step; quality 0 and no refuge, so a 4 does.
	ev, err := g.Roll([]int{4})
	if err != nil {
		t.Fatal(err)
	}
	if us.Step != 1 || !strings.Contains(ev[0].Text, "attrition die 4+0") || !strings.Contains(ev[1].Text, "loses a step") {
		t.Errorf("after a 4: step %d, %v", us.Step, ev)
	}
	if g.s.Phase == PhaseSupply {
		t.Error("the Supply Phase did not pass once its dice were rolled")
	}
	// The Allied unit leaves the neck of the pocket: the entry hex 0304 is
	// within 5 hexes again (18.3), and the marker comes off.
	g.s.Units[g.index["ainf"]].At = "0101"
	ev = runSupplyPhase(g, German)
	if us.OutOfSupply || us.Isolated || !strings.Contains(ev[0].Text, "marker removed (18.1)") {
		t.Errorf("third check: %+v, %v", *us, ev)
	}
}

const (
	gerSP   = "gsp german heer - strongpoint 1-0"
	gerHQ   = "ghq german heer - hq (1)-4 range=5"
	gerQ1   = "gq german heer 1 infantry 6-4 4-4 quality=+1"
	gerOne  = "gsec german heer 1 infantry 3-4"
	gerInf3 = "ginf3 german heer 1 infantry 6-4 4-4"
)

// isolatedAgain marks units out of supply as if a Supply Phase had found them
// cut off, then runs the German Supply Phase, which flips them to Isolated.
func isolatedAgain(t *testing.T, g *Game, units ...string) []rules.Event {
	t.Helper()
	for _, u := range units {
		g.s.Units[g.index[u]].OutOfSupply = true
	}
	return runSupplyPhase(g, German)
}

// TestAttrition_E26_18_5_2: an Isolated quality +1 German unit stacked with a
// strongpoint (+2 for the line to it) rolls d6+3 and loses a step only on a 1;
// the strongpoint, stacked with a combat unit, does not roll (18.5.3).
func TestAttrition_E26_18_5_2(t *testing.T) {
	for _, c := range []struct {
		roll, step int
	}{{1, 1}, {2, 0}, {6, 0}} {
		g := pocketMap([]string{gerQ1, gerSP}, []string{"gq 0705", "gsp 0705"}).game(t, German, 3)
		isolatedAgain(t, g, "gq", "gsp")
		if strings.Join(g.s.Attrition, ",") != "gq" {
			t.Fatalf("rolling for attrition: %v, want gq alone", g.s.Attrition)
		}
		ev, err := g.Roll([]int{c.roll})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.s.Units[g.index["gq"]].Step; got != c.step {
			t.Errorf("E26 roll %d: step %d, want %d (%v)", c.roll, got, c.step, ev)
		}
		if !strings.Contains(ev[0].Text, "+3") {
			t.Errorf("E26 roll %d: the DRM is not +3: %v", c.roll, ev[0].Text)
		}
	}
}

// TestAttrition_18_5_3_StrongpointAlone: attrition eliminates the only combat
// unit with a strongpoint, which must then roll at once: a second dice need.
func TestAttrition_18_5_3_StrongpointAlone(t *testing.T) {
	g := pocketMap([]string{gerOne, gerSP}, []string{"gsec 0705", "gsp 0705"}).game(t, German, 3)
	isolatedAgain(t, g, "gsec", "gsp")
	ev, err := g.Roll([]int{1}) // 1+0+2 = 3: the 1-step unit is eliminated
	if err != nil {
		t.Fatal(err)
	}
	if !g.s.Units[g.index["gsec"]].Gone {
		t.Fatalf("gsec survived a 1: %v", ev)
	}
	p := g.Pending()
	if p.Dice == nil || len(p.Dice.Sides) != 1 || !strings.Contains(p.Dice.For, "gsp") {
		t.Fatalf("18.5.3: the strongpoint does not roll at once: %+v", p)
	}
	if _, err := g.Roll([]int{2}); err != nil { // 2+0+2 = 4: lost
		t.Fatal(err)
	}
	if !g.s.Units[g.index["gsp"]].Gone || g.s.Phase == PhaseSupply {
		t.Errorf("after the strongpoint's 2: gone %v, phase %s", g.s.Units[g.index["gsp"]].Gone, g.s.Phase)
	}
}

// TestHQ_18_5_4: an Isolated HQ never rolls; it is eliminated when it cannot
// trace a line to a friendly non-HQ combat unit, and kept when it can.
func TestHQ_18_5_4(t *testing.T) {
	g := pocketMap([]string{gerHQ}, []string{"ghq 0705"}).game(t, German, 3)
	ev := isolatedAgain(t, g, "ghq")
	if !g.s.Units[g.index["ghq"]].Gone || !strings.Contains(ev[len(ev)-1].Text, "18.5.4") || len(g.s.Attrition) != 0 {
		t.Errorf("a lone Isolated HQ: gone %v, %v", g.s.Units[g.index["ghq"]].Gone, ev)
	}
	g = pocketMap([]string{gerHQ, gerInf3}, []string{"ghq 0705", "ginf3 0807"}).game(t, German, 3)
	isolatedAgain(t, g, "ghq", "ginf3")
	if g.s.Units[g.index["ghq"]].Gone || len(g.s.Attrition) != 0 {
		t.Errorf("an HQ with a line to ginf3: gone %v, attrition %v", g.s.Units[g.index["ghq"]].Gone, g.s.Attrition)
	}
	if !g.s.Units[g.index["ginf3"]].Isolated {
		t.Error("ginf3 in the pocket is not Isolated")
	}
}

// TestOutOfSupplyMoves_18_4: a marked unit moves only by Tactical Movement.
func TestOutOfSupplyMoves_18_4(t *testing.T) {
	g := testMap{units: []string{gerInf}, setup: []string{"ginf 0404"}}.game(t, German, 3)
	g.s.Units[g.index["ginf"]].OutOfSupply = true
	refused(t, g, German, "move ginf 0404 0405 0406 0407", "18.4")
	for _, c := range g.Legal("german") {
		if c.Piece == "ginf" && len(strings.Fields(c.Command)) > 5 {
			t.Errorf("Legal offers %q to an out-of-supply unit", c.Command)
		}
	}
	apply(t, g, German, "move ginf 0404 0405 0406")
}

// TestOpenBeach_21_1_1: an Allied line ends on a beach hex only while the
// beach's engineer stands on it (18.2, 21.1.1).
func TestOpenBeach_21_1_1(t *testing.T) {
	m := testMap{
		units:  []string{allInf, "eng allied us - engineer (1)-0 beach=utah", "eng2 allied us - engineer (1)-0 beach=omaha"},
		setup:  []string{"ainf 0404", "eng2 0808"},
		places: []string{"beach 0408 utah"},
	}
	g := m.game(t, Allied, 3)
	if st := traceSupply(g.sup, g.supplyView(Allied)); st["0404"] == InSupply {
		t.Error("a line to a beach with no engineer on it")
	}
	g.s.Units[g.index["eng2"]].At = "0408" // another beach's engineer
	if st := traceSupply(g.sup, g.supplyView(Allied)); st["0404"] == InSupply {
		t.Error("Omaha's engineer opens Utah")
	}
	g.s.Units[g.index["eng"]].At = "0408"
	if st := traceSupply(g.sup, g.supplyView(Allied)); st["0404"] != InSupply {
		t.Errorf("0404, 4 hexes from the open beach: %s", st["0404"])
	}
}
