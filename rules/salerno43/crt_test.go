package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// 10.1, 14.2.1: DS advances 4 mechanized / 2 non-mechanized, DR4 and D1
// 3 / 2, the others 2; out of supply at most 2 (16.4), ½ Eff at most 1
// (5.7).
func TestAdvanceLengths_10_1_14_2_1(t *testing.T) {
	crt := avalanche(t).Chart.CRT
	for _, c := range []struct {
		code               combat.ResultCode
		mech, oos, halfEff bool
		want               int
	}{
		{"DS", true, false, false, 4}, {"DS", false, false, false, 2},
		{"DR4", true, false, false, 3}, {"D1", true, false, false, 3}, {"D1", false, false, false, 2},
		{"A1/D1", true, false, false, 2}, {"DRX", true, false, false, 2},
		{"DS", true, true, false, 2}, {"DS", true, false, true, 1},
	} {
		r, _ := crt.Result(c.code)
		if got := advanceLength(r, c.mech, c.oos, c.halfEff); got != c.want {
			t.Errorf("%s mech=%v oos=%v halfEff=%v: %d, want %d", c.code, c.mech, c.oos, c.halfEff, got, c.want)
		}
	}
}

// EX-06 (8.3, L404-406), EX-08/EX-10 (8.4.5), EX-11 (8.6.2): the ladder.
func TestOdds_EX06_EX10_EX11_8_3(t *testing.T) {
	for _, c := range []struct {
		a, d int
		want string
	}{{7, 2, "3-1"}, {9, 4, "2-1"}, {6, 4, "1-1"}, {5, 6, "1-2"}, {ladder.Capped(24), 11, "1-1"}} {
		col, err := ladder.Odds(c.a, c.d)
		if err != nil || ladder.Label(col) != c.want {
			t.Errorf("%d:%d = %s (%v), want %s", c.a, c.d, ladder.Label(col), err, c.want)
		}
	}
	if got := ladder.Capped(28); got != 20 {
		t.Errorf("EX-08: two 5-7-3 on a hill defend 28, capped %d, want 20", got)
	}
	if got := ladder.Final(combat.At(8, 1), -1); ladder.Label(got) != "7-1" {
		t.Errorf("EX-11: 8-1 with a left shift = %s, want 7-1", ladder.Label(got))
	}
	if got := ladder.Final(combat.At(7, 1), 1); ladder.Label(got) != "7-1" {
		t.Errorf("EX-11: 7-1 with a right shift = %s, want 7-1", ladder.Label(got))
	}
	if code, ok := ladder.Automatic(ladder.Final(combat.At(8, 1), 2)); !ok || code != "DS" {
		t.Errorf("8.7 example: 8-1 with two right shifts is 10-1, DS; got %s %v", code, ok)
	}
}

// 10.1: a DS advances a mechanized unit 4 hexes; the combat grammar takes
// an advance that long.
func TestAdvanceOfFourHexes_10_1(t *testing.T) {
	if _, err := grammar.Parse("advance 2pz/16 3013 2912 2911 2910"); err != nil {
		t.Fatalf("10.1: a 4-hex advance: %v", err)
	}
	if _, err := grammar.Parse("advance 2pz/16 3013 2912 2911 2910 2909"); err == nil {
		t.Fatal("no result advances 5 hexes")
	}
}
