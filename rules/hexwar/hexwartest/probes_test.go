package hexwartest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// board3 is a 3 x 3 flat-top map, odd columns down (hexes 0101-0303): a hex
// of an odd column touches rows r and r+1 of the columns beside it, one of
// an even column rows r-1 and r.
func board3(t *testing.T) *hexwar.Board {
	t.Helper()
	m := hexwar.Map{Layout: hex.FlatOddColumnsDown}
	for c := 1; c <= 3; c++ {
		for r := 1; r <= 3; r++ {
			m.Hexes = append(m.Hexes, hexwar.MapHex{ID: fmt.Sprintf("%02d%02d", c, r), Terrain: "clear"})
		}
	}
	tec := &hexwar.TEC{Terrain: map[hexwar.Terrain]hexwar.TerrainRow{"clear": {Rule: "T", NonMech: hexwar.MP, Mech: hexwar.MP}}}
	b, err := hexwar.NewBoard(m, tec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// reached lists what each move reaches, read back by the series' grammar.
func reached(t *testing.T, commands []string) []string {
	t.Helper()
	g := hexwar.MoveGrammar{Flags: []string{"tm", "sm"}, MaxPath: 8, ValidUnit: func(string) bool { return true }}
	var out []string
	for _, c := range commands {
		mc, err := g.Parse(c)
		if err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		out = append(out, Reach(mc))
	}
	slices.Sort(out)
	return out
}

func at(t *testing.T, b *hexwar.Board, id string) hex.Axial {
	a, ok := b.Hex(id)
	if !ok {
		t.Fatalf("no hex %s", id)
	}
	return a
}

// TestProbes: the moves into the hexes next to a hex stay on the map, once
// for each way of moving; the moves of two hexes reach every hex two steps
// away but the start; the moves onto the map reach the hex and the hexes
// next to it.
func TestProbes(t *testing.T) {
	b := board3(t)
	corner := at(t, b, "0101")
	got := reached(t, Steps(b, "u", corner, [][]string{nil, {"tm"}}))
	want := []string{"u 0102", "u 0102", "u 0201", "u 0201", "u 0202", "u 0202"}
	if !slices.Equal(got, want) {
		t.Errorf("Steps from the corner reach %v, want %v", got, want)
	}
	got = reached(t, TwoHexes(b, "u", corner, "tm"))
	// Two steps from 0101, never back to it: by 0102 to 0103, 0202, 0203;
	// by 0201 to 0202, 0301; by 0202 to 0102, 0201, 0203, 0301, 0302.
	want = []string{"u 0102", "u 0103", "u 0201", "u 0202", "u 0202", "u 0203", "u 0203",
		"u 0301", "u 0301", "u 0302"}
	if !slices.Equal(got, want) {
		t.Errorf("TwoHexes from the corner reach %v, want %v", got, want)
	}
	got = reached(t, Onto(b, "u", []hex.Axial{corner}, [][]string{{"sm"}}))
	want = []string{"u 0101", "u 0102", "u 0201", "u 0202"}
	if !slices.Equal(got, want) {
		t.Errorf("Onto the corner reaches %v, want %v", got, want)
	}
}
