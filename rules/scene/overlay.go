package scene

// Overlays are drawn over the board and pieces; a renderer may let the viewer
// hide each.
type Overlays struct {
	// Moves are the paths of the last moves; the engine's Mover gives them
	// from the commands, which the state does not keep.
	Moves []Move
	// Combat is the combat in progress, or the last one resolved in the
	// current phase; nil for none.
	Combat *Combat
	// ZOC lists, per side, the cells its zones of control cover.
	ZOC []Area
	// Control lists, per side, the cells whose control counts (towns,
	// objectives) that it holds.
	Control []Area
	// Supply lists the cells holding units out of supply or isolated.
	Supply []Area
}

// Move is pieces moving along a path of cells (or nodes), in order, from
// where they started.
type Move struct {
	Pieces []string
	Path   []string
	Kind   MoveKind
}

// MoveKind says why pieces moved.
type MoveKind string

const (
	MoveNormal  MoveKind = "move"
	MoveRetreat MoveKind = "retreat"
	MoveAdvance MoveKind = "advance"
)

// Area is a set of cells an overlay marks.
type Area struct {
	Colour string // a Colours id: the side it belongs to
	Label  string // "German ZOC (8.1)", "Allied control (2.2.5)"
	Tone   Tone
	Cells  []string
}
