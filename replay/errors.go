package replay

import (
	"errors"
	"fmt"
)

// Sentinels for what callers must tell apart.
var (
	// ErrDuplicate: the entry is already in the log, byte for byte.
	ErrDuplicate = errors.New("already in the log")
	// ErrGap: the entry's seq is beyond the next one.
	ErrGap = errors.New("gap in the log")
	// ErrConflict: the log already holds another entry with this seq, and this
	// one is no proof of equivocation (another seat's, or of another branch).
	ErrConflict = errors.New("another entry with this seq")
	// ErrChain: prev does not name the previous line, or the game id differs.
	ErrChain = errors.New("broken hash chain")
	// ErrSignature: the entry is not signed by its seat's key.
	ErrSignature = errors.New("bad signature")
	// ErrDice: the dice protocol was broken (a bad link, an altered value,
	// a roll from a closed epoch, an answer out of turn).
	ErrDice = errors.New("dice protocol")
	// ErrRules: the rules refuse a command.
	ErrRules = errors.New("refused by the rules")
	// ErrState: the state hash recorded in the entry differs from this engine's.
	ErrState = errors.New("state hash differs")
	// ErrVersion: the log was written by another rules version.
	ErrVersion = errors.New("rules version differs")
	// ErrScenario: the scenario is missing or differs from the invite's digest.
	ErrScenario = errors.New("scenario")
	// ErrProtocol: an entry out of place (a kind, a seat, a field).
	ErrProtocol = errors.New("entry out of place")
)

// EquivocationError is two different entries for one seq of one log (the same
// prev), both signed by one key: proof that the key's holder signed two
// histories. Both lines are kept; a race between two seats is not one.
type EquivocationError struct {
	Seq              int64
	Stored, Received []byte
}

func (e *EquivocationError) Error() string {
	stored := string(e.Stored)
	if stored == "" {
		stored = "(the entry read earlier, which a streaming check does not keep)\n"
	}
	return fmt.Sprintf("entry %d: equivocation: one key signed two different entries %d of one log\n  stored:   %s  received: %s",
		e.Seq, e.Seq, stored, e.Received)
}

// EntryError is a problem with one entry: its seq and what failed.
type EntryError struct {
	Seq int64
	Err error
}

func (e *EntryError) Error() string { return fmt.Sprintf("entry %d: %v", e.Seq, e.Err) }
func (e *EntryError) Unwrap() error { return e.Err }

func entryErr(seq int64, kind error, format string, args ...any) error {
	return &EntryError{Seq: seq, Err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
}
