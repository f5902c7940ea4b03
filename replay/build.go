package replay

import (
	"fmt"
	"slices"
	"time"

	"github.com/pbem-referee/pbem/logs"
)

// Own is what the author's own store holds for the dice protocol and no
// log shows: the next link of its dice chain, and its chain seeds, from
// which pbem makes the secrets of its sealed draws and its keys for boxes
// (docs/dice.md part 4).
type Own struct {
	NextLink func() (string, error)
	// Seeds gives the author's dice chain seeds in this game, newest first;
	// nil where the author takes no sealed draws.
	Seeds func() ([][]byte, error)
}

// Build makes the next act or reveal entry for seat: see Complete. With no
// commands it is a reveal, for when the dice protocol awaits the seat's link.
func (r *Replay) Build(seat string, commands []string, nextLink func() (string, error), now time.Time) (*logs.Body, error) {
	return r.BuildWith(seat, commands, Own{NextLink: nextLink}, now)
}

// BuildWith is Build with everything the author's store holds (Own), which
// sealed draws need.
func (r *Replay) BuildWith(seat string, commands []string, own Own, now time.Time) (*logs.Body, error) {
	kind := logs.KindAct
	if len(commands) == 0 {
		kind = logs.KindReveal
	}
	b := r.NextBody(seat, kind, now)
	b.Commands = slices.Clone(commands)
	// In casual mode an empty reveal acknowledges another seat's new chain.
	x, ack := r.freshHead()
	ack = ack && x.Seat.Seat != seat && len(commands) == 0
	if err := r.CompleteWith(b, own); err != nil {
		return nil, err
	}
	if b.Kind == logs.KindReveal && b.Link == "" && len(b.Draws) == 0 && b.Request == 0 && b.BoxKey == "" && !ack {
		return nil, fmt.Errorf("%w: nothing to send: the game awaits %s", ErrProtocol, r.Waiting().Text)
	}
	return b, nil
}

// Complete readies body b to be the next entry, without changing the replay: it
// folds b through a copy of the state with the same code that verifies entries,
// letting the dice protocol fill in what it requires (the seat's answer to a
// request, its link, the draws, a new request), and records the resulting state
// hash. nextLink gives the author's next dice chain link. The caller signs the
// body and Appends the entry.
func (r *Replay) Complete(b *logs.Body, nextLink func() (string, error)) error {
	return r.CompleteWith(b, Own{NextLink: nextLink})
}

// CompleteWith is Complete with everything the author's store holds (Own).
func (r *Replay) CompleteWith(b *logs.Body, own Own) error {
	f := r.fork()
	e := &logs.Entry{Body: *b}
	if _, err := f.apply(e, &writer{Own: own}); err != nil {
		return err
	}
	e.State = f.game.Hash()
	*b = e.Body
	return nil
}

// NextBody returns the common fields of the next entry by seat, of the
// game's protocol version (its invite's): a game goes on under the version
// it was started with. Its State is the hash of the state it starts from,
// which Complete replaces with the state after it.
func (r *Replay) NextBody(seat string, kind logs.Kind, now time.Time) *logs.Body {
	// The last entry records the state it starts from, and Append checked
	// that record, so the state is not encoded again (issue 18).
	var state string
	if h := r.hist.head; h != nil {
		state = h.State
	} else {
		state = r.game.Hash()
	}
	return &logs.Body{
		V:     r.invite.V,
		Game:  r.invite.Game,
		Seq:   r.hist.n,
		Prev:  r.Head(),
		By:    seat,
		TS:    now.UTC().Truncate(time.Second).Format(logs.TimeLayout),
		Kind:  kind,
		State: state,
	}
}

// NextLinkIndex is the index in seat's dice chain of the next link it reveals
// (1 for the first link after the committed head).
func (r *Replay) NextLinkIndex(seat string) int {
	s := r.seat(seat)
	if s == nil {
		return 0
	}
	return s.chain.revealed + 1
}

// fork copies the replay deeply enough that applying an entry to the copy leaves
// the original unchanged.
//
// The histories that only grow (the steps, the marks, the history's hashes
// and the rest) are shared, spare room and all: what the fork appends goes
// past the original's length, where the original reads nothing, and the
// original's next append writes over it. So a fork is dropped before the
// original, or another fork, appends. Copying them (they were clipped, so
// that the fork's first append copied each) cost every entry built a copy
// of the whole game's history: in a campaign of 3,600 entries, a gigabyte
// copied in all (issue 18).
func (r *Replay) fork() *Replay {
	f := *r
	f.game = r.game.Clone()
	f.hist = r.hist.fork()
	f.dice = r.dice.copy()
	chains := map[*chainState]*chainState{}
	f.seats = nil
	for _, s := range r.seats {
		c := *s
		if chains[s.chain] == nil {
			cs := *s.chain
			chains[s.chain] = &cs
		}
		c.chain = chains[s.chain]
		f.seats = append(f.seats, &c)
	}
	f.takeback = r.takeback.copy()
	return &f
}
