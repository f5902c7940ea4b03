package normandy44

import (
	"slices"
	"strings"
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
)

// cherbourgLineMap: columns 01-02 are the Cherbourg region, the defense
// line runs along every hexside between columns 02 and 03 (16.3). ginf
// holds 0303, just outside; ainf and ainf2 attack it from the east, and
// ablock1 (0302) and ablock2 (0304) stand beside it, outside the line, so
// that their ZOC reaches across the line into 0202-0205. 0203 is a forest.
func cherbourgLineMap(line bool) string {
	var sides []string
	if line {
		for r := 1; r <= 8; r++ {
			sides = append(sides, hexID(2, r)+"/"+hexID(3, r)+" cherbourg-line")
			if r < 8 {
				sides = append(sides, hexID(2, r+1)+"/"+hexID(3, r)+" cherbourg-line")
			}
		}
	}
	m := testMap{
		terrain:  map[string]string{"0203": "forest"},
		hexsides: sides,
		units: []string{gerInf, allInf, allInf2,
			"ablock1 allied us 5 infantry 3-4", "ablock2 allied us 5 infantry 3-4"},
		setup:  []string{"ginf 0303", "ainf 0403", "ainf2 0404", "ablock1 0302", "ablock2 0304"},
		places: []string{"entry 0101 green"},
	}
	return m.withZones("cherbourg-region 0101-0108 0201-0208").text()
}

// TestRetreat_CherbourgLine (16.3; digest E25, example L1124): German units
// retreating may ignore Allied ZOC that projects across the Cherbourg
// defense line from outside to inside: the hexes behind the line beside
// ablock1 and ablock2 are no vacant EZOC for ginf's retreat, so it may
// even stop after one hex in the forest at 0203 (13.3). Without the line
// the same hexes are EZOC and the one-hex stop is barred.
func TestRetreat_CherbourgLine(t *testing.T) {
	choices := func(line bool) []string {
		gg, err := New([]byte(cherbourgLineMap(line)), nil)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		g.setStage(3, PhaseMovement, German)
		apply(t, g, German, "order dd never")
		g.s.Phase, g.s.Side = PhaseCombat, Allied
		g.enterPhase()
		// 12 against 6 is 2-1; a 4 is DR (T1).
		apply(t, g, Allied, "attack 0303 from 0403 0404 maf ainf ainf2")
		if _, err := g.Roll([]int{4}); err != nil {
			t.Fatal(err)
		}
		if p := g.combat().pending(); p.Decision != DecRetreat {
			t.Fatalf("line %v: pending %v", line, p)
		}
		if line {
			z := g.retreatZOC(German)
			if z.Has(g.b.ids["0203"]) || !g.zocHexes(Allied).Has(g.b.ids["0203"]) {
				t.Errorf("16.3: 0203 in the German retreat's EZOC %v, in Allied ZOC %v", z.Has(g.b.ids["0203"]), g.zocHexes(Allied).Has(g.b.ids["0203"]))
			}
			if z2 := g.retreatZOC(Allied); !z2.Has(g.b.ids["0203"]) {
				t.Error("16.3 is for German retreats only")
			}
		}
		var out []string
		for _, c := range g.combatChoices() {
			out = append(out, c.Command)
		}
		return out
	}
	with, without := choices(true), choices(false)
	if !slices.Contains(with, "retreat 0203") {
		t.Errorf("16.3: no one-hex retreat into 0203 behind the line: %v", with)
	}
	if slices.Contains(without, "retreat 0203") {
		t.Errorf("13.3: a one-hex retreat into a vacant EZOC hex without the line: %v", without)
	}
}

// towardSupplyMap: an impassable wall runs between columns 02 and 03 from
// row 1 to row 7, so that from column 03 a supply line to the German entry
// hex 0101 must go round by rows 7-8. ginf (0404) is attacked from the east
// by ainf (0503) and ainf2 (0504); its two-hex retreats end at 0302 (north
// west, hex-nearest to 0101) or 0305 (south west, nearer by supply line).
func towardSupplyMap() testMap {
	var sides []string
	for r := 1; r <= 6; r++ {
		sides = append(sides, hexID(2, r)+"/"+hexID(3, r)+" impassable", hexID(2, r+1)+"/"+hexID(3, r)+" impassable")
	}
	return testMap{
		hexsides: sides,
		units:    []string{gerInf, allInf, allInf2},
		setup:    []string{"ginf 0404", "ainf 0503", "ainf2 0504"},
		places:   []string{"entry 0101 green"},
	}
}

// TestRetreat_TowardSupply (13.1.4, 18.3, digest §6.3): the standing order
// "retreat toward-supply" picks among the legal retreats the one whose end
// has the best supply line as supply.go traces it, not the one nearest a
// source by hex distance.
func TestRetreat_TowardSupply(t *testing.T) {
	g := towardSupplyMap().game(t, German, 3)
	apply(t, g, German, "order dd never")
	apply(t, g, German, "order retreat toward-supply")
	g.s.Phase, g.s.Side = PhaseCombat, Allied
	g.enterPhase()
	apply(t, g, Allied, "attack 0404 from 0503 0504 maf ainf ainf2")
	probe := g.Clone().(*Game)
	if _, err := g.Roll([]int{4}); err != nil { // 2-1, DR
		t.Fatal(err)
	}
	src := g.b.ids["0101"]
	d := func(id string) int { return hx.Distance(g.b.ids[id], src) }
	if d("0302") >= d("0305") {
		t.Fatalf("the map does not set hex distance against the supply line: %d, %d", d("0302"), d("0305"))
	}
	score := g.supplyScore(German)
	if score(g.b.ids["0305"]) >= score(g.b.ids["0302"]) {
		t.Fatalf("supply scores 0305 %d, 0302 %d", score(g.b.ids["0305"]), score(g.b.ids["0302"]))
	}
	for g.s.Combat != nil {
		apply(t, g, Allied, "advance-done")
	}
	if at(g, "ginf") != "0305" {
		t.Errorf("ginf retreated to %s, want 0305 (the shorter supply line)", at(g, "ginf"))
	}
	// Without the order the defender is asked, and both ends are legal.
	probe.s.Orders = nil
	if _, err := probe.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	apply(t, probe, German, "no-dd")
	var cs []string
	for _, c := range probe.combatChoices() {
		cs = append(cs, c.Command)
	}
	if !slices.Contains(cs, "retreat 0303 0302") || !slices.Contains(cs, "retreat 0304 0305") {
		t.Errorf("retreat choices %s", strings.Join(cs, " | "))
	}
}
