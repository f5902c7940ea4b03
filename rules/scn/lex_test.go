package scn

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestLexLine(t *testing.T) {
	cases := []struct {
		raw    string
		words  []string
		quoted []bool
		text   string
	}{
		{"0101-0103 clear", []string{"0101-0103", "clear"}, []bool{false, false}, "0101-0103 clear"},
		{"\t2512  town\tbase=bocage ", []string{"2512", "town", "base=bocage"}, []bool{false, false, false}, "2512  town\tbase=bocage"},
		{`2817 town "Pointe du Hoc"`, []string{"2817", "town", "Pointe du Hoc"}, []bool{false, false, true}, `2817 town "Pointe du Hoc"`},
		// '#' starts a comment only at the start of a word, outside quotes.
		{"5/352#2 x # a comment", []string{"5/352#2", "x"}, []bool{false, false}, "5/352#2 x"},
		{`"#1" x`, []string{"#1", "x"}, []bool{true, false}, `"#1" x`},
		{"# only a comment", nil, nil, ""},
		{"#comment", nil, nil, ""},
		{"", nil, nil, ""},
		{`title ""`, []string{"title", ""}, []bool{false, true}, `title ""`},
	}
	for _, c := range cases {
		l, err := LexLine(7, c.raw)
		if err != nil {
			t.Errorf("%q: %v", c.raw, err)
			continue
		}
		if l.N != 7 || l.Raw != c.raw || !reflect.DeepEqual(l.Words, c.words) || !reflect.DeepEqual(l.Quoted, c.quoted) || l.Text != c.text {
			t.Errorf("%q: got %+v, want words %q quoted %v text %q", c.raw, l, c.words, c.quoted, c.text)
		}
	}
}

func TestLexLineErrors(t *testing.T) {
	cases := map[string]string{
		`a "b`:          "line 3: syntax: unterminated quote",
		`a b"c"`:        "line 3: syntax: quote inside a word",
		`a "b"c`:        "line 3: syntax: text right after a closing quote",
		"a \"b\x01\"":   "line 3: syntax: control character in quoted text",
		"a\x00b":        `line 3: syntax: unexpected character '\x00'`,
		"a\u00a0b":      `line 3: syntax: unexpected character '\u00a0'`,
		"a\vb # \x01 x": `line 3: syntax: unexpected character '\v'`,
	}
	for raw, want := range cases {
		_, err := LexLine(3, raw)
		if err == nil || err.Error() != want || !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: error %v, want %q (ErrSyntax)", raw, err, want)
		}
	}
	// What follows a comment is not read.
	if l, err := LexLine(1, "a # \x01 \"b"); err != nil || len(l.Words) != 1 {
		t.Errorf("a comment's text was lexed: %+v, %v", l, err)
	}
}

func TestLineValue(t *testing.T) {
	l, _ := LexLine(1, `title  Spring  on the "pond"   # a comment`)
	if got := l.Value(); got != `Spring  on the "pond"` {
		t.Errorf("value %q", got)
	}
}

func TestLex(t *testing.T) {
	data := "game pond\r\n\n# comment\nbad \"quote\n\xff\ntitle x\n"
	lines, errs, origins := Lex([]byte(data))
	if len(lines) != 2 || lines[0].N != 1 || lines[0].Raw != "game pond" || lines[1].N != 6 {
		t.Errorf("lines %+v: want lines 1 and 6, the CR dropped", lines)
	}
	var got []string
	for _, err := range errs {
		got = append(got, err.Error())
	}
	want := []string{"line 4: syntax: unterminated quote", "line 5: syntax: not valid UTF-8"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors %q, want %q", got, want)
	}
	if origins != nil {
		t.Errorf("origins %v in text without marks", origins)
	}
}

// TestLexOrigins: an origin mark says where the next line came from; the
// lines after it count on from there until the next mark.
func TestLexOrigins(t *testing.T) {
	data := strings.Join([]string{
		"#@ 4",          // 1
		"game pond",     // 2: line 4 of the scenario
		"title x",       // 3: line 5
		"#@ 9 big.pond", // 4
		"[water]",       // 5: big.pond line 9
		"0101 deep",     // 6: big.pond line 10
		"#@ 12",         // 7
		"0102 deep",     // 8: line 12
	}, "\n")
	lines, errs, origins := Lex([]byte(data))
	if len(errs) != 0 || len(lines) != 5 {
		t.Fatalf("lines %v, errors %v", lines, errs)
	}
	want := map[int]Origin{2: {"", 4}, 3: {"", 5}, 5: {"big.pond", 9}, 6: {"big.pond", 10}, 8: {"", 12}}
	if !reflect.DeepEqual(origins, want) {
		t.Errorf("origins %v, want %v", origins, want)
	}
}

func TestOriginMark(t *testing.T) {
	for _, good := range []string{"#@ 1", "#@ 12 normandy.map", "#@ 999999 x"} {
		if _, ok := parseOriginMark(good); !ok {
			t.Errorf("%q is not read as an origin mark", good)
		}
	}
	for _, bad := range []string{"#@", "#@ x", "#@ 0", "#@ 1 a b", "#@ 12345678", "#@ -3", "#@ +3", "# @ 3", "#@3"} {
		if _, ok := parseOriginMark(bad); ok {
			t.Errorf("%q reads as an origin mark", bad)
		}
	}
}

func TestKeyValue(t *testing.T) {
	cases := []struct {
		w, k, v string
		ok      bool
	}{
		{"size=2", "size", "2", true},
		{"of=2512,2513", "of", "2512,2513", true},
		{"a=b=c", "a", "b=c", true},
		{"empty=", "empty", "", true},
		{"=x", "", "", false},
		{"flag", "", "", false},
	}
	for _, c := range cases {
		if k, v, ok := KeyValue(c.w); k != c.k || v != c.v || ok != c.ok {
			t.Errorf("KeyValue(%q) = %q %q %v", c.w, k, v, ok)
		}
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		s              string
		name, id, text bool
	}{
		{"normandy", true, true, true},
		{"cherbourg-2", true, true, true},
		{"922(-)/243", false, true, true},
		{"Normandy", false, false, true},
		{"", false, false, false},
		{strings.Repeat("a", 41), false, false, true},
		{"Pointe du Hoc", false, false, true},
		{" x", false, false, false},
		{`say "x"`, false, false, false},
		{"a#b", false, false, false},
		{"a\tb", false, false, false},
		{"a  b", false, false, true},
	} {
		if ValidName(c.s) != c.name || ValidID(c.s) != c.id || ValidText(c.s) != c.text {
			t.Errorf("%q: ValidName %v ValidID %v ValidText %v, want %v %v %v", c.s,
				ValidName(c.s), ValidID(c.s), ValidText(c.s), c.name, c.id, c.text)
		}
	}
	for n, want := range map[int]string{0: "", 1: "a", 2: "a or b", 3: "a, b or c"} {
		if got := OneOf([]string{"a", "b", "c"}[:n]...); got != want {
			t.Errorf("OneOf of %d: %q, want %q", n, got, want)
		}
	}
}
