package freeplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// Snapshot implements rules.Snapshotter: the state as the JSON Hash digests.
func (g *Game) Snapshot() ([]byte, error) {
	return json.Marshal(g.s)
}

// Restore implements rules.Snapshotter. It refuses a state of another title
// or other seats, and one whose turn or dice could not have come from play.
func (g *Game) Restore(snapshot []byte) (rules.Game, error) {
	var s state
	if err := rules.DecodeState(snapshot, &s); err != nil {
		return nil, fmt.Errorf("freeplay: restore: %w", err)
	}
	switch {
	case s.Title != g.s.Title || !slices.Equal(s.Seats, g.s.Seats):
		return nil, fmt.Errorf("freeplay: restore: a state of %q with seats %v, not %q with %v", s.Title, s.Seats, g.s.Title, g.s.Seats)
	case s.Actor < 0 || s.Actor >= len(s.Seats) || s.Turn < 1:
		return nil, fmt.Errorf("freeplay: restore: turn %d, actor %d: not a state play reaches", s.Turn, s.Actor)
	case s.Roll != nil && len(s.Roll.Sides) == 0:
		return nil, errors.New("freeplay: restore: a pending roll of no dice")
	}
	return &Game{s: s}, nil
}
