package combat

import (
	"errors"
	"testing"
)

// The ladders of the series' three games, as their rulebooks give them.
var (
	// Normandy '44 10.4-10.6: 1-3 to 7-1, 18 points a side, no attack below
	// 1-3, automatic A1 below it after shifts.
	testLadder = Ladder{Lo: At(1, 3), Hi: At(7, 1), Cap: 18, Below: "A1", Rule: "10.6"}
	// Ardennes '44 14.5: the same columns, a virtual ladder below 1-3.
	virtualLadder = Ladder{Lo: At(1, 3), Hi: At(7, 1), Virtual: true, Below: "A1", Rule: "14.5"}
	// Salerno '43 8.4.5, 8.6: 20 points a side; 8-1 and 9-1 read 7-1, 10-1
	// and up is an immediate DS.
	topLadder = Ladder{Lo: At(1, 3), Hi: At(7, 1), Cap: 20, Below: "A1", Top: At(10, 1), TopCode: "DS", Rule: "8.6"}
)

func TestColumn_AtAndString(t *testing.T) {
	for _, c := range []struct {
		n, d int
		want string
		col  Column
	}{{1, 1, "1-1", 0}, {2, 1, "2-1", 1}, {10, 1, "10-1", 9}, {1, 2, "1-2", -1}, {1, 3, "1-3", -2}, {1, 5, "1-5", -4}} {
		if got := At(c.n, c.d); got != c.col || got.String() != c.want {
			t.Errorf("At(%d, %d) = %d %q, want %d %q", c.n, c.d, int(got), got, int(c.col), c.want)
		}
	}
}

// bruteRatio is "rounded in the defender's favour" written out: the highest
// column n-1 or 1-n whose ratio a:d reaches.
func bruteRatio(a, d int) Column {
	best := At(1, 1000)
	for n := 1000; n >= 2; n-- {
		if a*n >= d {
			best = At(1, n)
		}
	}
	for n := 1; n <= 1000; n++ {
		if a >= n*d {
			best = At(n, 1)
		}
	}
	return best
}

// The rounding examples: Normandy '44 10.5 (15:4 = 3-1, 11:12 = 1-2),
// Ardennes '44 14.4 (15:4 = 3-1, 4:15 = 1-4), Salerno '43 8.3 (7:2 = 3-1,
// 9:4 = 2-1, 6:4 = 1-1, 5:6 = 1-2), and every ratio up to 40:40.
func TestRatio_RoundsForTheDefender(t *testing.T) {
	for _, c := range []struct {
		a, d int
		want string
	}{{15, 4, "3-1"}, {11, 12, "1-2"}, {4, 15, "1-4"}, {7, 2, "3-1"}, {9, 4, "2-1"}, {6, 4, "1-1"}, {5, 6, "1-2"}} {
		if got := Ratio(c.a, c.d).String(); got != c.want {
			t.Errorf("%d:%d = %s, want %s", c.a, c.d, got, c.want)
		}
	}
	for a := 1; a <= 40; a++ {
		for d := 1; d <= 40; d++ {
			if got, want := Ratio(a, d), bruteRatio(a, d); got != want {
				t.Errorf("%d:%d = %v, brute force %v", a, d, got, want)
			}
		}
	}
}

func TestLadder_Odds(t *testing.T) {
	// Normandy '44 10.4 E10: against 10, 30 counts 18: 1-1.
	if c, err := testLadder.Odds(30, 10); err != nil || c != At(1, 1) {
		t.Errorf("30:10 capped: %v %v, want 1-1", c, err)
	}
	// 10.6: below 1-3 before shifts is no attack, nor is an attack of 0.
	for _, c := range [][2]int{{1, 4}, {0, 3}} {
		if _, err := testLadder.Odds(c[0], c[1]); !errors.Is(err, ErrOddsTooLow) {
			t.Errorf("%d:%d: %v, want ErrOddsTooLow", c[0], c[1], err)
		}
	}
	for _, c := range [][2]int{{5, 0}, {-2, 5}} {
		if _, err := testLadder.Odds(c[0], c[1]); !errors.Is(err, ErrStrength) {
			t.Errorf("%d:%d: %v, want ErrStrength", c[0], c[1], err)
		}
	}
	// Ardennes '44 14.5: 4:15 is an attack at 1-4; there is no cap.
	if c, err := virtualLadder.Odds(4, 15); err != nil || c.String() != "1-4" {
		t.Errorf("virtual 4:15: %v %v, want 1-4", c, err)
	}
	if c, err := virtualLadder.Odds(40, 2); err != nil || c.String() != "20-1" {
		t.Errorf("virtual 40:2: %v %v, want 20-1 uncapped", c, err)
	}
	// Salerno '43 8.4.5: against 11, the best odds are 20:11, 1-1.
	if c, err := topLadder.Odds(28, 11); err != nil || c != At(1, 1) {
		t.Errorf("28:11 capped at 20: %v %v, want 1-1", c, err)
	}
}

// floorLadder is Salerno '43's: below 1-3 reads 1-3 (8.6.1, A-07).
var floorLadder = Ladder{Lo: At(1, 3), Hi: At(7, 1), Cap: 20, Virtual: true, Floor: true, Top: At(10, 1), TopCode: "DS", Rule: "8.6"}

func TestLadder_FinalAppliesTheLimitsAfterTheShifts(t *testing.T) {
	for _, c := range []struct {
		l     *Ladder
		raw   Column
		shift int
		want  string
		auto  ResultCode
	}{
		{&testLadder, At(10, 1), -2, "7-1", ""},   // Normandy '44 E12: 10-1 with 2L is 8-1, read 7-1
		{&testLadder, At(1, 2), -2, "<1-3", "A1"}, // E12: below 1-3, automatic A1
		{&testLadder, At(4, 1), -3, "1-1", ""},    // E27: 4-1 with Jabos 3L
		{&virtualLadder, At(1, 5), 3, "1-2", ""},  // Ardennes '44 14.5: shifts from the virtual 1-5
		{&virtualLadder, At(1, 4), 0, "<1-3", "A1"},
		{&topLadder, At(8, 1), -1, "7-1", ""}, // Salerno '43 8.6.2
		{&topLadder, At(7, 1), 1, "7-1", ""},
		{&topLadder, At(8, 1), 2, "10-1", "DS"}, // 8.6.2: 16:2 with 2R is 10-1, DS
		{&floorLadder, At(1, 3), -2, "1-3", ""}, // Salerno '43 8.6.1, A-07: nothing below 1-3
		{&floorLadder, At(1, 2), -1, "1-3", ""},
	} {
		got := c.l.Final(c.raw, c.shift)
		if s := c.l.Label(got); s != c.want {
			t.Errorf("%v %+d on %s: %s, want %s", c.raw, c.shift, c.l.Rule, s, c.want)
		}
		if code, _ := c.l.Automatic(got); code != c.auto {
			t.Errorf("%v %+d on %s: automatic %q, want %q", c.raw, c.shift, c.l.Rule, code, c.auto)
		}
	}
	if !testLadder.Limited(At(10, 1), -2) || testLadder.Limited(At(7, 1), 0) || topLadder.Limited(At(8, 1), 2) {
		t.Error("Limited: only odds past 7-1 that read 7-1 are limited")
	}
}

// Final is monotonic in the odds and the shift, lands exactly while the sum
// stays on the ladder, and never leaves the ladder's columns.
func TestLadder_FinalMonotonicAndBounded(t *testing.T) {
	l := &testLadder
	for c := l.Lo; c <= l.Hi+11; c++ {
		prev := l.Lo - 1
		for s := -15; s <= 15; s++ {
			got := l.Final(c, s)
			if got < l.Lo-1 || got > l.Hi {
				t.Fatalf("Final(%v, %d) = %d, off the ladder", c, s, got)
			}
			if got < prev || (c > l.Lo && l.Final(c-1, s) > got) {
				t.Errorf("Final(%v, %d) = %v is not monotonic", c, s, got)
			}
			prev = got
			if sum := c + Column(s); sum >= l.Lo && sum <= l.Hi && got != sum {
				t.Errorf("Final(%v, %d) = %v, want %v", c, s, got, sum)
			}
		}
	}
}
