package combat

import "testing"

// testDDCells is a small table in the shape of the determined-defense tables:
// rows "≤ 0" to "6+", two columns.
var testDDCells = Table[string]{
	Name: "test DD", Rule: "T", Lo: 0, Cols: []string{"Clear", "Other"},
	Rows: [][]string{{"hold", "hold"}, {"-1", "hold"}, {"-", "-1"}, {"-", "-"}, {"-", "-"}, {"-", "-"}, {"lose", "lose"}},
}

func TestTable_CellClampsToTheEndRows(t *testing.T) {
	for _, c := range []struct {
		col, modified int
		want          string
	}{
		{0, -3, "hold"}, {0, 0, "hold"}, {0, 1, "-1"}, {1, 1, "hold"}, {1, 2, "-1"},
		{0, 6, "lose"}, {1, 9, "lose"},
	} {
		if got := testDDCells.Cell(c.col, c.modified); got != c.want {
			t.Errorf("column %d, modified %d: %s, want %s", c.col, c.modified, got, c.want)
		}
	}
	if testDDCells.Hi() != 6 || testDDCells.Column(1) != "Other" || testDDCells.Column(2) != "" {
		t.Errorf("Hi %d, headings %q %q", testDDCells.Hi(), testDDCells.Column(1), testDDCells.Column(2))
	}
}

func TestTable_RollAddsTheModifier(t *testing.T) {
	if got := testDDCells.Roll(1, 3, -2); got != "hold" {
		t.Errorf("3-2 in Other: %s, want the row of 1", got)
	}
	if got := testDDCells.Roll(0, 6, 2); got != "lose" {
		t.Errorf("6+2: %s, want the last row", got)
	}
}

func TestTable_BadDiePanics(t *testing.T) {
	for _, die := range []int{0, 7, -1} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("die %d did not panic", die)
				}
			}()
			testDDCells.Roll(0, die, 0)
		}()
	}
}
