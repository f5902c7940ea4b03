package combat

import (
	"slices"
	"testing"
)

// testIn is a declared combat of a game of our own making: the columns its
// shifts give, and the units that earn the armor shift.
type testIn struct {
	armor   []string
	air     int
	jabos   int
	hilltop bool
}

var testShifts = Shifts[testIn]{
	{Source: "armor", For: ForAttacker, Min: 1, Max: 1, Rule: "A.1", Reason: "armor superiority",
		Compute: func(in testIn) (int, []string) { return min(len(in.armor), 1), in.armor }},
	{Source: "air", For: ForAttacker, Min: 1, Max: 2, Rule: "A.2", Reason: "air support",
		Compute: func(in testIn) (int, []string) { return in.air, nil }},
	{Source: "hilltop", For: ForDefender, Min: 1, Max: 1, Rule: "D.1", Reason: "hilltop",
		Compute: func(in testIn) (int, []string) {
			if in.hilltop {
				return 1, nil
			}
			return 0, nil
		}},
	{Source: "jabos", For: ForDefender, Min: 1, Max: 3, Rule: "D.2", Reason: "Jabos",
		Compute: func(in testIn) (int, []string) { return in.jabos, nil }},
}

func sources(ss []Shift) []ShiftSource {
	var out []ShiftSource
	for _, s := range ss {
		out = append(out, s.Source)
	}
	return out
}

func TestShifts_ApplyInCardOrder(t *testing.T) {
	got := testShifts.Apply(testIn{armor: []string{"t1", "t2"}, air: 2, jabos: 3, hilltop: true})
	if want := []ShiftSource{"armor", "air", "hilltop", "jabos"}; !slices.Equal(sources(got), want) {
		t.Fatalf("shifts %v, want %v", sources(got), want)
	}
	if Net(got) != 1+2-1-3 {
		t.Errorf("net %d, want -1", Net(got))
	}
	if !slices.Equal(Providers(got), []string{"t1", "t2"}) {
		t.Errorf("providers %v", Providers(got))
	}
	if got[0].String() != "1R armor superiority (A.1)" || got[3].String() != "3L Jabos (D.2)" {
		t.Errorf("narration %q, %q", got[0], got[3])
	}
	if got := testShifts.Apply(testIn{}); len(got) != 0 {
		t.Errorf("no shift earned: %v", got)
	}
	if s := testShifts.Make("jabos", 2); s.Signed() != -2 || s.Reason != "Jabos" {
		t.Errorf("Make: %+v", s)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a source off the card did not panic")
			}
		}()
		testShifts.Make("rain", 1)
	}()
}

// Odds keep every step: capped strengths, raw and final columns, the limits
// named when they apply.
func TestLadder_Compute(t *testing.T) {
	o, err := testLadder.Compute(24, 2, testShifts.Apply(testIn{hilltop: true}))
	if err != nil {
		t.Fatal(err)
	}
	if o.Attack != 18 || o.RawAttack != 24 || o.Raw.String() != "9-1" || o.Final.String() != "7-1" || !o.Limited() {
		t.Errorf("24:2 with 1L: %+v", o)
	}
	if got, want := o.String(), "18:2 = 9-1, 1L hilltop (D.1) → 7-1 (7-1 limit, 10.6)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	o, _ = testLadder.Compute(4, 8, testShifts.Apply(testIn{jabos: 3}))
	if code, auto := o.Automatic(); !auto || code != "A1" || o.Column() != "<1-3" {
		t.Errorf("1-2 with 3L: %v %v %s", code, auto, o.Column())
	}
	if got, want := o.String(), "4:8 = 1-2, 3L Jabos (D.2) → <1-3 (automatic A1, 10.6)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if _, err := testLadder.Compute(1, 8, nil); err == nil {
		t.Error("1-8 on a ladder that refuses odds below 1-3")
	}
	if Halve(5) != 3 || Halve(1) != 1 || Halve(4) != 2 {
		t.Error("halving rounds up")
	}
}
