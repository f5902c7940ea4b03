package hexwar

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/scene"
)

// MapLooks is how a game draws the series' map records on a
// scene.HexBoard: the legend's classes with their looks and rules, the
// hexsides, the roads and the zones. A game draws its own cells (their
// marks are its own) and places. Ardennes '44 and Salerno '43 draw their
// maps so.
type MapLooks struct {
	Terrains     []Terrain
	TerrainLooks map[Terrain]scene.Look
	TerrainRule  string // in the legend: "clear (TEC)"
	Features     []Feature
	FeatureLooks map[Feature]scene.Look
	FeatureRule  string // "river hexside (TEC)"
	// SidePrefix begins a hexside feature's class id, so that it differs
	// from a terrain of the same name ("side-" in Salerno '43).
	SidePrefix string
	Roads      []RoadClass
	RoadLooks  map[RoadClass]scene.Look
	RoadRule   string // "primary road (11.7, 11.8)"
	// Boundary is the zone drawn as a boundary; the others are outlined.
	Boundary string
}

// Draw adds the legend's classes, the hexsides, the roads and the zones to
// b.
func (l MapLooks) Draw(b *scene.HexBoard, hexsides []Hexside, roads []Road, zones []Zone) {
	for _, t := range l.Terrains {
		b.Classes = append(b.Classes, scene.Class{ID: string(t), Label: string(t) + " (" + l.TerrainRule + ")", Look: l.TerrainLooks[t]})
	}
	for _, f := range l.Features {
		b.Classes = append(b.Classes, scene.Class{ID: l.SidePrefix + string(f), Label: string(f) + " hexside (" + l.FeatureRule + ")", Look: l.FeatureLooks[f]})
	}
	for _, r := range l.Roads {
		b.Classes = append(b.Classes, scene.Class{ID: string(r) + "-road", Label: string(r) + " road (" + l.RoadRule + ")", Look: l.RoadLooks[r]})
	}
	for _, s := range hexsides {
		for _, f := range s.Features {
			b.Sides = append(b.Sides, scene.Side{A: s.A, B: s.B, Class: l.SidePrefix + string(f)})
		}
	}
	for _, r := range roads {
		b.Roads = append(b.Roads, scene.Road{Class: string(r.Class) + "-road", Cells: slices.Clone(r.Hexes)})
	}
	for _, z := range zones {
		look := scene.ZoneOutline
		if z.Name == l.Boundary {
			look = scene.ZoneBoundary
		}
		b.Zones = append(b.Zones, scene.Zone{ID: z.Name, Label: z.Name, Look: look, Cells: slices.Clone(z.Hexes)})
	}
}
