package ardennes44

import (
	"encoding/json"
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
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
	if err := hexwar.CheckRestore("ardennes44", restoreKey(&s), restoreKey(&g.s)); err != nil {
		return nil, err
	}
	// The scenario, board, unit index, options and rules version are g's, shared
	// read-only as Clone shares them; the caches (the combat in progress,
	// Legal's memo, the drawing, the hasher's records) are rebuilt when asked for. The reports
	// of the combats resolved before the snapshot are not part of it (they
	// change no rule: report.go), so a restored game reports only those
	// it resolves itself, as normandy44's does.
	return &Game{sc: g.sc, b: g.b, index: g.index, opt: g.opt, ver: g.ver, s: s, hasher: new(rules.StateHasher)}, nil
}

// restoreKey is what a snapshot must share with the game (hexwar.CheckRestore).
func restoreKey(s *state) hexwar.Restored {
	ids := make([]string, len(s.Units))
	for i, u := range s.Units {
		ids[i] = u.ID
	}
	return hexwar.Restored{Scenario: s.Scenario, Options: s.Options, Units: ids}
}
