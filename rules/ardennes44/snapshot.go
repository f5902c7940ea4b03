package ardennes44

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// Snapshot implements rules.Snapshotter: the state as the JSON that Hash
// digests, which holds the whole game (state.go: everything else in Game is
// fixed by the scenario and the options, or a cache).
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.s) }

// Restore implements rules.Snapshotter: a game of g's scenario and options
// in the state the snapshot holds. It refuses a snapshot of another
// scenario, other options or other units (option 32 adds the fuel dump
// counter), or bytes that are not a state at all; the caller's hash check
// settles the rest.
func (g *Game) Restore(snapshot []byte) (rules.Game, error) {
	var s state
	if err := rules.DecodeState(snapshot, &s); err != nil {
		return nil, fmt.Errorf("ardennes44: restore: %w", err)
	}
	switch {
	case s.Scenario != g.s.Scenario:
		return nil, fmt.Errorf("ardennes44: restore: a state of scenario %q, not %q", s.Scenario, g.s.Scenario)
	case !slices.Equal(s.Options, g.s.Options):
		return nil, fmt.Errorf("ardennes44: restore: a state with options %v, not %v", s.Options, g.s.Options)
	case len(s.Units) != len(g.s.Units):
		return nil, fmt.Errorf("ardennes44: restore: %d units; the scenario has %d", len(s.Units), len(g.s.Units))
	}
	for i := range s.Units {
		if s.Units[i].ID != g.s.Units[i].ID {
			return nil, fmt.Errorf("ardennes44: restore: unit %d is %q; the scenario's is %q", i+1, s.Units[i].ID, g.s.Units[i].ID)
		}
	}
	// The scenario, board, unit index and options are g's, shared
	// read-only as Clone shares them; the caches (the combat in progress,
	// Legal's memo, the drawing) are rebuilt when asked for. The reports
	// of the combats resolved before the snapshot are not part of it (they
	// change no rule: report.go), so a restored game reports only those
	// it resolves itself, as normandy44's does.
	return &Game{sc: g.sc, b: g.b, index: g.index, opt: g.opt, s: s}, nil
}
