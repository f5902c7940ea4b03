package replay

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// ErrSnapshot: a snapshot cannot be taken (the rules engine keeps none) or does
// not fit the log it is resumed on. The caller replays the whole log instead.
var ErrSnapshot = errors.New("snapshot")

// snapshotVersion is the format of Snapshot's bytes; Resume refuses others.
// Version 2 added what a seat's chain head was committed by, where an epoch
// was keyed, and agreed takebacks as steps (version 1 cut the steps instead);
// version 3 the draws of a protocol v1 game that v2 refuses (ProtocolWarning).
// The protocol version itself is the invite's, which Resume is given.
// version 4 the sealed draws, with their steps.
const snapshotVersion = 4

// snapshot is a replay's whole state after one entry: the protocol's (seats,
// chains, dice, takeback, resignation), what the history keeps of the earlier
// entries, the steps that rebuild any earlier state, and the rules engine's
// own snapshot.
type snapshot struct {
	V      int    `json:"v"`
	Engine string `json:"engine"`
	Game   string `json:"game"`
	Seq    int64  `json:"seq"`
	Head   string `json:"head"`   // logs.LineHash of entry Seq
	Digest []byte `json:"digest"` // the running SHA-256 of lines 0..Seq

	Seats    []seatSnapshot    `json:"seats"`
	Epochs   int64             `json:"epochs"`
	Epoch    *epochSnapshot    `json:"epoch,omitempty"`
	Takeback *takebackSnapshot `json:"takeback,omitempty"`
	Resigned string            `json:"resigned,omitempty"`
	V1Draws  *v1DrawsSnapshot  `json:"v1_draws,omitempty"`
	Sealed   []sealedSnapshot  `json:"sealed,omitempty"`

	Steps      []stepSnapshot `json:"steps"`
	Marks      []int          `json:"marks"`
	Hashes     []byte         `json:"hashes"`  // sha256 of each line, 32 bytes each
	Keys       []string       `json:"keys"`    // every key that signed an entry, authorized_keys form
	Signers    []uint32       `json:"signers"` // per entry: its signer's index in Keys
	LastLines  []lineSnapshot `json:"last_lines"`
	LastDice   int64          `json:"last_dice"`
	LastAccept int64          `json:"last_accept"`
	Requests   []int64        `json:"requests"`

	State []byte `json:"state"` // rules.Snapshotter's bytes
}

type seatSnapshot struct {
	logs.Seat
	Last     string `json:"last"`
	Revealed int    `json:"revealed"`
	HeadSeq  int64  `json:"head_seq"` // the entry that committed Head
}

type epochSnapshot struct {
	N          int64             `json:"n"`
	Requester  string            `json:"requester"`
	RequestSeq int64             `json:"request_seq"`
	Request    []byte            `json:"request"`
	Links      map[string][]byte `json:"links"`
	Awaiting   []string          `json:"awaiting"`
	Keyed      bool              `json:"keyed"`
	KeyedAt    int64             `json:"keyed_at"`
	Open       bool              `json:"open"`
	ClosedAt   int64             `json:"closed_at"`
	Used       uint64            `json:"used"`
	Seal       string            `json:"seal,omitempty"`
}

// sealedSnapshot is a sealed draw: what its key needs but the drawer's
// secret, and what became of it.
type sealedSnapshot struct {
	Epoch      int64             `json:"epoch"`
	Drawer     string            `json:"drawer"`
	Commit     string            `json:"commit"`
	RequestSeq int64             `json:"request_seq"`
	Request    []byte            `json:"request"`
	Links      map[string][]byte `json:"links"`
	Sides      []int             `json:"sides"`
	For        string            `json:"for"`
	At         int64             `json:"at"`
	Shares     []shareSnapshot   `json:"shares,omitempty"`
	RevealedAt int64             `json:"revealed_at,omitempty"`
	Values     []int             `json:"values,omitempty"`
}

type shareSnapshot struct {
	Seat   string `json:"seat"`
	Key    string `json:"key"`
	KeyAt  int64  `json:"key_at"`
	BoxKey string `json:"box_key,omitempty"`
	Box    string `json:"box,omitempty"`
	At     int64  `json:"at,omitempty"`
}

type v1DrawsSnapshot struct {
	N     int64  `json:"n"`
	First int64  `json:"first"`
	Last  int64  `json:"last"`
	Why   string `json:"why"`
}

type takebackSnapshot struct {
	By     string   `json:"by"`
	To     int64    `json:"to"`
	Seq    int64    `json:"seq"`
	Agreed []string `json:"agreed"`
}

// stepSnapshot is a seat's command, a roll, or an agreed takeback (Rewind:
// back to the state after the first To steps, entry ToSeq's, agreed at AtSeq).
type stepSnapshot struct {
	Seat    rules.Seat `json:"seat,omitempty"`
	Command string     `json:"command,omitempty"`
	Values  []int      `json:"values,omitempty"`
	Seal    string     `json:"seal,omitempty"`
	Unseal  string     `json:"unseal,omitempty"`
	Rewind  bool       `json:"rewind,omitempty"`
	To      int        `json:"to,omitempty"`
	ToSeq   int64      `json:"to_seq,omitempty"`
	AtSeq   int64      `json:"at_seq,omitempty"`
}

// lineSnapshot is a seat's latest line; the invite's and the head's are not
// repeated, since Resume is given them.
type lineSnapshot struct {
	Seat string `json:"seat"`
	Seq  int64  `json:"seq"`
	Line []byte `json:"line,omitempty"`
}

// Snapshot saves the replay's state after its last entry, for Resume. It
// fails with ErrSnapshot when the rules engine has no rules.Snapshotter.
func (r *Replay) Snapshot() ([]byte, error) {
	sn, ok := r.game.(rules.Snapshotter)
	if !ok {
		return nil, fmt.Errorf("%w: rules %s keep no snapshots", ErrSnapshot, r.engine.Version)
	}
	state, err := sn.Snapshot()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	digest, err := r.hist.digest.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	h := &r.hist
	s := snapshot{
		V: snapshotVersion, Engine: r.setup.Version, Game: r.invite.Game, Seq: h.n - 1, Head: h.headID, Digest: digest,
		Epochs: r.dice.epochs, Resigned: r.resigned, Marks: r.marks,
		Hashes: make([]byte, 0, len(h.hashes)*sha256.Size), Signers: h.signers, LastDice: h.lastDice, LastAccept: h.lastAccept,
		Requests: h.requests, State: state,
	}
	for _, k := range h.keys {
		s.Keys = append(s.Keys, logs.AuthorizedKey(k, ""))
	}
	for _, st := range r.seats {
		s.Seats = append(s.Seats, seatSnapshot{Seat: st.Seat, Last: st.chain.last, Revealed: st.chain.revealed, HeadSeq: st.headSeq})
	}
	if ep := r.dice.cur; ep != nil {
		es := &epochSnapshot{N: ep.n, Requester: ep.requester, RequestSeq: ep.requestSeq, Request: ep.request,
			Links: ep.links, Awaiting: ep.awaiting, Keyed: ep.keyed, KeyedAt: ep.keyedAt, Open: ep.open, ClosedAt: ep.closedAt, Seal: ep.seal}
		if ep.stream != nil {
			es.Used = ep.stream.Used()
		}
		s.Epoch = es
	}
	if v := r.v1; v.n > 0 {
		s.V1Draws = &v1DrawsSnapshot{N: v.n, First: v.first, Last: v.last, Why: v.why}
	}
	if t := r.takeback; t != nil {
		ts := &takebackSnapshot{By: t.by, To: t.to, Seq: t.seq}
		for seat := range t.agreed {
			ts.Agreed = append(ts.Agreed, seat)
		}
		sort.Strings(ts.Agreed)
		s.Takeback = ts
	}
	for _, st := range r.steps {
		s.Steps = append(s.Steps, stepSnapshot{Seat: st.seat, Command: st.command, Values: st.values, Seal: st.seal, Unseal: st.unseal,
			Rewind: st.rewind, To: st.to, ToSeq: st.toSeq, AtSeq: st.atSeq})
	}
	for _, sd := range r.dice.sealed {
		ss := sealedSnapshot{Epoch: sd.epoch, Drawer: sd.drawer, Commit: sd.commit, RequestSeq: sd.requestSeq, Request: sd.request,
			Links: sd.links, Sides: sd.sides, For: sd.what, At: sd.at, RevealedAt: sd.revealedAt, Values: sd.values}
		for _, sh := range sd.shares {
			ss.Shares = append(ss.Shares, shareSnapshot{Seat: sh.seat, Key: sh.key, KeyAt: sh.keyAt, BoxKey: sh.box.Key, Box: sh.box.Box, At: sh.at})
		}
		s.Sealed = append(s.Sealed, ss)
	}
	for _, sum := range h.hashes {
		s.Hashes = append(s.Hashes, sum[:]...)
	}
	for seat, l := range h.lastLine {
		ls := lineSnapshot{Seat: seat, Seq: l.seq}
		if l.seq != 0 && l.seq != s.Seq {
			ls.Line = l.line
		}
		s.LastLines = append(s.LastLines, ls)
	}
	slices.SortFunc(s.LastLines, func(a, b lineSnapshot) int { return cmp.Compare(a.Seq, b.Seq) })
	b, err := json.Marshal(&s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	return b, nil
}

// Resume takes a replay up again from a snapshot, without folding the entries
// before it: invite is the log's entry 0 and head its entry at the snapshot's
// seq, both as stored. The invite is checked as Start checks it; the snapshot
// must have been made from a log with that invite and that head, and the rules
// state it restores must hash to the state head records. Any mismatch is
// ErrSnapshot, and the caller replays the whole log instead. The replay keeps
// the entries from head on (First).
//
// A snapshot is trusted for what no recorded hash covers (chains, dice, steps)
// as far as its maker was: callers keep it where only pbem writes, and check
// that the lines it was made from are still the stored ones (Digest).
func Resume(invite, head *logs.Entry, data []byte, load Loader) (*Replay, error) {
	r, err := Start(invite, load)
	if err != nil {
		return nil, err
	}
	var s snapshot
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%w: data after the snapshot", ErrSnapshot)
	}
	if err := r.resume(&s, head); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSnapshot, err)
	}
	return r, nil
}

// resume fills a replay just started at the invite from a decoded snapshot.
func (r *Replay) resume(s *snapshot, head *logs.Entry) error {
	n := s.Seq + 1
	switch {
	case s.V != snapshotVersion:
		return fmt.Errorf("format %d; this pbem reads %d", s.V, snapshotVersion)
	case s.Engine != r.setup.Version || s.Game != r.invite.Game:
		return fmt.Errorf("made for game %s under %s, not %s under %s", s.Game, s.Engine, r.invite.Game, r.setup.Version)
	case s.Seq < 0 || head.Seq != s.Seq || head.Game != s.Game || logs.LineHash(head.Line) != s.Head:
		return fmt.Errorf("made after entry %d %s, not after the stored entry %d", s.Seq, s.Head, head.Seq)
	case int64(len(s.Marks)) != n || int64(len(s.Hashes)) != n*sha256.Size || int64(len(s.Signers)) != n:
		return fmt.Errorf("%d marks, %d bytes of line hashes and %d signers for %d entries", len(s.Marks), len(s.Hashes), len(s.Signers), n)
	case len(s.Seats) != len(r.seats):
		return fmt.Errorf("%d seats; the invite has %d", len(s.Seats), len(r.seats))
	case s.Epochs < 0 || s.LastDice < 0 || s.LastDice > s.Seq || s.LastAccept < 0 || s.LastAccept > s.Seq:
		return errors.New("an epoch count or entry number out of range")
	}
	h := newHistory()
	h.hashes = make([][sha256.Size]byte, n)
	for i := range h.hashes {
		copy(h.hashes[i][:], s.Hashes[i*sha256.Size:])
	}
	if h.hashes[0] != sha256.Sum256(r.invite.Line) || h.hashes[s.Seq] != sha256.Sum256(head.Line) {
		return errors.New("its line hashes are not those of the stored invite and head")
	}
	if err := resumeSigners(&h, s, r.invite, head); err != nil {
		return err
	}
	if err := h.digest.(encoding.BinaryUnmarshaler).UnmarshalBinary(s.Digest); err != nil {
		return fmt.Errorf("digest: %w", err)
	}
	if err := r.resumeSeats(s); err != nil {
		return err
	}
	// Marks run from 0 up to the steps there are: steps are never cut.
	if s.Marks[0] != 0 || s.Marks[s.Seq] != len(s.Steps) || !slices.IsSorted(s.Marks) {
		return fmt.Errorf("marks from %d to %d: they run from 0 up to the %d steps", s.Marks[0], s.Marks[s.Seq], len(s.Steps))
	}
	if err := r.resumeSteps(s); err != nil {
		return err
	}
	r.marks = s.Marks
	for _, l := range s.LastLines {
		switch {
		case l.Seq == s.Seq && l.Line == nil:
			l.Line = head.Line
		case l.Seq == 0 && l.Line == nil:
			l.Line = r.invite.Line
		}
		if r.seat(l.Seat) == nil || l.Seq < 0 || l.Seq > s.Seq || sha256.Sum256(l.Line) != h.hashes[l.Seq] {
			return fmt.Errorf("the latest line of seat %q is not the log's entry %d", l.Seat, l.Seq)
		}
		h.lastLine[l.Seat] = seatLine{seq: l.Seq, line: l.Line}
	}
	for _, q := range s.Requests {
		if q < 1 || q > s.Seq {
			return fmt.Errorf("epoch requested by entry %d", q)
		}
	}
	h.n, h.head, h.headID = n, head, s.Head
	h.win, h.events = []*logs.Entry{head}, [][]rules.Event{nil}
	h.lastDice, h.lastAccept, h.requests = s.LastDice, s.LastAccept, s.Requests
	r.hist = h
	r.resigned = s.Resigned
	if s.Resigned != "" && r.seat(s.Resigned) == nil {
		return fmt.Errorf("resigned by %q, not a seat", s.Resigned)
	}
	if err := r.resumeDice(s); err != nil {
		return err
	}
	if v := s.V1Draws; v != nil {
		if r.v2() || v.N < 1 || v.First < 1 || v.First > v.Last || v.Last > s.Seq || v.N > v.Last-v.First+1 || v.Why == "" {
			return errors.New("protocol v1 draws out of range")
		}
		r.v1 = v1Draws{n: v.N, first: v.First, last: v.Last, why: v.Why}
	}
	if t := s.Takeback; t != nil {
		if r.seat(t.By) == nil || t.To < 0 || t.To >= t.Seq || t.Seq > s.Seq || t.To >= n {
			return errors.New("a takeback out of range")
		}
		r.takeback = &takeback{by: t.By, to: t.To, seq: t.Seq, agreed: map[string]bool{}}
		for _, seat := range t.Agreed {
			r.takeback.agreed[seat] = true
		}
	}
	sn, ok := r.game.(rules.Snapshotter)
	if !ok {
		return fmt.Errorf("rules %s keep no snapshots", r.engine.Version)
	}
	g, err := sn.Restore(s.State)
	if err != nil {
		return err
	}
	if got := g.Hash(); got != head.State {
		return fmt.Errorf("the rules state hashes to %s; entry %d records %s", got, head.Seq, head.State)
	}
	r.game = g
	return nil
}

// resumeSteps takes the steps from a snapshot. A rewind returns to a state
// before it, after an entry before the one that agreed to it: stateAtSteps
// then always ends.
func (r *Replay) resumeSteps(s *snapshot) error {
	r.steps = nil
	for i, st := range s.Steps {
		switch {
		case st.Rewind:
			if st.Seat != "" || st.Command != "" || st.Values != nil || st.To < 0 || st.To > i ||
				st.ToSeq < 0 || st.ToSeq >= st.AtSeq || st.AtSeq > s.Seq || s.Marks[st.ToSeq] != st.To {
				return fmt.Errorf("step %d: a takeback out of range", i)
			}
		case st.Seat != "" && r.seat(string(st.Seat)) == nil || (st.Seat == "") == (st.Command != "") ||
			st.To != 0 || st.ToSeq != 0 || st.AtSeq != 0 ||
			(st.Seal != "" || st.Unseal != "") && (st.Seat != "" || st.Seal != "" && st.Unseal != "" || (st.Values == nil) != (st.Unseal == "")):
			return fmt.Errorf("step %d is neither a seat's command, a roll, a seal nor a takeback", i)
		}
		r.steps = append(r.steps, step{seat: st.Seat, command: st.Command, values: st.Values, seal: st.Seal, unseal: st.Unseal,
			rewind: st.Rewind, to: st.To, toSeq: st.ToSeq, atSeq: st.AtSeq})
	}
	return nil
}

// resumeSigners takes the key that signed each entry from a snapshot. The
// invite's and the head's must verify under theirs; the others are trusted as
// the snapshot is.
func resumeSigners(h *history, s *snapshot, invite, head *logs.Entry) error {
	for i, k := range s.Keys {
		pub, err := logs.ParseAuthorizedKey(k)
		if err != nil {
			return fmt.Errorf("signer key %d: %w", i+1, err)
		}
		h.keys = append(h.keys, pub)
	}
	for _, k := range s.Signers {
		if int(k) >= len(h.keys) {
			return fmt.Errorf("a signer %d of %d keys", k, len(h.keys))
		}
	}
	h.signers = s.Signers
	if verifyEntry(invite, h.signer(0)) != nil || verifyEntry(head, h.signer(s.Seq)) != nil {
		return errors.New("the invite or the head is not signed by the key it names for them")
	}
	return nil
}

// resumeSeats takes the seats' keys and chains from a snapshot; in solo mode
// one chain serves every seat.
func (r *Replay) resumeSeats(s *snapshot) error {
	for i, ss := range s.Seats {
		st := r.seats[i]
		if ss.Seat.Seat != st.Seat.Seat {
			return fmt.Errorf("seat %d is %q; the invite's is %q", i+1, ss.Seat.Seat, st.Seat.Seat)
		}
		if ss.Revealed < 0 || (ss.Head != "" && checkHead(ss.Head) != nil) || (ss.Last != "" && checkLinkForm(ss.Last) != nil) ||
			ss.HeadSeq < 0 || ss.HeadSeq > s.Seq {
			return fmt.Errorf("seat %s: a chain out of form", ss.Seat.Seat)
		}
		st.Seat, st.pub, st.headSeq = ss.Seat, nil, ss.HeadSeq
		if ss.Key != "" {
			pub, err := logs.ParseAuthorizedKey(ss.Key)
			if err != nil {
				return fmt.Errorf("seat %s: key: %w", ss.Seat.Seat, err)
			}
			st.pub = pub
		}
		if r.dice.mode == logs.DiceSolo {
			if ss.Last != s.Seats[0].Last || ss.Revealed != s.Seats[0].Revealed {
				return errors.New("solo seats with different chains")
			}
			st.chain = r.seats[0].chain
		}
		st.chain.last, st.chain.revealed = ss.Last, ss.Revealed
	}
	return nil
}

// resumeDice takes the dice protocol's state from a snapshot, keying the
// latest epoch again from its links when it was keyed.
func (r *Replay) resumeDice(s *snapshot) error {
	r.dice.epochs = s.Epochs
	es := s.Epoch
	if es == nil {
		return nil
	}
	if es.N < 1 || es.N > s.Epochs || r.seat(es.Requester) == nil || es.RequestSeq < 1 || es.RequestSeq > s.Seq ||
		es.ClosedAt < 0 || es.ClosedAt > s.Seq || es.KeyedAt < 0 || es.KeyedAt > s.Seq || !es.Keyed && es.KeyedAt != 0 {
		return errors.New("an epoch out of range")
	}
	for seat, l := range es.Links {
		if r.seat(seat) == nil || len(l) != sha256.Size {
			return fmt.Errorf("epoch %d: a link of seat %q", es.N, seat)
		}
	}
	for _, seat := range es.Awaiting {
		if r.seat(seat) == nil {
			return fmt.Errorf("epoch %d awaits %q, not a seat", es.N, seat)
		}
	}
	if es.Seal != "" && (logs.CheckCommit(es.Seal) != nil || es.Open) {
		return fmt.Errorf("epoch %d: a sealed draw out of form", es.N)
	}
	ep := &epoch{n: es.N, requester: es.Requester, requestSeq: es.RequestSeq, request: es.Request,
		links: es.Links, awaiting: es.Awaiting, keyed: es.Keyed, open: es.Open, closedAt: es.ClosedAt, seal: es.Seal}
	if ep.links == nil {
		ep.links = map[string][]byte{}
	}
	if ep.keyed && ep.seal != "" {
		ep.keyedAt = es.KeyedAt // no stream: only the drawer can key it
	} else if ep.keyed {
		r.dice.key(r, ep, es.KeyedAt)
		ep.open = es.Open
		ep.stream.Seek(es.Used)
	}
	r.dice.cur = ep
	return r.resumeSealed(s)
}

// resumeSealed takes the sealed draws from a snapshot.
func (r *Replay) resumeSealed(s *snapshot) error {
	r.dice.sealed = nil
	var last int64
	for _, ss := range s.Sealed {
		bad := ss.Epoch <= last || ss.Epoch > s.Epochs || r.seat(ss.Drawer) == nil || logs.CheckCommit(ss.Commit) != nil ||
			ss.RequestSeq < 1 || ss.At <= ss.RequestSeq || ss.At > s.Seq || len(ss.Sides) == 0 ||
			ss.RevealedAt != 0 && (ss.RevealedAt < ss.At || ss.RevealedAt > s.Seq || len(ss.Values) != len(ss.Sides)) ||
			ss.RevealedAt == 0 && ss.Values != nil
		for seat, l := range ss.Links {
			bad = bad || r.seat(seat) == nil || seat == ss.Drawer || len(l) != sha256.Size
		}
		if bad {
			return fmt.Errorf("sealed draw %d out of range or form", ss.Epoch)
		}
		last = ss.Epoch
		sd := &sealedDraw{epoch: ss.Epoch, drawer: ss.Drawer, commit: ss.Commit, requestSeq: ss.RequestSeq, request: ss.Request,
			links: ss.Links, sides: ss.Sides, what: ss.For, at: ss.At, revealedAt: ss.RevealedAt, values: ss.Values}
		for _, sh := range ss.Shares {
			if r.seat(sh.Seat) == nil || sh.Seat == ss.Drawer || logs.CheckBoxKey(sh.Key) != nil || sh.KeyAt < 1 || sh.KeyAt > s.Seq ||
				sh.At != 0 && (sh.At < sh.KeyAt || sh.At > s.Seq || logs.CheckBoxKey(sh.BoxKey) != nil || checkLinkForm(sh.Box) != nil) {
				return fmt.Errorf("sealed draw %d: a look by %q out of range or form", ss.Epoch, sh.Seat)
			}
			sd.shares = append(sd.shares, share{seat: sh.Seat, key: sh.Key, keyAt: sh.KeyAt, box: logs.Box{Key: sh.BoxKey, Box: sh.Box}, at: sh.At})
		}
		r.dice.sealed = append(r.dice.sealed, sd)
	}
	return nil
}

// checkLinkForm checks a chain's latest link: its head ("sha256:" and hex)
// or a link revealed since (hex).
func checkLinkForm(l string) error {
	_, err := logs.ParseLink(strings.TrimPrefix(l, "sha256:"))
	return err
}
