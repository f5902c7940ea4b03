package salerno43

import (
	"encoding/json"
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
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
	if err := hexwar.CheckRestore("salerno43", restoreKey(&s), restoreKey(&g.s)); err != nil {
		return nil, err
	}
	// The scenario, board, options and rules version are g's, shared read-only as
	// Clone shares them; the combat is rebuilt from the state when asked for.
	return &Game{sc: g.sc, b: g.b, s: s, opt: g.opt, ver: g.ver, hasher: new(rules.StateHasher)}, nil
}

// restoreKey is what a snapshot must share with the game (hexwar.CheckRestore).
func restoreKey(s *state) hexwar.Restored {
	ids := make([]string, len(s.Units))
	for i, u := range s.Units {
		ids[i] = u.ID
	}
	return hexwar.Restored{Scenario: s.Scenario, Options: s.Options, Units: ids}
}
