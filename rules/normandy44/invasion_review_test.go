package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// TestLanding_8_5_2_HexLine: a landing unit enters the beach hex as the first
// hex of its Tactical Movement (6.5.2 a, seed L445), and no unit enters a hex
// an enemy ZOC Line runs through (8.5.2, L537; 9.10, L644). ginf 0302 and
// ginf2 0304 draw a Hex Line through the empty Omaha beach hex 0303 (8.5.1):
// the follow-up regiment may not land there. An Allied unit on 0303 negates
// the line (8.5.3, L542) and the landing is legal.
func TestLanding_8_5_2_HexLine(t *testing.T) {
	m := testMap{
		units: []string{gerInf, gerInf2,
			"r16 allied us 1 infantry 6-4 4-4 size=III", "r18 allied us 1 infantry 6-4 4-4 size=III",
			"eng allied us - engineer (1)-0 beach=omaha"},
		setup:  []string{"ginf 0302", "ginf2 0304", "r16 approach-omaha follow-up", "eng approach-omaha follow-up", "r18 0101"},
		places: []string{"beach 0303 omaha"},
		boxes:  []string{"approach-omaha approach omaha"},
	}
	g := m.game(t, Allied, 1)
	if !g.moveContext(Allied).Bonds.Hex(g.b.ids["0303"]) {
		t.Fatal("no German Hex Line through 0303")
	}
	refused(t, g, Allied, "move r16 0303", "8.5.2")
	refused(t, g, Allied, "move eng 0303", "8.5.2")
	if _, ok := legalTo(g, "r16", "0303"); ok {
		t.Error("Legal offers a landing under the Hex Line")
	}
	if id := g.mustLand(); id != "" {
		t.Errorf("20.5.3: %s must land, yet no landing is legal", id)
	}

	g = m.game(t, Allied, 1)
	g.s.Units[g.index["r18"]].At = "0303" // 8.5.3: the line is negated
	apply(t, g, Allied, "move r16 0303")
	if at(g, "r16") != "0303" {
		t.Errorf("r16 at %s", at(g, "r16"))
	}
}

// TestPointeDuHoc_AMBIG37_Fails: a 2nd Ranger Bn that cannot give the step an
// A1/D1 asks (a 1-step unit here) fails the landing (AMBIG-37); at Pointe du
// Hoc that failure is 20.3.4's (seed L1396): the 2nd is eliminated and the
// 5th goes to the Omaha approach box, to land with the follow-up, instead of
// waiting for ever in a box whose beach no engineer opens (21.1.1).
func TestPointeDuHoc_AMBIG37_Fails(t *testing.T) {
	m := normandyMap().only("0207", "0307")
	for k, u := range m.units {
		if u == "2-Rgr allied us - commando 3-4 1-4 ranger" {
			m.units[k] = "2-Rgr allied us - commando 3-4 ranger"
		}
	}
	g := m.start(t)
	ev := rulestest.Roll(t, g, 4) // Other column: A1/D1 Advance 1
	if !gone(g, "2-Rgr") || at(g, "5-Rgr") != "approach-omaha-dog" || gone(g, "sp2") || !rulestest.HasEvent(ev, "AMBIG-37") {
		t.Errorf("AMBIG-37, 20.3.4: 2-Rgr gone %v, 5-Rgr at %s, sp2 gone %v:\n%s", gone(g, "2-Rgr"), at(g, "5-Rgr"), gone(g, "sp2"), rulestest.EventsText(ev))
	}
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "omaha 0307") {
		t.Errorf("the Omaha assault follows: %+v", p)
	}
}

// TestScatter_S2EliminatedRebuilt: "S2 ... this unit cannot have more than 1
// step restored" (20.2.2, seed L1365; AMBIG-70). S2 on the 2-step glider
// 2-401/82 (die 1 +1 on the 82nd's column, T9 row 2) takes both steps; rebuilt
// with an airborne Repl (6.2.1: at its lowest step) it has that one step back
// and takes no second one in a later turn. A 3-step unit left a cadre by S2
// and then eliminated comes back as a cadre and may still regain its middle
// step.
func TestScatter_S2EliminatedRebuilt(t *testing.T) {
	m := normandyMap().only()
	m.units = append(m.units, "2-401/82 allied us 82-ab glider 3-4 1-4", "x/82 allied us 82-ab paratroop 6-4 4-4 (2)-4 cadre=B")
	m.places = append(m.places, "glider 0405 82-ab", "drop 0404 82-ab", "beach 0107 utah")
	m.setup = append(m.setup, "2-401/82 0405 airdrop", "x/82 0404 airdrop")
	m.boxes = append(m.boxes, "in-britain in-britain")
	m.special = []string{"invasion utah"}
	g := m.start(t)
	rulestest.Roll(t, g, 1, 1) // 2-401/82: 1+1, S2; x/82: 1, S2
	if !gone(g, "2-401/82") || !g.s.Units[g.index["2-401/82"]].RecoverOne {
		t.Fatalf("20.2.2: 2-401/82 after S2: %+v", g.s.Units[g.index["2-401/82"]])
	}
	g.eliminate(g.index["x/82"]) // the cadre dies in a later combat

	g.setStage(2, PhaseReplacement, Allied)
	g.s.Repl = []replStock{{Nation: "us", Type: "airborne", Count: 5}}
	apply(t, g, Allied, "rebuild 2-401/82")
	if us := g.s.Units[g.index["2-401/82"]]; us.Gone || us.Step != 1 || !us.Recovered {
		t.Fatalf("6.2.1, 20.2.2: 2-401/82 rebuilt: %+v", us)
	}
	// Next turn, the glider on the map (landed from In Britain): no second step.
	g.s.Turn = 3
	g.s.Rebuilt = nil
	us := &g.s.Units[g.index["2-401/82"]]
	us.At, us.Repl = "0303", false
	if _, err := g.replaceStock(g.index["2-401/82"], map[string]SupplyStatus{"0303": InSupply}); !rulestest.IsRefusal(err, "20.2.2") {
		t.Errorf("20.2.2: the S2 glider regains a second step: %v", err)
	}
	// The paratroop cadre: rebuilt, it may climb back to its middle step.
	apply(t, g, Allied, "rebuild x/82")
	if x := g.s.Units[g.index["x/82"]]; x.Step != 2 || x.Recovered || !x.RecoverOne {
		t.Errorf("20.2.2: x/82 rebuilt: %+v", x)
	}
}
