package scn

import (
	"errors"
	"reflect"
	"testing"
)

func TestColRow(t *testing.T) {
	cases := []struct {
		id       string
		col, row int
		ok       bool
	}{
		{"2512", 25, 12, true},
		{"0001", 0, 1, true},
		{"9999", 99, 99, true},
		{"251", 0, 0, false},
		{"25123", 0, 0, false},
		{"25a2", 0, 0, false},
		{"２５１２", 0, 0, false}, // full-width digits are not ASCII
		{"", 0, 0, false},
	}
	for _, c := range cases {
		col, row, ok := ColRow(c.id)
		if col != c.col || row != c.row || ok != c.ok || ValidHexID(c.id) != c.ok {
			t.Errorf("ColRow(%q) = %d %d %v, want %d %d %v", c.id, col, row, ok, c.col, c.row, c.ok)
		}
		if ok && HexID(col, row) != c.id {
			t.Errorf("HexID(%d, %d) = %q, want %q", col, row, HexID(col, row), c.id)
		}
	}
}

func TestHexRuns(t *testing.T) {
	cases := []struct {
		ids, want []string
	}{
		{nil, nil},
		{[]string{"0101"}, []string{"0101"}},
		{[]string{"0101", "0102", "0103"}, []string{"0101-0103"}},
		// A run stays in its column and has no gaps.
		{[]string{"0101", "0102", "0104", "0199", "0201", "0202"}, []string{"0101-0102", "0104", "0199", "0201-0202"}},
	}
	for _, c := range cases {
		if got := HexRuns(c.ids); !reflect.DeepEqual(got, c.want) {
			t.Errorf("HexRuns(%q) = %q, want %q", c.ids, got, c.want)
		}
	}
}

func TestParseWindow(t *testing.T) {
	w, err := ParseWindow("2001-3615")
	if err != nil || w != (Window{MinCol: 20, MaxCol: 36, MinRow: 1, MaxRow: 15}) {
		t.Fatalf("2001-3615: %+v, %v", w, err)
	}
	for id, in := range map[string]bool{"2001": true, "3615": true, "2515": true, "1901": false, "2000": false, "3616": false, "3701": false, "x": false} {
		if w.Has(id) != in {
			t.Errorf("Has(%s) = %v", id, !in)
		}
	}
	for spec, class := range map[string]error{"2001": ErrSyntax, "2001-36x5": ErrSyntax, "2001-3615-3620": ErrSyntax, "3601-2015": ErrInvalid, "2015-3601": ErrInvalid} {
		if _, err := ParseWindow(spec); !errors.Is(err, class) {
			t.Errorf("ParseWindow(%q): %v, want %v", spec, err, class)
		}
	}
}

func TestClipSpec(t *testing.T) {
	w := Window{MinCol: 2, MaxCol: 3, MinRow: 2, MaxRow: 4}
	cases := []struct {
		spec, want string
		ok         bool
	}{
		{"0203", "0203", true},
		{"0201", "", true},
		{"0103", "", true},
		{"0201-0206", "0202-0204", true},
		{"0203-0209", "0203-0204", true},
		{"0301-0302", "0302", true},
		{"0205-0209", "", true},
		{"0401-0409", "", true},
		{"0202-0204", "0202-0204", true},
		{"0203-0203", "0203-0203", false}, // not a run: it goes nowhere
		{"0203-0304", "0203-0304", false}, // not a run: two columns
		{"02x3", "02x3", false},
	}
	for _, c := range cases {
		if got, ok := w.ClipSpec(c.spec); got != c.want || ok != c.ok {
			t.Errorf("ClipSpec(%q) = %q %v, want %q %v", c.spec, got, ok, c.want, c.ok)
		}
	}
}

// TestClips: each Clip on the record shape it serves, in the window of
// columns 1-2, rows 1-4.
func TestClips(t *testing.T) {
	w := Window{MinCol: 1, MaxCol: 2, MinRow: 1, MaxRow: 4}
	type want struct {
		texts []string
		keep  bool
	}
	cases := []struct {
		name string
		clip Clip
		raw  string
		want want
	}{
		{"run inside", ClipHexFirst, "0101-0104 clear", want{nil, true}},
		{"run cut, rest of the line kept", ClipHexFirst, "  0102-0106 deep  \"x\" # c", want{[]string{"0102-0104 deep  \"x\" # c"}, false}},
		{"hex outside", ClipHexFirst, "0301 deep", want{nil, false}},
		{"not a hex", ClipHexFirst, "01x1 deep", want{nil, true}},
		{"hexside inside", ClipHexside, "0101/0102 reeds", want{nil, true}},
		{"hexside half out", ClipHexside, "0204/0205 reeds", want{nil, false}},
		{"not a hexside", ClipHexside, "0101-0102 reeds", want{nil, true}},
		{"path inside", ClipPath, "brook 0101 0102", want{nil, true}},
		{"path leaves and comes back", ClipPath, "creek 0101 0102 0103 0104 0105 0204 0203 0303 0202", want{[]string{"creek 0101 0102 0103 0104", "creek 0204 0203"}, false}},
		{"path's one-hex stretch dropped", ClipPath, "creek 0105 0104 0105", want{nil, false}},
		{"path with a bad hex", ClipPath, "creek 0105 x", want{nil, true}},
		{"hexes inside", ClipHexesAfter, "white 0101-0104 0201", want{nil, true}},
		{"hexes cut", ClipHexesAfter, "white 0101-0106 0301 0204", want{[]string{"white 0101-0104 0204"}, false}},
		{"hexes all out", ClipHexesAfter, "white 0105-0106 0301", want{nil, false}},
		{"hexes with a bad one", ClipHexesAfter, "white 0301 0x01", want{nil, true}},
		{"second word inside", ClipHexSecond, "stone 0102", want{nil, true}},
		{"second word outside", ClipHexSecond, "stone 0305 \"Big\"", want{nil, false}},
		{"second word not a hex", ClipHexSecond, "stone big", want{nil, true}},
		{"no second word", ClipHexSecond, "stone", want{nil, true}},
	}
	for _, c := range cases {
		l, err := LexLine(1, c.raw)
		if err != nil {
			t.Fatal(err)
		}
		texts, keep := c.clip(w, l)
		if !reflect.DeepEqual(texts, c.want.texts) || keep != c.want.keep {
			t.Errorf("%s: %q %v, want %q %v", c.name, texts, keep, c.want.texts, c.want.keep)
		}
	}
}
