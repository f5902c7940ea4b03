package scn

import (
	"fmt"
	"strings"
)

// Printed hex ids. A hex game's map prints a four-digit id "CCRR" in each hex,
// column then row (rules/hex reads them into coordinates with the map's
// layout). Runs, windows and the canonical writer need only the printed
// column and row, which mean the same whatever the layout.

// ColRow splits a printed hex id into its column and row; ok is false unless
// id is four ASCII digits.
func ColRow(id string) (col, row int, ok bool) {
	if len(id) != 4 {
		return 0, 0, false
	}
	for i := range 4 {
		if id[i] < '0' || id[i] > '9' {
			return 0, 0, false
		}
	}
	return int(id[0]-'0')*10 + int(id[1]-'0'), int(id[2]-'0')*10 + int(id[3]-'0'), true
}

// ValidHexID reports whether id is a printed hex id: four ASCII digits.
func ValidHexID(id string) bool {
	_, _, ok := ColRow(id)
	return ok
}

// HexID prints column col and row row, each 0 to 99, as "CCRR".
func HexID(col, row int) string {
	if col < 0 || col > 99 || row < 0 || row > 99 {
		return fmt.Sprintf("%02d%02d", col, row) // out of range: as %02d writes it
	}
	// Runs and windows print thousands of ids while a scenario is read.
	return string([]byte{byte('0' + col/10), byte('0' + col%10), byte('0' + row/10), byte('0' + row%10)})
}

// run reads a run "CCRR-CCRR" down one column: its column and its first and
// last rows. ok is false unless spec is a run of two valid ids, in one column,
// the second below the first.
func run(spec string) (col, first, last int, ok bool) {
	a, b, isRun := strings.Cut(spec, "-")
	ca, ra, okA := ColRow(a)
	cb, rb, okB := ColRow(b)
	if !isRun || !okA || !okB || ca != cb || rb <= ra {
		return 0, 0, 0, false
	}
	return ca, ra, rb, true
}

// HexRuns writes sorted ids as runs down a column where it can: "0101",
// "0102", "0103", "0201" are "0101-0103" and "0201".
func HexRuns(ids []string) []string {
	var out []string
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) {
			c0, r0, _ := ColRow(ids[j-1])
			c1, r1, _ := ColRow(ids[j])
			if c0 != c1 || r1 != r0+1 {
				break
			}
			j++
		}
		if j-1 > i {
			out = append(out, ids[i]+"-"+ids[j-1])
		} else {
			out = append(out, ids[i])
		}
		i = j
	}
	return out
}
