package replay

import (
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
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
// chain and signatures so that every problem is reported. It reads the log one
// entry at a time and keeps only the last (Retain), so a long log is verified
// in memory that does not grow with it.
func Verify(src io.Reader, load Loader) *Report {
	return VerifyEach(src, load, nil)
}

// VerifyEach is Verify calling each, when not nil, with every entry that
// verified and what it made happen, in order, as soon as it has: pbem log
// prints a log of any length so.
func VerifyEach(src io.Reader, load Loader, each func(e *logs.Entry, events []rules.Event)) *Report {
	rep := &Report{}
	rd := logs.NewReader(src)
	first, err := rd.Next()
	if err != nil {
		if err == io.EOF {
			err = errors.New("no entries")
		}
		rep.Problems = append(rep.Problems, err)
		return rep
	}
	rep.Read++
	r, err := Start(first, load)
	if err != nil {
		rep.Problems = append(rep.Problems, err)
		return rep
	}
	r.Retain(1)
	rep.Replay = r
	rep.Verified = 1
	if each != nil {
		each(first, nil)
	}
	// The rest is read, and its signatures checked, ahead (verify_ahead.go).
	ahead := readAhead(rd, first)
	defer func() {
		r.ahead = nil
		for range ahead { // to the end: nothing reads src once Verify returns
		}
	}()
	next := func() *logs.Entry {
		c, err := nextChecked(ahead)
		if err == nil {
			rep.Read++
			r.ahead = c
			return c.e
		}
		if err != io.EOF {
			// As logs.ReadAll did: the log ends at the first line that does
			// not parse, and that line is the problem.
			rep.Problems = append(rep.Problems, err)
		}
		return nil
	}
	for e := next(); e != nil; e = next() {
		if err := r.Append(e); err != nil {
			rep.Problems = append(rep.Problems, err)
			rep.Problems = append(rep.Problems, checkRest(r, e, next)...)
			break
		}
		rep.Verified++
		if each != nil {
			each(e, r.Events(e.Seq))
		}
	}
	return rep
}

// checkRest checks the entries after a failure (failed, then what next
// gives) for what can be checked without the state: seq order, the hash
// chain and signatures by the keys known.
func checkRest(r *Replay, failed *logs.Entry, next func() *logs.Entry) []error {
	keys := map[string]ssh.PublicKey{}
	for _, s := range r.seats {
		if s.pub != nil {
			keys[s.Seat.Seat] = s.pub
		}
	}
	var problems []error
	prev := failed
	for e := next(); e != nil; e = next() {
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
		} else if err := r.verifySig(e, k); err != nil {
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
