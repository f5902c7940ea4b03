package hexwar

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/scene"
)

// TestMapLooks_Draw: every class is in the legend with its rule, hexside
// classes carry the prefix on the legend and on the sides alike, and only
// the boundary zone is drawn as one.
func TestMapLooks_Draw(t *testing.T) {
	l := MapLooks{
		Terrains: []Terrain{"clear"}, TerrainLooks: map[Terrain]scene.Look{"clear": scene.LookClear}, TerrainRule: "TEC",
		Features: []Feature{"river"}, FeatureLooks: map[Feature]scene.Look{"river": scene.LookMinorRiver}, FeatureRule: "2.2", SidePrefix: "side-",
		Roads: []RoadClass{"main"}, RoadLooks: map[RoadClass]scene.Look{"main": scene.LookMajorRoad}, RoadRule: "5.2",
		Boundary: "rear",
	}
	b := &scene.HexBoard{}
	l.Draw(b, []Hexside{{A: "0101", B: "0102", Features: []Feature{"river"}}},
		[]Road{{Class: "main", Hexes: []string{"0101", "0102"}}},
		[]Zone{{Name: "rear", Hexes: []string{"0101"}}, {Name: "nbz", Hexes: []string{"0102"}}})
	want := []scene.Class{
		{ID: "clear", Label: "clear (TEC)", Look: scene.LookClear},
		{ID: "side-river", Label: "river hexside (2.2)", Look: scene.LookMinorRiver},
		{ID: "main-road", Label: "main road (5.2)", Look: scene.LookMajorRoad},
	}
	if len(b.Classes) != len(want) {
		t.Fatalf("classes %+v", b.Classes)
	}
	for i := range want {
		if b.Classes[i] != want[i] {
			t.Errorf("class %d: %+v, want %+v", i, b.Classes[i], want[i])
		}
	}
	if len(b.Sides) != 1 || b.Sides[0].Class != "side-river" {
		t.Errorf("sides %+v", b.Sides)
	}
	if len(b.Roads) != 1 || b.Roads[0].Class != "main-road" || len(b.Roads[0].Cells) != 2 {
		t.Errorf("roads %+v", b.Roads)
	}
	if len(b.Zones) != 2 || b.Zones[0].Look != scene.ZoneBoundary || b.Zones[1].Look != scene.ZoneOutline {
		t.Errorf("zones %+v", b.Zones)
	}
}
