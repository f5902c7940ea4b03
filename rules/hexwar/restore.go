package hexwar

import (
	"fmt"
	"slices"
)

// Restored is what a snapshot's state must share with the game it is
// restored into (rules.Snapshotter): the scenario, the edition, the
// options, and the units in the scenario's order. A snapshot that differs
// in any is another game's; the caller's hash check settles the rest.
type Restored struct {
	Scenario, Variant string
	Options           []string
	Units             []string
}

// CheckRestore refuses a snapshot's state have for the game whose state is
// want, saying in game's name what differs.
func CheckRestore(game string, have, want Restored) error {
	switch {
	case have.Scenario != want.Scenario:
		return fmt.Errorf("%s: restore: a state of scenario %q, not %q", game, have.Scenario, want.Scenario)
	case have.Variant != want.Variant:
		return fmt.Errorf("%s: restore: a state of edition %q, not %q", game, have.Variant, want.Variant)
	case !slices.Equal(have.Options, want.Options):
		return fmt.Errorf("%s: restore: a state with options %v, not %v", game, have.Options, want.Options)
	case len(have.Units) != len(want.Units):
		return fmt.Errorf("%s: restore: %d units; the scenario has %d", game, len(have.Units), len(want.Units))
	}
	for i := range have.Units {
		if have.Units[i] != want.Units[i] {
			return fmt.Errorf("%s: restore: unit %d is %q; the scenario's is %q", game, i+1, have.Units[i], want.Units[i])
		}
	}
	return nil
}
