package scn

import (
	"reflect"
	"testing"
)

// TestWriter: the canonical form the writer promises, and that it reads back.
func TestWriter(t *testing.T) {
	var w Writer
	w.Header("game", "pond")
	w.Header("scenario", "spring")
	w.Header("title", "Spring on the pond")
	w.Header("turns", "3")
	w.Section("water", 2)
	w.Record(append([]string{"0101-0103", "shallow"}, "")...)
	w.Record("0201", "deep", Quote("Middle"))
	w.Section("banks", 0) // no records: not written
	w.Section("creatures", 1)
	w.Record("frog", "", "0101", "size=2")
	want := "game pond\nscenario spring\ntitle Spring on the pond\nturns 3\n\n[water]\n0101-0103 shallow\n0201 deep \"Middle\"\n\n[creatures]\nfrog 0101 size=2\n"
	if got := string(w.Bytes()); got != want {
		t.Fatalf("wrote\n%s\nwant\n%s", got, want)
	}
	p, err := parsePond(w.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.water[3], pondWater{"0201", "deep", "Middle"}) || len(p.creatures) != 1 {
		t.Errorf("read back: %+v %+v", p.water, p.creatures)
	}
}
