package rhine44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// The board's printed colours, and the markers', for a renderer (the
// legend, L87-186).
var sceneColours = []scene.Colour{
	{ID: "red", Label: "Montgomery (red)", Fill: "#c8102e", Ink: "#ffffff"},
	{ID: "white", Label: "Bradley (white)", Fill: "#c9c7bb", Ink: "#111111"}, // a white that shows on a light board
	{ID: "blue", Label: "Patton (blue)", Fill: "#1f4e9c", Ink: "#ffffff"},
	{ID: "black", Label: "Victory fields and black arrows", Fill: "#222222", Ink: "#ffffff"},
	{ID: "axis", Label: "Axis markers", Fill: "#6b6b5a", Ink: "#ffffff"},
	{ID: "supply", Label: "Supply tokens", Fill: "#e8c547", Ink: "#111111"},
	{ID: "para", Label: "Paratroopers", Fill: "#7aa95c", Ink: "#111111"},
}

// Scene implements scene.Drawer: the board with its fields and arrows, the
// corps blocks, the Axis, numeric and paratrooper markers and the supply on
// fields; the decks as boxes, with the air-support markers on them; control
// as an overlay; what seat may see of the decks in the notes (§7.2).
func (g *Game) Scene(seat rules.Seat) scene.Scene {
	s := scene.Scene{
		Title: g.b.sc.Title, Turn: g.s.Round, Phase: g.Pending().Phase, Seat: seat,
		Colours: sceneColours,
		Graph:   &scene.GraphBoard{Width: g.b.sc.Width, Height: g.b.sc.Height},
	}
	for _, f := range g.b.sc.Fields {
		s.Graph.Nodes = append(s.Graph.Nodes, scene.Node{ID: f.ID, Label: f.Name, X: f.X, Y: f.Y, Colours: slices.Clone(f.Colours), Symbols: symbols(&f)})
	}
	for _, a := range g.b.sc.Arrows {
		s.Graph.Edges = append(s.Graph.Edges, scene.Edge{A: a.A, B: a.B, Colours: slices.Clone(a.Colours)})
	}
	for _, t := range g.s.Trucks {
		for i := range s.Graph.Edges {
			if e := &s.Graph.Edges[i]; min(e.A, e.B) == t.A && max(e.A, e.B) == t.B {
				e.Label = "truck (" + string(t.Owner) + ")"
			}
		}
	}
	for _, k := range g.s.Corps {
		pc := scene.Piece{ID: k.ID, At: k.At, Owner: k.Owner, Colour: colourOf(k.Owner), Type: scene.TypeArmor, Size: "XXX",
			Label: k.ID, Values: k.Card.String(), Note: fmt.Sprintf("%s's %s corps: %s on its card", k.Owner, k.ID, k.Card.Words())}
		if k.Immobile {
			pc.Markers = append(pc.Markers, scene.Marker{Text: "IMM", Tone: scene.ToneBad, Note: "immobilized: no food (R9.2.2)"})
		}
		s.Pieces = append(s.Pieces, pc)
	}
	for _, id := range g.s.Axis {
		s.Pieces = append(s.Pieces, scene.Piece{ID: "axis-" + id, At: id, Colour: "axis", Type: scene.TypeMarker, Label: "Axis", Note: "an Axis marker (§14A)"})
	}
	for _, id := range sortedKeys(g.s.Numeric) {
		for _, v := range g.s.Numeric[id] {
			s.Pieces = append(s.Pieces, scene.Piece{ID: fmt.Sprintf("n%d", v), At: id, Colour: "axis", Type: scene.TypeMarker, Label: fmt.Sprint(v), Note: "a numeric marker of the solo game (§17)"})
		}
	}
	for i, p := range g.s.Paras {
		side := map[bool]string{true: "dark", false: "light"}[p.Dark]
		s.Pieces = append(s.Pieces, scene.Piece{ID: fmt.Sprintf("para-%d", i+1), At: p.Field, Owner: p.Owner, Colour: "para", Type: scene.TypeAirborne, Label: "Para",
			Note: fmt.Sprintf("%s's paratroopers, %s side up (R12.6)", p.Owner, side)})
	}
	for _, id := range sortedKeys(g.s.Supply) {
		t := g.s.Supply[id]
		s.Pieces = append(s.Pieces, scene.Piece{ID: "supply-" + id, At: id, Colour: "supply", Type: scene.TypeMarker, Label: t.String(), Note: "supply on the field: " + t.Words()})
	}
	for _, id := range sortedKeys(g.s.Decks) {
		d := g.s.Decks[id]
		box := scene.Box{ID: "deck-" + id, Label: capitalize(deckName(id)), Kind: scene.BoxHolding, Note: fmt.Sprintf("%d cards, %d discarded", d.Len(), len(d.Discard))}
		s.Boxes = append(s.Boxes, box)
		for _, p := range g.s.Players {
			if p.Air == id {
				s.Pieces = append(s.Pieces, scene.Piece{ID: "air-" + string(p.Seat), At: box.ID, Owner: p.Seat, Colour: colourOf(p.Seat), Type: scene.TypeMarker, Label: "Air", Note: string(p.Seat) + "'s air-support marker (R11.1)"})
			}
		}
	}
	for _, c := range commanders {
		var cells []string
		for _, f := range g.b.sc.Fields {
			if g.controller(f.ID) == c.Seat {
				cells = append(cells, f.ID)
			}
		}
		if len(cells) > 0 {
			s.Overlays.Control = append(s.Overlays.Control, scene.Area{Colour: c.Colour, Label: fmt.Sprintf("%s's fields (L339-362)", c.Seat), Cells: cells})
		}
	}
	if m := g.s.Move; m != nil && len(m.Path) > 1 {
		s.Overlays.Moves = append(s.Overlays.Moves, scene.Move{Pieces: []string{m.Corps}, Path: slices.Clone(m.Path), Kind: scene.MoveNormal})
	}
	s.Notes = g.sceneNotes(seat)
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// symbols are a field's printed symbols, in short words.
func symbols(f *Field) []string {
	var out []string
	flags := []struct {
		on   bool
		text string
	}{
		{f.Main != "", "★"}, {f.Victory, "V"}, {f.Axis, "⚑"}, {f.Fort, "fort"}, {f.Forward, "FB"},
		{f.Medal, "medal"}, {f.Blockade, "[A]"}, {f.Ostend, "Ostend"}, {f.Start != "", f.Start},
	}
	for _, x := range flags {
		if x.on {
			out = append(out, x.text)
		}
	}
	return out
}

// sceneNotes are the lines beside the board: the players' resources, the
// pools, the decks as seat may know them.
func (g *Game) sceneNotes(seat rules.Seat) []string {
	var notes []string
	if g.s.Over {
		notes = append(notes, g.s.Result)
	}
	for _, p := range g.s.Players {
		sc := g.score(p.Seat)
		notes = append(notes, fmt.Sprintf("%s: level %d, %d trucks, %d medals, %d division cards, commander card %s",
			p.Seat, p.Level, p.Trucks, sc.Medals, len(p.Trophies), map[bool]string{true: "up", false: "down"}[p.Commander]))
	}
	pool := fmt.Sprintf("Axis pool %d", g.s.AxisPool)
	if g.solo() {
		pool = fmt.Sprintf("%d numeric markers", g.numericLeft())
	}
	notes = append(notes, fmt.Sprintf("%s, truck track %d, supply track %s, pool %s", pool, g.s.TruckTrack, g.s.Track, g.s.Pool))
	if g.s.Options.Weather {
		notes = append(notes, "Weather: "+map[bool]string{true: "rain", false: "sun"}[g.s.Rain])
	}
	return append(notes, g.deckLines(seat)...)
}

// DicePurpose implements scene.DicePurposer.
func (g *Game) DicePurpose() string {
	switch {
	case g.s.Stage == stageOrder:
		return "turn order"
	case g.s.Stage == stageSolo3d6:
		return "solo Axis marker"
	case g.s.Draw != nil && g.s.Draw.Look != "":
		return "look at a card"
	case g.s.Draw != nil && g.s.Draw.Deck == deckAxis:
		return "Axis card"
	case g.s.Draw != nil:
		return "pursuit card"
	}
	return "other"
}

// Moves implements scene.Mover: the step a move or step command makes, from
// where the corps stands before it.
func (g *Game) Moves(command string) []scene.Move {
	c, err := Parse(command)
	if err != nil {
		return nil
	}
	id := c.Corps
	if c.Verb == "step" && g.s.Move != nil {
		id = g.s.Move.Corps
	}
	k := g.corps(id)
	if k == nil || (c.Verb != "move" && c.Verb != "step") || g.b.field(c.Field) == nil {
		return nil
	}
	return []scene.Move{{Pieces: []string{k.ID}, Path: []string{k.At, c.Field}, Kind: scene.MoveNormal}}
}
