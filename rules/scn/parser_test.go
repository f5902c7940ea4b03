package scn

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

const pondSpring = `game pond
scenario spring
title Spring on the pond   # a comment
turns 3

[water]
0101-0103 shallow
0201 deep "Middle"

[creatures]
frog 0101 size=2
heron 0201 hunts=frog

[banks]
0101/0102 reeds
`

func TestParserReads(t *testing.T) {
	p, err := parsePond([]byte(pondSpring))
	if err != nil {
		t.Fatal(err)
	}
	wantHeaders := map[string]string{"game": "pond", "scenario": "spring", "title": "Spring on the pond", "turns": "3"}
	if !reflect.DeepEqual(p.headers, wantHeaders) {
		t.Errorf("headers %v", p.headers)
	}
	wantWater := []pondWater{{"0101", "shallow", ""}, {"0102", "shallow", ""}, {"0103", "shallow", ""}, {"0201", "deep", "Middle"}}
	if !reflect.DeepEqual(p.water, wantWater) {
		t.Errorf("water %v: the run is every hex of it", p.water)
	}
	wantCreatures := []pondCreature{{Kind: "frog", Hex: "0101", Size: 2}, {Kind: "heron", Hex: "0201", Hunts: "frog"}}
	if !reflect.DeepEqual(p.creatures, wantCreatures) {
		t.Errorf("creatures %+v", p.creatures)
	}
	if !reflect.DeepEqual(p.banks, []string{"0101/0102"}) {
		t.Errorf("banks %v", p.banks)
	}
}

// pondWith is pondSpring with lines added after line at (0: before the first).
func pondWith(at int, extra ...string) string {
	lines := strings.Split(pondSpring, "\n")
	return strings.Join(append(lines[:at:at], append(extra, lines[at:]...)...), "\n")
}

// TestParserErrors: each problem is a LineError at its line, in its class,
// with a message that says what is wrong.
func TestParserErrors(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		class error
		want  string
	}{
		{"unknown header", pondWith(1, "colour red"), ErrUnknown, `line 2: unknown keyword or value: header keyword "colour" (want one of game, scenario, title, layout, turns, or a [section])`},
		{"header twice", pondWith(1, "title again"), ErrDuplicate, "line 4: duplicate: title already given at line 2"},
		{"header without printable value", pondWith(1, "layout"), ErrSyntax, "line 2: syntax: layout needs a value of printable text without quotes or '#'"},
		{"another game", strings.Replace(pondSpring, "game pond", "game lake", 1), ErrInvalid, `line 1: invalid: game "lake": this parser reads pond scenarios`},
		{"a map left in", pondWith(1, "map big"), ErrInvalid, "line 2: invalid: map: the scenario names a map file, so it is read assembled with it (pbem assembles it when it loads or checks a file)"},
		{"missing header", strings.Replace(pondSpring, "turns 3\n", "", 1), ErrMissing, `missing: header line "turns"`},
		{"unknown section", pondWith(5, "[fish]", "cod 0101"), ErrUnknown, "line 6: unknown keyword or value: section [fish] (want one of water, banks, streams, creatures, lilies, stones, notes)"},
		{"section twice", pondWith(15, "[water]", "0301 deep"), ErrDuplicate, "line 16: duplicate: section [water] already opened at line 6"},
		{"section line with more", pondWith(15, "[streams] brook"), ErrSyntax, "line 16: syntax: a section line is just [name]"},
		{"bad hex", pondWith(8, "01x1 deep"), ErrBadHex, `line 9: bad hex id: "01x1" is not a four-digit hex number`},
		{"run up a column", pondWith(8, "0304-0301 deep"), ErrBadHex, "line 9: bad hex id: run 0304-0301: a run goes down one column, from a lower to a higher row"},
		{"run across columns", pondWith(8, "0301-0401 deep"), ErrBadHex, "line 9: bad hex id: run 0301-0401: a run goes down one column"},
		{"hex twice", pondWith(8, "0103-0104 deep"), ErrDuplicate, "line 9: duplicate: hex 0103 already described at line 7"},
		{"unknown kind", pondWith(12, "toad 0101"), ErrUnknown, `line 13: unknown keyword or value: creature "toad" (want frog, heron or newt)`},
		{"kind's syntax", pondWith(12, "heron 0101"), ErrSyntax, "line 13: syntax: want: heron hex hunts=kind"},
		{"number out of range", pondWith(12, "frog 0102 size=4"), ErrInvalid, "line 13: invalid: size 4 out of range 1..3"},
		{"not a number", pondWith(12, "frog 0102 size=big"), ErrSyntax, `line 13: syntax: size "big" is not a number`},
		{"field twice", pondWith(12, "frog 0102 size=1 size=2"), ErrDuplicate, "line 13: duplicate: size given twice"},
		{"unknown field", pondWith(12, "frog 0102 colour=green"), ErrUnknown, `line 13: unknown keyword or value: frog field "colour=green" (want size=n)`},
		{"key missing", pondWith(12, "heron 0101 eats=frog"), ErrUnknown, `line 13: unknown keyword or value: "eats=frog" (want hunts=...)`},
		{"lexer", pondWith(12, "newt \"0101"), ErrSyntax, "line 13: syntax: unterminated quote"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parsePond([]byte(c.text))
			les := LineErrors(err)
			if len(les) != 1 {
				t.Fatalf("want one error, got %v", err)
			}
			if !errors.Is(les[0], c.class) || !strings.HasPrefix(les[0].Error(), c.want) {
				t.Errorf("got %q, want %v %q", les[0], c.class, c.want)
			}
		})
	}
}

// TestParserErrorOrder: every problem is reported, those of the whole file
// first, then by file and line, those of one line in the order found.
func TestParserErrorOrder(t *testing.T) {
	text := "[water]\n0101 lava\ntitle x\n[creatures]\nfrog 0101 size=9 size=8\ntoad 0101\n"
	_, err := parsePond([]byte(text))
	var got []int
	for _, le := range LineErrors(err) {
		got = append(got, le.Line)
	}
	// game, scenario, title and turns missing; lines 2, 5 (once: the first
	// problem of a record ends it) and 6; line 3 is a record of [water].
	want := []int{0, 0, 0, 0, 2, 3, 5, 6}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("error lines %v, want %v:\n%v", got, want, err)
	}
}

// TestParserOrigins: in assembled text, problems name the file and line
// their line came from, and are sorted by them.
func TestParserOrigins(t *testing.T) {
	text := strings.Join([]string{
		"#@ 1",
		"game pond",
		"scenario spring",
		"title x",
		"turns 3",
		"#@ 8 big.pond",
		"[water]",
		"0101 deep",
		"0102 lava",
		"#@ 20",
		"0101 deep",
	}, "\n")
	_, err := parsePond([]byte(text))
	got := errorTexts(err)
	want := []string{
		"line 20: duplicate: hex 0101 already described at big.pond line 9",
		"big.pond line 10: syntax: want: hex-or-run shallow|deep [\"Name\"]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
	var p Parser
	p.Read([]byte(text), Grammar{Game: "pond", Headers: []string{"game", "scenario", "title", "turns"}})
	if o := p.Origin(8); o != (Origin{"big.pond", 9}) {
		t.Errorf("Origin(8) = %v", o)
	}
	if o := p.Origin(11); o != (Origin{"", 20}) {
		t.Errorf("Origin(11) = %v", o)
	}
	if o := p.Origin(99); o != (Origin{"", 99}) {
		t.Errorf("a line without a mark is its own origin: %v", o)
	}
	if at := p.At(8); at != "big.pond line 9" {
		t.Errorf("At(8) = %q", at)
	}
}

func TestParserNoErrors(t *testing.T) {
	var p Parser
	if p.Err() != nil {
		t.Error("a parser that read nothing has an error")
	}
}
