package normandy44

import "testing"

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
