package replay

import (
	"fmt"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Frame is one entry of a log as a viewer steps through it: the entry, what
// it made happen, and the state after it.
type Frame struct {
	Entry  *logs.Entry
	Events []rules.Event
	// Game is the state after the entry. It is the walk's own and changes
	// after the callback returns: Clone it to keep it.
	Game rules.Game
	// Rolls are the dice the entry drew, in order, each with the need it
	// answered.
	Rolls []Roll
	// Moves are the paths the entry's commands moved pieces along, when the
	// game is a scene.Mover.
	Moves []scene.Move
	// ProtocolWarning is the replay's after the entry (Replay.ProtocolWarning):
	// what casual dice of protocol v1 do not prove, or "".
	ProtocolWarning string
}

// Roll is one dice need answered: who needed it, for what, and the values.
// Every value was recomputed from the players' chains by the verification
// the walk runs, so none could be faked.
type Roll struct {
	Seq  int64      // the entry that drew it
	Seat rules.Seat // whose declared action needed the dice (rules.DiceNeed.By)
	For  string     // the rules' words for what they decide
	// Purpose groups rolls for statistics (scene.DicePurposer); "" when the
	// game does not name it.
	Purpose string
	Sides   []int
	Values  []int
}

// Walk verifies a log entry by entry, as Verify does, and calls fn after
// each entry that holds, the invite first. It stops at the first entry that
// fails, or at fn's first error, and returns that error; the frames already
// given stand.
func Walk(entries []*logs.Entry, load Loader, fn func(Frame) error) error {
	if len(entries) == 0 {
		return fmt.Errorf("no entries")
	}
	r, err := Start(entries[0], load)
	if err != nil {
		return err
	}
	r.Retain(1) // the caller holds the entries; the frame needs only the last
	if err := fn(Frame{Entry: entries[0], Events: r.Events(0), Game: r.Game(), ProtocolWarning: r.ProtocolWarning()}); err != nil {
		return err
	}
	for _, e := range entries[1:] {
		var before rules.Game
		if len(e.Commands) > 0 || len(e.Draws) > 0 {
			before = r.Game().Clone()
		}
		if err := r.Append(e); err != nil {
			return err
		}
		f := Frame{Entry: e, Events: r.Events(e.Seq), Game: r.Game(), ProtocolWarning: r.ProtocolWarning()}
		if before != nil {
			if err := retrace(before, e, &f); err != nil {
				return err
			}
			if h := before.Hash(); h != r.Game().Hash() {
				return fmt.Errorf("entry %d: retracing it gives state %s, the replay %s", e.Seq, h, r.Game().Hash())
			}
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// retrace applies a verified entry again to a copy of the state before it,
// in the order the replay folds it (dice due first, then each command and the
// dice it makes due), to learn what the log does not record: who needed each
// roll and what for, and the paths of moves, read in the position before
// each command.
func retrace(g rules.Game, e *logs.Entry, f *Frame) error {
	next := 0
	drain := func() error {
		for next < len(e.Draws) {
			need := g.Pending().Dice
			if need == nil {
				return nil
			}
			d := e.Draws[next]
			roll := Roll{Seq: e.Seq, Seat: need.By, For: need.For, Sides: d.Sides, Values: d.Values}
			if p, ok := g.(scene.DicePurposer); ok {
				roll.Purpose = p.DicePurpose()
			}
			sealed, err := again(g, need, d)
			if err != nil {
				return fmt.Errorf("entry %d: draw %d again: %w", e.Seq, next+1, err)
			}
			if !sealed { // a sealed draw taken, or shown, has no values yet
				f.Rolls = append(f.Rolls, roll)
			}
			next++
		}
		return nil
	}
	if err := drain(); err != nil {
		return err
	}
	for i, c := range e.Commands {
		if m, ok := g.(scene.Mover); ok {
			f.Moves = append(f.Moves, m.Moves(c)...)
		}
		if _, err := g.Apply(rules.Seat(e.By), c); err != nil {
			return fmt.Errorf("entry %d: command %d %q again: %w", e.Seq, i+1, c, err)
		}
		if err := drain(); err != nil {
			return err
		}
	}
	if next != len(e.Draws) {
		return fmt.Errorf("entry %d: %d of its %d draws retraced", e.Seq, next, len(e.Draws))
	}
	return nil
}

// again gives a verified draw record to g as the replay did: a sealed draw
// taken or shown (no values) by its token, a sealed draw's values when its
// secret was revealed, any other in clear. sealed reports a record with no
// values.
func again(g rules.Game, need *rules.DiceNeed, d logs.Draw) (sealed bool, err error) {
	sealer, ok := g.(rules.Sealer)
	switch {
	case !ok:
	case need.Unseal != "":
		_, err = sealer.Unseal(need.Unseal, d.Values)
		return false, err
	case len(d.Values) == 0 && need.Share != "":
		_, err = sealer.Seal(need.Share)
		return true, err
	case len(d.Values) == 0 && need.Private != "":
		_, err = sealer.Seal(SealToken(d.Epoch))
		return true, err
	}
	_, err = g.Roll(d.Values)
	return false, err
}
