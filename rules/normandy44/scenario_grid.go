package normandy44

import "fmt"

// This file is a stop-gap: rules/hex did not exist when the scenario parser was
// written. offsetGrid reads four-digit "CCRR" ids and answers adjacency for the
// layouts below; swap it for hex.ParseLayout / layout.Parse / hex.SideBetween.

// layouts are the grid layouts a scenario may name, with the parity of the
// columns that sit half a hex lower (toward higher row numbers).
var layouts = map[string]int{
	"flat-top odd-columns-down":  1,
	"flat-top even-columns-down": 0,
}

type offsetGrid struct {
	downParity int
}

func parseGridLayout(s string) (offsetGrid, error) {
	p, ok := layouts[s]
	if !ok {
		return offsetGrid{}, fmt.Errorf("%w: layout %q (want \"flat-top odd-columns-down\" or \"flat-top even-columns-down\")", ErrUnknown, s)
	}
	return offsetGrid{downParity: p}, nil
}

// validHexID reports whether id is four ASCII digits.
func validHexID(id string) bool {
	if len(id) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return true
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

// adjacent reports whether two valid ids are neighbours. In a flat-top grid a
// hex touches the hexes above and below it in its column and two hexes in each
// neighbouring column: a "down" column's hex sits between rows r and r+1 of its
// neighbours, an "up" column's between r-1 and r.
func (g offsetGrid) adjacent(a, b string) bool {
	ca, ra := colRow(a)
	cb, rb := colRow(b)
	switch ca - cb {
	case 0:
		return ra-rb == 1 || rb-ra == 1
	case 1, -1:
		if ca%2 == g.downParity {
			return rb == ra || rb == ra+1
		}
		return rb == ra || rb == ra-1
	}
	return false
}
