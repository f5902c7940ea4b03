package normandy44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The fixes of normandy44/5 to movement, each against the rulebook (seeds/000,
// its line), on a small test map; normandy44/4, under which older logs still
// replay, keeps its reading.

// gameUnder is m.game under a rules version.
func (m testMap) gameUnder(t *testing.T, version string, side Side, turn int) *Game {
	t.Helper()
	gg, err := newGame([]byte(m.text()), "", nil, version)
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

// TestStacking_7_2_PhaseEnd: the stacking limit may be exceeded during the
// Movement Phase and holds at its end, where the owner reduces a stack over
// it, eliminating the units he picks (7.2, L491-493: "Limit wielkości stosu
// musi być ściśle przestrzegany po zakończeniu każdej Fazy Ruchu ... gracz
// będący właścicielem musi odpowiednio zredukować dany przepełniony stos").
// normandy44/4 refused a move that ended over the limit
// (TestStackingEnforced_7_2).
func TestStacking_7_2_PhaseEnd(t *testing.T) {
	m := testMap{
		units: []string{allInf, allInf2, "a3 allied us 4 infantry 6-4 4-4 (2)-4 cadre=A", gerInf},
		setup: []string{"ainf 0402", "ainf2 0402", "a3 0401", "ginf 0808"},
	}
	g := m.game(t, Allied, 2)
	if _, ok := legalTo(g, "a3", "0402"); !ok {
		t.Fatal("Legal does not list a3's move into the full hex 0402")
	}
	apply(t, g, Allied, "move a3 0401 0402") // 6 points in 0402
	ev := apply(t, g, Allied, "end")
	if !g.s.StackCheck || g.s.Phase != PhaseMovement || !rulestest.HasEvent(ev, "0402 is over the stacking limit") {
		t.Fatalf("after 'end' over the limit: %v, %+v", ev, g.Pending())
	}
	var cmds []string
	for _, c := range g.Legal(seatOf(Allied)) {
		cmds = append(cmds, c.Command)
	}
	if !slices.Equal(cmds, []string{"eliminate ainf", "eliminate ainf2", "eliminate a3"}) {
		t.Errorf("the owner's choices %v, want each unit of 0402", cmds)
	}
	refused(t, g, Allied, "end", "7.2")
	refused(t, g, Allied, "move ainf 0402 0403", "7.2")
	refused(t, g, Allied, "eliminate ginf", "7.2")
	apply(t, g, Allied, "eliminate a3")
	if g.s.StackCheck || !g.s.Units[g.index["a3"]].Gone || g.s.Phase == PhaseMovement {
		t.Errorf("after eliminating a3: phase %s, check %v", g.s.Phase, g.s.StackCheck)
	}
}

// TestRange_S3_3_MovesBack: from the turn a scenario's range binds a
// formation (S3.3 II, III, L1608-1612), a unit of it that starts its Movement
// Phase outside the range "must at once try to move toward" it, each step
// nearer, and the phase does not end before it has; normandy44/4 held it
// where it stood, unable to move at all.
func TestRange_S3_3_MovesBack(t *testing.T) {
	m := testMap{units: []string{alliedA1, gerInf}, setup: []string{"a1 0407", "ginf 0801"},
		special: []string{"range 4 from=3 within=1 of=0404"}}
	g := m.gameUnder(t, Version, Allied, 3)
	if _, ok := legalTo(g, "a1", "0406"); !ok {
		t.Error("a1 may not move back toward its range")
	}
	if _, ok := legalTo(g, "a1", "0408"); ok {
		t.Error("a1 may move away from its range")
	}
	refused(t, g, Allied, "move a1 0407 0408", "S3.3")
	refused(t, g, Allied, "end", "S3.3")
	for _, c := range g.Legal(seatOf(Allied)) {
		if c.Command == "end" {
			t.Error("Legal lists 'end' while a1 must move back")
		}
	}
	apply(t, g, Allied, "move a1 0407 0406 0405")
	apply(t, g, Allied, "end")

	old := m.gameUnder(t, "normandy44/4", Allied, 3)
	if _, ok := legalTo(old, "a1", "0406"); ok {
		t.Error("normandy44/4 lets a1 move out of range")
	}
	apply(t, old, Allied, "end")
}

// TestBoundary_22_1_2_MovesBack: an Allied unit more than a hex beyond its
// army boundary, after a retreat, moves back to its side in its next turn,
// each step nearer (22.1.2, L1455: "musi wykonać ruch z powrotem na swoją
// stronę"); normandy44/4 held it where it stood.
func TestBoundary_22_1_2_MovesBack(t *testing.T) {
	units, setup := "us allied us 4 infantry 6-4\n", "us 2007\n" // 3 hexes beyond: the US side is rows 01-04
	g := boundaryGameUnder(t, "", Version, units, setup)
	g.setStage(3, PhaseMovement, Allied)
	refused(t, g, Allied, "end", "22.1.2")
	refused(t, g, Allied, "move us 2007 2008", "22.1.2")
	apply(t, g, Allied, "move us 2007 2006 2005")
	apply(t, g, Allied, "end")

	old := boundaryGameUnder(t, "", "normandy44/4", units, setup)
	old.setStage(3, PhaseMovement, Allied)
	refused(t, old, Allied, "move us 2007 2006 2005", "22.1.2")
	apply(t, old, Allied, "end")
}
