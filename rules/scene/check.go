package scene

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// ErrInvalid is wrapped by every problem Check finds.
var ErrInvalid = errors.New("invalid scene")

// maxProblems bounds the problems Check lists: past it, one broken engine
// would bury the first and most telling one.
const maxProblems = 20

// Check reports what is wrong with a scene: a piece on no known cell, node or
// box, a duplicate id, a hexside between cells that do not touch, a class or
// colour no one defines, text a renderer cannot show. The conformance suite
// runs it on every engine's scenes; renderers may rely on what it checks.
func Check(s Scene) error {
	c := &checker{places: map[string]string{}, colours: map[string]bool{}}
	c.text("title", s.Title)
	c.text("phase", s.Phase)
	for i, n := range s.Notes {
		c.text(fmt.Sprintf("note %d", i+1), n)
	}
	if s.Turn < 0 {
		c.fail("turn %d is negative", s.Turn)
	}
	if s.Hex != nil && s.Graph != nil {
		c.fail("a scene has one board, not a hex map and a graph")
	}
	if s.Hex != nil {
		c.hexBoard(s.Hex)
	}
	if s.Graph != nil {
		c.graph(s.Graph)
	}
	for _, b := range s.Boxes {
		c.place("box", b.ID)
		c.text("box "+b.ID, b.Label, b.Note)
	}
	for _, col := range s.Colours {
		if c.colours[col.ID] {
			c.fail("colour %q is defined twice", col.ID)
		}
		c.colours[col.ID] = true
		c.text("colour "+col.ID, col.ID, col.Label)
		for _, v := range []string{col.Fill, col.Ink} {
			if !isRGB(v) {
				c.fail("colour %q: %q is not #rrggbb", col.ID, v)
			}
		}
	}
	c.pieces(s.Pieces)
	c.overlays(s.Overlays)
	return c.err()
}

type checker struct {
	problems []string
	// places maps every cell, node and box id to what it is.
	places   map[string]string
	colours  map[string]bool
	pieceIDs map[string]bool
	layout   hex.Layout
	axial    map[string]hex.Axial // cell id -> hex, for adjacency
}

func (c *checker) fail(format string, args ...any) {
	if len(c.problems) < maxProblems {
		c.problems = append(c.problems, fmt.Sprintf(format, args...))
	}
}

func (c *checker) err() error {
	if len(c.problems) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(c.problems, "; "))
}

// text checks strings a renderer prints: valid UTF-8 without control
// characters, which no drawing needs and an SVG or terminal must not get.
func (c *checker) text(what string, texts ...string) {
	for _, t := range texts {
		if !utf8.ValidString(t) {
			c.fail("%s: %q is not valid UTF-8", what, t)
			continue
		}
		if strings.IndexFunc(t, unicode.IsControl) >= 0 {
			c.fail("%s: %q holds a control character", what, t)
		}
	}
}

// place registers a cell, node or box id, which must be unique among all.
func (c *checker) place(kind, id string) {
	switch {
	case id == "":
		c.fail("a %s has no id", kind)
	case c.places[id] != "":
		c.fail("%s id %q is already a %s id", kind, id, c.places[id])
	default:
		c.places[id] = kind
	}
	c.text(kind+" id", id)
}

func (c *checker) hexBoard(b *HexBoard) {
	layout, err := hex.ParseLayout(b.Layout)
	if err != nil {
		c.fail("hex map: %v", err)
		return
	}
	c.layout, c.axial = layout, map[string]hex.Axial{}
	if b.Rotate < 0 || b.Rotate > 3 {
		c.fail("hex map: rotate %d is not 0 to 3 quarter turns", b.Rotate)
	}
	classes := map[string]bool{}
	for _, cl := range b.Classes {
		if cl.ID == "" || classes[cl.ID] {
			c.fail("hex map: class %q is empty or defined twice", cl.ID)
		}
		classes[cl.ID] = true
		c.text("class "+cl.ID, cl.ID, cl.Label, string(cl.Look))
	}
	class := func(what, id string) {
		if !classes[id] {
			c.fail("%s: class %q is not among the map's classes", what, id)
		}
	}
	for _, cell := range b.Cells {
		c.place("cell", cell.ID)
		a, err := layout.Parse(cell.ID)
		if err != nil {
			c.fail("cell %q: %v", cell.ID, err)
			continue
		}
		c.axial[cell.ID] = a
		class("cell "+cell.ID, cell.Class)
		if cell.Under != "" {
			class("cell "+cell.ID, cell.Under)
		}
		c.text("cell "+cell.ID, cell.Name)
		c.text("cell "+cell.ID, cell.Marks...)
	}
	for _, s := range b.Sides {
		what := "hexside " + s.A + "/" + s.B
		class(what, s.Class)
		if s.A >= s.B {
			c.fail("%s: write the lower id first", what)
		}
		c.adjacent(what, s.A, s.B)
	}
	for i, r := range b.Roads {
		what := fmt.Sprintf("road %d (%s)", i+1, r.Class)
		class(what, r.Class)
		if len(r.Cells) < 2 {
			c.fail("%s: a road joins at least two cells", what)
		}
		for k := 1; k < len(r.Cells); k++ {
			c.adjacent(what, r.Cells[k-1], r.Cells[k])
		}
	}
	for _, z := range b.Zones {
		c.text("zone "+z.ID, z.ID, z.Label, string(z.Look))
		c.cells("zone "+z.ID, z.Cells)
	}
	for _, p := range b.Places {
		c.cells("place "+p.Label, []string{p.Cell})
		c.text("place "+p.Cell, string(p.Kind), p.Label)
		if p.Colour != "" && !isRGB(p.Colour) {
			c.fail("place %s: colour %q is not #rrggbb", p.Cell, p.Colour)
		}
	}
}

// adjacent checks that two cells of the map touch.
func (c *checker) adjacent(what, x, y string) {
	a, okA := c.axial[x]
	b, okB := c.axial[y]
	switch {
	case !okA || !okB:
		c.fail("%s: %s and %s are not both cells of the map", what, x, y)
	case hex.Distance(a, b) != 1:
		c.fail("%s: %s and %s are not adjacent", what, x, y)
	}
}

// cells checks that each id is a cell (or node) of the board.
func (c *checker) cells(what string, ids []string) {
	for _, id := range ids {
		if k := c.places[id]; k != "cell" && k != "node" {
			c.fail("%s: %q is not a cell of the board", what, id)
		}
	}
}

func (c *checker) graph(g *GraphBoard) {
	if g.Width <= 0 || g.Height <= 0 {
		c.fail("graph: size %dx%d", g.Width, g.Height)
	}
	for _, n := range g.Nodes {
		c.place("node", n.ID)
		c.text("node "+n.ID, n.Label)
		c.text("node "+n.ID, n.Symbols...)
		if n.X < 0 || n.Y < 0 || n.X > g.Width || n.Y > g.Height {
			c.fail("node %s: (%d, %d) is outside the board's %dx%d", n.ID, n.X, n.Y, g.Width, g.Height)
		}
	}
	for _, e := range g.Edges {
		c.cells("edge "+e.A+"-"+e.B, []string{e.A, e.B})
		c.text("edge "+e.A+"-"+e.B, e.Label)
	}
}

func (c *checker) colour(what, id string) {
	if id != "" && !c.colours[id] {
		c.fail("%s: colour %q is not among the scene's colours", what, id)
	}
}

func (c *checker) pieces(ps []Piece) {
	c.pieceIDs = map[string]bool{}
	for _, p := range ps {
		what := "piece " + p.ID
		switch {
		case p.ID == "":
			c.fail("a piece has no id")
		case c.pieceIDs[p.ID]:
			c.fail("%s is listed twice", what)
		}
		c.pieceIDs[p.ID] = true
		if c.places[p.At] == "" {
			c.fail("%s stands at %q, which is no cell, node or box of the scene", what, p.At)
		}
		c.colour(what, p.Colour)
		if p.Steps < 0 || p.Steps > p.MaxSteps {
			c.fail("%s: %d steps of %d", what, p.Steps, p.MaxSteps)
		}
		c.text(what, p.ID, string(p.Owner), string(p.Type), p.Size, p.Label, p.Values, p.Left, p.Right, p.Note)
		for _, m := range p.Markers {
			if m.Text == "" {
				c.fail("%s: a marker without text", what)
			}
			c.text(what+" marker", m.Text, m.Note)
		}
	}
}

func (c *checker) overlays(o Overlays) {
	for _, m := range o.Moves {
		c.move("move", m)
	}
	if cb := o.Combat; cb != nil {
		c.cells(fmt.Sprintf("combat %d", cb.N), append([]string{cb.Cell}, cb.From...))
		c.text(fmt.Sprintf("combat %d", cb.N), cb.Text, cb.Odds, cb.Column, cb.Result)
		for _, m := range append(cb.Retreats, cb.Advances...) {
			c.cells(fmt.Sprintf("combat %d", cb.N), m.Path)
		}
	}
	for _, set := range [][]Area{o.ZOC, o.Control, o.Supply} {
		for _, a := range set {
			c.colour("area "+a.Label, a.Colour)
			c.text("area", a.Label)
			c.cells("area "+a.Label, a.Cells)
		}
	}
}

func (c *checker) move(what string, m Move) {
	if len(m.Path) == 0 {
		c.fail("%s of %v has no path", what, m.Pieces)
	}
	c.cells(what, m.Path)
	for _, id := range m.Pieces {
		if !c.pieceIDs[id] {
			c.fail("%s: no piece %q", what, id)
		}
	}
}

func isRGB(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, r := range s[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

// CheckGame checks every scene a game draws: what any onlooker sees and what
// each of its seats sees. A game that does not draw passes, as drawing is
// optional. This is the conformance suite's entry point.
func CheckGame(g rules.Game) error {
	d, ok := g.(Drawer)
	if !ok {
		return nil
	}
	for _, seat := range append([]rules.Seat{""}, g.Seats()...) {
		s := d.Scene(seat)
		if err := Check(s); err != nil {
			return fmt.Errorf("scene for seat %q: %w", seat, err)
		}
		if s.Seat != seat {
			return fmt.Errorf("%w: the scene asked for seat %q says it is for %q", ErrInvalid, seat, s.Seat)
		}
	}
	return nil
}
