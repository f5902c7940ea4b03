package combat

import (
	"strings"
	"testing"
)

// testCRT is a CRT of our own making in the series' shape: three columns
// 1-1 to 3-1, results from data.
var testCRT = CRT{
	Ladder: Ladder{Lo: At(1, 1), Hi: At(3, 1), Below: "A1", Rule: "T"},
	Table: Table[ResultCode]{Name: "test CRT", Lo: 1, Cols: []string{"1-1", "2-1", "3-1"},
		Rows: [][]ResultCode{
			{"A1", "A1", "EX"}, {"A1", "EX", "DR"}, {"EX", "DR", "DR"},
			{"DR", "DR", "D1"}, {"DR", "D1", "D1"}, {"D1", "D1", "DS"},
		}},
	Legend: []Result{
		{Code: "A1", AttackerSteps: 1},
		{Code: "EX", AttackerSteps: 1, DefenderSteps: 1, OpponentChooses: true, Advance: LimitedIfWiped},
		{Code: "DR", Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 1},
		{Code: "D1", DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 1},
		{Code: "DS", DefenderHalf: true, Retreat: 4, Mark: "Broken", Advance: AdvanceIfVacated, Reach: 2},
	},
}

func TestCRT_Lookup(t *testing.T) {
	if err := testCRT.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		col       Column
		die, drm  int
		want      ResultCode
		retreat   int
		attSteps  int
		automatic bool
	}{
		{At(1, 1), 1, 0, "A1", 0, 1, false},
		{At(2, 1), 3, 0, "DR", 2, 0, false},
		{At(3, 1), 6, 0, "DS", 4, 0, false},
		{At(9, 1), 6, 0, "DS", 4, 0, false}, // past Hi reads Hi
		{At(1, 1), 5, 3, "D1", 2, 0, false}, // a modifier moves the row, clamped
		{At(1, 2), 6, 0, "A1", 0, 1, true},  // below Lo: automatic
	} {
		r := testCRT.Lookup(c.col, c.die, c.drm)
		if r.Code != c.want || r.Retreat != c.retreat || r.AttackerLoss(3) != c.attSteps {
			t.Errorf("%v, die %d%+d: %+v, want %s", c.col, c.die, c.drm, r, c.want)
		}
	}
	if testCRT.Score("A1") >= testCRT.Score("EX") || testCRT.Score("D1") >= testCRT.Score("DS") || testCRT.Score("X") != -1 {
		t.Error("scores follow the legend's order, worst first")
	}
}

func TestCRT_CheckFindsTranscriptionFaults(t *testing.T) {
	bad := testCRT
	bad.Table.Rows = append([][]ResultCode{{"A1", "A1", "DX"}}, testCRT.Table.Rows[1:]...)
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), `"DX" is not in the legend`) {
		t.Errorf("a code missing from the legend: %v", err)
	}
	bad = testCRT
	bad.Ladder.Hi = At(4, 1)
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "3 columns, the ladder 1-1 to 4-1 has 4") {
		t.Errorf("a grid narrower than the ladder: %v", err)
	}
	bad = testCRT
	bad.Ladder.Below = "AE"
	if err := bad.Check(); err == nil {
		t.Error("an automatic result missing from the legend")
	}
}

// The results' losses: half rounded up, never more than the defenders hold;
// the attacker spared against a single step.
func TestResult_Losses(t *testing.T) {
	half := Result{DefenderHalf: true}
	for steps, want := range map[int]int{1: 1, 2: 1, 3: 2, 5: 3} {
		if got := half.DefenderLoss(steps); got != want {
			t.Errorf("half of %d: %d, want %d", steps, got, want)
		}
	}
	two := Result{AttackerSteps: 1, DefenderSteps: 2, SparedByOneStep: true}
	if two.DefenderLoss(1) != 1 || two.AttackerLoss(1) != 0 || two.AttackerLoss(2) != 1 {
		t.Errorf("two steps against one: defender %d, attacker %d", two.DefenderLoss(1), two.AttackerLoss(1))
	}
}
