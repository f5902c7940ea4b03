package scn

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func assemblePond(t *testing.T, scenario, mapText string) string {
	t.Helper()
	out, err := pondMaps.Assemble([]byte(scenario), pondOpen(map[string]string{"big.pond": mapText}))
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	return string(out)
}

// TestAssembleWindow checks the whole assembled text: the scenario's header
// with the map and window lines turned into comments and the map's title and
// provenance after them, the map's layout added, each map section clipped to
// the window (the map's blank and comment lines left out) with the
// scenario's own lines of it after the map's, then the scenario's other
// sections as written; an origin mark before every line that does not follow
// on from the one before it.
func TestAssembleWindow(t *testing.T) {
	got := assemblePond(t, pondScenario, pondMap)
	want := `#@ 1
game pond
scenario spring
title Spring on the pond
# map big (big.pond)
# big.pond title: The big pond
# big.pond provenance: stand-in: all of it
# window 0101-0204
#@ 6
turns 3

#@ 6 big.pond
layout square
#@ 8 big.pond
[water]
0101-0104 shallow
0201-0203 deep
0204 deep "Middle"
#@ 12
0401 deep

#@ 14 big.pond
[banks]
0101/0102 reeds
0102/0202 reeds
#@ 19 big.pond
[streams]
brook 0101 0102 0103 0104
creek 0202 0203
#@ 23 big.pond
[lilies]
white 0101-0104 0204
#@ 26 big.pond
[stones]
stone 0102
#@ 30 big.pond
[notes]
note 0909 anything
#@ 8
[creatures]
frog 0101 size=2

`
	if got != want {
		t.Errorf("assembled:\n%s\nwant:\n%s", got, want)
	}
	// The assembled text reads as the scenario would with the map pasted in.
	p, err := parsePond([]byte(got))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.water) != 9 || p.headers["layout"] != "square" {
		t.Errorf("water %v, layout %q", p.water, p.headers["layout"])
	}
}

func TestAssembleWhole(t *testing.T) {
	got := assemblePond(t, strings.Replace(pondScenario, "window 0101-0204\n", "", 1), pondMap)
	for _, line := range strings.Split(pondMap, "\n") {
		if l, _ := LexLine(1, line); len(l.Words) > 0 && l.Words[0] != "game" && l.Words[0] != "map" &&
			l.Words[0] != "title" && l.Words[0] != "provenance" && !strings.Contains(got, "\n"+line+"\n") {
			t.Errorf("without a window the map's line %q is missing", line)
		}
	}
	if strings.Contains(got, "# the shared pond map") {
		t.Error("the map's comments stay in the map file")
	}
}

func TestAssembleWithoutMap(t *testing.T) {
	out, err := pondMaps.Assemble([]byte(pondSpring), pondOpen(nil))
	if err != nil || string(out) != pondSpring {
		t.Errorf("a scenario without a map changed: %v\n%s", err, out)
	}
}

// TestAssembleLayout: a scenario that gives a layout keeps it if the map
// agrees; a game whose maps have no layout takes none from them.
func TestAssembleLayout(t *testing.T) {
	own := strings.Replace(pondScenario, "turns 3", "turns 3\nlayout square", 1)
	if got := assemblePond(t, own, pondMap); strings.Count(got, "layout square") != 1 {
		t.Errorf("the scenario's layout is written once:\n%s", got)
	}
	other := strings.Replace(pondScenario, "turns 3", "turns 3\nlayout round", 1)
	_, err := pondMaps.Assemble([]byte(other), pondOpen(map[string]string{"big.pond": pondMap}))
	if err == nil || err.Error() != "line 7: invalid: layout differs from map big.pond (line 6: layout square)" {
		t.Errorf("layouts that differ: %v", err)
	}
	noLayout := pondMaps
	noLayout.Layout = nil
	out, err := noLayout.Assemble([]byte(pondScenario), pondOpen(map[string]string{"big.pond": strings.Replace(pondMap, "layout square\n", "", 1)}))
	if err != nil || strings.Contains(string(out), "layout") {
		t.Errorf("maps without a layout: %v\n%s", err, out)
	}
}

// TestAssembleErrors: problems name the file and the line they are on.
func TestAssembleErrors(t *testing.T) {
	cases := []struct {
		name, scenario, mapText string
		class                   error
		want                    string
	}{
		{"no map file", pondScenario, "", ErrMissing, "line 4: missing: map big.pond: file does not exist"},
		{"map twice", strings.Replace(pondScenario, "turns 3", "map big", 1), pondMap, ErrDuplicate, "line 6: duplicate: map already given at line 4"},
		{"window twice", strings.Replace(pondScenario, "turns 3", "window 0101-0202", 1), pondMap, ErrDuplicate, "line 6: duplicate: window already given at line 5"},
		{"window without map", strings.Replace(pondScenario, "map big\n", "", 1), pondMap, ErrMissing, "line 4: missing: a window needs a map line"},
		{"bad map name", strings.Replace(pondScenario, "map big", "map ../big", 1), pondMap, ErrSyntax, "line 4: syntax: want: map NAME (lower-case letters, digits and '-'; the file is NAME.pond)"},
		{"window of one word", strings.Replace(pondScenario, "window 0101-0204", "window 0101 0204", 1), pondMap, ErrSyntax, "line 5: syntax: want: window CCRR-CCRR"},
		{"bad window", strings.Replace(pondScenario, "0101-0204", "0204-0101", 1), pondMap, ErrInvalid, "line 5: invalid: window 0204-0101: the first hex has the lower column and row"},
		{"map of another game", pondScenario, strings.Replace(pondMap, "game pond", "game lake", 1), ErrInvalid, `big.pond line 2: invalid: game "lake": this parser reads pond maps`},
		{"map names another", pondScenario, strings.Replace(pondMap, "map big", "map small", 1), ErrInvalid, `big.pond line 3: invalid: map "small", but the scenario asks for "big"`},
		{"header in a map", pondScenario, strings.Replace(pondMap, "title The", "turns 3\ntitle The", 1), ErrUnknown, `big.pond line 4: unknown keyword or value: header keyword "turns" in a map file (want one of game, map, title, provenance, layout, or a [section])`},
		{"header twice in a map", pondScenario, strings.Replace(pondMap, "title The", "map big\ntitle The", 1), ErrDuplicate, "big.pond line 4: duplicate: map already given at line 3"},
		{"bad layout", pondScenario, strings.Replace(pondMap, "layout square", "layout hexagonal", 1), ErrUnknown, `big.pond line 6: unknown keyword or value: layout "hexagonal" (want square or round)`},
		{"no layout", pondScenario, strings.Replace(pondMap, "layout square\n", "", 1), ErrMissing, `big.pond: missing: header line "layout"`},
		{"header that does not lex", pondScenario, strings.Replace(pondMap, "title The big pond", "title \"The", 1), ErrSyntax, "big.pond line 4: syntax: unterminated quote"},
		{"section a map does not hold", pondScenario, pondMap + "[creatures]\nfrog 0101\n", ErrUnknown, "big.pond line 32: unknown keyword or value: section [creatures] in a map file (want water, banks, streams, lilies, stones, notes)"},
		{"section twice in a map", pondScenario, pondMap + "[banks]\n", ErrDuplicate, "big.pond line 32: duplicate: section [banks] given twice"},
	}
	for _, c := range cases {
		files := map[string]string{}
		if c.mapText != "" {
			files["big.pond"] = c.mapText
		}
		_, err := pondMaps.Assemble([]byte(c.scenario), pondOpen(files))
		les := LineErrors(err)
		if len(les) != 1 || !errors.Is(les[0], c.class) || les[0].Error() != c.want {
			t.Errorf("%s: got %v, want %v %q", c.name, err, c.class, c.want)
		}
	}
}

// TestAssembleKeepsBadLines: a map line that is not well formed passes
// through unclipped, so that the parser reports it at its origin.
func TestAssembleKeepsBadLines(t *testing.T) {
	m := strings.Replace(pondMap, "0301-0306 shallow", "0301-0306 shallow\n0x01 \"bad", 1)
	got := assemblePond(t, pondScenario, m)
	if !strings.Contains(got, "#@ 13 big.pond\n0x01 \"bad\n") {
		t.Errorf("the bad line is not kept at its origin:\n%s", got)
	}
	_, err := parsePond([]byte(got))
	if !reflect.DeepEqual(errorTexts(err), []string{"big.pond line 13: syntax: unterminated quote"}) {
		t.Errorf("parse: %v", err)
	}
}

// pondCharts is a second kind of side file: ".chart", named by a "chart"
// line, with the pond's weather table (Ardennes '44 keeps its charts apart
// from its map in the same way).
var pondCharts = Maps{
	Game:     "pond",
	Keyword:  "chart",
	Ext:      ".chart",
	Headers:  []string{"game", "chart", "title"},
	Sections: []MapSection{{Name: "weather"}},
}

const pondChart = `# a chart of the pond
game pond
chart tables
title Pond tables

[weather]
sun 1-3
rain 4-6
`

// TestAssembleTwoKinds: a scenario naming a map and a chart is assembled
// with each kind in turn, in either order; the second pass reads the first
// pass's origin marks, so every record still names its file and line, and
// the window is the map's alone.
func TestAssembleTwoKinds(t *testing.T) {
	scenario := strings.Replace(pondScenario, "turns 3\n", "turns 3\nchart tables\n", 1)
	open := pondOpen(map[string]string{"big.pond": pondMap, "tables.chart": pondChart})
	sources := map[string][]string{"": rawLines([]byte(scenario)), "big.pond": rawLines([]byte(pondMap)), "tables.chart": rawLines([]byte(pondChart))}
	var outs []string
	for _, order := range [][2]Maps{{pondCharts, pondMaps}, {pondMaps, pondCharts}} {
		first, err := order[0].Assemble([]byte(scenario), open)
		if err != nil {
			t.Fatal(err)
		}
		out, err := order[1].Assemble(first, open)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(out))
		lines, _, origins := Lex(out)
		for _, l := range lines {
			o, ok := origins[l.N]
			if !ok {
				t.Fatalf("line %d %q has no origin:\n%s", l.N, l.Raw, out)
			}
			src := sources[o.File]
			if o.Line < 1 || o.Line > len(src) {
				t.Fatalf("line %d %q: origin %v is not a line of its file", l.N, l.Raw, o)
			}
			if o.File != "big.pond" && src[o.Line-1] != l.Raw {
				t.Errorf("line %d %q: its origin %v is %q", l.N, l.Raw, o, src[o.Line-1])
			}
		}
		for _, want := range []string{"# chart tables (tables.chart)", "# window 0101-0204", "sun 1-3", "0201-0203 deep"} {
			if !strings.Contains(string(out), want+"\n") {
				t.Errorf("the assembly lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(string(out), "0301-0306") {
			t.Errorf("the window clips the map in either order:\n%s", out)
		}
	}
	bad := strings.Replace(pondChart, "chart tables", "chart other", 1)
	_, err := pondCharts.Assemble([]byte(scenario), pondOpen(map[string]string{"tables.chart": bad}))
	if err == nil || !strings.Contains(err.Error(), `tables.chart line 3: invalid: chart "other", but the scenario asks for "tables"`) {
		t.Errorf("a chart naming another: %v", err)
	}
}
