package replay

import (
	"io"
	"runtime"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
)

// Checking an entry's Ed25519 signature costs about as much as replaying it
// through the rules, and needs nothing of the replay but the key of the seat
// that signed it. So Verify checks the signatures ahead of the replay, on the
// other cores (issue 18): one goroutine parses the lines in order and hands
// each, with the key its seat signs with at that point as the invite,
// accepts and rotates name it, to workers that check the signature; the
// replay takes the entries in order and, for each, the verdict. It uses a
// verdict only for the very entry and key it was reached with, and checks
// afresh otherwise (a log whose keys are not what they claim), so the
// verdicts change when the work is done, never what is found or in which
// order it is reported.

// aheadDepth bounds the entries read ahead of the replay, so that a long log
// is still verified in memory that does not grow with it.
const aheadDepth = 128

// checked is one entry read ahead: the entry or the error of the line that
// does not parse (io.EOF at the end), and its signature's verdict under key
// once done is closed.
type checked struct {
	e    *logs.Entry
	err  error
	key  ssh.PublicKey // nil: not checked ahead
	sig  error
	done chan struct{}
}

// readAhead reads the rest of a log from rd, whose first entry, the invite,
// has been read, and checks signatures as it goes. The entries come out of
// the channel in order, each as soon as it is read; the channel closes after
// the entry that ends the log (an error, io.EOF included), when nothing
// reads rd any more; whoever reads the channel must read it to its end.
func readAhead(rd *logs.Reader, invite *logs.Entry) <-chan *checked {
	ch := make(chan *checked, aheadDepth)
	jobs := make(chan *checked, aheadDepth)
	for range runtime.GOMAXPROCS(0) {
		go func() {
			for c := range jobs {
				c.sig = verifyEntry(c.e, c.key)
				close(c.done)
			}
		}()
	}
	go func() {
		defer close(ch)
		defer close(jobs)
		keys := newSeatKeys(invite)
		for {
			e, err := rd.Next()
			c := &checked{e: e, err: err, done: make(chan struct{})}
			if err == nil {
				c.key = keys.signer(e)
			}
			if c.key != nil {
				jobs <- c
			} else {
				close(c.done)
			}
			ch <- c
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// seatKeys follows the key each seat signs with, as the log names them, for
// the checks ahead: the replay's own checks decide whether the log may name
// them so.
type seatKeys map[string]ssh.PublicKey

func newSeatKeys(invite *logs.Entry) seatKeys {
	k := seatKeys{}
	for _, s := range invite.Seats {
		k.take(s.Seat, s.Key)
	}
	return k
}

func (k seatKeys) take(seat, key string) {
	if key == "" {
		return
	}
	if pub, err := logs.ParseAuthorizedKey(key); err == nil {
		k[seat] = pub
	}
}

// signer is the key entry e should be signed with; a rotate's new key signs
// the entries after it, an accept's its own.
func (k seatKeys) signer(e *logs.Entry) ssh.PublicKey {
	if e.Kind == logs.KindAccept && k[e.By] == nil {
		k.take(e.By, e.Key)
	}
	pub := k[e.By]
	if e.Kind == logs.KindRotate {
		k.take(e.By, e.Key)
	}
	return pub
}

// verifySig checks entry e's signature with pub, taking the verdict reached
// ahead for this entry and this key, if there is one.
func (r *Replay) verifySig(e *logs.Entry, pub ssh.PublicKey) error {
	if c := r.ahead; c != nil && c.e == e && sameKey(c.key, pub) {
		return c.sig
	}
	return verifyEntry(e, pub)
}

// nextChecked takes the next entry read ahead and waits for its verdict; it
// returns nil, io.EOF after the last.
func nextChecked(in <-chan *checked) (*checked, error) {
	c, ok := <-in
	if !ok {
		return nil, io.EOF
	}
	<-c.done
	return c, c.err
}
