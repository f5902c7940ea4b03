package normandy44

import (
	"strings"
	"testing"
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
	if !g.moveContext(Allied).lines.hexes.Has(g.b.ids["0303"]) {
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
	ev := roll(t, g, 4) // Other column: A1/D1 Advance 1
	if !gone(g, "2-Rgr") || at(g, "5-Rgr") != "approach-omaha-dog" || gone(g, "sp2") || !hasEvent(ev, "AMBIG-37") {
		t.Errorf("AMBIG-37, 20.3.4: 2-Rgr gone %v, 5-Rgr at %s, sp2 gone %v:\n%s", gone(g, "2-Rgr"), at(g, "5-Rgr"), gone(g, "sp2"), eventsText(ev))
	}
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "omaha 0307") {
		t.Errorf("the Omaha assault follows: %+v", p)
	}
}
