package replay

import (
	"bytes"
	"fmt"
	"slices"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// Verdict is the log's own decision between two different entries for one seq
// that both extend the log as it stood (docs/log.md, Races and equivocation).
// Every machine that holds the log before that seq reaches the same verdict.
type Verdict struct {
	Seq int64
	// Equivocation: one key signed both, which is proof that its holder signed
	// two histories. The entry already held (the first argument of Judge)
	// stays; the other is evidence.
	Equivocation bool
	// Winner stands. In a race the Loser's author re-bases it after the
	// winner (new seq and prev, same content) or drops it.
	Winner, Loser *logs.Entry
	// Awaited is true when the winner's seat was the one the game waited
	// for; false when the tie-break (seat order, then line hash) decided.
	Awaited bool
}

// Judge decides between held and other, two different entries with seq
// r.Len(): the entry this machine holds and one received. It returns an error,
// and no verdict, when other is not a valid next entry of the log: wrong game
// or prev, a signature that does not verify under the key of the seat it
// claims, or (unless held is signed by the same key) anything the rules or the
// dice protocol refuse. A bad entry is neither a race nor evidence.
//
// Two different entries signed by one key are an equivocation. Otherwise it is
// a race between two seats: the entry of the seat the game awaited after
// entry seq-1 (Waiting) stands; when both or neither were awaited, the seat
// that comes first in the invite's seat order wins, and between two entries
// for one seat (two players accepting one open seat) the lower line hash.
func (r *Replay) Judge(held, other *logs.Entry) (*Verdict, error) {
	seq := r.hist.n
	if held.Seq != seq || other.Seq != seq {
		return nil, fmt.Errorf("judge: entries %d and %d, but the log holds 0 to %d", held.Seq, other.Seq, seq-1)
	}
	if bytes.Equal(held.Line, other.Line) {
		return nil, fmt.Errorf("judge: entry %d twice: nothing to decide", seq)
	}
	heldKey, err := r.checkLink(held)
	if err != nil {
		return nil, fmt.Errorf("the entry held here: %w", err)
	}
	otherKey, err := r.checkLink(other)
	if err != nil {
		return nil, err
	}
	if sameKey(heldKey, otherKey) {
		return &Verdict{Seq: seq, Equivocation: true, Winner: held, Loser: other}, nil
	}
	for _, e := range []*logs.Entry{held, other} {
		if err := r.fork().Append(e); err != nil {
			if e == held {
				return nil, fmt.Errorf("the entry held here: %w", err)
			}
			return nil, err
		}
	}
	w := r.Waiting()
	heldAwaited, otherAwaited := slices.Contains(w.Seats, held.By), slices.Contains(w.Seats, other.By)
	v := &Verdict{Seq: seq, Winner: held, Loser: other, Awaited: heldAwaited && !otherAwaited}
	switch {
	case heldAwaited != otherAwaited:
		if otherAwaited {
			v.Winner, v.Loser, v.Awaited = other, held, true
		}
	case r.seatIndex(held.By) != r.seatIndex(other.By):
		if r.seatIndex(other.By) < r.seatIndex(held.By) {
			v.Winner, v.Loser = other, held
		}
	case logs.LineHash(other.Line) < logs.LineHash(held.Line):
		v.Winner, v.Loser = other, held
	}
	return v, nil
}

func (r *Replay) seatIndex(name string) int {
	for i, s := range r.seats {
		if s.Seat.Seat == name {
			return i
		}
	}
	return len(r.seats)
}

func sameKey(a, b ssh.PublicKey) bool {
	return a != nil && b != nil && bytes.Equal(a.Marshal(), b.Marshal())
}
