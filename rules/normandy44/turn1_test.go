package normandy44

import "testing"

// TestGermanTurn1_20_4_21Pz: in turn 1 the units of the 21st Panzer
// Division (the scenario's panzer-21 formation) have MA 3; other German
// units move on their full MA (20.4). From turn 2 the 21st has its own MA.
func TestGermanTurn1_20_4_21Pz(t *testing.T) {
	m := testMap{
		units:   []string{gerMech, allInf, "pz21 german heer 21-pz panzergrenadier 6-5 4-5"},
		setup:   []string{"gpz 0101", "pz21 0301", "ainf 0808"},
		special: []string{"panzer-21 21-pz"},
	}
	g := m.game(t, German, 1)
	loss := g.s.Weather.GermanMechMALoss()
	ctx := g.moveContext(German)
	for _, c := range []struct {
		unit string
		ma   int
	}{{"pz21", 3}, {"gpz", 5}} {
		mv, err := g.newMover(ctx, g.index[c.unit], false, false)
		if err != nil || mv.Budget != (c.ma-loss)*mp {
			t.Errorf("turn 1: %s has %s MP (%v), want %d", c.unit, mpText(mv.Budget), err, c.ma-loss)
		}
	}
	// 4 clear hexes at 1 MP each: more than MA 3.
	refused(t, g, German, "move pz21 0301 0302 0303 0304 0305", "9.1")
	g.s.Turn = 2
	mv, err := g.newMover(g.moveContext(German), g.index["pz21"], false, false)
	if err != nil || mv.Budget != (5-loss)*mp {
		t.Errorf("turn 2: pz21 has %s MP (%v)", mpText(mv.Budget), err)
	}
}

// TestPanzer21_Record: the panzer-21 record parses, is written back as it
// was, and names an existing formation (20.4: the 21st Panzer Division's MA
// 3 in turn 1 reads it).
func TestPanzer21_Record(t *testing.T) {
	m := testMap{units: []string{"pz21 german heer 21-pz panzergrenadier 6-5 4-5"}, setup: []string{"pz21 0301"},
		special: []string{"panzer-21 21-pz"}}
	s, err := ParseScenario([]byte(m.text()))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Special) != 1 || s.Special[0].Kind != SpecialPanzer21 || s.Special[0].Formation != "21-pz" {
		t.Fatalf("special %+v", s.Special)
	}
	s2, err := ParseScenario(s.Format())
	if err != nil || string(s2.Format()) != string(s.Format()) {
		t.Errorf("round trip: %v", err)
	}
	m.special = []string{"panzer-21 12-ss"}
	if _, err := ParseScenario([]byte(m.text())); err == nil {
		t.Error("a panzer-21 record naming no formation of the scenario parses")
	}
	m.special = []string{"panzer-21"}
	if _, err := ParseScenario([]byte(m.text())); err == nil {
		t.Error("a panzer-21 record without its formation parses")
	}
}

// TestPanzer21_Default: without a panzer-21 record the formation 21pz is the
// 21st Panzer Division (the shipped scenarios' name); with one, the record
// alone says which (20.4).
func TestPanzer21_Default(t *testing.T) {
	m := testMap{units: []string{allInf, "pz21 german heer 21pz panzergrenadier 6-5 4-5"}, setup: []string{"pz21 0301", "ainf 0808"}}
	g := m.game(t, German, 1)
	if !g.panzer21("21pz") {
		t.Error("21pz is not the 21st Panzer without a record")
	}
	m.units = append(m.units, "pz12 german heer 12ss panzergrenadier 6-5 4-5")
	m.setup = append(m.setup, "pz12 0501")
	m.special = []string{"panzer-21 12ss"}
	g = m.game(t, German, 1)
	if g.panzer21("21pz") || !g.panzer21("12ss") {
		t.Error("the panzer-21 record does not decide")
	}
}
