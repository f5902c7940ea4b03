package replay

import (
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// Report is the outcome of verifying a whole log on its own.
type Report struct {
	// Read is the number of entries read; Verified how many passed every check
	// (the rules replay stops at the first that fails).
	Read, Verified int
	// Problems lists everything found wrong, each naming its entry or line.
	Problems []error
	// Replay holds the state after the last verified entry; nil when even the
	// invite failed.
	Replay *Replay
}

// OK reports whether the whole log holds.
func (rep *Report) OK() bool { return len(rep.Problems) == 0 && rep.Replay != nil }

// Verify checks a log alone, with no store and no identity: every line's form,
// the hash chain, every signature, the dice protocol and every draw, every
// command against the rules, and every state hash. After the first entry the
// rules refuse, the state is unknown, but the rest is still checked for its
// chain and signatures so that every problem is reported.
func Verify(src io.Reader, load Loader) *Report {
	rep := &Report{}
	entries, err := logs.ReadAll(src)
	if err != nil {
		rep.Problems = append(rep.Problems, err)
	}
	rep.Read = len(entries)
	if len(entries) == 0 {
		if len(rep.Problems) == 0 {
			rep.Problems = append(rep.Problems, errors.New("no entries"))
		}
		return rep
	}
	r, err := Start(entries[0], load)
	if err != nil {
		rep.Problems = append(rep.Problems, err)
		return rep
	}
	rep.Replay = r
	rep.Verified = 1
	i := 1
	for ; i < len(entries); i++ {
		if err := r.Append(entries[i]); err != nil {
			rep.Problems = append(rep.Problems, err)
			break
		}
		rep.Verified++
	}
	if i < len(entries) {
		rep.Problems = append(rep.Problems, checkRest(r, entries[i:])...)
	}
	return rep
}

// checkRest checks the entries after a failure for what can be checked without
// the state: seq order, the hash chain and signatures by the keys known.
func checkRest(r *Replay, rest []*logs.Entry) []error {
	keys := map[string]ssh.PublicKey{}
	for _, s := range r.seats {
		if s.pub != nil {
			keys[s.Seat.Seat] = s.pub
		}
	}
	var problems []error
	prev := rest[0]
	for _, e := range rest[1:] {
		if e.Seq != prev.Seq+1 {
			problems = append(problems, entryErr(e.Seq, ErrGap, "follows entry %d", prev.Seq))
		}
		if want := logs.LineHash(prev.Line); e.Prev != want {
			problems = append(problems, entryErr(e.Seq, ErrChain, "prev is %s; the line before hashes to %s", e.Prev, want))
		}
		if e.Kind == logs.KindAccept && keys[e.By] == nil {
			if k, err := logs.ParseAuthorizedKey(e.Key); err == nil {
				keys[e.By] = k
			}
		}
		if k := keys[e.By]; k == nil {
			problems = append(problems, entryErr(e.Seq, ErrSignature, "no key known for seat %q", e.By))
		} else if err := verifyEntry(e, k); err != nil {
			problems = append(problems, &EntryError{Seq: e.Seq, Err: fmt.Errorf("%w: %v", ErrSignature, err)})
		}
		if e.Kind == logs.KindRotate && e.Key != "" {
			if k, err := logs.ParseAuthorizedKey(e.Key); err == nil {
				keys[e.By] = k
			}
		}
		prev = e
	}
	return problems
}

// Epochs is the number of dice epochs the log has opened.
func (r *Replay) Epochs() int64 { return r.dice.epochs }
