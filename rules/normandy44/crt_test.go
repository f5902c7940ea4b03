package normandy44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat/combattest"
)

// T1 as the seed prints it, L2091-2096, columns 1-3 ... 7-1+.
func TestCRT_T1_EveryCell(t *testing.T) {
	combattest.CheckTable(t, &crtTable, ResultCode.String,
		"A1 | A1 | A1 | A1 | A1/DR | EX | DR | DR | A1/D1",    // L2091
		"A1 | A1 | A1 | A1/DR | EX | DR | DR | A1/D1 | D1",    // L2092
		"A1 | A1 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1",    // L2093
		"A1 | A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2", // L2094
		"A1/DR | EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | DH", // L2095
		"EX | DR | DR | A1/D1 | D1 | D1 | A1/D2 | DH | DH",    // L2096
	)
	// The headings are the columns' odds; the last reads "7-1+".
	for c := Col1to3; c <= Col7to1; c++ {
		if got := strings.TrimSuffix(crtTable.Column(int(c-Col1to3)), "+"); got != c.String() {
			t.Errorf("heading of %v: %q", c, crtTable.Column(int(c-Col1to3)))
		}
	}
}

// The digest's consistency check of T1: the table is one diagonal sequence.
func TestCRT_T1_Diagonal(t *testing.T) {
	seq := []string{"A1", "A1/DR", "EX", "DR", "DR", "A1/D1", "D1", "D1", "A1/D2", "DH", "DH"}
	for roll := 1; roll <= 6; roll++ {
		for c := Col1to3; c <= Col7to1; c++ {
			if got, want := crt(c, roll).String(), seq[max(0, roll+int(c-Col1to3)-4)]; got != want {
				t.Errorf("roll %d, %v: %s, diagonal gives %s", roll, c, got, want)
			}
		}
	}
}

// Every legend entry (12.1, seed L839-857) with its effects, written from the
// legend's text.
func TestCRT_Legend_12_1(t *testing.T) {
	tests := []struct {
		name string
		code ResultCode
		want Result
	}{
		{"DH L839", ResDH, Result{DefenderHalf: true, Retreat: 4, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2, Tags: TagReserve}},
		{"A1/D2 L843", ResA1D2, Result{AttackerSteps: 1, DefenderSteps: 2, Retreat: 4, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2, Tags: TagReserve, OpponentChooses: true, SparedByOneStep: true}},
		{"D1 L845", ResD1, Result{DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2}},
		{"DR L847", ResDR, Result{Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2}},
		{"A1/D1 L849", ResA1D1, Result{AttackerSteps: 1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2}},
		{"EX L851-853", ResEX, Result{AttackerSteps: 1, DefenderSteps: 1, Advance: LimitedIfWiped, OpponentChooses: true}},
		{"A1/DR L855", ResA1DR, Result{AttackerSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: AdvanceIfVacated, Reach: 2}},
		{"A1 L857", ResA1, Result{AttackerSteps: 1}},
		{"A2/D1 L1392", ResA2D1, Result{AttackerSteps: 2, DefenderSteps: 1}},
	}
	seen := map[ResultCode]bool{}
	for _, tt := range tests {
		tt.want.Code = tt.code
		if got := legend(tt.code); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		seen[tt.code] = true
	}
	if err := crtT1.Check(); err != nil {
		t.Error(err)
	}
	// Every code that T1 uses is in the legend.
	for _, row := range crtTable.Rows {
		for _, code := range row {
			if !seen[code] {
				t.Errorf("T1 uses %v, which the legend test does not cover", code)
			}
		}
	}
}

func TestCRT_Losses_12_1(t *testing.T) {
	dh, a1d2, ex := legend(ResDH), legend(ResA1D2), legend(ResEX)
	// E17 (L841): DH on a 3-step unit costs 2 steps.
	if got := dh.DefenderLoss(3); got != 2 {
		t.Errorf("E17 DH on 3 steps: %d, want 2", got)
	}
	for steps, want := range map[int]int{1: 1, 2: 1, 4: 2, 5: 3} {
		if got := dh.DefenderLoss(steps); got != want {
			t.Errorf("DH on %d steps: %d, want %d", steps, got, want)
		}
	}
	// P15 (L1778): A1/D2 against a single step: the defender loses it, the
	// attacker loses nothing.
	if got := a1d2.DefenderLoss(1); got != 1 {
		t.Errorf("P15 A1/D2 defender on 1 step: %d, want 1", got)
	}
	if got := a1d2.AttackerLoss(1); got != 0 {
		t.Errorf("P15 A1/D2 attacker against 1 step: %d, want 0", got)
	}
	if got := a1d2.AttackerLoss(2); got != 1 {
		t.Errorf("A1/D2 attacker against 2 steps: %d, want 1", got)
	}
	if got := a1d2.DefenderLoss(5); got != 2 {
		t.Errorf("A1/D2 defender on 5 steps: %d, want 2", got)
	}
	// EX against one step still costs the attacker its step (L851).
	if got := ex.AttackerLoss(1); got != 1 {
		t.Errorf("EX attacker against 1 step: %d, want 1", got)
	}
}

func TestCRT_Limits_10_6(t *testing.T) {
	// Below 1-3 after shifts: automatic A1 whatever the die, even none.
	for _, roll := range []int{0, 1, 6} {
		if got := crt(BelowCRT, roll); got.Code != ResA1 {
			t.Errorf("below 1-3, roll %d: %v, want A1", roll, got)
		}
	}
	if !automatic(BelowCRT) || automatic(Col1to3) || automatic(Col7to1+5) {
		t.Error("only the column below 1-3 is automatic")
	}
	if got := ladder.Label(BelowCRT); got != "<1-3" {
		t.Errorf("the automatic column reads %q, want <1-3", got)
	}
	// Raw odds above 7-1 read the 7-1 column.
	for roll := 1; roll <= 6; roll++ {
		if got, want := crt(Col7to1+5, roll), crt(Col7to1, roll); got != want {
			t.Errorf("12-1, roll %d: %v, want the 7-1 cell %v", roll, got, want)
		}
	}
}

func TestCRT_BadRollPanics(t *testing.T) {
	for _, roll := range []int{0, 7, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("roll %d did not panic", roll)
				}
			}()
			crt(Col3to1, roll)
		}()
	}
}

// 10.6: odds below 1-3 before shifts are no attack; 1:3 is exactly 1-3.
func TestOdds_Errors_10_6(t *testing.T) {
	for _, c := range [][2]int{{1, 4}, {0, 3}, {5, 19}} {
		if _, err := oddsColumn(c[0], c[1]); !errors.Is(err, ErrOddsTooLow) {
			t.Errorf("%d:%d: %v, want ErrOddsTooLow", c[0], c[1], err)
		}
	}
	if c, err := oddsColumn(1, 3); err != nil || c != Col1to3 {
		t.Errorf("1:3: %v %v, want 1-3", c, err)
	}
	// 10.4: each side counts 18 at most, so 6:40 is 6:18, 1-3.
	if c, err := oddsColumn(6, 40); err != nil || c != Col1to3 {
		t.Errorf("6:40: %v %v, want 1-3 after the cap", c, err)
	}
	names := map[Column]string{Col1to3: "1-3", Col1to2: "1-2", Col1to1: "1-1", Col2to1: "2-1", Col7to1: "7-1", Col7to1 + 3: "10-1"}
	for c, s := range names {
		if c.String() != s {
			t.Errorf("Column(%d) = %q, want %q", int(c), c, s)
		}
	}
}

// The combat examples of the rulebook: odds, the shifts named, the column
// and, where a die is given, the result.
func TestOddsCRT_Examples(t *testing.T) {
	sh := shift
	tests := []struct {
		name     string
		att, def int
		odds     string
		shifts   []Shift
		column   string
		roll     int // 0: no die in the example
		result   string
	}{
		{"E10_10.4_L697", 30, 10, "1-1", nil, "1-1", 0, ""},
		{"E11_10.5_L705_a", 15, 4, "3-1", nil, "3-1", 0, ""},
		{"E11_10.5_L705_b", 11, 12, "1-2", nil, "1-2", 0, ""},
		{"E12_10.6_L715", 10, 1, "10-1", []Shift{sh(ShiftRiver, 1), sh(ShiftHilltop, 1)}, "7-1", 0, ""},
		{"E12_10.6_autoA1", 6, 12, "1-2", []Shift{sh(ShiftRiver, 1), sh(ShiftHilltop, 1)}, "<1-3", 4, "A1"},
		{"E13_10.3_11.4_L723", 19, 8, "2-1", []Shift{sh(ShiftArmorAttacker, 1)}, "3-1", 0, ""},
		{"E16_11.3_L780", 14, 17, "1-2", []Shift{sh(ShiftRiver, 1)}, "1-3", 0, ""},
		{"E24_16.2_L1113", 9, 2, "4-1", []Shift{sh(ShiftQualityAttacker, 1), sh(ShiftNaval, 1)}, "6-1", 0, ""},
		{"E27_19.1.3_L1314", 8, 2, "4-1", []Shift{sh(ShiftJabos, 3)}, "1-1", 0, ""},
		{"P14_10.5_L1772", 12, 4, "3-1", []Shift{sh(ShiftHQArtillery, 1), sh(ShiftArmorAttacker, 1)}, "5-1", 5, "D1"},
		{"P15_12.1_L1778", 12, 2, "6-1", []Shift{sh(ShiftArmorAttacker, 1)}, "7-1", 4, "A1/D2"},
		{"P16_15.3_L1784", 12, 9, "1-1", []Shift{sh(ShiftArmorAttacker, 1)}, "2-1", 3, "EX"},
		{"P18_CombatA_11.5_L1796", 8, 4, "2-1", []Shift{sh(ShiftQualityAttacker, 1)}, "3-1", 6, "D1"},
		{"P19_CombatB_11.4_L1802", 7, 4, "1-1", []Shift{sh(ShiftArmorAttacker, 1)}, "2-1", 4, "DR"},
		{"P20_CombatC_16.2_L1804", 7, 2, "3-1", []Shift{sh(ShiftQualityAttacker, 1)}, "4-1", 5, "D1"},
		{"P21_CombatD_19.2_L1810", 9, 9, "1-1", []Shift{sh(ShiftNaval, 1)}, "2-1", 5, "DR"},
		{"P22_CombatE_12.2.1_L1820", 11, 8, "1-1", []Shift{sh(ShiftNaval, 1)}, "2-1", 1, "A1"},
		{"P23_CombatF_11.2_L1828", 12, 4, "3-1", []Shift{sh(ShiftArmorAttacker, 1)}, "4-1", 3, "DR"},
		{"P24_CombatG_12.2.1_L1830", 7, 6, "1-1", []Shift{sh(ShiftNaval, 1), sh(ShiftArmorAttacker, 1)}, "3-1", 5, "A1/D1"},
		{"P25_CombatH_11.4.3_L1832", 12, 7, "1-1", []Shift{sh(ShiftNaval, 1)}, "2-1", 4, "DR"},
		{"P26_CombatI_6.5.2_L1844", 8, 2, "4-1", nil, "4-1", 6, "D1"},
		{"P27_CombatJ_10.3_L1846", 14, 10, "1-1", nil, "1-1", 3, "A1/DR"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			odds, err := oddsColumn(tt.att, tt.def)
			if err != nil {
				t.Fatalf("%d:%d: %v", tt.att, tt.def, err)
			}
			if odds.String() != tt.odds {
				t.Errorf("%d:%d = %v, want %s", tt.att, tt.def, odds, tt.odds)
			}
			col := shiftColumn(odds, netShift(tt.shifts))
			if ladder.Label(col) != tt.column {
				t.Errorf("%v with %v = %v, want %s", odds, tt.shifts, col, tt.column)
			}
			if tt.roll != 0 {
				if got := crt(col, tt.roll).String(); got != tt.result {
					t.Errorf("%v, roll %d: %s, want %s", col, tt.roll, got, tt.result)
				}
			}
		})
	}
}

// E09 (10.4, L695): two 7s and a 3 in a City (+5) defend with 22, counted 18.
func TestOdds_E09_DefenderCap_10_4(t *testing.T) {
	if got := capStrength(7 + 7 + 3 + 5); got != 18 {
		t.Errorf("22 capped = %d, want 18", got)
	}
	// 24 points attacking across a river count 12, under the cap: the cap
	// applies after halving (L693).
	sum := 0
	for _, s := range []int{6, 6, 6, 6} {
		sum += halveStrength(s)
	}
	if got := capStrength(sum); got != 12 {
		t.Errorf("24 halved = %d, want 12", got)
	}
}
