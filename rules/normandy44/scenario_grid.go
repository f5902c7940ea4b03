package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules/hex"
)

// The scenario parser checks ids and adjacency through rules/hex. offsetGrid is
// kept as a thin wrapper so the parser and its tests keep their vocabulary.

// gridLayouts are the layouts a scenario may name: Normandy '44 maps are
// flat-top, so the pointy-top layouts of rules/hex are refused here.
var gridLayouts = map[string]hex.Layout{
	"flat-top odd-columns-down":  hex.FlatOddColumnsDown,
	"flat-top even-columns-down": hex.FlatEvenColumnsDown,
}

type offsetGrid struct {
	layout hex.Layout
	// downParity is the parity of the printed columns shifted half a hex
	// down; it only serves messages.
	downParity int
}

func parseGridLayout(s string) (offsetGrid, error) {
	l, ok := gridLayouts[s]
	if !ok {
		return offsetGrid{}, fmt.Errorf("%w: layout %q (want \"flat-top odd-columns-down\" or \"flat-top even-columns-down\")", ErrUnknown, s)
	}
	g := offsetGrid{layout: l}
	if l.Parity == hex.OddShifted {
		g.downParity = 1
	}
	return g, nil
}

// validHexID reports whether id is four ASCII digits.
func validHexID(id string) bool {
	_, err := hex.FlatOddColumnsDown.Parse(id)
	return err == nil
}

// colRow splits a valid id into its column and row numbers.
func colRow(id string) (col, row int) {
	col = int(id[0]-'0')*10 + int(id[1]-'0')
	row = int(id[2]-'0')*10 + int(id[3]-'0')
	return col, row
}

func hexID(col, row int) string {
	return fmt.Sprintf("%02d%02d", col, row)
}

// adjacent reports whether two valid ids are neighbours on the grid.
func (g offsetGrid) adjacent(a, b string) bool {
	pa, errA := g.layout.Parse(a)
	pb, errB := g.layout.Parse(b)
	if errA != nil || errB != nil {
		return false
	}
	_, ok := hex.SideBetween(pa, pb)
	return ok
}
