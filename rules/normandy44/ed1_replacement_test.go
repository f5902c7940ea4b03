package normandy44

import (
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
)

// replacementPhase puts g in side's Replacement Phase of turn 3 with Repl.
func replacementPhase(g *Game, side Side, repl ...replStock) *Game {
	g.setStage(3, PhaseReplacement, side)
	g.s.Repl = repl
	return g
}

// D02, 6.2 (IT L377-380): a rebuilt unit returns on a friendly HQ in supply
// or a friendly Town or City in supply; nothing keeps it out of an enemy
// ZOC. 2.2 (6.2.2 b) never places it in one.
func TestEd1_D02_RebuiltUnitInEnemyZOC(t *testing.T) {
	bothEditions(t, rebuildMap(), German, 3, func(t *testing.T, g *Game, ed1 bool) {
		replacementPhase(g, German, replStock{Nation: "german", Type: "infantry", Count: 1})
		g.eliminate(g.index["ginf"])
		g.s.Units[g.index["ainf"]].At = "0505" // next to the Town 0405
		if ed1 {
			apply(t, g, German, "rebuild ginf 0405")
		} else {
			refused(t, g, German, "rebuild ginf 0405", "6.2.2")
		}
	})
}

// alliedRebuildMap: Utah 0101 with its engineer (an Allied source, 18.1),
// an Allied-held Town at 0301, ainf2 of ainf's division at 0302, an Allied
// HQ eliminated.
func alliedRebuildMap() testMap {
	m := rebuildMap()
	m.terrain = map[string]string{"0301": "town base=clear", "0102": "sea"}
	m.units = append(m.units, allInf2, "ahq allied us - hq (1)-4")
	m.setup = append(m.setup, "ainf2 0302", "ahq 0301")
	return m
}

// D03, 6.2 (IT L377-380): rebuilt units of either side return on a hex (a
// friendly HQ or Town in supply); 2.2 (6.2.2) sends the Allies' to the In
// Britain card, to land again. Also IT L379: the HQ a unit returns on is
// any friendly HQ in supply, whatever its nationality (2.2: of the unit's).
func TestEd1_D03_AlliedUnitsReturnOnTheMap(t *testing.T) {
	bothEditions(t, alliedRebuildMap(), Allied, 3, func(t *testing.T, g *Game, ed1 bool) {
		replacementPhase(g, Allied, replStock{Nation: "us", Type: "infantry", Count: 2})
		g.setControl("0301", Allied)
		g.eliminate(g.index["ainf"])
		if !ed1 {
			refused(t, g, Allied, "rebuild ainf 0301", "6.2.2")
			apply(t, g, Allied, "rebuild ainf")
			return
		}
		refused(t, g, Allied, "rebuild ainf", "6.2")
		if _, ok := choiceOf(g, "rebuild ainf 0301"); !ok {
			t.Error("Legal does not offer 'rebuild ainf 0301'")
		}
		apply(t, g, Allied, "rebuild ainf 0301")
		if at(g, "ainf") != "0301" || g.s.Units[g.index["ainf"]].Step != 1 {
			t.Errorf("ainf %+v", g.s.Units[g.index["ainf"]])
		}
	})
	// A British unit on the US HQ's hex: any friendly HQ in the first edition.
	m := alliedRebuildMap()
	m.terrain["0301"] = "clear"
	m.units = append(m.units, "gb1 allied gb - infantry 6-4 4-4")
	for _, v := range []string{"", "ed1"} {
		g := replacementPhase(m.edition(t, v, Allied, 3), Allied, replStock{Nation: "gb", Type: "infantry", Count: 1})
		g.eliminate(g.index["gb1"])
		if v == "" {
			refused(t, g, Allied, "rebuild gb1 0301", "6.2.2") // 2.2: to the In Britain card
			continue
		}
		apply(t, g, Allied, "rebuild gb1 0301")
	}
}

// D04, 6.2 (IT L383): a rebuilt unit returns within 5 hexes of "another
// unit of its division": a unit rebuilt earlier in the phase counts. 2.2
// (6.2.2 c) counts only units on the map at the start of the phase.
func TestEd1_D04_ProximityToARebuiltUnit(t *testing.T) {
	m := rebuildMap()
	m.units = append(m.units, "ginf3 german heer 1 infantry 6-4 4-4")
	m.setup = append(m.setup, "ginf3 0808")
	m.places = append(m.places, "entry 0708 green") // a source near 0808 (18.1)
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		replacementPhase(g, German, replStock{Nation: "german", Type: "infantry", Count: 2})
		g.eliminate(g.index["ginf"])
		g.eliminate(g.index["ginf3"])
		// ginf returns next to ginf2; ginf3 to 0808, 6 hexes from ginf2,
		// within 5 of ginf at 0405.
		if hx.Distance(g.b.ids["0808"], g.b.ids["0403"]) <= rebuildWithin || hx.Distance(g.b.ids["0808"], g.b.ids["0405"]) > rebuildWithin {
			t.Fatal("the map's distances do not make the case")
		}
		apply(t, g, German, "rebuild ginf 0405")
		if ed1 {
			apply(t, g, German, "rebuild ginf3 0808")
		} else {
			refused(t, g, German, "rebuild ginf3 0808", "6.2.2")
		}
	})
}

// D05, 6.2 (IT L385-387): a unit takes a Repl when it is in supply; the
// first edition has no rule against a line that reaches only Cherbourg. 2.2
// (6.2.3) refuses a German unit whose only source is Cherbourg.
func TestEd1_D05_CherbourgPocketReplacements(t *testing.T) {
	m := testMap{terrain: map[string]string{"0808": `city "Cherbourg"`}, units: []string{gerInf, allInf},
		setup: []string{"ginf 0707", "ainf 0101"}}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		replacementPhase(g, German, replStock{Nation: "german", Type: "infantry", Count: 1})
		g.s.Units[g.index["ginf"]].Step = 1
		if ed1 {
			apply(t, g, German, "replace ginf")
		} else {
			refused(t, g, German, "replace ginf", "6.2.3")
		}
	})
}

// D06, 17.2 (IT L1128): a rebuilt HQ returns to "any friendly-controlled
// City hex in supply"; 2.2 (17.2.2) also to an open beach hex.
func TestEd1_D06_HQRebuiltOnACity(t *testing.T) {
	bothEditions(t, alliedRebuildMap(), Allied, 3, func(t *testing.T, g *Game, ed1 bool) {
		replacementPhase(g, Allied, replStock{Nation: "us", Type: "infantry", Count: 1})
		g.eliminate(g.index["ahq"])
		if ed1 {
			refused(t, g, Allied, "rebuild ahq 0101", "17.2")
		} else {
			apply(t, g, Allied, "rebuild ahq 0101")
		}
	})
}
