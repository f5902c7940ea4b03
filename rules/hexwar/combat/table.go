package combat

import "fmt"

// Die is the die every table of the series is rolled with: one six-sided
// die.
const Die = 6

// Table is a die-roll table as data, with the rule that states it: one row
// per modified roll from Lo up, one column per heading. A modified roll
// below Lo reads the first row and one above the last row reads the last,
// as the printed "≤ 1" and "7+" rows say.
type Table[V any] struct {
	Name string   // as the rulebook titles it, e.g. "T10 Jabos"
	Rule string   // where it is stated, e.g. "19.1.3"
	Lo   int      // the modified roll of Rows[0]
	Cols []string // column headings; nil for a table of one column
	Rows [][]V    // Rows[i][c] is the cell of modified roll Lo+i in column c
}

// Cell reads the cell of a modified roll in column c. A column the table
// does not have is a bug in the caller and panics.
func (t *Table[V]) Cell(c, modified int) V {
	i := min(max(modified-t.Lo, 0), len(t.Rows)-1)
	return t.Rows[i][c]
}

// Roll reads a die roll (1-6) with its modifier in column c. Dice come from
// the dice protocol, which only draws 1-6, so any other die is a bug and
// panics.
func (t *Table[V]) Roll(c, die, drm int) V {
	MustDie(die, t.Name)
	return t.Cell(c, die+drm)
}

// Hi is the modified roll of the last row.
func (t *Table[V]) Hi() int { return t.Lo + len(t.Rows) - 1 }

// Column gives the heading of column c, "" for a table of one column.
func (t *Table[V]) Column(c int) string {
	if c < 0 || c >= len(t.Cols) {
		return ""
	}
	return t.Cols[c]
}

// MustDie checks a die handed to a table lookup: 1 to 6, or a panic naming
// the table.
func MustDie(die int, table string) {
	if die < 1 || die > Die {
		panic(fmt.Sprintf("combat: %s: die roll %d outside 1-%d", table, die, Die))
	}
}
