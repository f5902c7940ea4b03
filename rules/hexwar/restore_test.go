package hexwar

import (
	"strings"
	"testing"
)

// A snapshot of another scenario, edition, set of options or order of units
// is refused, naming what differs; one that shares them all is not.
func TestCheckRestore(t *testing.T) {
	want := Restored{Scenario: "s", Variant: "v", Options: []string{"a"}, Units: []string{"u1", "u2"}}
	if err := CheckRestore("g", want, want); err != nil {
		t.Fatalf("the game's own state: %v", err)
	}
	for _, c := range []struct {
		have Restored
		says string
	}{
		{Restored{Scenario: "t", Variant: "v", Options: []string{"a"}, Units: []string{"u1", "u2"}}, `scenario "t"`},
		{Restored{Scenario: "s", Variant: "w", Options: []string{"a"}, Units: []string{"u1", "u2"}}, `edition "w"`},
		{Restored{Scenario: "s", Variant: "v", Units: []string{"u1", "u2"}}, "options []"},
		{Restored{Scenario: "s", Variant: "v", Options: []string{"a"}, Units: []string{"u1"}}, "1 units"},
		{Restored{Scenario: "s", Variant: "v", Options: []string{"a"}, Units: []string{"u2", "u1"}}, `unit 1 is "u2"`},
	} {
		err := CheckRestore("g", c.have, want)
		if err == nil || !strings.Contains(err.Error(), c.says) || !strings.HasPrefix(err.Error(), "g: restore: ") {
			t.Errorf("%+v: %v; want it to say %s", c.have, err, c.says)
		}
	}
}
