package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// testScene is a small map with one of everything the renderer draws: every
// terrain look, hexside features, roads, zones, places, boxes, a stack of
// three with markers, and the overlays.
func testScene(layout string, rotate int) scene.Scene {
	b := &scene.HexBoard{Layout: layout, Rotate: rotate}
	looks := []scene.Look{scene.LookClear, scene.LookMixed, scene.LookBocage, scene.LookForest, scene.LookMarsh,
		scene.LookFlooded, scene.LookTown, scene.LookCity, scene.LookSea, scene.LookRough, scene.LookHills, scene.LookMountain}
	for _, l := range looks {
		b.Classes = append(b.Classes, scene.Class{ID: string(l), Label: string(l), Look: l})
	}
	b.Classes = append(b.Classes,
		scene.Class{ID: "minor", Label: "Minor river", Look: scene.LookMinorRiver},
		scene.Class{ID: "major", Label: "Major river", Look: scene.LookMajorRiver},
		scene.Class{ID: "wall", Label: "Impassable", Look: scene.LookImpassable},
		scene.Class{ID: "bridge", Label: "Causeway", Look: scene.LookCauseway},
		scene.Class{ID: "line", Label: "Fort line", Look: scene.LookFortLine},
		scene.Class{ID: "road", Label: "Major road", Look: scene.LookMajorRoad},
		scene.Class{ID: "lane", Label: "Minor road", Look: scene.LookMinorRoad},
	)
	k := 0
	for c := 1; c <= 4; c++ {
		for r := 1; r <= 4; r++ {
			id := strconv.Itoa(c*100 + r)
			for len(id) < 4 {
				id = "0" + id
			}
			cell := scene.Cell{ID: id, Class: string(looks[k%len(looks)])}
			if c == 4 {
				cell.Class = string(scene.LookSea)
			}
			if cell.Class == string(scene.LookTown) {
				cell.Under, cell.Name = string(scene.LookBocage), "Ville <&> Église"
			}
			if id == "0101" {
				cell.Marks, cell.Name = []string{scene.MarkHilltop}, "Hill 112"
			}
			if id == "0202" {
				cell.Marks = []string{scene.MarkAirfield}
			}
			b.Cells = append(b.Cells, cell)
			k++
		}
	}
	b.Sides = []scene.Side{
		{A: "0101", B: "0102", Class: "minor"}, {A: "0102", B: "0202", Class: "major"},
		{A: "0202", B: "0203", Class: "wall"}, {A: "0102", B: "0202", Class: "bridge"}, {A: "0303", B: "0304", Class: "line"},
	}
	b.Roads = []scene.Road{{Class: "road", Cells: []string{"0101", "0201", "0301"}}, {Class: "lane", Cells: []string{"0102", "0103"}}}
	b.Zones = []scene.Zone{
		{ID: "region", Label: "A region", Look: scene.ZoneOutline, Cells: []string{"0101", "0102", "0201"}},
		{ID: "edge", Label: "No entry", Look: scene.ZoneForbidden, Cells: []string{"0104"}},
		{ID: "line", Label: "A boundary", Look: scene.ZoneBoundary, Cells: []string{"0301", "0302"}},
	}
	b.Places = []scene.Place{
		{Cell: "0301", Kind: scene.PlaceBeach, Label: "Utah"}, {Cell: "0103", Kind: scene.PlaceDrop, Label: "drop"},
		{Cell: "0104", Kind: scene.PlaceEntry, Label: "red entry", Colour: "#c62828"}, {Cell: "0302", Kind: scene.PlaceBattery, Label: "battery"},
		{Cell: "0303", Kind: scene.PlacePort, Label: "port"}, {Cell: "0203", Kind: scene.PlaceFort, Label: "fort"},
	}
	return scene.Scene{
		Title: "Test map", Turn: 2, Phase: "Turn 2, Allied Movement Phase", Notes: []string{"Weather: Clear"},
		Hex: b,
		Boxes: []scene.Box{{ID: "reserve", Label: "In Britain", Kind: scene.BoxHolding, Note: "to buy"},
			{ID: "dead", Label: "Eliminated", Kind: scene.BoxEliminated}},
		Colours: []scene.Colour{{ID: "us", Label: "US", Fill: "#8a9c5a", Ink: "#111111"},
			{ID: "heer", Label: "Wehrmacht", Fill: "#aab2b8", Ink: "#111111"},
			{ID: "allied", Label: "Allied", Fill: "#4f7a2a", Ink: "#ffffff"}},
		Pieces: []scene.Piece{
			{ID: "1/505", At: "0202", Colour: "us", Type: scene.TypeAirborne, Size: "II", Label: "1/505", Values: "4-4", Left: "+1", Steps: 2, MaxSteps: 2},
			{ID: "746", At: "0202", Colour: "us", Type: scene.TypeArmor, Size: "II", Label: "746-Tk", Values: "4-6", Right: "3", Steps: 1, MaxSteps: 2,
				Markers: []scene.Marker{{Text: "DIS", Tone: scene.ToneBad, Note: "Disrupted"}, {Text: "OOS", Tone: scene.ToneWarn, Note: "Out of supply"}}},
			{ID: "hq", At: "0202", Colour: "us", Type: scene.TypeHQ, Label: "VII <Corps>", Values: "(1)-5", Steps: 1, MaxSteps: 1},
			{ID: "pak", At: "0203", Colour: "heer", Type: scene.TypeAntiTank, Label: "PzJg", Values: "3-5", Right: "2", RightTone: scene.ToneBad, Steps: 2, MaxSteps: 2,
				Markers: []scene.Marker{{Text: "RES", Tone: scene.ToneGood, Note: "Reserve"}}},
			{ID: "wn5", At: "dead", Colour: "heer", Type: scene.TypeFortification, Label: "WN5", Values: "1-0", MaxSteps: 1},
			{ID: "9/90", At: "reserve", Colour: "us", Type: scene.TypeMechanized, Label: "9/90", Values: "6-4", Steps: 3, MaxSteps: 3},
			{ID: "IP 0102", At: "0102", Colour: "allied", Type: scene.TypeMarker, Label: "IP"},
		},
		Overlays: scene.Overlays{
			Moves: []scene.Move{{Pieces: []string{"1/505"}, Path: []string{"0101", "0102", "0202"}, Kind: scene.MoveNormal}},
			Combat: &scene.Combat{N: 1, Cell: "0203", From: []string{"0202"}, Column: "3-1", Die: 4, Result: "DR", Text: "allied attack 0203",
				Retreats: []scene.Move{{Pieces: []string{"pak"}, Path: []string{"0203", "0303"}, Kind: scene.MoveRetreat}}},
			ZOC:     []scene.Area{{Colour: "heer", Label: "German ZOC", Cells: []string{"0202", "0302"}}},
			Control: []scene.Area{{Colour: "allied", Label: "Allied control", Cells: []string{"0101"}}},
			Supply:  []scene.Area{{Label: "Out of supply", Tone: scene.ToneWarn, Cells: []string{"0202"}}},
		},
	}
}

func draw(t *testing.T, s scene.Scene, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := SVG(&b, s, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSVG_Golden compares the pictures of the test maps with the golden
// files, which were checked by eye in Chromium (TestBrowser_SVG takes the
// same kind of screenshot). After a deliberate change, look at the new
// pictures and write them with PBEM_RENDER_GOLDEN=update.
func TestSVG_Golden(t *testing.T) {
	cases := []struct {
		file string
		s    scene.Scene
		o    Options
	}{
		{"flat-top.svg", testScene("flat-top odd-columns-down", 0), Options{Caption: "a caption", ZOC: true}},
		{"pointy-turned.svg", testScene("pointy-top even-rows-right", 1), Options{}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			got := draw(t, c.s, c.o)
			path := filepath.Join("testdata", "golden", c.file)
			if os.Getenv("PBEM_RENDER_GOLDEN") == "update" {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				out := filepath.Join(t.TempDir(), c.file)
				os.WriteFile(out, got, 0o644)
				t.Errorf("the picture differs from %s; this one is %s (PBEM_RENDER_GOLDEN=update writes it, after a look)", path, out)
			}
		})
	}
}

// TestSVG_WellFormedAndSame: a picture is well-formed XML, escapes what the
// scene says, and the same scene gives the same bytes.
func TestSVG_WellFormedAndSame(t *testing.T) {
	s := testScene("flat-top odd-columns-down", 0)
	a, b := draw(t, s, Options{}), draw(t, s, Options{})
	if !bytes.Equal(a, b) {
		t.Error("two pictures of one scene differ")
	}
	d := xml.NewDecoder(bytes.NewReader(a))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
	for _, want := range []string{"Ville &lt;&amp;&gt; Église", "VII &lt;Corps&gt;", `data-id="IP 0102"`} {
		if !bytes.Contains(a, []byte(want)) {
			t.Errorf("the picture lacks %q", want)
		}
	}
	if bytes.Contains(a, []byte("<Corps>")) {
		t.Error("a label is written unescaped")
	}
}

// TestSVG_RefusesAnInvalidScene: a scene Check refuses is not drawn.
func TestSVG_RefusesAnInvalidScene(t *testing.T) {
	s := testScene("flat-top odd-columns-down", 0)
	s.Pieces[0].At = "9999"
	if err := SVG(io.Discard, s, Options{}); !errors.Is(err, scene.ErrInvalid) {
		t.Errorf("SVG = %v, want scene.ErrInvalid", err)
	}
}

var placed = regexp.MustCompile(`<g class="pc" data-id="([^"]+)" transform="translate\(([-0-9.]+),([-0-9.]+)\)">`)

// TestSVG_StackFanned: the three counters of a hex are fanned around its
// centre, each fanX right and fanY down from the one under it, bottom of the
// stack first in the scene and drawn first.
func TestSVG_StackFanned(t *testing.T) {
	s := testScene("flat-top odd-columns-down", 0)
	out := draw(t, s, Options{})
	var ids []string
	pos := map[string][2]float64{}
	for _, m := range placed.FindAllStringSubmatch(string(out), -1) {
		x, _ := strconv.ParseFloat(m[2], 64)
		y, _ := strconv.ParseFloat(m[3], 64)
		ids = append(ids, m[1])
		pos[m[1]] = [2]float64{x, y}
	}
	stack := []string{"1/505", "746", "hq"}
	for k := 1; k < len(stack); k++ {
		a, b := pos[stack[k-1]], pos[stack[k]]
		if math.Abs(b[0]-a[0]-fanX) > 0.11 || math.Abs(b[1]-a[1]-fanY) > 0.11 {
			t.Errorf("%s at %v, %s at %v: want (+%v, +%v)", stack[k-1], a, stack[k], b, fanX, fanY)
		}
		if indexOf(ids, stack[k-1]) > indexOf(ids, stack[k]) {
			t.Errorf("%s is drawn over %s", stack[k-1], stack[k])
		}
	}
	g := &grid{layout: hex.FlatOddColumnsDown, size: hexSize}
	p := newPicture(s, boxCounts(s.Pieces), len(s.Notes))
	g.origin = p.grid.origin
	c := g.center(hex.Axial{Q: 2, R: 1}) // 0202 on odd columns down: (2, 2-1)
	mid := [2]float64{(pos["1/505"][0]+pos["hq"][0])/2 + counter/2, (pos["1/505"][1]+pos["hq"][1])/2 + counter/2}
	if math.Hypot(mid[0]-c.x, mid[1]-c.y) > 0.2 {
		t.Errorf("the stack's middle %v is not 0202's centre %v", mid, c)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// TestSVG_Boxes: pieces off the map are drawn inside their box.
func TestSVG_Boxes(t *testing.T) {
	s := testScene("flat-top odd-columns-down", 0)
	p := newPicture(s, boxCounts(s.Pieces), len(s.Notes))
	spots := p.place(s.Pieces)
	for i, pc := range s.Pieces {
		b, ok := p.boxAt[pc.At]
		if !ok {
			continue
		}
		bp, sp := p.boxes[b], spots[i]
		if sp.x < bp.x || sp.y < bp.y || sp.x+counter > bp.x+bp.w || sp.y+counter > bp.y+bp.h {
			t.Errorf("%s at (%v, %v) is outside its box %+v", pc.ID, sp.x, sp.y, bp)
		}
	}
	if !strings.Contains(string(draw(t, s, Options{})), ">In Britain<") {
		t.Error("the box's label is missing")
	}
}

// TestSVG_Graph: a point-to-point board draws its places, its lines in their
// colours, and pieces stacked on a place.
func TestSVG_Graph(t *testing.T) {
	s := scene.Scene{
		Title: "Race", Colours: []scene.Colour{{ID: "red", Fill: "#cc0000", Ink: "#ffffff"}, {ID: "gb", Fill: "#dccba0", Ink: "#111111"}},
		Graph: &scene.GraphBoard{Width: 200, Height: 100,
			Nodes: []scene.Node{{ID: "caen", Label: "Caen", X: 20, Y: 50, Colours: []string{"red"}}, {ID: "paris", Label: "Paris", X: 180, Y: 60, Symbols: []string{"★"}}},
			Edges: []scene.Edge{{A: "caen", B: "paris", Colours: []string{"red", "gb"}}}},
		Pieces: []scene.Piece{{ID: "30", At: "caen", Colour: "gb", Type: scene.TypeArmor, Label: "XXX Corps"}, {ID: "1", At: "caen", Colour: "gb", Type: scene.TypeInfantry, Label: "1"}},
	}
	out := string(draw(t, s, Options{}))
	for _, want := range []string{"Paris ★", `stroke="#cc0000"`, `stroke="#dccba0"`, `data-id="30"`, `data-id="1"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the picture lacks %s", want)
		}
	}
	p := newPicture(s, nil, 0)
	spots := p.place(s.Pieces)
	c := p.nodes["caen"]
	if math.Abs(spots[1].x-spots[0].x-fanX) > 1e-9 || math.Abs((spots[0].y+spots[1].y)/2+counter/2-c.y) > 1e-9 {
		t.Errorf("the stack on Caen is at %+v, Caen at %v", spots, c)
	}
}
