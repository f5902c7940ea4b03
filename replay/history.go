package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"slices"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// history is what a replay keeps of the entries it has folded. Of every entry
// it keeps only what later checks need: its line's hash and the key that
// signed it (which tell a duplicate, an equivocation and a race apart; the
// prev an equivocating entry shares with it is the hash before), and where
// its effects end among the steps (for StateAt and takebacks). The entries
// themselves, and what they made happen, are kept in a window at the end of
// the log (Retain), so that a long log is checked in bounded memory. A few
// facts about older entries are kept as they pass: each seat's latest line
// (casual dice key on it), the latest entry with dice (no takeback may undo
// dice), the latest accept, and which entry requested each strict epoch.
type history struct {
	n      int64               // entries folded
	hashes [][sha256.Size]byte // of each entry's line
	head   *logs.Entry         // the last entry
	headID string              // logs.LineHash of head's line
	digest hash.Hash           // SHA-256 of every line so far, in order
	win    []*logs.Entry       // the entries kept: the last len(win) ones
	events [][]rules.Event     // what each kept entry made happen
	keep   int                 // entries the window holds; 0 for all

	// signers[i] indexes keys: the key entry i's signature verified with.
	// Keys are few (one per seat, and each rotation), entries many.
	signers []uint32
	keys    []ssh.PublicKey

	lastLine   map[string]seatLine // each seat's latest line
	lastDice   int64               // the latest entry that drew or requested dice; 0 for none
	lastAccept int64               // the latest accept; 0 for none
	requests   []int64             // requests[n-1] is the entry that requested epoch n (strict)
}

// seatLine is one seat's latest line and its seq.
type seatLine struct {
	seq  int64
	line []byte
}

func newHistory() history {
	return history{digest: sha256.New(), lastLine: map[string]seatLine{}}
}

// record adds an entry that passed every check, with what it made happen and
// the key its signature verified with.
func (h *history) record(e *logs.Entry, events []rules.Event, signer ssh.PublicKey) {
	h.n++
	sum := sha256.Sum256(e.Line)
	h.hashes = append(h.hashes, sum)
	h.signers = append(h.signers, h.keyIndex(signer))
	h.head = e
	h.headID = "sha256:" + hex.EncodeToString(sum[:]) // logs.LineHash
	h.digest.Write(e.Line)
	h.win = append(h.win, e)
	h.events = append(h.events, events)
	h.trim()
	h.lastLine[e.By] = seatLine{seq: e.Seq, line: e.Line}
	if len(e.Draws) > 0 || e.Request != 0 {
		h.lastDice = e.Seq
	}
	if e.Kind == logs.KindAccept {
		h.lastAccept = e.Seq
	}
	if e.Request != 0 {
		h.requests = append(h.requests, e.Seq)
	}
}

// trim drops the entries the window no longer holds.
func (h *history) trim() {
	if h.keep <= 0 || len(h.win) <= h.keep {
		return
	}
	// Copied to new slices, the old ones left as they are: a fork shares
	// them (fork), and the dropped lines go with the old slices.
	drop := len(h.win) - h.keep
	h.win = slices.Clone(h.win[drop:])
	h.events = slices.Clone(h.events[drop:])
}

// keyIndex is k's index in keys, adding it when it is new.
func (h *history) keyIndex(k ssh.PublicKey) uint32 {
	// The latest key is the likeliest: entries come in runs by one seat.
	for i := len(h.keys) - 1; i >= 0; i-- {
		if sameKey(h.keys[i], k) {
			return uint32(i)
		}
	}
	h.keys = append(h.keys, k)
	return uint32(len(h.keys) - 1)
}

// signer is the key that signed entry seq (0 <= seq < n).
func (h *history) signer(seq int64) ssh.PublicKey { return h.keys[h.signers[seq]] }

// prevOf is the prev of entry seq (0 <= seq < n): the hash of the line
// before it, or "" for the invite.
func (h *history) prevOf(seq int64) string {
	if seq == 0 {
		return ""
	}
	return "sha256:" + hex.EncodeToString(h.hashes[seq-1][:]) // logs.LineHash
}

// first is the seq of the first entry kept.
func (h *history) first() int64 { return h.n - int64(len(h.win)) }

// kept returns entry seq if the window holds it.
func (h *history) kept(seq int64) (*logs.Entry, []rules.Event, bool) {
	i := seq - h.first()
	if seq < 0 || i < 0 || seq >= h.n {
		return nil, nil, false
	}
	return h.win[i], h.events[i], true
}

// lastNotBy is the latest line written by a seat other than by; its seq is
// -1 when there is none.
func (h *history) lastNotBy(by string) seatLine {
	best := seatLine{seq: -1}
	for seat, l := range h.lastLine {
		if seat != by && l.seq > best.seq {
			best = l
		}
	}
	return best
}

// requestOf is the entry that requested strict epoch n, or -1.
func (h *history) requestOf(n int64) int64 {
	if n < 1 || n > int64(len(h.requests)) {
		return -1
	}
	return h.requests[n-1]
}

// fork copies the history so that recording into the copy leaves h unchanged.
// Its slices are shared, as Replay.fork's: what the copy records goes past
// h's length, so the copy is dropped before h, or another copy, records.
func (h *history) fork() history {
	f := *h
	f.lastLine = make(map[string]seatLine, len(h.lastLine))
	for k, v := range h.lastLine {
		f.lastLine[k] = v
	}
	f.digest = cloneDigest(h.digest)
	return f
}

// cloneDigest copies a running SHA-256.
func cloneDigest(d hash.Hash) hash.Hash {
	c := sha256.New()
	state, err := d.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	if err == nil {
		err = c.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(state)
	}
	if err != nil {
		panic("replay: a SHA-256 state does not copy: " + err.Error())
	}
	return c
}
