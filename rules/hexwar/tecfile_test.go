package hexwar

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scn"
)

// readTEC reads a file of one [tec] section with the test chart's words.
func readTEC(text string) (TEC, error) {
	r := &TECRecords{Words: testWords}
	p := &scn.Parser{}
	p.Read([]byte("game test\n[tec]\n"+text), scn.Grammar{Game: "test", Headers: []string{"game"},
		Sections: []scn.Section{{Name: "tec", Record: func(l scn.Line) { r.Record(p, l) }}}})
	r.Check(p)
	return r.TEC, p.Err()
}

// testTECText is testTEC written out.
const testTECText = `terrain clear nonmech=1 mech=1 armor rule=T-clear
terrain woods nonmech=2 mech=3 db=2 rule=T-woods
terrain town nonmech=0 mech=0 db=3 rule=T-town
terrain swamp nonmech=2 mech=no stop rule=T-swamp
terrain bog nonmech=2 mech=no stop leave-by-road tactical-stop rule=T-bog
terrain marsh nonmech=no mech=no rule=T-marsh
terrain sea nonmech=no mech=no unplayable rule=T-sea
road main nonmech=1/2 mech=1/3 rule=T-main
road side nonmech=1/2 mech=1/2 rule=T-side
hexside stream nonmech=0 mech=1 river rule=T-stream
hexside river nonmech=1 mech=no first-move river rule=T-river
hexside ford nonmech=0 mech=0 bridge rule=T-ford
hexside cliff nonmech=no mech=no impassable rule=T-cliff
ezoc leave=1 rule=M-zoc
`

// TestTECRecords: a [tec] section reads into the chart the rows describe
// (A44 4.2, S43 4.B: the charts their books do not print), and the chart
// writes back as the same section.
func TestTECRecords(t *testing.T) {
	got, err := readTEC(testTECText)
	if err != nil {
		t.Fatal(err)
	}
	want := *testTEC
	want.LeaveRule = "M-zoc"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read\n%+v\nwant\n%+v", got, want)
	}
	var w scn.Writer
	WriteTEC(&w, &got, testWords)
	if s := string(w.Bytes()); s != "\n[tec]\n"+testTECText {
		t.Errorf("written:\n%s\nwant:\n%s", s, testTECText)
	}
	for sixths, word := range map[int]string{NotAllowed: "no", 0: "0", MP: "1", MP / 2: "1/2", MP / 3: "1/3", 2 * MP / 3: "2/3", 3 * MP / 2: "3/2", 7: "7/6"} {
		if costWord(sixths) != word {
			t.Errorf("%d sixths written %q, want %q", sixths, costWord(sixths), word)
		}
		if c, ok := parseCost(word); !ok || c != sixths {
			t.Errorf("%q read as %d, %v", word, c, ok)
		}
	}
}

// TestTECRecordErrors: each problem under its sentinel, and every word of
// the game needs its row.
func TestTECRecordErrors(t *testing.T) {
	for _, c := range []struct {
		text  string
		class error
		says  string
	}{
		{"terrain lava nonmech=1 mech=1 rule=X", scn.ErrUnknown, `terrain "lava"`},
		{"terrain clear nonmech=1 rule=X", scn.ErrSyntax, "want: terrain"},
		{"terrain clear nonmech=1/4 mech=1 rule=X", scn.ErrSyntax, "a cost is"},
		{"terrain clear nonmech=1 mech=1", scn.ErrMissing, "rule="},
		{"terrain clear nonmech=1 mech=1 fast rule=X", scn.ErrSyntax, "want: terrain"},
		{"terrain clear nonmech=1 mech=1 db=10 rule=X", scn.ErrSyntax, "0 to 9"},
		{"terrain clear nonmech=1 mech=1 rule=X\nterrain clear nonmech=2 mech=2 rule=X", scn.ErrDuplicate, "already given"},
		{"road main nonmech=no mech=1 rule=X", scn.ErrInvalid, "along the road"},
		{"ezoc leave=no rule=X", scn.ErrInvalid, "leave=no"},
		{"bridge x nonmech=1 mech=1 rule=X", scn.ErrUnknown, "chart row"},
		{"", scn.ErrMissing, "no terrain row clear"},
	} {
		_, err := readTEC(c.text + "\n")
		if !errors.Is(err, c.class) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want %v saying %q", c.text, err, c.class, c.says)
		}
	}
}

// FuzzTECRecords: a [tec] section that reads writes back as text that reads
// to the same chart; nothing panics.
func FuzzTECRecords(f *testing.F) {
	f.Add(testTECText)
	f.Add("terrain clear nonmech=3/2 mech=no db=9 stop rule=a-1\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := readTEC(text)
		if err != nil {
			return
		}
		var w scn.Writer
		WriteTEC(&w, &got, testWords)
		again, err := readTEC(strings.TrimPrefix(string(w.Bytes()), "\n[tec]\n"))
		if err != nil || !reflect.DeepEqual(got, again) {
			t.Fatalf("%q reads as %+v, written back reads as %+v, %v", text, got, again, err)
		}
	})
}
