package normandy44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// boardMap is a test map for the board itself: a City of two hexes named
// Cherbourg, a Town of that name, a sea hex, features on hexsides, two roads
// through one hexside and a zone.
var boardMap = testMap{
	terrain: map[string]string{
		"0202": `city "Cherbourg"`, "0203": `city "Cherbourg"`, "0502": `town base=clear "Cherbourg"`,
		"0204": `city "Caen"`, "0808": "sea", "0706": "flooded", "0707": "flooded",
	},
	hexsides: []string{"0404/0405 minor-river impassable", "0606/0607 major-river", "0706/0707 flooded-river causeway"},
	roads:    []string{"minor 0101 0102 0103", "major 0102 0103 0104"},
}

func boardOf(t *testing.T, m testMap, zones string) *board {
	t.Helper()
	s := mustParse(t, []byte(m.text()+"\n[zones]\n"+zones+"\n"))
	b, err := newBoard(s, editionDefault)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBoardNormandyWords: the board reads Normandy's map with T3 (the
// series' board is tested in rules/hexwar): the major road beats a minor one
// through the same hexside (9.3); a river through a Town, City or flooded
// hex is part of the hex, but not a flooded river (2.2.3, 9.5).
func TestBoardNormandyWords(t *testing.T) {
	m := boardMap
	m.terrain = map[string]string{"0606": "town base=clear river", "0706": "flooded river", "0707": "flooded"}
	b := boardOf(t, m, "north-of-27june 0101-0103")
	ax := func(id string) hex.Axial { return b.ids[id] }
	if b.road(ax("0102"), ax("0103")) != MajorRoad || b.road(ax("0101"), ax("0102")) != MinorRoad {
		t.Errorf("9.3: 0102/0103 carries %q, want the major road", b.road(ax("0102"), ax("0103")))
	}
	if b.feature(ax("0606"), ax("0607"), MajorRiver) || !b.feature(ax("0706"), ax("0707"), FloodedRiver) || !b.feature(ax("0706"), ax("0707"), Causeway) {
		t.Error("2.2.3: a river into the river Town still counts, or the flooded river and its causeway went with it")
	}
	if !b.feature(ax("0404"), ax("0405"), Impassable) || !b.Impassable(ax("0405"), ax("0404")) {
		t.Error("9.6: the impassable hexside is not")
	}
}

// TestBoardPlaces: Cherbourg's City hexes by name, not the Town of that name
// nor another City (17.4, 18.2); the all-sea hex is no land (2.2.1).
func TestBoardPlaces(t *testing.T) {
	b := boardOf(t, boardMap, "north-of-27june 0101-0103")
	var ids []string
	for _, a := range b.cities("Cherbourg") {
		ids = append(ids, b.id(a))
	}
	if !slices.Equal(ids, []string{"0202", "0203"}) {
		t.Errorf("17.4, 18.2: Cherbourg's City hexes %v, want 0202 0203", ids)
	}
	if len(b.landHexes) != 63 || slices.Contains(b.landHexes, b.ids["0808"]) || b.land(b.ids["0808"]) {
		t.Errorf("2.2.1: %d land hexes, want the 63 that are not all sea", len(b.landHexes))
	}
	if !b.inZone(ZoneNorth27, b.ids["0102"]) || b.inZone(ZoneNorth27, b.ids["0104"]) {
		t.Error("zone membership reads wrong")
	}
}
