package render

import "github.com/pbem-referee/pbem/rules/scene"

// The look of a map: colours and patterns close to those of printed
// hex-and-counter maps (green bocage with hedgerows, blue rivers, red major
// roads), keyed by the scene's vocabulary.

// Sizes, in pixels at 100% zoom.
const (
	hexSize   = 40.0 // centre to corner
	counter   = 44.0 // a counter's side
	fanX      = 3.0  // each counter of a stack is drawn this far right...
	fanY      = 12.0 // ...and this far down from the one under it, so its label shows
	tagW      = 20.0 // a marker tag
	tagH      = 8.0
	tagStep   = 9.0
	margin    = 16.0
	boxGap    = 4.0 // between counters in a box
	boxPad    = 8.0
	boxHead   = 28.0 // a box's label and note
	boxPerRow = 6
	fontStack = "DejaVu Sans, Verdana, Arial, sans-serif"
)

// terrainStyle is a fill and an optional pattern drawn over it, as the body
// of an SVG <pattern> of the given size.
type terrainStyle struct {
	fill    string
	pattern string
	w, h    int
}

var terrainStyles = map[scene.Look]terrainStyle{
	scene.LookClear: {fill: "#eef0cb"},
	scene.LookMixed: {fill: "#e1e9b6", w: 18, h: 16,
		pattern: `<circle cx="4" cy="4" r="1.8" fill="#86a85e"/><circle cx="13" cy="12" r="1.5" fill="#86a85e"/><path d="M9 3h5M2 11h4" stroke="#7d9b52" stroke-width="1"/>`},
	scene.LookBocage: {fill: "#cadd9c", w: 14, h: 14,
		pattern: `<path d="M0 6.5h6M7.5 0v5.5M8 9h6M3 9.5v4.5M11 1.5h3" stroke="#58792d" stroke-width="1.3" stroke-linecap="round"/>`},
	scene.LookForest: {fill: "#9dc77f", w: 16, h: 16,
		pattern: `<circle cx="4" cy="4" r="3.2" fill="#6e9f52" stroke="#4f7b39" stroke-width=".6"/><circle cx="12" cy="11" r="3.2" fill="#6e9f52" stroke="#4f7b39" stroke-width=".6"/>`},
	scene.LookRough: {fill: "#dccfa4", w: 12, h: 12,
		pattern: `<circle cx="3" cy="3" r="1" fill="#9c8658"/><circle cx="9" cy="8" r="1.2" fill="#9c8658"/>`},
	scene.LookHills: {fill: "#dcc690", w: 18, h: 12,
		pattern: `<path d="M1 9q4-6 8 0M10 4q3-4 6 0" fill="none" stroke="#a5864c" stroke-width="1"/>`},
	scene.LookMountain: {fill: "#c4a57c", w: 16, h: 14,
		pattern: `<path d="M1 12l5-9l5 9M9 8l3-5l3 5" fill="none" stroke="#7e6444" stroke-width="1.1"/>`},
	scene.LookMarsh: {fill: "#cde6d6", w: 16, h: 14,
		pattern: `<path d="M2 9l1.5-4l1.5 4M10 13l1.5-4l1.5 4" fill="none" stroke="#3f8f72" stroke-width=".9"/><path d="M6 11h4M0 4h3M12 6h4" stroke="#5fa6c2" stroke-width="1"/>`},
	scene.LookFlooded: {fill: "#b6dbe9", w: 14, h: 12,
		pattern: `<path d="M0 4q3.5-2.5 7 0t7 0M0 10q3.5-2.5 7 0t7 0" fill="none" stroke="#5c9ec4" stroke-width=".9"/>`},
	scene.LookTown: {fill: "#ead9c6"},
	scene.LookCity: {fill: "#cdb8a5", w: 14, h: 14,
		pattern: `<rect x="1.5" y="1.5" width="5" height="4" fill="#915848"/><rect x="8.5" y="2.5" width="4" height="5" fill="#915848"/><rect x="2" y="8.5" width="4" height="4" fill="#915848"/><rect x="8" y="9.5" width="5" height="3" fill="#915848"/>`},
	scene.LookSea: {fill: "#93c1e2", w: 24, h: 14,
		pattern: `<path d="M2 7q3-2 6 0M14 12q3-2 6 0" fill="none" stroke="#b8d8ee" stroke-width=".9"/>`},
}

// unknownTerrain is how a terrain the renderer does not know is drawn.
var unknownTerrain = terrainStyle{fill: "#e4e4e4"}

// lineStyle draws a hexside feature or a road.
type lineStyle struct {
	colour string
	width  float64
	dash   string
	halo   string // a wider line drawn under it, "" for none
}

var sideStyles = map[scene.Look]lineStyle{
	scene.LookMinorRiver:   {colour: "#3a7fd5", width: 2.6},
	scene.LookMajorRiver:   {colour: "#1f5fbf", width: 5.5, halo: "#cfe3f7"},
	scene.LookFloodedRiver: {colour: "#4f98c9", width: 4.5, dash: "5 3"},
	scene.LookImpassable:   {colour: "#16264f", width: 6},
	scene.LookCauseway:     {colour: "#7a4b1e", width: 3},
	scene.LookFortLine:     {colour: "#b3261e", width: 3, dash: "7 3"},
	scene.LookAirfieldSide: {colour: "#6b6b6b", width: 3.5, dash: "2 2"},
}

var unknownSide = lineStyle{colour: "#555555", width: 2}

var roadStyles = map[scene.Look]lineStyle{
	scene.LookMajorRoad: {colour: "#b3261e", width: 3.2, halo: "#fff4e0"},
	scene.LookMinorRoad: {colour: "#c98a2c", width: 2},
	scene.LookRailway:   {colour: "#222222", width: 2, dash: "1 3"},
	scene.LookTrail:     {colour: "#8a6d3b", width: 1.5, dash: "4 3"},
}

var unknownRoad = lineStyle{colour: "#8a6d3b", width: 1.5}

// toneColours: a marker's background and text.
var toneColours = map[scene.Tone][2]string{
	scene.ToneNone: {"#5f6368", "#ffffff"},
	scene.ToneInfo: {"#3f67c9", "#ffffff"},
	scene.ToneWarn: {"#f2b705", "#111111"},
	scene.ToneBad:  {"#c62828", "#ffffff"},
	scene.ToneGood: {"#2e7d32", "#ffffff"},
}

// zoneColours are given to zones in order.
var zoneColours = []string{"#b3261e", "#1f4fa0", "#6a2c91", "#111111", "#c05a00", "#00796b"}

// defaultColour draws a piece or area whose colour the scene does not name.
var defaultColour = scene.Colour{ID: "", Fill: "#d8d8d8", Ink: "#111111"}

func tone(t scene.Tone) [2]string {
	if c, ok := toneColours[t]; ok {
		return c
	}
	return toneColours[scene.ToneNone]
}
