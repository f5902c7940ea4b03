package scene

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// small is a valid scene: three cells of a flat-top map (0101, 0102 below it,
// 0201 to its lower right: odd columns are shifted down), a river, a road, a
// zone, a box and two pieces.
func small() Scene {
	return Scene{
		Title: "test",
		Turn:  1,
		Hex: &HexBoard{
			Layout:  "flat-top odd-columns-down",
			Classes: []Class{{ID: "clear", Look: LookClear}, {ID: "river", Look: LookMinorRiver}, {ID: "road", Look: LookMinorRoad}},
			Cells:   []Cell{{ID: "0101", Class: "clear"}, {ID: "0102", Class: "clear"}, {ID: "0201", Class: "clear", Name: "Ville"}},
			Sides:   []Side{{A: "0101", B: "0102", Class: "river"}},
			Roads:   []Road{{Class: "road", Cells: []string{"0101", "0201"}}},
			Zones:   []Zone{{ID: "z", Cells: []string{"0102"}}},
			Places:  []Place{{Cell: "0201", Kind: PlaceBeach, Label: "Utah"}},
		},
		Boxes:   []Box{{ID: "dead", Label: "Eliminated", Kind: BoxEliminated}},
		Colours: []Colour{{ID: "us", Fill: "#8a9a5b", Ink: "#000000"}},
		Pieces: []Piece{
			{ID: "a", At: "0101", Colour: "us", Type: TypeInfantry, Steps: 2, MaxSteps: 2},
			{ID: "b", At: "dead", Colour: "us", Type: TypeArmor, Steps: 0, MaxSteps: 1},
		},
		Overlays: Overlays{
			Moves: []Move{{Pieces: []string{"a"}, Path: []string{"0201", "0101"}}},
			ZOC:   []Area{{Colour: "us", Cells: []string{"0102"}}},
		},
	}
}

func TestCheck_AcceptsAValidScene(t *testing.T) {
	if err := Check(small()); err != nil {
		t.Fatal(err)
	}
	if err := Check(Scene{Title: "freeplay", Boxes: []Box{{ID: "table"}}, Pieces: []Piece{{ID: "x", At: "table"}}}); err != nil {
		t.Fatalf("a scene with no board and its pieces in a box: %v", err)
	}
}

func TestCheck_FindsEachProblem(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(*Scene)
		want  string
	}{
		{"piece nowhere", func(s *Scene) { s.Pieces[0].At = "9999" }, `piece a stands at "9999"`},
		{"duplicate piece", func(s *Scene) { s.Pieces[1].ID = "a" }, "piece a is listed twice"},
		{"duplicate cell", func(s *Scene) { s.Hex.Cells[1].ID = "0101" }, `cell id "0101" is already a cell id`},
		{"box named as a cell", func(s *Scene) { s.Boxes[0].ID = "0101" }, `box id "0101" is already a cell id`},
		{"side not adjacent", func(s *Scene) { s.Hex.Sides[0].B = "0103" }, "not both cells"},
		{"side far apart", func(s *Scene) {
			s.Hex.Cells = append(s.Hex.Cells, Cell{ID: "0103", Class: "clear"})
			s.Hex.Sides[0].B = "0103"
		}, "0101 and 0103 are not adjacent"},
		{"side order", func(s *Scene) { s.Hex.Sides[0].A, s.Hex.Sides[0].B = "0102", "0101" }, "lower id first"},
		{"unknown class", func(s *Scene) { s.Hex.Cells[0].Class = "jungle" }, `class "jungle"`},
		{"road of one cell", func(s *Scene) { s.Hex.Roads[0].Cells = s.Hex.Roads[0].Cells[:1] }, "at least two cells"},
		{"zone off the map", func(s *Scene) { s.Hex.Zones[0].Cells = []string{"dead"} }, `"dead" is not a cell`},
		{"bad layout", func(s *Scene) { s.Hex.Layout = "square" }, "hex map"},
		{"bad rotation", func(s *Scene) { s.Hex.Rotate = 4 }, "rotate 4"},
		{"unknown colour", func(s *Scene) { s.Pieces[0].Colour = "fr" }, `colour "fr"`},
		{"bad colour", func(s *Scene) { s.Colours[0].Fill = "green" }, "not #rrggbb"},
		{"too many steps", func(s *Scene) { s.Pieces[0].Steps = 3 }, "3 steps of 2"},
		{"control character", func(s *Scene) { s.Pieces[0].Label = "505\x1b[2J" }, "control character"},
		{"move of no piece", func(s *Scene) { s.Overlays.Moves[0].Pieces = []string{"zz"} }, `no piece "zz"`},
		{"two boards", func(s *Scene) { s.Graph = &GraphBoard{Width: 1, Height: 1} }, "one board"},
		{"area off the map", func(s *Scene) { s.Overlays.ZOC[0].Cells = []string{"5555"} }, `"5555" is not a cell`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := small()
			tc.spoil(&s)
			err := Check(s)
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Check = %v, want ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v\nwant it to say %q", err, tc.want)
			}
		})
	}
}

func TestCheck_Graph(t *testing.T) {
	s := Scene{
		Graph: &GraphBoard{Width: 100, Height: 50,
			Nodes: []Node{{ID: "paris", X: 10, Y: 10}, {ID: "metz", X: 90, Y: 20}},
			Edges: []Edge{{A: "paris", B: "metz"}}},
		Pieces: []Piece{{ID: "1st", At: "metz"}},
	}
	if err := Check(s); err != nil {
		t.Fatal(err)
	}
	s.Graph.Edges = append(s.Graph.Edges, Edge{A: "paris", B: "lyon"})
	s.Graph.Nodes[0].X = 101
	err := Check(s)
	if err == nil || !strings.Contains(err.Error(), `"lyon"`) || !strings.Contains(err.Error(), "outside the board") {
		t.Fatalf("Check = %v, want the unknown node and the node off the board", err)
	}
}

// fakeGame draws a fixed scene, whatever the seat asked.
type fakeGame struct {
	rules.Game
	s Scene
}

func (f fakeGame) Seats() []rules.Seat         { return []rules.Seat{"allied", "german"} }
func (f fakeGame) Scene(seat rules.Seat) Scene { s := f.s; s.Seat = seat; return s }

// TestCheckGame checks the scene of every seat, and passes a game that does
// not draw.
func TestCheckGame(t *testing.T) {
	if err := CheckGame(fakeGame{s: small()}); err != nil {
		t.Fatal(err)
	}
	bad := small()
	bad.Pieces[0].At = "nowhere"
	if err := CheckGame(fakeGame{s: bad}); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), `seat ""`) {
		t.Errorf("CheckGame = %v", err)
	}
	type plain struct{ rules.Game }
	if err := CheckGame(plain{}); err != nil {
		t.Errorf("a game that does not draw: %v", err)
	}
}
