package hexwar

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scn"
)

// testWords are the test chart's words.
var testWords = MapWords{Terrains: []Terrain{"clear", "woods", "town", "swamp", "bog", "marsh", "sea"}, Features: testFeatures,
	Roads: []RoadClass{"main", "side"}, Zones: []string{"north", "south"}, Chart: testTEC}

// readMap reads a test file of the series' map records on a 4 x 4 map (sea
// at 0404) and checks it; it returns the records and the problems.
func readMap(t *testing.T, sections string) (*MapRecords, []string, error) {
	t.Helper()
	var terrain strings.Builder
	for c := 1; c <= 4; c++ {
		for r := 1; r <= 4; r++ {
			tt := "clear"
			if c == 4 && r == 4 {
				tt = "sea"
			}
			fmt.Fprintf(&terrain, "%02d%02d %s\n", c, r, tt)
		}
	}
	m := &MapRecords{Words: testWords}
	p := &scn.Parser{}
	var names []string
	ter := map[string]Terrain{}
	p.Read([]byte("game test\n[terrain]\n"+terrain.String()+sections), scn.Grammar{Game: "test", Headers: []string{"game"},
		Sections: []scn.Section{
			{Name: "terrain", Record: func(l scn.Line) {
				if tl, ok := testWords.ReadTerrain(p, l, "hex terrain"); ok {
					for _, id := range tl.IDs {
						ter[id] = tl.Terrain
					}
					names = append(names, tl.Name)
				}
			}},
			{Name: "hexsides", Record: func(l scn.Line) { m.Hexside(p, l) }},
			{Name: "roads", Record: func(l scn.Line) { m.Road(p, l) }},
			{Name: "zones", Record: func(l scn.Line) { m.Zone(p, l) }},
		}})
	m.Check(p, MapCheck{Layout: hex.FlatOddColumnsDown, HaveLayout: true, Terrain: ter}, nil)
	return m, names, p.Err()
}

// TestMapRecords: the series' records read into the board's types, in
// canonical order, and write back in canonical form.
func TestMapRecords(t *testing.T) {
	m, _, err := readMap(t, "[hexsides]\n0202/0102 ford river\n0101/0102 cliff\n[roads]\nside 0101 0201 0301\n[zones]\nsouth 0104 0103\nnorth 0101-0102\nsouth 0204\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Hexsides) != 2 || m.Hexsides[0].A != "0101" || m.Hexsides[1].A != "0102" || m.Hexsides[1].B != "0202" ||
		strings.Join(words(m.Hexsides[1].Features), " ") != "river ford" {
		t.Errorf("hexsides %+v: want them sorted, A < B, features in the game's order", m.Hexsides)
	}
	if len(m.Zones) != 2 || m.Zones[0].Name != "north" || strings.Join(m.Zones[1].Hexes, " ") != "0103 0104 0204" {
		t.Errorf("zones %+v: want them by name, hexes sorted, one zone over several lines", m.Zones)
	}
	var w scn.Writer
	WriteHexsides(&w, m.Hexsides)
	WriteRoads(&w, m.Roads)
	WriteZones(&w, m.Zones)
	want := "\n[hexsides]\n0101/0102 cliff\n0102/0202 river ford\n\n[roads]\nside 0101 0201 0301\n\n[zones]\nnorth 0101-0102\nsouth 0103-0104 0204\n"
	if got := string(w.Bytes()); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
}

// TestMapRecordErrors: each problem is reported at its line, under its
// sentinel.
func TestMapRecordErrors(t *testing.T) {
	for _, c := range []struct {
		section string
		class   error
		says    string
	}{
		{"[hexsides]\n0101/0101 river", scn.ErrBadHex, "joins a hex to itself"},
		{"[hexsides]\n0101/0102 lava", scn.ErrUnknown, "stream, river, ford or cliff"},
		{"[hexsides]\n0101/0102 river river", scn.ErrDuplicate, "given twice"},
		{"[hexsides]\n0101/0102 river\n0102/0101 cliff", scn.ErrDuplicate, "already described"},
		{"[hexsides]\n0101/0103 river", scn.ErrAdjacent, "not adjacent"},
		{"[hexsides]\n0101/0109 river", scn.ErrOffMap, "not in [terrain]"},
		{"[roads]\nrail 0101 0102", scn.ErrUnknown, "main or side"},
		{"[roads]\nside 0101", scn.ErrSyntax, "at least two hexes"},
		{"[roads]\nside 0303 0404", scn.ErrInvalid, "the sea hex 0404"},
		{"[roads]\nside 0101 0103", scn.ErrAdjacent, "road step"},
		{"[hexsides]\n0101/0102 cliff\n[roads]\nside 0101 0102", scn.ErrInvalid, "impassable"},
		{"[zones]\neast 0101", scn.ErrUnknown, "north or south"},
		{"[zones]\nnorth 0101\nnorth 0101", scn.ErrDuplicate, "already in zone"},
		{"[zones]\nnorth 0109", scn.ErrOffMap, "zone north hex"},
	} {
		_, _, err := readMap(t, c.section+"\n")
		if !errors.Is(err, c.class) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want %v saying %q", c.section, err, c.class, c.says)
		}
	}
}

// TestReadTerrain: a [terrain] record's words and name are the game's to
// read; the terrain must be the game's, the name one and for one hex.
func TestReadTerrain(t *testing.T) {
	if _, names, err := readMap(t, "[zones]\nnorth 0101\n"); err != nil || len(names) != 16 {
		t.Fatalf("%v, %d names", err, len(names))
	}
	p := &scn.Parser{}
	line := func(raw string) scn.Line {
		l, err := scn.LexLine(1, raw)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	tl, ok := testWords.ReadTerrain(p, line(`0101 town base=woods hill "Mill"`), "hex terrain")
	if !ok || tl.Terrain != "town" || strings.Join(tl.Words, " ") != "base=woods hill" || tl.Name != "Mill" {
		t.Errorf("%+v", tl)
	}
	for _, raw := range []string{`0101 lava`, `0101`, `0101 town hill hill`, `0101 town base=a base=b`, `0101 town "A" "B"`, `0101-0102 town "A"`} {
		if _, ok := testWords.ReadTerrain(p, line(raw), "hex terrain"); ok {
			t.Errorf("%q read", raw)
		}
	}
}
