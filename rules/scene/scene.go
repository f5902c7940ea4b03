// Package scene is what a renderer draws of a position: the board (a hex map,
// or a point-to-point graph), the pieces on it and in the boxes beside it, and
// overlays such as zones of control, control of hexes, supply, the last move
// and the last combat. It is plain data: engines fill it (Drawer), and
// replay/render draws it as SVG or as a step of an HTML replay.
//
// Nothing here draws, and nothing here is a pixel or a float: positions are
// printed hex ids, graph coordinates in the board's own units, and words from
// a small vocabulary (Look, UnitType, Tone, PlaceKind) that the renderer knows
// how to draw. Colours are the counters' printed colours, "#rrggbb", because
// they are a fact of the counters (Normandy '44 2.3.4 names them), not a
// choice of the renderer.
package scene

import "github.com/pbem-referee/pbem/rules"

// Scene is one position as one seat may see it.
type Scene struct {
	// Title names the game and scenario: "Cherbourg (S3): the Cotentin ...".
	Title string
	// Turn is the game turn, from 1; 0 for a game without turns.
	Turn int
	// Phase says where the game stands, as rules.Pending.Phase does.
	Phase string
	// Seat is the seat this scene is for; "" is what any onlooker may see.
	Seat rules.Seat
	// Notes are short lines shown beside the map: weather, resources, the
	// markers that are not on a piece.
	Notes []string

	// At most one board; neither when the game has none (freeplay), and then
	// every piece is in a box.
	Hex   *HexBoard
	Graph *GraphBoard
	// Boxes are the holding areas off the board, in the order to draw them.
	Boxes []Box

	// Colours are the colours pieces and overlays name: nationalities or
	// services for counters, sides for areas.
	Colours []Colour
	// Pieces are in the order to draw them: within one place, the bottom of
	// the stack first.
	Pieces   []Piece
	Overlays Overlays
}

// HexBoard is a hex map.
type HexBoard struct {
	// Layout is the map's grid as a scenario file states it and
	// hex.ParseLayout reads it: "flat-top odd-columns-down".
	Layout string
	// Rotate is how many quarter turns counter-clockwise put north at the
	// top of the drawing (0 to 3): Normandy '44 numbers its hexes with the
	// first pair growing northward (AMBIG-66), so its map turns once.
	Rotate int
	// Classes lists every terrain, hexside and road class the map uses, in
	// the legend's order.
	Classes []Class
	Cells   []Cell
	Sides   []Side
	Roads   []Road
	Zones   []Zone
	Places  []Place
}

// Class is a kind of terrain, hexside feature or road.
type Class struct {
	ID    string // as cells, sides and roads name it: "bocage", "major-river"
	Label string // for the legend, with its rule: "Bocage (TEC, 9.2)"
	Look  Look   // how the renderer draws it
}

// Cell is one hex of the map.
type Cell struct {
	ID    string // the printed id, "2512"
	Class string // its terrain class
	// Under is the terrain class beneath a built-up class, drawn around its
	// symbol: a Town on bocage. "" for none.
	Under string
	Name  string   // the place name printed in the hex; "" for none
	Marks []string // features drawn as symbols: MarkHilltop, MarkAirfield
}

// Side is one feature on the hexside between two adjacent cells; a hexside
// with two features (a flooded river and a causeway) is listed twice.
type Side struct {
	A, B  string // cell ids, A < B
	Class string
}

// Road is a road, railway or trail through a chain of adjacent cells.
type Road struct {
	Class string
	Cells []string
}

// Zone is a set of cells a line on the map encloses: a region, a boundary, a
// part of the map no unit may enter.
type Zone struct {
	ID    string
	Label string
	Look  ZoneLook
	Cells []string
}

// Place marks a cell with a role: a beach, a drop zone, an entry hex.
type Place struct {
	Cell  string
	Kind  PlaceKind
	Label string // "Utah", "82nd drop zone", "red entry"
	// Colour is "#rrggbb" when the place has a printed colour that matters,
	// as an entry hex's zone; "" otherwise.
	Colour string
}

// GraphBoard is a point-to-point board: places joined by lines.
type GraphBoard struct {
	// Width and Height bound the node positions, in the board's own units
	// (a transcription's millimetres, say): the renderer scales them.
	Width, Height int
	Nodes         []Node
	Edges         []Edge
}

// Node is one place of a graph board.
type Node struct {
	ID      string
	Label   string
	X, Y    int      // position, from the top left corner
	Colours []string // Colours ids: the node's printed colours, in order
	Symbols []string // short printed symbols: "port", "★"
}

// Edge joins two nodes.
type Edge struct {
	A, B    string
	Colours []string // Colours ids: a coloured line per entry
	Label   string
}

// Box is a holding area off the board: In Britain, an approach box, the
// units waiting to enter, the eliminated units.
type Box struct {
	ID    string
	Label string
	Kind  BoxKind
	Note  string // a short line under the label: "RP cost on each unit"
}

// Colour is a colour that pieces and overlays name.
type Colour struct {
	ID    string // "us", "heer", "allied"
	Label string // "US Army", for the legend
	Fill  string // "#rrggbb": the counter's background
	Ink   string // "#rrggbb": text and symbols on it
}

// Piece is one counter, block or marker on the board or in a box.
type Piece struct {
	ID     string     // unique in the scene; the id commands use
	At     string     // a cell id, a node id or a box id
	Owner  rules.Seat // the seat that commands it
	Colour string     // a Colours id: its nationality or service
	Type   UnitType   // the unit symbol to draw
	Size   string     // the size marks printed above the symbol: "II", "III", "XX"
	Label  string     // the designation printed on it: "505/82"
	// Values is the line printed at the bottom on the current step side:
	// "6-4" (strength-movement), "(2)-4".
	Values string
	// Left and Right are small figures printed either side of the unit
	// symbol: Normandy '44's quality (2.3.1) and armor class, boxed, with
	// RightTone ToneBad for an anti-tank class (11.4.3).
	Left, Right string
	RightTone   Tone
	// Steps is how many steps it has left; MaxSteps how many its counter
	// has. 0 and 0 for a piece without steps.
	Steps, MaxSteps int
	Markers         []Marker
	// Note says more than the counter shows, for a tooltip: "cadre P; 2
	// steps of 3; moved by Strategic Movement".
	Note string
}

// Marker is a marker on a piece, drawn as a small tag.
type Marker struct {
	Text string // short: "DIS", "OOS", "RES"
	Tone Tone
	Note string // what it means, with its rule: "Disrupted (13.6)"
}
