package normandy44

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// Snapshot implements rules.Snapshotter: the state as the JSON that Hash
// digests, which holds the whole game (state.go: everything else in Game is
// fixed by the scenario and the options, or a cache).
func (g *Game) Snapshot() ([]byte, error) {
	return json.Marshal(g.s)
}

// Restore implements rules.Snapshotter: it returns a game of g's scenario and
// options in the state the snapshot holds. It refuses a snapshot of another
// scenario, other options or other units, or one that is not a state at all;
// the caller's hash check settles the rest.
func (g *Game) Restore(snapshot []byte) (rules.Game, error) {
	var s state
	if err := rules.DecodeState(snapshot, &s); err != nil {
		return nil, fmt.Errorf("normandy44: restore: %w", err)
	}
	switch {
	case s.Scenario != g.s.Scenario:
		return nil, fmt.Errorf("normandy44: restore: a state of scenario %q, not %q", s.Scenario, g.s.Scenario)
	case s.Variant != g.s.Variant:
		return nil, fmt.Errorf("normandy44: restore: a state of edition %q, not %q", s.Variant, g.s.Variant)
	case !slices.Equal(s.Options, g.s.Options):
		return nil, fmt.Errorf("normandy44: restore: a state with options %v, not %v", s.Options, g.s.Options)
	case len(s.Units) != len(g.s.Units):
		return nil, fmt.Errorf("normandy44: restore: %d units; the scenario has %d", len(s.Units), len(g.s.Units))
	}
	for i := range s.Units {
		if s.Units[i].ID != g.s.Units[i].ID {
			return nil, fmt.Errorf("normandy44: restore: unit %d is %q; the scenario's is %q", i+1, s.Units[i].ID, g.s.Units[i].ID)
		}
	}
	// The scenario, board, supply map, options and owners are g's, shared
	// read-only as Clone shares them; the caches start empty.
	c := *g
	c.s = s
	c.cur = nil
	c.hqLines = nil
	c.hasher = new(rules.StateHasher)
	c.moves = nil
	c.ctxs = nil
	c.places = nil
	c.traces = nil
	return &c, nil
}
