package normandy44

import (
	"errors"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scn"
)

// A four-column map for the map and window tests (docs/scenario-format.md,
// "Shared maps").
const tinyMap = `# a shared test map
game normandy44
map tiny
title Tiny shared map
provenance stand-in: everything
layout flat-top odd-columns-down

[terrain]
0101-0106 clear
0201-0202 bocage
0203 town base=bocage "Ville"
0204-0206 bocage
0301-0306 mixed
0401-0406 sea

[hexsides]
0102/0103 minor-river
0105/0106 major-river
0201/0301 minor-river

[roads]
major 0101 0102 0103 0104 0105 0106
minor 0201 0202 0302 0203 0204

[zones]
nbz 0101-0106 0204 0305

[places]
battery 0102
battery 0105
entry 0301 red
`

// tinyScenario uses tinyMap through a window of columns 1-2, rows 1-4. Its own
// [terrain] would duplicate the map's, so it adds only places and zones.
const tinyScenario = `game normandy44
scenario tiny-window
title Tiny window
provenance stand-in: test
map tiny
window 0101-0204
turns 2

[places]
entry 0201 green

[zones]
no-entry 0104
`

func tinyOpen(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		b, ok := files[name]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return []byte(b), nil
	}
}

func assembleTiny(t *testing.T, scenario, mapText string) (*Scenario, []byte) {
	t.Helper()
	out, err := AssembleScenario([]byte(scenario), tinyOpen(map[string]string{"tiny.map": mapText}))
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	s, err := ParseScenario(out)
	if err != nil {
		t.Fatalf("parse the assembled text: %v\n%s", err, out)
	}
	return s, out
}

// TestAssemble_Window: the window keeps the hexes of its rectangle and clips
// runs, hexsides, roads (a road leaving the window splits into its in-window
// stretches), zones and places; the scenario's own lines follow the map's.
func TestAssemble_Window(t *testing.T) {
	s, out := assembleTiny(t, tinyScenario, tinyMap)
	var ids []string
	for _, h := range s.Hexes {
		ids = append(ids, h.ID)
	}
	want := []string{"0101", "0102", "0103", "0104", "0201", "0202", "0203", "0204"}
	if !reflect.DeepEqual(ids, want) {
		t.Errorf("hexes %v, want %v", ids, want)
	}
	if h := hexOf(s, "0203"); h == nil || h.Terrain != Town || h.Name != "Ville" {
		t.Errorf("the named Town 0203 in the window: %+v", h)
	}
	var sides []string
	for _, hs := range s.Hexsides {
		sides = append(sides, hs.A+"/"+hs.B)
	}
	if !reflect.DeepEqual(sides, []string{"0102/0103"}) {
		t.Errorf("hexsides %v: only those with both hexes in the window", sides)
	}
	var roads []string
	for _, r := range s.Roads {
		roads = append(roads, string(r.Class)+" "+strings.Join(r.Hexes, " "))
	}
	wantRoads := []string{"major 0101 0102 0103 0104", "minor 0201 0202", "minor 0203 0204"}
	if !reflect.DeepEqual(roads, wantRoads) {
		t.Errorf("roads %q, want %q (9.3: the in-window stretches)", roads, wantRoads)
	}
	if nbz := zoneSet(s, ZoneNBZ); len(nbz) != 5 || !nbz["0204"] || nbz["0305"] {
		t.Errorf("nbz %v: the zone's in-window hexes", nbz)
	}
	if !zoneSet(s, ZoneNoEntry)["0104"] {
		t.Error("the scenario's own zone is kept")
	}
	var places []string
	for _, p := range s.Places {
		places = append(places, string(p.Kind)+" "+p.Hex)
	}
	if !reflect.DeepEqual(places, []string{"battery 0102", "entry 0201"}) {
		t.Errorf("places %v: the map's in the window, then the scenario's", places)
	}
	if s.Layout != "flat-top odd-columns-down" {
		t.Errorf("the layout comes from the map: %q", s.Layout)
	}
	if strings.Contains(string(out), "\nmap ") || strings.Contains(string(out), "\nwindow ") {
		t.Errorf("the assembled text still names the map:\n%s", out)
	}
	// Without a window the whole map is inlined.
	whole, _ := assembleTiny(t, strings.Replace(tinyScenario, "window 0101-0204\n", "", 1), tinyMap)
	if len(whole.Hexes) != 24 || len(whole.Roads) != 2 || len(whole.Hexsides) != 3 {
		t.Errorf("no window: %d hexes, %d roads, %d hexsides; want the whole map", len(whole.Hexes), len(whole.Roads), len(whole.Hexsides))
	}
	// A scenario without a map is handed back as it is.
	plain := readFile(t, "testdata/tiny.scn")
	if got, err := AssembleScenario(plain, tinyOpen(nil)); err != nil || string(got) != string(plain) {
		t.Errorf("a scenario without a map changed: %v", err)
	}
}

// TestAssemble_Errors: problems name the file and the line they are on, the
// scenario's own lines keep their numbers after assembly, and a scenario that
// names a map cannot be read without it.
func TestAssemble_Errors(t *testing.T) {
	cases := []struct {
		name, scenario, mapText string
		want                    []string
	}{
		{"no map file", tinyScenario, "", []string{"line 5:", "tiny.map"}},
		{"bad map line", tinyScenario, strings.Replace(tinyMap, "0101-0106 clear", "0101-0106 claer", 1),
			[]string{"tiny.map line 9:", `terrain "claer"`}},
		{"map hexside off the map", tinyScenario, strings.Replace(tinyMap, "0102/0103 minor-river", "0102/0104 minor-river", 1),
			[]string{"tiny.map line 17:", "not adjacent"}},
		{"scenario line", strings.Replace(tinyScenario, "entry 0201 green", "entry 0201 purple", 1), tinyMap,
			[]string{"line 10:", "purple"}},
		{"scenario duplicates a map hex", tinyScenario + "\n[terrain]\n0101 clear\n", tinyMap,
			[]string{"line 16:", "tiny.map line 9"}},
		{"window without map", strings.Replace(tinyScenario, "map tiny\n", "", 1), tinyMap, []string{"line 5:", "a window needs a map line"}},
		{"bad window", strings.Replace(tinyScenario, "0101-0204", "0204-0101", 1), tinyMap, []string{"line 6:", "window"}},
		{"bad map name", strings.Replace(tinyScenario, "map tiny", "map ../tiny", 1), tinyMap, []string{"line 5:", "map NAME"}},
		{"map names another", tinyScenario, strings.Replace(tinyMap, "map tiny", "map other", 1), []string{"tiny.map line 3:", `"other"`}},
		{"unit in a map", tinyScenario, tinyMap + "\n[units]\nX german heer - infantry 1-1\n", []string{"tiny.map line 33:", "[units]"}},
		{"header in a map", tinyScenario, strings.Replace(tinyMap, "title Tiny", "turns 3\ntitle Tiny", 1), []string{"tiny.map line 4:", "turns"}},
		{"layout differs", strings.Replace(tinyScenario, "turns 2", "turns 2\nlayout flat-top even-columns-down", 1), tinyMap,
			[]string{"line 8:", "layout differs"}},
		{"bad map header", tinyScenario, strings.Replace(tinyMap, "title Tiny shared map", "title \"Tiny", 1), []string{"tiny.map line 4:", "unterminated quote"}},
		{"map section twice", tinyScenario, tinyMap + "\n[roads]\n", []string{"tiny.map line 33:", "[roads] given twice"}},
		{"no layout in the map", tinyScenario, strings.Replace(tinyMap, "layout flat-top odd-columns-down\n", "", 1), []string{"tiny.map", `"layout"`}},
	}
	for _, c := range cases {
		files := map[string]string{}
		if c.mapText != "" {
			files["tiny.map"] = c.mapText
		}
		out, err := AssembleScenario([]byte(c.scenario), tinyOpen(files))
		if err == nil {
			_, err = ParseScenario(out)
		}
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: the error lacks %q:\n%v", c.name, w, err)
			}
		}
		var le *LineError
		if !errors.As(err, &le) {
			t.Errorf("%s: not a LineError: %v", c.name, err)
		}
	}
	// ParseScenario alone refuses a scenario that still names its map.
	_, err := ParseScenario([]byte(tinyScenario))
	if err == nil || !strings.Contains(err.Error(), "line 5:") || !strings.Contains(err.Error(), "map") {
		t.Errorf("an unassembled scenario: %v", err)
	}
}

// TestAssemble_CherbourgIsAWindow: S3 plays on the campaign map's Cotentin
// corner (columns 20-36, rows 01-15): the same hexes, hexsides, roads, zones
// and places as the campaign map there, plus its own entry hexes and no-entry
// row (S3.1); the hexes and set-up of part 1 are unchanged.
func TestAssemble_CherbourgIsAWindow(t *testing.T) {
	c, s := campaignScenario(t), cherbourgScenario(t)
	w, err := scn.ParseWindow("2001-3615")
	if err != nil {
		t.Fatal(err)
	}
	var want []Hex
	for _, h := range c.Hexes {
		if w.Has(h.ID) {
			want = append(want, h)
		}
	}
	if !reflect.DeepEqual(s.Hexes, want) {
		t.Error("the Cherbourg hexes are not the campaign map's in the window")
	}
	var sides []Hexside
	for _, hs := range c.Hexsides {
		if w.Has(hs.A) && w.Has(hs.B) {
			sides = append(sides, hs)
		}
	}
	if !reflect.DeepEqual(s.Hexsides, sides) {
		t.Error("the Cherbourg hexsides are not the campaign map's in the window")
	}
	roadSides := func(sc *Scenario) []string {
		var out []string
		for _, r := range sc.Roads {
			for i := 1; i < len(r.Hexes); i++ {
				a, b := r.Hexes[i-1], r.Hexes[i]
				if w.Has(a) && w.Has(b) {
					out = append(out, string(r.Class)+" "+min(a, b)+"/"+max(a, b))
				}
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	if !reflect.DeepEqual(roadSides(s), roadSides(c)) {
		t.Error("the Cherbourg roads are not the campaign map's in the window")
	}
	for _, z := range []string{ZoneCherbourg, ZoneNBZ, ZoneNorth27, ZoneUSSector} {
		full := zoneSet(c, z)
		for id := range full {
			if !w.Has(id) {
				delete(full, id)
			}
		}
		if got := zoneSet(s, z); !reflect.DeepEqual(got, full) {
			t.Errorf("zone %s: %d hexes in Cherbourg, %d in the campaign's window", z, len(got), len(full))
		}
	}
	for _, p := range c.Places {
		if w.Has(p.Hex) && !slices.Contains(s.Places, p) {
			t.Errorf("Cherbourg lacks the map's %s %s", p.Kind, p.Hex)
		}
	}
	// Part 1's hexes and placements stand (README: move 919/709 3011 2910).
	for _, id := range []string{"2512", "2506", "3012", "2814", "3011", "2910"} {
		if hexOf(s, id) == nil {
			t.Errorf("%s is off the Cherbourg map", id)
		}
	}
	if !slices.Contains(s.Setup, Placement{Unit: "919/709", At: "3011"}) {
		t.Error("919/709 no longer starts on 3011")
	}
}

// TestAssemble_Origins: the assembled text marks where its lines came from,
// and the parser reads the marks only for messages.
func TestAssemble_Origins(t *testing.T) {
	_, out := assembleTiny(t, tinyScenario, tinyMap)
	if !strings.Contains(string(out), "\n#@ 8 tiny.map\n[terrain]\n0101-0104 clear\n") {
		t.Errorf("no origin mark before the clipped run:\n%s", out)
	}
}

// FuzzAssembleScenario: assembly never panics, fails only with LineErrors,
// and what it assembles parses or fails with LineErrors.
func FuzzAssembleScenario(f *testing.F) {
	f.Add([]byte(tinyScenario), []byte(tinyMap))
	f.Add([]byte(strings.Replace(tinyScenario, "window 0101-0204\n", "", 1)), []byte(tinyMap))
	f.Add([]byte("map tiny\nwindow 0101-0101\n[terrain]\n#@ 3 x\n0101 clear\n"), []byte("game normandy44\nmap tiny\nlayout flat-top odd-columns-down\n[roads]\nmajor 0101 0201\n"))
	f.Fuzz(func(t *testing.T, scenario, mapText []byte) {
		out, err := AssembleScenario(scenario, tinyOpen(map[string]string{"tiny.map": string(mapText)}))
		if err != nil {
			if len(lineErrors(err)) == 0 {
				t.Fatalf("error without a LineError: %v", err)
			}
			return
		}
		again, err2 := AssembleScenario(scenario, tinyOpen(map[string]string{"tiny.map": string(mapText)}))
		if err2 != nil || string(again) != string(out) {
			t.Fatal("assembly is not deterministic")
		}
		if _, err := ParseScenario(out); err != nil && len(lineErrors(err)) == 0 {
			t.Fatalf("parse error without a LineError: %v", err)
		}
	})
}

// TestAssemble_MapPlacesNeedNoUnits: a scenario on a shared map need not field
// the formations of the map's drop, glider and mobilization hexes; its own
// places still must name a formation it has.
func TestAssemble_MapPlacesNeedNoUnits(t *testing.T) {
	m := strings.Replace(tinyMap, "battery 0105\n", "battery 0105\ndrop 0104 82-ab\nmobilization 0202 709\n", 1)
	assembleTiny(t, tinyScenario, m)
	own := strings.Replace(tinyScenario, "entry 0201 green\n", "entry 0201 green\ndrop 0101 82-ab\n", 1)
	out, err := AssembleScenario([]byte(own), tinyOpen(map[string]string{"tiny.map": tinyMap}))
	if err == nil {
		_, err = ParseScenario(out)
	}
	if err == nil || !strings.Contains(err.Error(), "line 11:") || !strings.Contains(err.Error(), "formation 82-ab") {
		t.Errorf("the scenario's own drop hex without the formation: %v", err)
	}
}
