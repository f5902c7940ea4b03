package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// D09, 21.1 (IT L1413-1417): "start counting in the first Initial Phase in
// which the condition holds"; the book's example: Arromanches held with no
// German next to it in the Initial Phase of turn 2, the Mulberry is ready in
// that of turn 6 (2.2, 21.1.1: turn 7).
func TestEd1_D09_MulberryTurn6(t *testing.T) {
	bothEditions(t, mulberryMap(), Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		g.setControl("0405", Allied)
		initialPhase(t, g, 2)
		want := 7
		if ed1 {
			want = 6
		}
		if m := g.mulberryOf("gb"); m == nil || m.Ready != want {
			t.Fatalf("British Mulberry begun in turn 2: %+v, want ready in turn %d", m, want)
		}
		for turn := 3; turn < want; turn++ {
			initialPhase(t, g, turn)
		}
		if g.mulberryComplete("gb") {
			t.Fatalf("complete before turn %d", want)
		}
		initialPhase(t, g, want)
		if !g.mulberryComplete("gb") {
			t.Fatalf("not complete in the Initial Phase of turn %d", want)
		}
	})
}

// captureArromanches begins the British Mulberry in turn 2 and has the
// Germans take Arromanches before the Initial Phase of turn 3.
func captureArromanches(t *testing.T, g *Game) string {
	t.Helper()
	g.setControl("0405", Allied)
	initialPhase(t, g, 2)
	g.s.Units[g.index["bde"]].At = "0404"
	g.s.Units[g.index["ginf"]].At = "0405"
	g.setControl("0405", German)
	ev := initialPhase(t, g, 3)
	if m := g.mulberryOf("gb"); !m.Lost {
		t.Fatalf("captured Mulberry %+v", m)
	}
	return rulestest.EventsText(ev)
}

// D07, 6.5.3 (IT L455-456): "decrease the CW RP by 2 ... if the CW Mulberry
// has been destroyed"; 2.2 has no such loss.
func TestEd1_D07_MulberryLossCostsRP(t *testing.T) {
	bothEditions(t, mulberryMap(), Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		captureArromanches(t, g)
		want := 6 // 6.5.1: 6 CW RP in Clear weather
		if ed1 {
			want = 4
		}
		if got := g.rpIncome("gb"); got != want {
			t.Errorf("gb RP after the Mulberry's loss: %d, want %d", got, want)
		}
		initialPhase(t, g, 4)
		if got := g.rpIncome("gb"); got != want {
			t.Errorf("gb RP the turn after: %d, want %d (every turn)", got, want)
		}
	})
}

// D08, 21.1 (IT L1423): "if the German captures a Mulberry hex after it was
// built or while it is being built, the Mulberry is eliminated
// permanently"; 6.5.3 (IT L458): "Mulberries can never be rebuilt". 2.2
// begins it again once the hex is retaken (21.1.5).
func TestEd1_D08_MulberryNeverRebuilt(t *testing.T) {
	bothEditions(t, mulberryMap(), Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		ev := captureArromanches(t, g)
		if ed1 && !strings.Contains(ev, "destroyed for good") {
			t.Errorf("the loss does not say it is for good:\n%s", ev)
		}
		g.s.Units[g.index["ginf"]].At = "0801"
		g.s.Units[g.index["bde"]].At = "0405"
		g.setControl("0405", Allied)
		initialPhase(t, g, 4)
		m := g.mulberryOf("gb")
		if ed1 != m.Lost {
			t.Errorf("retaken in turn 4: %+v; lost for good in the first edition only", m)
		}
		if !ed1 && m.Ready != 9 {
			t.Errorf("2.2: begun again in turn 4, ready in %d, want 9", m.Ready)
		}
	})
}

// D39, 20.2 (IT L1353): a glider delayed by German units on its hex lands
// the next turn on a hex within 4 "that is friendly-controlled (an Allied
// unit was the last to pass through it)"; 2.2 (20.2.4) takes any hex within 4
// but City, flooded and sea, free of enemy ZOC.
func TestEd1_D39_DelayedGliderLandsOnFriendlyHex(t *testing.T) {
	m := gliderMap()
	m.setup = []string{"ginf 0404", "ginf2 0801", "ainf 0101", "ainf2 0102"}
	g := m.ed1(t, Allied, 2)
	gliderTurn2(t, g)
	if at(g, "g1") != "glider-delayed:0404" {
		t.Fatalf("g1 at %q", at(g, "g1"))
	}
	if _, err := g.Roll([]int{6}); err != nil { // g2's Scatter
		t.Fatal(err)
	}
	toAlliedMovement(t, g)
	g.s.Turn = 3
	// 0401 is within 4 of 0404, off ZOC and clear, but nobody holds it: 2.2
	// would land there, the first edition not.
	refused(t, g, Allied, "move g1 0401", "20.2")
	// The City 0402, in no ZOC: 2.2 refuses its terrain; once an Allied unit
	// has passed through it, the first edition lands there; and so in an
	// enemy ZOC (0405, next to ginf in 0404) once it is Allied-controlled.
	g.setControl("0402", Allied)
	g.setControl("0405", Allied)
	if _, ok := legalTo(g, "g1", "0405"); !ok {
		t.Error("Legal offers no landing on the Allied-controlled 0405")
	}
	apply(t, g, Allied, "move g1 0402")
	if at(g, "g1") != "0402" {
		t.Fatalf("g1 at %q", at(g, "g1"))
	}
}

// D41, 21.2 (IT L1425-1429): units evacuate from the beach hexes; 2.2 adds
// the Rangers from Pointe du Hoc (to come back for 1 RP a battalion).
func TestEd1_D41_NoEvacuationFromPointeDuHoc(t *testing.T) {
	bothEditions(t, evacMap(), Allied, 3, func(t *testing.T, g *Game, ed1 bool) {
		if ed1 {
			refused(t, g, Allied, "evacuate rng", "21.2")
			apply(t, g, Allied, "evacuate r1") // Utah is a beach
			return
		}
		apply(t, g, Allied, "evacuate rng")
		if at(g, "rng") != "in-britain" {
			t.Errorf("2.2: the Ranger at %q", at(g, "rng"))
		}
	})
}

// D33, 17.5 (IT L1164): the 4th SS Brigade is removed once "no German unit"
// is within 4 hexes of Arromanches, a strongpoint included; 2.2 (17.5.2)
// leaves strongpoints out. The map's strongpoint stands 1 hex from
// Arromanches, every other German unit farther than 4.
func TestEd1_D33_StrongpointKeepsThe4thSS(t *testing.T) {
	bothEditions(t, withdrawMap(), Allied, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Phase = PhaseReplacement
		ev := g.startReplacement()
		if got := at(g, "4ss") == atWithdrawn; got == ed1 {
			t.Errorf("4ss withdrawn %v with a strongpoint next to Arromanches; want %v:\n%s", got, !ed1, rulestest.EventsText(ev))
		}
	})
}

// D55, 28.3 (IT L1600): a coastal battery "is eliminated if the hex it
// occupies is occupied by Allied forces"; 2.2's 25.3 also when its
// strongpoint is eliminated. With its strongpoint gone and no Allied unit in
// its hex, the first edition's battery stands.
func TestEd1_D55_BatteryFallsOnlyToOccupation(t *testing.T) {
	m := testMap{
		places: []string{"battery 0202"},
		units:  []string{"sp german heer - strongpoint 2-0 battery", "b1 allied us 4 infantry 6-4 3-4"},
		setup:  []string{"sp 0202", "b1 0706"},
		zones:  []string{"us-sector 0101-0108 0201-0208 0301-0308"},
	}
	for _, v := range []string{"", "ed1"} {
		g := m.edition(t, v, Allied, 2, optCoastalBatteries)
		g.eliminate(g.index["sp"])
		g.checkBatteries()
		if gone := slices.Contains(g.s.Batteries, "0202"); gone != (v == "") {
			t.Errorf("edition %q: battery eliminated %v with its strongpoint gone", v, gone)
		}
		g.s.Units[g.index["b1"]].At = "0202"
		g.checkBatteries()
		if !slices.Contains(g.s.Batteries, "0202") {
			t.Errorf("edition %q: an Allied unit in the hex leaves the battery standing", v)
		}
	}
}
