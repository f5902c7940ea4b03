package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Snapshotter is an optional interface of a Game: it saves its whole state as
// bytes and restores it, so that pbem can keep a verified state beside a
// stored log instead of replaying the whole history on every command.
//
// Restore is called on a game freshly started by the engine's New with the
// same scenario and options as the game the snapshot was taken from; it
// leaves its receiver unchanged and returns the restored game. Snapshot bytes
// come from a store, so Restore must refuse (not panic on) bytes it did not
// write. It need not prove them right: the caller checks the restored game's
// Hash against the state hash its log records, and replays the whole log
// instead when they differ. So a snapshot must hold everything Hash covers,
// and the restored game must then behave exactly as the original would.
//
// An engine without it is simply replayed from the start every time.
type Snapshotter interface {
	Snapshot() ([]byte, error)
	Restore(snapshot []byte) (Game, error)
}

// DecodeState reads a snapshot that is a state's JSON, as HashState encodes
// it, into state, strictly: an unknown field, a wrong type or data after the
// state is refused, so that only what a Snapshot wrote is restored.
func DecodeState(snapshot []byte, state any) error {
	dec := json.NewDecoder(bytes.NewReader(snapshot))
	dec.DisallowUnknownFields()
	if err := dec.Decode(state); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the state")
	}
	return nil
}
