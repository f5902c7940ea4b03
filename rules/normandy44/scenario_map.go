package normandy44

import "github.com/pbem-referee/pbem/rules/scn"

// Shared maps (docs/scenario-format.md, "Shared maps"). A scenario may take its
// map from a map file that several scenarios share: the header line `map NAME`
// names the file NAME.map, and `window CCRR-CCRR` keeps only the hexes of that
// rectangle (the Cherbourg scenario, S3, plays the Cotentin corner of the
// campaign map). rules/scn assembles them; what Normandy says is which header
// lines and sections a map file holds and how a window clips each section.

// MapExt ends the name of a map file.
const MapExt = ".map"

// mapFiles is what a Normandy '44 map file holds: the map sections of a scenario,
// written in this order, and the header lines that describe the map.
var mapFiles = scn.Maps{
	Game:    "normandy44",
	Ext:     MapExt,
	Headers: []string{"game", "map", "title", "edition", "provenance", "layout"},
	Layout:  func(value string) error { _, err := parseLayout(value); return err },
	Sections: []scn.MapSection{
		{Name: "terrain", Clip: scn.ClipHexFirst},
		{Name: "hexsides", Clip: scn.ClipHexside},
		{Name: "roads", Clip: scn.ClipPath}, // 9.3: a road keeps its in-window stretches
		{Name: "zones", Clip: scn.ClipHexesAfter},
		{Name: "places", Clip: scn.ClipHexSecond},
	},
}

// AssembleScenario resolves a scenario's `map` and `window` header lines: it
// reads the map file through open (given "NAME.map"), clips the map to the
// window and writes one scenario text with the map's sections inlined, each
// line preceded where needed by an origin mark so that problems name the file
// and line they come from. A scenario without a `map` line is returned as it is.
func AssembleScenario(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	return mapFiles.Assemble(data, open)
}
