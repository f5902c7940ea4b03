package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// evacMap: Utah at 0408 with its engineer and three US units on it, a German
// unit next to it at 0407 (its ZOC covers the beach), Pointe du Hoc at 0101
// with a Ranger battalion and a regiment and a German unit near enough to keep
// the Rangers (17.5), and a Ranger on Omaha at 0801, closed once its engineer
// is eliminated.
func evacMap() testMap {
	return testMap{
		terrain: map[string]string{"0508": "sea", "0308": "sea"},
		units: []string{"eng allied us - engineer (1)-0 beach=utah", "oeng allied us - engineer (1)-0 beach=omaha",
			"r1 allied us 4 infantry 2-4 1-4 size=III", "r2 allied us 4 infantry 2-4 1-4 size=III",
			"r3 allied us 4 infantry 2-4 1-4 size=III", "r4 allied us 4 infantry 6-4 4-4 size=III",
			"rng allied us - commando 2-4 ranger", "rng2 allied us - commando 2-4 ranger", gerInf, gerInf2},
		setup:  []string{"eng 0408", "r1 0408", "r2 0408", "r3 0408", "rng 0101", "r4 0101", "rng2 0801", "ginf 0407", "ginf2 0203"},
		places: []string{"beach 0408 utah", "beach 0101 pointe-du-hoc", "beach 0801 omaha"},
		boxes:  []string{"in-britain in-britain"},
	}
}

// TestEvacuate_21_2: a unit on an open beach hex goes to In Britain for its
// whole MA, even from an EZOC; at most 2 per beach hex per turn; not after
// moving; not from a closed beach; from Pointe du Hoc only Rangers.
func TestEvacuate_21_2(t *testing.T) {
	g := evacMap().game(t, Allied, 3)
	g.eliminate(g.index["oeng"])
	if !strings.Contains(g.Pending().Prompt, "evacuate UNIT") {
		t.Errorf("the prompt does not teach evacuate: %s", g.Pending().Prompt)
	}
	legal := map[string]bool{}
	for _, c := range g.Legal(seatOf(Allied)) {
		legal[c.Command] = true
	}
	if !legal["evacuate r1"] || !legal["evacuate rng"] || legal["evacuate r4"] || legal["evacuate eng"] || legal["evacuate rng2"] {
		t.Errorf("21.2: Legal evacuations %v", legal)
	}
	ev := apply(t, g, Allied, "evacuate r1") // from the German ZOC
	if at(g, "r1") != "in-britain" || !strings.Contains(ev[0].Text, "21.2") {
		t.Errorf("r1 at %s: %v", at(g, "r1"), ev)
	}
	apply(t, g, Allied, "evacuate r2")
	refused(t, g, Allied, "evacuate r3", "21.2")   // a third from 0408
	refused(t, g, Allied, "evacuate eng", "17.8")  // engineers never move
	refused(t, g, Allied, "evacuate r4", "21.2")   // Pointe du Hoc is for Rangers
	refused(t, g, Allied, "evacuate rng2", "21.2") // Omaha is closed
	apply(t, g, Allied, "evacuate rng")
	// r1 waits in Britain until a later turn (21.2, 6.5).
	g.s.RP = []supPool{{"us", 6}}
	refused(t, g, Allied, "move r1 0408", "6.5.1")
	refused(t, g, Allied, "evacuate ginf", "21.2")
	// Next Allied turn: the count starts again, and the Ranger costs 1 RP.
	g.s.Phase = PhaseReplacement
	g.startReplacement()
	g.s.Phase = PhaseMovement
	if len(g.s.Evacuations) != 0 {
		t.Errorf("21.2: evacuations carried into the next turn: %v", g.s.Evacuations)
	}
	g.s.RP = []supPool{{"us", 4}}
	if r, ok := g.inBritainEntry(g.index["rng"]); !ok || r.RP != 1 {
		t.Errorf("21.2: the Ranger returns for %d RP (%v), want 1", r.RP, ok)
	}
	apply(t, g, Allied, "move r1 0408")
	apply(t, g, Allied, "move rng 0408")
	// An evacuated unit takes Repl in Britain (21.2).
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "us", Type: "infantry", Count: 1}}
	g.s.Units[g.index["r2"]].Step = 1
	apply(t, g, Allied, "replace r2")
	if us := g.s.Units[g.index["r2"]]; us.Step != 0 || us.At != "in-britain" {
		t.Errorf("21.2: r2 after a Repl in Britain: %+v", us)
	}
	// A unit that has moved cannot evacuate.
	g = evacMap().game(t, Allied, 3)
	g.s.Units[g.index["r1"]].At = "0307"
	g.s.Units[g.index["ginf"]].At = "0801"
	apply(t, g, Allied, "move r1 0307 0408")
	refused(t, g, Allied, "evacuate r1", "21.2")
	g.s.Phase = PhaseCombat
	refused(t, g, Allied, "evacuate r2", "21.2")
}

// withdrawMap: Pointe du Hoc at 0101 with a Ranger battalion, Arromanches at
// 0808 with the 4th SS Brigade and the 1st, a German strongpoint at 0707 and
// a German infantry unit at 0105, within 4 hexes of Pointe du Hoc.
func withdrawMap() testMap {
	return testMap{
		terrain: map[string]string{"0808": `town base=clear "Arromanches-les-Bains"`},
		units: []string{"rng allied us - commando 2-4 ranger", "rng2 allied us - commando 2-4 ranger",
			"4ss allied gb - commando 3-4 2-4 special-service withdraws", "1ss allied gb - commando 3-4 2-4 special-service",
			"sp german heer - strongpoint 1-0", gerInf},
		setup:  []string{"rng 0101", "4ss 0808", "1ss 0807", "sp 0707", "ginf 0105"},
		places: []string{"beach 0101 pointe-du-hoc"},
	}
}

// TestWithdrawal_17_5: at the start of each Allied turn the Rangers leave once
// no German unit is within 4 hexes of Pointe du Hoc, and the 4th SS Brigade
// once none but strongpoints is within 4 hexes of Arromanches; the 1st SS
// Brigade stays; a Ranger eliminated earlier leaves too, without penalty.
func TestWithdrawal_17_5(t *testing.T) {
	g := withdrawMap().game(t, Allied, 3)
	g.eliminate(g.index["rng2"])
	g.s.Phase = PhaseReplacement
	ev := g.startReplacement()
	if at(g, "rng") != "0101" {
		t.Errorf("17.5: the Ranger left with a German unit 4 hexes from Pointe du Hoc: %s", rulestest.EventsText(ev))
	}
	if at(g, "4ss") != atWithdrawn || at(g, "1ss") != "0807" {
		t.Errorf("17.5: 4ss at %s, 1ss at %s; the strongpoint next to Arromanches does not hold the 4th", at(g, "4ss"), at(g, "1ss"))
	}
	// The German unit goes to 0106, 5 hexes off, in the German turn.
	g.s.Units[g.index["ginf"]].At = "0106"
	g.s.Side = German
	g.startReplacement()
	if at(g, "rng") != "0101" {
		t.Error("17.5: checked at the start of a German turn")
	}
	g.s.Side = Allied
	ev = g.startReplacement()
	if at(g, "rng") != atWithdrawn || at(g, "rng2") != atWithdrawn || g.s.Units[g.index["rng2"]].Gone {
		t.Errorf("17.5: rng at %s, rng2 at %s: %s", at(g, "rng"), at(g, "rng2"), rulestest.EventsText(ev))
	}
	if _, ok := g.inBritainEntry(g.index["rng"]); ok {
		t.Error("17.5: a withdrawn Ranger may be bought back")
	}
}
