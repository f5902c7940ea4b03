package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// entryGame is a test map with green entry hexes 0801 and 0804, a major road
// 0801-0701-0601, and two German reinforcements: one by entry colour (6.6),
// one at a named hex (as S3.2 brings units in at 2506).
func entryGame(t *testing.T) *Game {
	t.Helper()
	m := testMap{
		roads: []string{"major 0801 0701 0601"},
		units: []string{"late german ss 12 panzergrenadier 5-5 3-5", "rgt german heer 77 infantry 4-3 2-3", allInf},
		setup: []string{"ainf 0704"},
	}
	text := strings.Replace(m.text(), "[units]", "[places]\nentry 0801 green\nentry 0804 green\nentry 0808 red\n\n[units]", 1)
	text += "\n[reinforcements]\n2 late entry:green\n3 rgt 0303\n"
	gg, err := New([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseMovement, German)
	return g
}

// TestReinforcementEntry_6_6: German reinforcements enter by an entry hex of
// their colour in the Movement Phase, paying that hex's (road) cost; they may
// enter an enemy ZOC but stop there; one not brought in waits for a later turn.
func TestReinforcementEntry_6_6(t *testing.T) {
	g := entryGame(t)
	g.startMovement()
	if at(g, "late") != "entry:green" || at(g, "rgt") != "" {
		t.Fatalf("turn 2 arrivals: late %q, rgt %q", at(g, "late"), at(g, "rgt"))
	}
	if v := strings.Join(g.View("german").Lines, "\n"); !strings.Contains(v, "waiting to enter: late at a green entry hex") {
		t.Errorf("the view does not show late waiting:\n%s", v)
	}
	if _, ok := legalTo(g, "late", "0601"); !ok {
		t.Error("Legal has no entry move to 0601")
	}
	refused(t, g, German, "move late 0805 0705", "6.6") // not an entry hex
	// ainf at 0704 puts 0804 in its ZOC: enter and stop.
	refused(t, g, German, "move late 0804 0803", "6.6")
	// By road, German mechanized in Overcast: 3 x 1/2 MP.
	ev := apply(t, g, German, "move late 0801 0701 0601")
	if at(g, "late") != "0601" || !strings.Contains(ev[0].Text, "1 1/2 of 5 MP") {
		t.Errorf("late at %s: %q", at(g, "late"), ev[0].Text)
	}
	// rgt, due in turn 3 at 0303, is not brought in: it still waits in turn 4.
	g.s.Turn = 3
	g.startMovement()
	if at(g, "rgt") != "at:0303" {
		t.Fatalf("rgt waits at %q", at(g, "rgt"))
	}
	g.s.Turn = 4
	g.startMovement()
	refused(t, g, German, "move rgt 0304", "6.6")
	apply(t, g, German, "move rgt 0303")
	if at(g, "rgt") != "0303" {
		t.Errorf("rgt at %q", at(g, "rgt"))
	}
}

// TestDelayedEntry_6_6: a reinforcement held back a turn may enter in its own
// zone or the next one along the edge.
func TestDelayedEntry_6_6(t *testing.T) {
	g := entryGame(t)
	g.startMovement()
	refused(t, g, German, "move late 0808", "6.6") // red: not yet
	g.s.Turn = 3
	g.startMovement()
	if g.s.Units[g.index["late"]].Delay != 1 {
		t.Fatalf("delay %d", g.s.Units[g.index["late"]].Delay)
	}
	apply(t, g, German, "move late 0808")
	if us := g.s.Units[g.index["late"]]; us.At != "0808" || us.Delay != 0 {
		t.Errorf("after entering: %+v", us)
	}
}

// TestReinforceEntryZOCLine: a reinforcement's entry hex is the first hex it
// enters (6.6), so an enemy Hex Line through it bars the entry (8.5.2, seed
// L537); with the line gone, the unit enters and stops in the enemy ZOC.
func TestReinforceEntryZOCLine(t *testing.T) {
	m := testMap{units: []string{"gr1 german heer 91 infantry 4-4", allInf, allInf2},
		setup:  []string{"ainf 0302", "ainf2 0304"},
		places: []string{"entry 0303 green"},
		reinf:  []string{"2 gr1 entry:green"}}
	g := m.game(t, German, 2)
	g.startMovement() // 6.6: gr1 arrives
	if !g.lines(Allied, g.occupancy()).Hex(g.b.ids["0303"]) {
		t.Fatal("no Allied Hex Line through 0303 between 0302 and 0304")
	}
	refused(t, g, German, "move gr1 0303", "8.5.2")
	g.s.Units[g.index["ainf2"]].At = "0306"
	apply(t, g, German, "move gr1 0303")
}

// TestLegal_SharedEntrySearchesAsAlone: Legal shares one search among the
// reinforcements that enter alike (entry.go, enter); each waiting unit's
// moves in it are those its own searches list (6.6, 9.8.1, 9.8.6). Turn 2
// of the campaign brings six 12th SS units to the red entry hexes and two
// of the 346th to the orange.
func TestLegal_SharedEntrySearchesAsAlone(t *testing.T) {
	g := germanMovementTurn2(t, "campaign")
	byUnit := map[string][]rules.Choice{}
	for _, c := range g.Legal("german") {
		byUnit[c.Piece] = append(byUnit[c.Piece], c)
	}
	ctx := g.moveContext(German)
	waiting := 0
	for i := range g.s.Units {
		if !g.waiting(i) || g.unit(i).Side != German {
			continue
		}
		waiting++
		alone := g.entryMoves(ctx, i) // g.entrySearches is nil outside Legal
		if len(alone) == 0 {
			t.Errorf("%s: no entry moves", g.unit(i).ID)
		}
		if !slices.Equal(alone, byUnit[g.unit(i).ID]) {
			t.Errorf("%s: Legal lists %d entry moves, its own searches %d, or not the same", g.unit(i).ID, len(byUnit[g.unit(i).ID]), len(alone))
		}
	}
	if waiting < 8 {
		t.Fatalf("%d units wait to enter in turn 2; the campaign brings 8", waiting)
	}
}
