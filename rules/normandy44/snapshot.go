package normandy44

import (
	"encoding/json"
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
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
	if err := hexwar.CheckRestore("normandy44", restoreKey(&s), restoreKey(&g.s)); err != nil {
		return nil, err
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
	c.places = hexwar.Places{}
	c.traces = nil
	return &c, nil
}

// restoreKey is what a snapshot must share with the game (hexwar.CheckRestore).
func restoreKey(s *state) hexwar.Restored {
	ids := make([]string, len(s.Units))
	for i, u := range s.Units {
		ids[i] = u.ID
	}
	return hexwar.Restored{Scenario: s.Scenario, Variant: s.Variant, Options: s.Options, Units: ids}
}
