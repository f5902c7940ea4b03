package normandy44

import (
	"testing"
)

// The fixes of normandy44/5 to movement, each against the rulebook (seeds/000,
// its line), on a small test map; normandy44/4, under which older logs still
// replay, keeps its reading.

// gameUnder is m.game under a rules version.
func (m testMap) gameUnder(t *testing.T, version string, side Side, turn int) *Game {
	t.Helper()
	gg, err := newGame([]byte(m.text()), nil, version)
	if err != nil {
		t.Fatalf("test map under %s: %v", version, err)
	}
	g := gg.(*Game)
	g.setStage(turn, PhaseMovement, side)
	return g
}

// TestDisrupted_13_6_TacticalOnly: a Disrupted unit moves only by Tactical
// Movement (13.6, L994: "RUCH: Muszą używać Ruchu Taktycznego (9.10)"), one or
// two hexes whatever they cost, never three on its MA, nor on Trucks;
// normandy44/4 let it use its MA.
func TestDisrupted_13_6_TacticalOnly(t *testing.T) {
	m := testMap{
		units: []string{allInf, gerInf, "gfoot german heer 1 infantry 6-4 4-4"},
		setup: []string{"ainf 0202", "ginf 0808", "gfoot 0602"},
	}
	g := m.game(t, Allied, 3)
	g.s.Units[g.index["ainf"]].Disrupted = true
	refused(t, g, Allied, "move ainf 0202 0203 0204 0205", "13.6")
	if _, ok := legalTo(g, "ainf", "0205"); ok {
		t.Error("Legal lists a 3-hex move of a Disrupted unit")
	}
	c, ok := legalTo(g, "ainf", "0204")
	if !ok || c.Note != "Tactical Movement (9.10)" {
		t.Fatalf("a 2-hex move of a Disrupted unit: %+v %v, want it by Tactical Movement", c, ok)
	}
	apply(t, g, Allied, c.Command)

	// Trucks (9.8.6) carry no Disrupted unit.
	g = m.game(t, German, 3)
	g.s.Units[g.index["gfoot"]].Disrupted = true
	refused(t, g, German, "move gfoot 0602 0603 0604 0605 trucks", "13.6")

	old := m.gameUnder(t, "normandy44/4", Allied, 3)
	old.s.Units[old.index["ainf"]].Disrupted = true
	apply(t, old, Allied, "move ainf 0202 0203 0204 0205")
}
