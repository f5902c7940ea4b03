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
	b, err := newBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBoardHexsidesFromEitherHex: a hexside's features and road read the same
// from both of its hexes (9.3-9.6), and the best road through it is the
// major one (9.3).
func TestBoardHexsidesFromEitherHex(t *testing.T) {
	b := boardOf(t, boardMap, "north-of-27june 0101-0103")
	ax := func(id string) hex.Axial { return b.ids[id] }
	for _, c := range []struct {
		x, y string
		f    HexsideFeature
	}{
		{"0404", "0405", MinorRiver}, {"0404", "0405", Impassable}, {"0606", "0607", MajorRiver},
		{"0706", "0707", FloodedRiver}, {"0706", "0707", Causeway},
	} {
		if !b.feature(ax(c.x), ax(c.y), c.f) || !b.feature(ax(c.y), ax(c.x), c.f) {
			t.Errorf("%s/%s: %s not seen from both hexes", c.x, c.y, c.f)
		}
	}
	if b.feature(ax("0404"), ax("0405"), MajorRiver) || b.feature(ax("0405"), ax("0406"), MinorRiver) {
		t.Error("a feature seen where the map has none")
	}
	if b.road(ax("0102"), ax("0103")) != MajorRoad || b.road(ax("0103"), ax("0102")) != MajorRoad {
		t.Errorf("9.3: 0102/0103 carries %q and %q, want the major road both ways", b.road(ax("0102"), ax("0103")), b.road(ax("0103"), ax("0102")))
	}
	if b.road(ax("0101"), ax("0102")) != MinorRoad || b.road(ax("0103"), ax("0104")) != MajorRoad || b.road(ax("0104"), ax("0105")) != "" {
		t.Error("9.3: the roads' other hexsides read wrong")
	}
	if b.road(ax("0101"), ax("0103")) != "" || b.feature(ax("0404"), hex.Axial{Q: 99, R: 99}, Impassable) {
		t.Error("hexes that are not neighbours, or off the map, share a hexside")
	}
}

// TestBoardPlaces: Cherbourg's City hexes by name, not the Town of that name
// nor another City (17.4, 18.2); zones, land and printed ids.
func TestBoardPlaces(t *testing.T) {
	b := boardOf(t, boardMap, "north-of-27june 0101-0103")
	var ids []string
	for _, a := range b.cities("Cherbourg") {
		ids = append(ids, b.id(a))
	}
	if !slices.Equal(ids, []string{"0202", "0203"}) {
		t.Errorf("17.4, 18.2: Cherbourg's City hexes %v, want 0202 0203", ids)
	}
	if !b.inZone(ZoneNorth27, b.ids["0102"]) || b.inZone(ZoneNorth27, b.ids["0104"]) || b.inZone(ZoneNBZ, b.ids["0102"]) {
		t.Error("zone membership reads wrong")
	}
	if len(b.landHexes) != 63 || slices.Contains(b.landHexes, b.ids["0808"]) {
		t.Errorf("2.2.1: %d land hexes, want the 63 that are not all sea", len(b.landHexes))
	}
	for id, a := range b.ids {
		if b.id(a) != id || !b.known(id) || !b.onMap(a) {
			t.Fatalf("%s reads back as %q", id, b.id(a))
		}
	}
	if off := (hex.Axial{Q: 20, R: 20}); b.onMap(off) || b.land(off) || b.terrain(off) != "" {
		t.Error("a hex off the map reads as on it")
	}
}
