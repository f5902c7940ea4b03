package normandy44

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat/combattest"
)

// The first edition's tables, each checked cell by cell against the rows
// the Italian book prints (seeds/004, the lines named), whether the edition
// has a table of its own (the CRT, strafing, the TEC's Woods, the RP chart)
// or reads 2.2's, whose cells the Italian book prints alike (digest §4).

// The CRT, IT L1795-1800, "-" the four cells 2.2 prints A1 (D18).
func TestEd1Table_CRT(t *testing.T) {
	combattest.CheckTable(t, &editionEd1.crt.Table, ResultCode.String,
		"A1 | A1 | A1 | - | A1/DR | EX | DR | DR | A1/D1",     // IT L1795
		"A1 | A1 | - | A1/DR | EX | DR | DR | A1/D1 | D1",     // IT L1796
		"A1 | - | A1/DR | EX | DR | DR | A1/D1 | D1 | D1",     // IT L1797
		"- | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2",  // IT L1798
		"A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | DH", // IT L1799
		"EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | DH | DH",    // IT L1800
	)
	if err := crtEd1.Check(); err != nil {
		t.Error(err)
	}
	// The legend keeps the results worst-first for the attacker: the CRT
	// never gets worse for it as the die or the odds rise.
	for roll := 1; roll <= 6; roll++ {
		for c := Col1to3; c <= Col7to1; c++ {
			here := crtEd1.Score(crtEd1.Lookup(c, roll, 0).Code)
			if roll < 6 && crtEd1.Score(crtEd1.Lookup(c, roll+1, 0).Code) < here {
				t.Errorf("%v: die %d is worse for the attacker than %d", c, roll+1, roll)
			}
			if c < Col7to1 && crtEd1.Score(crtEd1.Lookup(c+1, roll, 0).Code) < here {
				t.Errorf("die %d: %v is worse for the attacker than %v", roll, c+1, c)
			}
		}
	}
}

// The Determined Defense Table, IT L1826-1832 (♦ is 2.2's ●: the retreat is
// cancelled): 2.2's cells.
func TestEd1Table_DeterminedDefense(t *testing.T) {
	show := func(r DeterminedResult) string { return strings.ReplaceAll(ddCell(r), "●", "♦") }
	combattest.CheckTable(t, &determinedTable, show,
		"- | - | - | -",              // IT L1826, "1"
		"- | - | - | -",              // IT L1827
		"- | - | - | ♦ -1",           // IT L1828
		"- | - | ♦ -1 | ♦ EX",        // IT L1829
		"-1 | ♦ -1 | ♦ EX | ♦ EX",    // IT L1830
		"♦ EX | ♦ EX | ♦ AL* | ♦ AL", // IT L1831
		"♦ AL | ♦ AL | ♦ AL | ♦ AL",  // IT L1832, "7+"
	)
}

// The Jabos table, IT L1852-1858: 2.2's.
func TestEd1Table_Jabos(t *testing.T) {
	show := func(n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprint(n)
	}
	combattest.CheckTable(t, &jabosTable, show, "-", "-", "-", "1", "2", "3") // IT L1853-1858
}

// The Invasion Combat Table, IT L1756-1761 ("Avanzata" is Advance), the
// DD tank table, IT L1767-1768, the turn-2 weather, IT L1773-1774, and the
// airborne scatter table, IT L1779-1784: 2.2's.
func TestEd1Table_Invasion(t *testing.T) {
	show := func(r BeachResult) string { return strings.ReplaceAll(r.String(), "Advance", "Avanzata") }
	combattest.CheckTable(t, &beachTable, show,
		"A1* – | A2/D1 Avanzata 1 | EX Avanzata 1",               // IT L1756
		"A2/D1 Avanzata 1 | EX Avanzata 1 | A1/D1 Avanzata 1",    // IT L1757
		"EX Avanzata 1 | A1/D1 Avanzata 1 | A1/D1 Avanzata 1",    // IT L1758
		"A1/D1 Avanzata 1 | A1/D1 Avanzata 1 | A1/D1 Avanzata 2", // IT L1759
		"A1/D1 Avanzata 1 | A1/D1 Avanzata 2 | D1 Avanzata 2",    // IT L1760
		"A1/D1 Avanzata 2 | D1 Avanzata 2 | D1 Avanzata 2",       // IT L1761
	)
	tanks := func(n int) string {
		if n == 0 {
			return "NE"
		}
		return fmt.Sprintf("-%d livello di forza", n)
	}
	combattest.CheckTable(t, &ddTankTable, tanks, // IT L1767 "1-3", L1768 "4-6"
		"-1 livello di forza", "-1 livello di forza", "-1 livello di forza", "NE", "NE", "NE")
	for roll := 1; roll <= 6; roll++ {
		want := map[bool]Weather{true: WeatherOvercast2, false: WeatherOvercast3}[roll <= 3] // IT L1773-1774
		if w, _ := weatherFor(2, roll); w != want {
			t.Errorf("turn 2, die %d: %s, want %s", roll, w, want)
		}
	}
	combattest.CheckTable(t, &scatterTable, ScatterResult.String,
		"S2 | S2 | S1", "S2 | S1 | S1", "S1 | S1 | S", "S1 | S | -", "S | - | -", "- | - | -") // IT L1779-1784
}

// The weather table, IT L1974-1979: for each roll the weather and the
// resource columns (German IP, SupP, infantry and armor Repl; US, British
// and Canadian Repl; air; naval; Allied free SupP): 2.2's rows.
func TestEd1Table_Weather(t *testing.T) {
	printed := []string{
		"Tempeste - 3 - 1(PT) 1 - - - CW - - No", // IT L1974
		"Coperto 2 2 - 1 1 - 1 - - - 2/2 Si",     // IT L1975
		"Coperto 2 2 1 - 1 - 1 - - 1/1 2/2 Si",   // IT L1976
		"Bello 1 1 1 - 1 1 - 1 - 2/2 2/2 Si",     // IT L1977
		"Bello 1 1 1(0) - 1 1 1 - - 3/3 2/2 Si",  // IT L1978
		"Bello 1 1 1(-1) - - 1 - 1 1 3/3 2/2 Si", // IT L1979
	}
	n := func(v int) string {
		if v == 0 {
			return "-"
		}
		return fmt.Sprint(v)
	}
	limit := map[ReplLimit]string{ReplAny: "", ReplTigerPanther: "(PT)", ReplQuality0: "(0)", ReplQualityMinus1: "(-1)"}
	for roll := 1; roll <= 6; roll++ {
		w, _ := weatherFor(3, roll)
		r := weatherResources[w]
		kind := map[bool]string{true: "Tempeste", false: map[bool]string{true: "Coperto", false: "Bello"}[w.Overcast()]}[w.Storm()]
		cw := n(r.caInf)
		if r.cwInf > 0 {
			cw = "CW"
		}
		air := "-"
		if r.airUS > 0 {
			air = fmt.Sprintf("%d/%d", r.airUS, r.airCW)
		}
		naval := "-"
		if r.navalUS > 0 {
			naval = fmt.Sprintf("%d/%d", r.navalUS, r.navalCW)
		}
		free := map[bool]string{true: "Si", false: "No"}[r.alliedSupP]
		gerInf := n(r.gerInf)
		if r.gerInf > 0 {
			gerInf += limit[r.gerInfLimit]
		}
		gerArm := n(r.gerArm)
		if r.gerArm > 0 {
			gerArm += limit[r.gerArmLimit]
		}
		got := strings.Join([]string{kind, n(r.gerIPs), n(r.gerSupP), gerInf, gerArm, n(r.usInf), n(r.usArm), n(r.gbInf), n(r.gbArm), cw, air, naval, free}, " ")
		if got != printed[roll-1] {
			t.Errorf("roll %d: %q, the Italian book prints %q", roll, got, printed[roll-1])
		}
	}
}

// The attrition table, IT L1904-1905: 1-4 a step, 5-6 no effect: 2.2's.
func TestEd1Table_Attrition(t *testing.T) {
	c := AttritionCase{Unit: "g", Marker: MarkerIsolated, Status: Isolated, AdjacentEnemy: true, MaxDRM: editionEd1.attritionMaxDRM}
	for roll, want := range []int{1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0} {
		if roll == 0 {
			continue
		}
		if n, _ := attrition(roll, c); n != want {
			t.Errorf("die %d: %d steps, the table gives %d", roll, n, want)
		}
	}
}

// The strafing table, IT L1912-1915 (D38): the edition's own.
func TestEd1Table_Strafing(t *testing.T) {
	combattest.CheckTable(t, &strafeTableEd1, strafeResult.String, "-", "-", "-", "-", "D", "D1") // IT L1912-1915
	combattest.CheckTable(t, &strafeTableT11, strafeResult.String, "-", "-", "-", "-", "-", "1")  // PL L2190-2191
}

// The TEC's defensive bonuses, IT L1864-1869: Mixed 2, Bocage 3, Town 4,
// Woods 2 (D16; 2.2 3), City 5.
func TestEd1Table_TEC(t *testing.T) {
	for tr, want := range map[Terrain]int{Clear: 0, Mixed: 2, Bocage: 3, Town: 4, Forest: 2, City: 5} {
		if got := editionEd1.db(tr); got != want {
			t.Errorf("%s: DB %d, the Italian TEC prints %d", tr, got, want)
		}
	}
}

// The reinforcement points chart, IT L1919-1924, with 6.5.1 (IT L437): 4 RP
// a British armored brigade or a US Combat Command; 3 a US regiment or a
// British infantry brigade; 2 a two-step armored unit, an HQ, or a US Recon
// Group; 1 a one-step unit.
func TestEd1Table_ReinforcementPoints(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"cc allied us 3-ad armored 7-6 5-6 ac=gray:3 size=X", 4},
		{"bde allied gb 8ab armored 8-6 5-6 ac=gray:3 size=X", 4},
		{"rgt allied us 90 infantry 5-4 3-4 (2)-4 cadre=M size=III", 3},
		{"ib allied gb 50 infantry 6-4 4-4 size=X", 3},
		{"tk allied us - tank 4-6 2-6 ac=gray:3 size=II", 2},
		{"hq allied us - hq (1)-5 range=5 size=XXX", 2},
		{"grp allied us - recon 3-6 ac=gray:1 size=X", 2},
		{"one allied us - tank 2-6 ac=gray:2 size=II", 1},
	} {
		s := mustParse(t, []byte(testMap{units: []string{c.line}}.text()))
		u := &s.Units[0]
		if rp, rule, _ := rpCostIn(editionEd1.rpCosts, Reinforcement{}, u); rp != c.want {
			t.Errorf("%s: %d RP (%s), the chart prints %d", u.ID, rp, rule, c.want)
		}
	}
	// 2.2 leaves the Recon Group to the In Britain card: T15 gives a
	// one-step unit 1.
	s := mustParse(t, []byte(testMap{units: []string{"grp allied us - recon 3-6 ac=gray:1 size=X"}}.text()))
	if rp, _, _ := rpCost(Reinforcement{}, &s.Units[0]); rp != 1 {
		t.Errorf("2.2 Recon Group: %d RP", rp)
	}
}
