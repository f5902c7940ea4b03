package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// The map as a scene draws it (rules/scene): the scenario's terrain,
// hexsides, roads, zones and places, in the renderer's words. It depends on
// the scenario only, so it is built once per game and shared by its clones
// and scenes.

// terrainLooks is the legend's order of the terrains (TEC, T3) and how each
// is drawn.
var terrainLooks = []struct {
	t     Terrain
	look  scene.Look
	label string
}{
	{Clear, scene.LookClear, "Clear"},
	{Mixed, scene.LookMixed, "Mixed"},
	{Bocage, scene.LookBocage, "Bocage (14.4.1)"},
	{Forest, scene.LookForest, "Forest"},
	{Marsh, scene.LookMarsh, "Marsh: along roads only"},
	{Flooded, scene.LookFlooded, "Flooded (9.5)"},
	{Town, scene.LookTown, "Town (2.2.5)"},
	{City, scene.LookCity, "City (2.2.5)"},
	{Sea, scene.LookSea, "All-sea (2.2.1)"},
}

// hexsideLooks does the same for the hexside features (TEC hexside rows).
var hexsideLooks = []struct {
	f     HexsideFeature
	look  scene.Look
	label string
}{
	{MinorRiver, scene.LookMinorRiver, "Minor river"},
	{MajorRiver, scene.LookMajorRiver, "Major river, Orne canal (2.2.4)"},
	{FloodedRiver, scene.LookFloodedRiver, "Flooded river (9.5)"},
	{Causeway, scene.LookCauseway, "Causeway (9.11)"},
	{Impassable, scene.LookImpassable, "Impassable (9.6)"},
	{Carpiquet, scene.LookAirfieldSide, "Carpiquet airfield (11.7)"},
	{CherbourgLine, scene.LookFortLine, "Cherbourg defense line (16.3)"},
}

// roadLooks: the two road classes (9.3), named apart from the terrains.
var roadLooks = []struct {
	c     RoadClass
	id    string
	look  scene.Look
	label string
}{
	{MajorRoad, "major-road", scene.LookMajorRoad, "Major road (9.3)"},
	{MinorRoad, "minor-road", scene.LookMinorRoad, "Minor road (9.3)"},
}

// zoneLooks are the zones a player sees drawn on the map. The east and
// south edge zone (23.2) is the map's edge itself and is left out.
var zoneLooks = map[string]struct {
	look  scene.ZoneLook
	label string
}{
	ZoneCherbourg: {scene.ZoneOutline, "Cherbourg perimeter (16.3, 17.6.2)"},
	ZoneNBZ:       {scene.ZoneOutline, "Naval bombardment zone (19.2.4)"},
	ZoneNorth27:   {scene.ZoneBoundary, "27 June line (S1.3.1): its north side"},
	ZoneUSSector:  {scene.ZoneBoundary, "Army boundary (22.1.2): the US side"},
	ZoneNoEntry:   {scene.ZoneForbidden, "No unit may enter"},
}

// placeKinds maps the scenario's places to the renderer's.
var placeLooks = map[PlaceKind]scene.PlaceKind{
	PlaceBeach: scene.PlaceBeach, PlaceDrop: scene.PlaceDrop, PlaceGlider: scene.PlaceGlider,
	PlaceEntry: scene.PlaceEntry, PlaceMobilization: scene.PlaceMobilization, PlaceBattery: scene.PlaceBattery,
	PlaceMulberry: scene.PlacePort, PlaceFort: scene.PlaceFort,
}

// sideFeature reports whether the rules see feature f on the hexside between
// two cells: the board drops the river hexsides of a hex a river runs
// through (2.2.3), which the drawing drops too.
func (g *Game) sideFeature(a, b string, f HexsideFeature) bool {
	x, okX := g.b.ids[a]
	y, okY := g.b.ids[b]
	return okX && okY && g.b.feature(x, y, f)
}

func newDrawnBoard(sc *Scenario, has func(a, b string, f HexsideFeature) bool) *scene.HexBoard {
	// AMBIG-66: the first pair of a hex number grows northward and the
	// second eastward; on a flat-top grid of columns that is north to the
	// right, so one quarter turn counter-clockwise puts north up.
	d := &scene.HexBoard{Layout: sc.Layout, Rotate: 1}
	used := map[string]bool{}
	for _, h := range sc.Hexes {
		c := scene.Cell{ID: h.ID, Class: string(h.Terrain), Under: string(h.Base), Name: h.Name}
		if h.Hilltop {
			c.Marks = append(c.Marks, scene.MarkHilltop)
		}
		if h.Airfield {
			c.Marks = append(c.Marks, scene.MarkAirfield)
		}
		used[c.Class], used[c.Under] = true, true
		d.Cells = append(d.Cells, c)
	}
	for _, t := range terrainLooks {
		if used[string(t.t)] {
			d.Classes = append(d.Classes, scene.Class{ID: string(t.t), Label: t.label, Look: t.look})
		}
	}
	for _, f := range hexsideLooks {
		n := 0
		for _, hs := range sc.Hexsides {
			if slices.Contains(hs.Features, f.f) && has(hs.A, hs.B, f.f) {
				d.Sides = append(d.Sides, scene.Side{A: hs.A, B: hs.B, Class: string(f.f)})
				n++
			}
		}
		if n > 0 {
			d.Classes = append(d.Classes, scene.Class{ID: string(f.f), Label: f.label, Look: f.look})
		}
	}
	for _, rl := range roadLooks {
		n := 0
		for _, r := range sc.Roads {
			if r.Class == rl.c {
				d.Roads = append(d.Roads, scene.Road{Class: rl.id, Cells: slices.Clone(r.Hexes)})
				n++
			}
		}
		if n > 0 {
			d.Classes = append(d.Classes, scene.Class{ID: rl.id, Label: rl.label, Look: rl.look})
		}
	}
	for _, z := range sc.Zones {
		if zl, ok := zoneLooks[z.Name]; ok {
			d.Zones = append(d.Zones, scene.Zone{ID: z.Name, Label: zl.label, Look: zl.look, Cells: slices.Clone(z.Hexes)})
		}
	}
	for _, p := range sc.Places {
		if k, ok := placeLooks[p.Kind]; ok {
			pl := scene.Place{Cell: p.Hex, Kind: k, Label: placeLabel(p)}
			if p.Kind == PlaceEntry {
				pl.Colour = entryColourRGB[p.Arg]
			}
			d.Places = append(d.Places, pl)
		}
	}
	return d
}

// entryColourRGB are the colours of the German entry zones (6.6).
var entryColourRGB = map[string]string{"blue": "#1f5fbf", "green": "#2e8b3a", "red": "#c62828", "orange": "#e67e22"}

// placeLabel names a place as a player reads it: "Omaha Dog", "82-ab drop",
// "red entry".
func placeLabel(p Place) string {
	switch p.Kind {
	case PlaceBeach:
		s := title(p.Arg)
		if p.Sector != "" {
			s += " " + title(p.Sector)
		}
		return s
	case PlaceDrop:
		return p.Arg + " drop (20.2.1)"
	case PlaceGlider:
		return p.Arg + " gliders (20.2.4)"
	case PlaceEntry:
		return p.Arg + " entry (6.6)"
	case PlaceMobilization:
		return p.Arg + " mobilization (6.7)"
	case PlaceBattery:
		return "coastal battery (25.3)"
	case PlaceMulberry:
		return "Mulberry " + strings.ToUpper(p.Arg) + " (21.1.1)"
	case PlaceFort:
		return "permanent IP (16.1.6)"
	}
	return string(p.Kind)
}

// title capitalises each dash-separated word: "pointe-du-hoc" is "Pointe Du
// Hoc", "uncle-red" "Uncle Red".
func title(s string) string {
	words := strings.Split(s, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// cellID is the printed id of a hex, for the scene's overlays.
func (g *Game) cellID(a hex.Axial) string { return g.b.id(a) }

// isCell reports whether id is a hex of the map. With sideFeature and
// cellID, it is all the drawing reads of the board.
func (g *Game) isCell(id string) bool { return g.b.known(id) }
