package normandy44

import (
	"errors"
	"testing"
)

// riverTownMap has a minor river into a Town and a major river into a City
// that it runs through (marked river), and the same rivers into plain clear
// hexes for comparison.
var riverTownMap = testMap{
	terrain: map[string]string{
		"0404": "town base=clear river",
		"0604": "city river",
	},
	hexsides: []string{
		"0403/0404 minor-river", // into the Town the river runs through
		"0405/0406 minor-river", // an ordinary minor river
		"0603/0604 major-river", // into the City the river runs through
		"0606/0607 major-river", // an ordinary major river
	},
	units: []string{allInf, allMech},
	setup: []string{"ainf 0101", "amech 0801"},
}

// TestRiversThroughTownsAndCities_2_2_3: a river that runs through a Town,
// City or flooded hex is part of its terrain, so crossing into that hex
// costs what the terrain costs and gives no river shift (2.2.3); the same
// river elsewhere still costs (9.4.1, 9.4.2) and shifts (11.3).
func TestRiversThroughTownsAndCities_2_2_3(t *testing.T) {
	g := riverTownMap.game(t, Allied, 2)
	wantCost(t, g, 1*mp, "amech", "0403", "0404") // Town on clear, no +1 for the minor river
	wantCost(t, g, 2*mp, "amech", "0405", "0406") // 9.4.2: the same river into clear
	plainCity, err := cost(t, g, "ainf", "0605", "0604")
	if err != nil {
		t.Fatal(err)
	}
	wantCost(t, g, plainCity, "ainf", "0603", "0604") // no +1 for the major river
	wantCost(t, g, 2*mp, "ainf", "0606", "0607")      // 9.4.1: the same river into clear

	feature := g.featureFor(Allied) // the hexsides as combat, retreats and advances see them
	if feature(ax(t, g, "0603"), ax(t, g, "0604"), MajorRiver) {
		t.Error("2.2.3: attacking into the City across the river it runs through sees a major river (11.3 shift)")
	}
	if !feature(ax(t, g, "0606"), ax(t, g, "0607"), MajorRiver) {
		t.Error("11.3: an ordinary major river hexside is not seen by combat")
	}
}

// TestRiverFlagOnlyInTownsCitiesFlooded_2_2_3: the flag belongs only where
// 2.2.3 applies; elsewhere rivers follow hexsides.
func TestRiverFlagOnlyInTownsCitiesFlooded_2_2_3(t *testing.T) {
	for _, terrain := range []string{"town base=bocage river", "city river", "flooded river"} {
		m := testMap{terrain: map[string]string{"0404": terrain}}
		if _, err := ParseScenario([]byte(m.text())); err != nil {
			t.Errorf("%q: %v", terrain, err)
		}
	}
	m := testMap{terrain: map[string]string{"0404": "bocage river"}}
	_, err := ParseScenario([]byte(m.text()))
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("river on bocage: want ErrSyntax, have %v", err)
	}
}
