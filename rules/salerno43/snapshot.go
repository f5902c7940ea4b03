package salerno43

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// Snapshot implements rules.Snapshotter: the state's JSON, all that Hash
// covers.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }

// Restore implements rules.Snapshotter: a game of g's scenario in the state
// the snapshot holds. It refuses a snapshot of another scenario or other
// units, or one that is not a state at all; the caller's hash check settles
// the rest.
func (g *Game) Restore(snapshot []byte) (rules.Game, error) {
	var s state
	if err := rules.DecodeState(snapshot, &s); err != nil {
		return nil, fmt.Errorf("salerno43: restore: %w", err)
	}
	switch {
	case s.Scenario != g.s.Scenario:
		return nil, fmt.Errorf("salerno43: restore: a state of scenario %q, not %q", s.Scenario, g.s.Scenario)
	case !slices.Equal(s.Options, g.s.Options):
		return nil, fmt.Errorf("salerno43: restore: a state with options %v, not %v", s.Options, g.s.Options)
	case len(s.Units) != len(g.s.Units):
		return nil, fmt.Errorf("salerno43: restore: %d units; the scenario has %d", len(s.Units), len(g.s.Units))
	}
	for i := range s.Units {
		if s.Units[i].ID != g.s.Units[i].ID {
			return nil, fmt.Errorf("salerno43: restore: unit %d is %q; the scenario's is %q", i+1, s.Units[i].ID, g.s.Units[i].ID)
		}
	}
	// The scenario, board, options and rules version are g's, shared read-only as
	// Clone shares them; the combat is rebuilt from the state when asked for.
	return &Game{sc: g.sc, b: g.b, s: s, opt: g.opt}, nil
}
