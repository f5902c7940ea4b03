package rhine44

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/pbem-referee/pbem/rules"
)

// Snapshot saves the whole state as the JSON Hash digests, so that pbem may
// keep a verified state beside a stored log (rules.Snapshotter, where the
// rules package offers it).
func (g *Game) Snapshot() ([]byte, error) {
	b, err := json.Marshal(g.s)
	if err != nil {
		return nil, fmt.Errorf("rhine44: snapshot: %w", err)
	}
	return b, nil
}

// Restore reads a snapshot onto a game started from the same scenario and
// options, and returns the restored game, which goes on under g's rules
// version (the one its setup names); g is unchanged. It refuses bytes
// it did not write, and a state of another scenario, seats or options; the
// caller checks the restored Hash against its log.
func (g *Game) Restore(snapshot []byte) (rules.Game, error) {
	var s state
	dec := json.NewDecoder(bytes.NewReader(snapshot))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("rhine44: restore: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("rhine44: restore: data after the state")
	}
	switch {
	case s.Scenario != g.s.Scenario || !reflect.DeepEqual(s.Seats, g.s.Seats) || !reflect.DeepEqual(s.Options, g.s.Options):
		return nil, fmt.Errorf("rhine44: restore: a state of %s %v %+v, not %s %v %+v", s.Scenario, s.Seats, s.Options, g.s.Scenario, g.s.Seats, g.s.Options)
	case len(s.Players) != len(g.s.Players) || len(s.Corps) != len(g.s.Corps) || len(s.Decks) != len(g.s.Decks):
		return nil, errors.New("rhine44: restore: the players, corps or decks are not the game's")
	case s.Active < 0 || (len(s.Order) > 0 && s.Active >= len(s.Order)):
		return nil, fmt.Errorf("rhine44: restore: player %d of %d to play", s.Active, len(s.Order))
	}
	for i, p := range s.Players {
		if p.Seat != g.s.Players[i].Seat || p.Level < 1 || p.Level > maxLevel {
			return nil, fmt.Errorf("rhine44: restore: player %d is %s on level %d", i+1, p.Seat, p.Level)
		}
	}
	for i, k := range s.Corps {
		if k.ID != g.s.Corps[i].ID || g.b.field(k.At) == nil {
			return nil, fmt.Errorf("rhine44: restore: corps %d is %s on %q", i+1, k.ID, k.At)
		}
	}
	s.norm()
	return g.with(s), nil
}
