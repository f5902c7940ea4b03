// Package combattest holds the test helpers of the series' combat tables:
// one check of a die-roll table against the rulebook's rows as printed.
package combattest

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// CheckTable compares every cell of a table with the rulebook's rows as
// printed: one string per row from the table's first modified roll, its
// cells separated by " | " in column order, each compared with show(cell).
// It also checks that a modified roll beyond either end reads the end row
// ("≤ 1", "7+").
func CheckTable[V any](t testing.TB, tbl *combat.Table[V], show func(V) string, rows ...string) {
	t.Helper()
	cols := max(len(tbl.Cols), 1)
	if len(rows) != len(tbl.Rows) {
		t.Fatalf("%s: %d rows, the rulebook prints %d", tbl.Name, len(tbl.Rows), len(rows))
	}
	for i, row := range rows {
		want := strings.Split(row, " | ")
		if len(want) != cols || len(tbl.Rows[i]) != cols {
			t.Fatalf("%s: row %d has %d cells, printed %d, headings %d", tbl.Name, tbl.Lo+i, len(tbl.Rows[i]), len(want), cols)
		}
		for c := range cols {
			if got := show(tbl.Cell(c, tbl.Lo+i)); got != want[c] {
				t.Errorf("%s: roll %d, column %q: %s, the rulebook prints %s", tbl.Name, tbl.Lo+i, tbl.Column(c), got, want[c])
			}
		}
	}
	for c := range cols {
		if got, want := show(tbl.Cell(c, tbl.Lo-1)), show(tbl.Rows[0][c]); got != want {
			t.Errorf("%s: below the first row, column %q reads %s, want the first row's %s", tbl.Name, tbl.Column(c), got, want)
		}
		if got, want := show(tbl.Cell(c, tbl.Hi()+1)), show(tbl.Rows[len(tbl.Rows)-1][c]); got != want {
			t.Errorf("%s: above the last row, column %q reads %s, want the last row's %s", tbl.Name, tbl.Column(c), got, want)
		}
	}
}
