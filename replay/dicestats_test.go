package replay

import (
	"math"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/rules/scene"
)

// TestChiSquareP checks the p-values against the chi-square table's
// critical values (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.4) and the closed
// form for 2 degrees of freedom, exp(-x/2).
func TestChiSquareP(t *testing.T) {
	cases := []struct {
		x    float64
		k    int
		want float64
	}{
		{3.841, 1, 0.05},
		{6.635, 1, 0.01},
		{2, 2, math.Exp(-1)},
		{9.210, 2, 0.01},
		{11.070, 5, 0.05},
		{15.086, 5, 0.01},
		{1.145, 5, 0.95},
		{18.307, 10, 0.05},
		{23.209, 10, 0.01},
		{0, 5, 1},
	}
	for _, c := range cases {
		if got := chiSquareP(c.x, c.k); math.Abs(got-c.want) > 5e-4 {
			t.Errorf("P(chi2(%d) >= %v) = %.5f, want %.5f", c.k, c.x, got, c.want)
		}
	}
}

// TestChiSquare: 60 rolls of a d6 with 20 sixes and 8 of each other face
// stray by (10² + 5·2²)/10 = 12 from 10 a face.
func TestChiSquare(t *testing.T) {
	if got := chiSquare([]int{8, 8, 8, 8, 8, 20}); math.Abs(got-12) > 1e-9 {
		t.Errorf("chiSquare = %v, want 12", got)
	}
	if got := chiSquare([]int{10, 10, 10, 10, 10, 10}); got != 0 {
		t.Errorf("even counts give %v", got)
	}
}

// TestStats_CountsAndGroups: each die counts once in its seat and purpose,
// once in its seat's total, its purpose's total and the grand total; the
// groups come seats first.
func TestStats_CountsAndGroups(t *testing.T) {
	rolls := []Roll{
		{Seat: "allied", Purpose: "weather", Sides: []int{6}, Values: []int{6}},
		{Seat: "allied", Purpose: "combat", Sides: []int{6, 6}, Values: []int{1, 6}},
		{Seat: "german", Purpose: "combat", Sides: []int{6}, Values: []int{3}},
	}
	st := Stats(rolls, nil)
	if st.Rolls != 3 || st.Dice != 4 {
		t.Fatalf("%d rolls, %d dice", st.Rolls, st.Dice)
	}
	var keys []string
	for _, g := range st.Groups {
		keys = append(keys, string(g.Seat)+"/"+g.Purpose)
	}
	want := []string{"allied/combat", "allied/weather", "allied/", "german/combat", "german/", "/combat", "/weather", "/"}
	if len(keys) != len(want) {
		t.Fatalf("groups %v, want %v", keys, want)
	}
	for i := range want {
		if keys[i] != want[i] {
			t.Fatalf("groups %v, want %v", keys, want)
		}
	}
	all := st.Groups[len(st.Groups)-1]
	if all.N != 4 || all.Counts[5] != 2 || all.Mean != 4 || all.Expected != 3.5 || all.DF != 5 {
		t.Errorf("all dice: %+v", all)
	}
}

// TestStats_CombatLuck: on a column whose faces give A1 A1 EX DR DR DH
// (scores 1 1 3 4 4 8), a die of 3 (EX) leaves 3 faces of 6 better for the
// attacker; fair dice leave (4+4+3+1+1+0)/6/6 = 13/36 on average.
func TestStats_CombatLuck(t *testing.T) {
	var faces []scene.Face
	for i, r := range []string{"A1", "A1", "EX", "DR", "DR", "DH"} {
		faces = append(faces, scene.Face{Die: i + 1, Result: r, Score: []int{1, 1, 3, 4, 4, 8}[i]})
	}
	c := scene.Combat{Attacker: "german", Defender: "allied", Die: 3, Faces: faces}
	auto := scene.Combat{Attacker: "german", Defender: "allied"} // no die: not counted
	st := Stats(nil, []scene.Combat{c, auto})
	if len(st.Luck) != 2 {
		t.Fatalf("luck %+v", st.Luck)
	}
	def, att := st.Luck[0], st.Luck[1]
	if att.Side != "german" || att.Role != "attacking" || def.Side != "allied" || def.Role != "defending" {
		t.Fatalf("luck %+v", st.Luck)
	}
	if att.Combats != 1 || math.Abs(att.Better-0.5) > 1e-9 || math.Abs(att.Expected-13.0/36) > 1e-9 {
		t.Errorf("attacker luck %+v, want better 0.5, expected %.4f", att, 13.0/36)
	}
}

// TestStats_RecordedGame: the dice of a whole recorded game are all
// counted, and every combat with a die has a luck figure between 0 and 1.
func TestStats_RecordedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("walks a whole game")
	}
	entries := readRecorded(t, "normandy44-4-cherbourg-strict.pbem")
	var rolls []Roll
	draws := 0
	var last Frame
	err := Walk(entries, games.Shipped, func(f Frame) error {
		rolls = append(rolls, f.Rolls...)
		draws += len(f.Entry.Draws)
		last = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st := Stats(rolls, last.Game.(scene.Reporter).Combats())
	if st.Rolls != draws || st.Dice == 0 {
		t.Errorf("%d rolls of %d draws", st.Rolls, draws)
	}
	for _, l := range st.Luck {
		if l.Combats == 0 || l.Better < 0 || l.Better > 1 || l.Expected <= 0 || l.Expected >= 1 {
			t.Errorf("luck %+v", l)
		}
	}
	if len(st.Luck) != 4 {
		t.Errorf("luck for %d side-roles, want both sides attacking and defending", len(st.Luck))
	}
}
