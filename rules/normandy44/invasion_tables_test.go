package normandy44

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat/combattest"
)

// T7 as the seed prints it, L1955-1960, columns Omaha | Pozostałe | Utah.
func TestBeach_T7_EveryCell(t *testing.T) {
	show := func(r BeachResult) string { return strings.ReplaceAll(r.String(), "Advance", "Pościg") }
	combattest.CheckTable(t, &beachTable, show,
		"A1* – | A2/D1 Pościg 1 | EX Pościg 1",             // L1955
		"A2/D1 Pościg 1 | EX Pościg 1 | A1/D1 Pościg 1",    // L1956
		"EX Pościg 1 | A1/D1 Pościg 1 | A1/D1 Pościg 1",    // L1957
		"A1/D1 Pościg 1 | A1/D1 Pościg 1 | A1/D1 Pościg 2", // L1958
		"A1/D1 Pościg 1 | A1/D1 Pościg 2 | D1 Pościg 2",    // L1959
		"A1/D1 Pościg 2 | D1 Pościg 2 | D1 Pościg 2",       // L1960
	)
	for roll := 1; roll <= 6; roll++ {
		if got, want := beachAssault(BeachUtah, roll), beachTable.Cell(int(BeachUtah), roll); got != want {
			t.Errorf("Utah roll %d: %v, the table's cell is %v", roll, got, want)
		}
	}
}

// Every kind of beach result with its effects (20.3.2-20.3.3).
func TestBeach_Results_20_3_2(t *testing.T) {
	tests := []struct {
		c           BeachColumn
		roll        int
		steps       int
		strongpoint bool
		reroll      bool
	}{
		{BeachOmaha, 1, 1, false, true}, // A1*
		{BeachOther, 1, 2, true, false}, // A2/D1, L1392
		{BeachOther, 2, 1, true, false}, // EX
		{BeachUtah, 4, 1, true, false},  // A1/D1
		{BeachUtah, 6, 0, true, false},  // D1
	}
	for _, tt := range tests {
		r := beachAssault(tt.c, tt.roll)
		if r.AlliedSteps() != tt.steps || r.StrongpointEliminated() != tt.strongpoint || r.Reroll != tt.reroll {
			t.Errorf("%v %d (%v): steps %d, strongpoint out %v, reroll %v", tt.c, tt.roll, r,
				r.AlliedSteps(), r.StrongpointEliminated(), r.Reroll)
		}
	}
}

// E28 (20.3.1, L1388): Utah reads Utah, Pointe du Hoc reads Other.
func TestBeach_E28_Columns_20_3_1(t *testing.T) {
	want := map[string]BeachColumn{
		"utah": BeachUtah, "pointe-du-hoc": BeachOther, "omaha": BeachOmaha,
		"gold": BeachOther, "juno": BeachOther, "sword": BeachOther,
	}
	for b, c := range want {
		if got, err := beachColumn(b); err != nil || got != c {
			t.Errorf("%s: %v %v, want %v", b, got, err, c)
		}
	}
	if _, err := beachColumn("calais"); !errors.Is(err, ErrNoBeach) {
		t.Errorf("calais: %v, want ErrNoBeach", err)
	}
	// Every beach the scenario format knows has a column.
	for b := range beaches {
		if _, err := beachColumn(b); err != nil {
			t.Errorf("scenario beach %s: %v", b, err)
		}
	}
}

// 20.3.5: eight sea-borne assaults with DD tanks, and Pointe du Hoc without.
func TestBeach_FirstWave_20_3_5(t *testing.T) {
	dd, total := 0, 0
	for _, a := range firstWave {
		total++
		if a.DDTanks {
			dd++
		}
		if a.Beach == "pointe-du-hoc" && a.DDTanks {
			t.Error("Pointe du Hoc has no DD tanks")
		}
		if _, err := beachColumn(a.Beach); err != nil {
			t.Error(err)
		}
	}
	if total != 9 || dd != 8 {
		t.Errorf("%d assaults, %d with DD tanks; want 9 and 8", total, dd)
	}
}

// The invasion examples of the example of play (L1678-1722): the assault
// and DD tank rolls of each First Wave assault.
func TestBeach_InvasionExamples(t *testing.T) {
	tests := []struct {
		name    string
		beach   string
		rolls   []int
		result  string
		steps   int // infantry steps lost
		advance int
		ddRoll  int // 0: no DD tanks
		ddLoss  int
	}{
		{"P03_Utah_20.3_L1682", "utah", []int{4}, "A1/D1 Advance 2", 1, 2, 1, 1},
		{"P04_PointeDuHoc_20.3.4_L1690", "pointe-du-hoc", []int{4}, "A1/D1 Advance 1", 1, 1, 0, 0},
		{"P05_Omaha29th_20.3.3_L1694", "omaha", []int{1, 6}, "A1/D1 Advance 2", 2, 1, 2, 1},
		{"P06_Omaha1st_20.3.2_L1696", "omaha", []int{2}, "A2/D1 Advance 1", 2, 1, 4, 0},
		{"P07_GoldJIG_L1706", "gold", []int{4}, "A1/D1 Advance 1", 1, 1, 6, 0},
		{"P08_GoldKING_L1708", "gold", []int{6}, "D1 Advance 2", 0, 2, 1, 1},
		{"P09_JunoMIKE_L1714", "juno", []int{2}, "EX Advance 1", 1, 1, 1, 1},
		{"P10_JunoNAN_L1716", "juno", []int{1}, "A2/D1 Advance 1", 2, 1, 5, 0},
		{"P11_SwordQUEEN_L1722", "sword", []int{6}, "D1 Advance 2", 0, 2, 4, 0},
	}
	lost := map[string]int{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := beachColumn(tt.beach)
			if err != nil {
				t.Fatal(err)
			}
			o, err := beachAssaultRolls(c, tt.rolls)
			if err != nil {
				t.Fatal(err)
			}
			if !o.Done || o.Final.String() != tt.result || o.AlliedSteps != tt.steps || o.Advance != tt.advance {
				t.Errorf("%+v, want %s, %d steps, advance %d", o, tt.result, tt.steps, tt.advance)
			}
			if !o.Final.StrongpointEliminated() {
				t.Error("the strongpoint survived")
			}
			if tt.ddRoll != 0 {
				if got := ddTankLoss(tt.ddRoll); got != tt.ddLoss {
					t.Errorf("DD roll %d: %d, want %d", tt.ddRoll, got, tt.ddLoss)
				}
				lost[tt.beach] += ddTankLoss(tt.ddRoll)
			}
			lost[tt.beach] += o.AlliedSteps
		})
	}
	// L1702: Omaha cost 4 infantry steps and 1 tank step; L1710: Gold 2;
	// L1718: Juno 4.
	for beach, want := range map[string]int{"omaha": 5, "gold": 2, "juno": 4, "sword": 0} {
		if lost[beach] != want {
			t.Errorf("%s lost %d steps, the example says %d", beach, lost[beach], want)
		}
	}
}

func TestBeach_BloodyOmaha_20_3_3(t *testing.T) {
	// One A1* is not the end: another roll is needed.
	o, err := beachAssaultRolls(BeachOmaha, []int{1})
	if err != nil || o.Done || o.AlliedSteps != 1 || o.Advance != 0 {
		t.Errorf("after A1*: %+v %v, want not done, 1 step", o, err)
	}
	// Two A1* then EX: three steps, Advance 1.
	o, err = beachAssaultRolls(BeachOmaha, []int{1, 1, 3})
	if err != nil || !o.Done || o.AlliedSteps != 3 || o.Advance != 1 {
		t.Errorf("A1*, A1*, EX: %+v %v, want 3 steps, advance 1", o, err)
	}
	// Without an A1* first, Advance 2 stands.
	o, _ = beachAssaultRolls(BeachOmaha, []int{6})
	if o.Advance != 2 {
		t.Errorf("Omaha 6 first: advance %d, want 2", o.Advance)
	}
	// No roll after the result.
	if _, err := beachAssaultRolls(BeachOmaha, []int{1, 6, 2}); !errors.Is(err, ErrAssaultOver) {
		t.Errorf("extra roll: %v, want ErrAssaultOver", err)
	}
	if o, err := beachAssaultRolls(BeachUtah, nil); err != nil || o.Done {
		t.Errorf("no rolls: %+v %v", o, err)
	}
}

func TestBeach_Rangers_20_3_4(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		if got := pointeDuHocFails(roll); got != (roll == 1) {
			t.Errorf("assault roll %d: fails %v", roll, got)
		}
		// L1396: 1-3 the 5th lands on Pointe du Hoc; P04 rolls 4: Omaha box.
		if got := fifthRangersLand(roll); got != (roll <= 3) {
			t.Errorf("5th Ranger roll %d: lands %v", roll, got)
		}
	}
}

// T8, seed L1964-1965: 1-3 "-1 wytrzym.", 4-6 "brak efektu".
func TestDDTanks_T8(t *testing.T) {
	show := func(n int) string {
		if n == 0 {
			return "brak efektu"
		}
		return fmt.Sprintf("-%d wytrzym.", n)
	}
	combattest.CheckTable(t, &ddTankTable, show, "-1 wytrzym.", "-1 wytrzym.", "-1 wytrzym.", "brak efektu", "brak efektu", "brak efektu")
	if ddTankLoss(3) != 1 || ddTankLoss(4) != 0 {
		t.Errorf("rolls 3 and 4: %d and %d, want 1 and 0", ddTankLoss(3), ddTankLoss(4))
	}
}

// T9 as the seed prints it, L1964-1969, columns Dw.82 | Dw.101 | Dw.6.
func TestScatter_T9_EveryCell(t *testing.T) {
	combattest.CheckTable(t, &scatterTable, ScatterResult.String,
		"S2 | S2 | S1", // L1964
		"S2 | S1 | S1", // L1965
		"S1 | S1 | S",  // L1966
		"S1 | S | -",   // L1967
		"S | - | -",    // L1968
		"- | - | -",    // L1969
	)
	if got := scatter(Scatter101, 2, false); got != ScatterS1 {
		t.Errorf("101st roll 2: %v, want S1", got)
	}
	if Scatter6.String() != "6th" || ScatterColumn(9).String() != "?" {
		t.Errorf("column names %q %q", Scatter6, ScatterColumn(9))
	}
}

// The legend, 20.2.2 (L1363-1365).
func TestScatter_Legend_20_2_2(t *testing.T) {
	tests := []struct {
		r         ScatterResult
		scattered bool
		steps     int
		repl      int
		recovery  int
	}{
		{ScatterNone, false, 0, 0, -1},
		{ScatterS, true, 0, 0, -1},
		{ScatterS1, true, 1, 1, -1},
		{ScatterS2, true, 2, 1, 1},
	}
	for _, tt := range tests {
		if tt.r.Scattered() != tt.scattered || tt.r.Steps() != tt.steps || tt.r.ReplBoxes() != tt.repl || tt.r.MaxRecovery() != tt.recovery {
			t.Errorf("%v: scattered %v steps %d repl %d recovery %d", tt.r,
				tt.r.Scattered(), tt.r.Steps(), tt.r.ReplBoxes(), tt.r.MaxRecovery())
		}
	}
}

// The scatter rolls of the example of play.
func TestScatter_Examples(t *testing.T) {
	tests := []struct {
		name      string
		formation string
		rolls     []int
		want      []string
		repl      int
	}{
		{"P01_82nd_20.2_L1660", "82-ab", []int{2, 5, 2}, []string{"S2", "S", "S2"}, 2},
		{"P02_101st_20.2_L1671", "101-ab", []int{2, 6, 1}, []string{"S1", "-", "S2"}, 2},
		{"P12_6th_20.2_L1728", "6-ab", []int{6, 3, 1}, []string{"-", "S", "S1"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := scatterColumn(tt.formation)
			if err != nil {
				t.Fatal(err)
			}
			repl := 0
			for i, roll := range tt.rolls {
				r := scatter(c, roll, false)
				if r.String() != tt.want[i] {
					t.Errorf("roll %d: %v, want %s", roll, r, tt.want[i])
				}
				repl += r.ReplBoxes()
			}
			if repl != tt.repl {
				t.Errorf("airborne Repl marker moves %d, want %d", repl, tt.repl)
			}
		})
	}
	if _, err := scatterColumn("91-ll"); !errors.Is(err, ErrNoDrop) {
		t.Errorf("91-ll: %v, want ErrNoDrop", err)
	}
}

// Gliders roll with +1 (20.2.4, L1970); a modified 7 reads the 6 row.
func TestScatter_Glider_20_2_4(t *testing.T) {
	tests := []struct {
		c    ScatterColumn
		roll int
		want ScatterResult
	}{
		{Scatter82, 1, ScatterS2},    // row 2
		{Scatter82, 2, ScatterS1},    // row 3
		{Scatter101, 3, ScatterS},    // row 4
		{Scatter101, 4, ScatterNone}, // row 5
		{Scatter82, 6, ScatterNone},  // 7 reads row 6
	}
	for _, tt := range tests {
		if got := scatter(tt.c, tt.roll, true); got != tt.want {
			t.Errorf("%v glider roll %d: %v, want %v", tt.c, tt.roll, got, tt.want)
		}
	}
}
