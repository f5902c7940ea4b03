package hexwar

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// twoPerHex is a test limit: two units a hex.
func twoPerHex(units []int, join int) *rules.Refusal {
	n := len(units)
	if join >= 0 && !slices.Contains(units, join) {
		n++
	}
	if n > 2 {
		return &rules.Refusal{Rule: "S-2", Reason: "would hold more than 2 units"}
	}
	return nil
}

// TestOverstacked: the hexes over the limit are listed per side, in hex
// order (N44 7.2, A44 8.3, S43 4.4).
func TestOverstacked(t *testing.T) {
	b := testMap{}.board(t)
	p := pos(b, "allied 0505", "allied 0505", "allied 0505", "german 0202", "german 0202", "german 0202",
		"allied 0303", "allied 0303", "allied 0101", "allied 0101", "allied 0101", "allied")
	var got []string
	for _, a := range Overstacked(p, Allied, twoPerHex) {
		got = append(got, b.ID(a))
	}
	if !slices.Equal(got, []string{"0101", "0505"}) {
		t.Errorf("overstacked %v, want 0101 0505 in hex order, and no German hex", got)
	}
}

// TestExcess: the owner reduces the first hex over the limit, in hex order,
// picking among all its units (N44 7.2); none when every hex is within it.
func TestExcess(t *testing.T) {
	b := testMap{}.board(t)
	p := pos(b, "allied 0505", "allied 0505", "allied 0505", "allied 0101", "allied 0101", "allied 0101", "german 0202")
	a, units, ok := Excess(p, Allied, twoPerHex)
	if !ok || b.ID(a) != "0101" || !slices.Equal(units, []int{3, 4, 5}) {
		t.Errorf("excess %s %v %v, want 0101 and its units 3, 4, 5", b.ID(a), units, ok)
	}
	if _, _, ok := Excess(p, German, twoPerHex); ok {
		t.Error("a German hex within the limit is over it")
	}
}

// TestStackRefusal: a unit may not end a move where the stack would be over
// the limit; the refusal names the rule and the hex, and the unit's own hex
// counts it once.
func TestStackRefusal(t *testing.T) {
	err := StackRefusal([]int{1, 2}, 3, "0404", twoPerHex)
	var r *rules.Refusal
	if !errors.As(err, &r) || r.Rule != "S-2" || r.Reason != "0404 would hold more than 2 units" {
		t.Errorf("%v, want S-2: 0404 would hold more than 2 units", err)
	}
	if err := StackRefusal([]int{1, 3}, 3, "0404", twoPerHex); err != nil {
		t.Errorf("a unit already in the hex counted twice: %v", err)
	}
}
