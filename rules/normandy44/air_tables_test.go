package normandy44

import (
	"strconv"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat/combattest"
)

// T10, seed L2178-2183: "-", "-", "-", "1", "2", "3" left shifts.
func TestJabos_T10(t *testing.T) {
	show := func(n int) string {
		if n == 0 {
			return "-"
		}
		return strconv.Itoa(n)
	}
	combattest.CheckTable(t, &jabosTable, show, "-", "-", "-", "1", "2", "3")
	want := [6]int{0, 0, 0, 1, 2, 3}
	for roll := 1; roll <= 6; roll++ {
		s, ok := jabosShift(roll)
		if ok != (want[roll-1] > 0) || (ok && s.Signed() != -want[roll-1]) {
			t.Errorf("roll %d: shift %v %v", roll, s, ok)
		}
	}
}

// E27 (19.1.3, L1314): a declared 4-1 with Jabos 6 is fought on 1-1.
func TestJabos_E27_19_1_3(t *testing.T) {
	s, ok := jabosShift(6)
	if !ok {
		t.Fatal("Jabos 6 had no effect")
	}
	if got := shiftColumn(Col4to1, netShift([]Shift{s})); got != Col1to1 {
		t.Errorf("4-1 after Jabos 6: %v, want 1-1", got)
	}
}

// T11, seed L2189-2196, with the DRMs of 19.1.5 (L1318-1321).
func TestStrafe_T11(t *testing.T) {
	tests := []struct {
		name string
		roll int
		m    StrafeMods
		want int
	}{
		{"1", 1, StrafeMods{}, 0},
		{"5", 5, StrafeMods{}, 0},
		{"6", 6, StrafeMods{}, 1},
		{"6 next to 88 Flak", 6, StrafeMods{Flak88: true}, 0},
		{"5 marked SM", 5, StrafeMods{StrategicMove: true}, 1},
		{"6 marked SM (7)", 6, StrafeMods{StrategicMove: true}, 1},
		{"6 with both", 6, StrafeMods{Flak88: true, StrategicMove: true}, 1},
		{"5 with both", 5, StrafeMods{Flak88: true, StrategicMove: true}, 0},
	}
	for _, tt := range tests {
		if got := strafe(tt.roll, tt.m); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// 19.1.2 (L1308) and 19.1.4 (L1316): one marker per combat or strafed hex
// before turn 17, two from turn 17.
func TestAir_MarkersPerCombat_19_1(t *testing.T) {
	for turn, want := range map[int]int{1: 1, 2: 1, 16: 1, 17: 2, 22: 2} {
		if got := airMarkersPerCombat(turn); got != want {
			t.Errorf("turn %d: %d, want %d", turn, got, want)
		}
	}
	if r, _ := shiftRule(ShiftAir); airMarkersPerCombat(17) != r.Max {
		t.Errorf("the card's air maximum %d disagrees with 19.1.2", r.Max)
	}
}
