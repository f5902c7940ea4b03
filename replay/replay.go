// Package replay folds a game log through its rules engine. Every entry is checked
// as it is appended: its place in the hash chain, its signature, the dice protocol
// (every value recomputed), every command re-checked by the rules, and the state
// hash it records. The state after any entry can be rebuilt, and the same entries
// always give the same hashes: a replay is its own determinism check.
package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// Loader finds what an invite names: its game's engine, and its scenario's
// bytes by game and scenario name. games.Shipped is the one of the games and
// scenarios that ship with pbem.
type Loader interface {
	Engine(game string) (rules.Engine, error)
	Scenario(game, scenario string) ([]byte, error)
}

// Replay is a game log folded through its rules up to its last entry.
type Replay struct {
	engine rules.Engine
	setup  rules.Setup // what the invite fixed: every state is New(setup) and steps
	invite *logs.Entry
	game   rules.Game

	entries []*logs.Entry
	events  [][]rules.Event // per entry
	signers []ssh.PublicKey // per entry: the key its signature verified with
	seats   []*seat         // in the game's seat order
	dice    protocol

	// steps are the effects applied to the game since New, in order; marks[i]
	// is len(steps) after entry i. A state at any point is New plus a prefix.
	steps []step
	marks []int

	takeback *takeback
	resigned string
}

// seat is one seat's standing in the log: its key and its dice chain.
type seat struct {
	logs.Seat
	pub   ssh.PublicKey
	chain *chainState // shared by every seat in solo mode
}

// chainState follows one dice chain: the last link revealed (the head at first)
// and how many links have been revealed since that head.
type chainState struct {
	last     string
	revealed int
}

type step struct {
	seat    rules.Seat // "" for a roll
	command string
	values  []int
}

type takeback struct {
	by     string
	to     int64
	seq    int64
	agreed map[string]bool
}

// Start begins a replay at an invite entry. load finds the engine and the
// scenario the invite names, unless the invite carries the scenario itself
// (scenario.go); the scenario's bytes must match the invite's digest, and the engine must play the variant it names: a variant this pbem
// does not know is refused, never replayed as another edition.
func Start(invite *logs.Entry, load Loader) (*Replay, error) {
	b := &invite.Body
	if b.Kind != logs.KindInvite || b.Seq != 0 {
		return nil, entryErr(b.Seq, ErrProtocol, "a log starts with an invite at seq 0, not %s at seq %d", b.Kind, b.Seq)
	}
	if b.Prev != "" {
		return nil, entryErr(0, ErrChain, "the invite has prev %q; it must be empty", b.Prev)
	}
	engine, err := load.Engine(b.Rules)
	if err != nil {
		return nil, entryErr(0, ErrVersion, "%v", err)
	}
	if engine.Version != b.Engine {
		return nil, entryErr(0, ErrVersion, "the log was written by rules %s; this pbem has %s", b.Engine, engine.Version)
	}
	if err := engine.CheckVariant(b.Variant); err != nil {
		return nil, &EntryError{Seq: 0, Err: fmt.Errorf("%w: the invite names %w", ErrVersion, err)}
	}
	scenario, err := inviteScenario(invite, load)
	if err != nil {
		return nil, err
	}
	setup := rules.Setup{Scenario: scenario, Variant: b.Variant, Options: b.Options}
	names, err := engine.Seats(setup)
	if err != nil {
		return nil, entryErr(0, ErrScenario, "%v", err)
	}
	r := &Replay{engine: engine, setup: setup, invite: invite}
	if err := r.readSeats(b, names); err != nil {
		return nil, err
	}
	author := r.seat(b.By)
	if author == nil || author.pub == nil {
		return nil, entryErr(0, ErrProtocol, "the invite is by %q, which is not a seat with a key", b.By)
	}
	if err := invite.Verify(author.pub); err != nil {
		return nil, &EntryError{Seq: 0, Err: fmt.Errorf("%w: %v", ErrSignature, err)}
	}
	if _, err := time.Parse(time.RFC3339, b.TS); err != nil {
		return nil, entryErr(0, ErrProtocol, "ts %q is not an RFC 3339 time", b.TS)
	}
	r.game, err = engine.New(setup)
	if err != nil {
		return nil, entryErr(0, ErrScenario, "%v", err)
	}
	if h := r.game.Hash(); h != b.State {
		return nil, entryErr(0, ErrState, "the invite records %s; %s computes %s", b.State, engine.Version, h)
	}
	r.dice.mode = b.Dice
	r.entries = []*logs.Entry{invite}
	r.events = [][]rules.Event{nil}
	r.signers = []ssh.PublicKey{author.pub}
	r.marks = []int{0}
	return r, nil
}

// readSeats checks the invite's seats against the scenario's and takes the keys
// and chain heads given there.
func (r *Replay) readSeats(b *logs.Body, names []rules.Seat) error {
	if len(b.Seats) != len(names) {
		return entryErr(0, ErrProtocol, "the invite lists %d seats; scenario %s has %d (%v)", len(b.Seats), b.Scenario, len(names), names)
	}
	switch b.Dice {
	case logs.DiceStrict, logs.DiceCasual, logs.DiceSolo:
	default:
		return entryErr(0, ErrProtocol, "dice mode %q: want strict, casual or solo", b.Dice)
	}
	var solo *chainState
	for i, s := range b.Seats {
		if s.Seat != string(names[i]) {
			return entryErr(0, ErrProtocol, "seat %d is %q; the scenario's is %q", i+1, s.Seat, names[i])
		}
		st := &seat{Seat: s}
		if b.Dice == logs.DiceSolo {
			if s.Key == "" || s.Key != b.Seats[0].Key || s.Head != b.Seats[0].Head {
				return entryErr(0, ErrProtocol, "solo dice: one player holds every seat, so every seat needs the same key and chain head")
			}
			if solo == nil {
				solo = &chainState{last: s.Head}
			}
			st.chain = solo
		} else {
			// The inviter's seat has its key and chain head; another seat may
			// have a key reserving it for one player, who joins with accept.
			if s.Seat == b.By && (s.Key == "" || s.Head == "") {
				return entryErr(0, ErrProtocol, "the inviter's seat %s needs its key and dice chain head", s.Seat)
			}
			if s.Seat != b.By && s.Head != "" {
				return entryErr(0, ErrProtocol, "seat %s has a chain head in the invite, but only the inviter's seat may (the others join with accept)", s.Seat)
			}
			st.chain = &chainState{last: s.Head}
		}
		if s.Key != "" {
			pub, err := logs.ParseAuthorizedKey(s.Key)
			if err != nil {
				return entryErr(0, ErrProtocol, "seat %s: key: %v", s.Seat, err)
			}
			st.pub = pub
		}
		r.seats = append(r.seats, st)
	}
	return nil
}

// Digest is the scenario digest an invite records.
func Digest(scenario []byte) string {
	sum := sha256.Sum256(scenario)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func (r *Replay) seat(name string) *seat {
	for _, s := range r.seats {
		if s.Seat.Seat == name {
			return s
		}
	}
	return nil
}

// Append checks an entry and folds it in. On any error nothing changes. An entry
// already in the log returns ErrDuplicate; another entry with a stored seq
// returns an *EquivocationError when it extends the same log (the same prev)
// and is signed by the key that signed the stored one, and ErrConflict
// otherwise (a race, or an entry of another branch: see Judge).
func (r *Replay) Append(e *logs.Entry) error {
	next := int64(len(r.entries))
	switch {
	case e.Seq < 0:
		return entryErr(e.Seq, ErrProtocol, "negative seq")
	case e.Seq < next:
		stored := r.entries[e.Seq]
		if bytes.Equal(stored.Line, e.Line) {
			return &EntryError{Seq: e.Seq, Err: ErrDuplicate}
		}
		if e.Prev == stored.Prev && e.Game == stored.Game && e.Verify(r.signers[e.Seq]) == nil {
			return &EquivocationError{Seq: e.Seq, Stored: stored.Line, Received: e.Line}
		}
		return entryErr(e.Seq, ErrConflict, "the log already holds another entry %d (by %s); this one is by %s", e.Seq, stored.By, e.By)
	case e.Seq > next:
		return entryErr(e.Seq, ErrGap, "the log holds entries 0 to %d; entry %d is next", next-1, next)
	}
	signer, err := r.checkLink(e)
	if err != nil {
		return err
	}
	saved := r.save()
	events, err := r.apply(e, nil)
	if err == nil && e.State != r.game.Hash() {
		err = entryErr(e.Seq, ErrState, "the entry records %s; %s computes %s after it", e.State, r.engine.Version, r.game.Hash())
	}
	if err != nil {
		r.restore(saved)
		return err
	}
	r.entries = append(r.entries, e)
	r.events = append(r.events, events)
	r.signers = append(r.signers, signer)
	r.marks = append(r.marks, len(r.steps))
	return nil
}

// checkLink checks what ties an entry to the log: the game id, the previous
// line's hash, the signature of the seat it claims, and its time stamp. It
// returns the key the signature verified with.
func (r *Replay) checkLink(e *logs.Entry) (ssh.PublicKey, error) {
	if e.Game != r.invite.Game {
		return nil, entryErr(e.Seq, ErrChain, "game %q; this log is game %q", e.Game, r.invite.Game)
	}
	if want := logs.LineHash(r.entries[e.Seq-1].Line); e.Prev != want {
		return nil, entryErr(e.Seq, ErrChain, "prev is %s; entry %d hashes to %s", e.Prev, e.Seq-1, want)
	}
	s := r.seat(e.By)
	if s == nil {
		return nil, entryErr(e.Seq, ErrProtocol, "by %q, which is not a seat of this game (%s)", e.By, r.seatNames())
	}
	pub := s.pub
	if e.Kind == logs.KindAccept && pub == nil {
		k, err := logs.ParseAuthorizedKey(e.Key)
		if err != nil {
			return nil, entryErr(e.Seq, ErrProtocol, "accept: key: %v", err)
		}
		pub = k
	}
	if e.Kind != logs.KindAccept && s.Head == "" {
		return nil, entryErr(e.Seq, ErrProtocol, "seat %s has not joined the game yet", e.By)
	}
	if err := e.Verify(pub); err != nil {
		return nil, &EntryError{Seq: e.Seq, Err: fmt.Errorf("%w: not signed by seat %s's key %s: %v", ErrSignature, e.By, logs.Fingerprint(pub), err)}
	}
	if _, err := time.Parse(time.RFC3339, e.TS); err != nil {
		return nil, entryErr(e.Seq, ErrProtocol, "ts %q is not an RFC 3339 time", e.TS)
	}
	return pub, nil
}

func (r *Replay) seatNames() string {
	var names []string
	for _, s := range r.seats {
		names = append(names, s.Seat.Seat)
	}
	return fmt.Sprint(names)
}

// joined reports whether every seat has a key.
func (r *Replay) joined() bool {
	for _, s := range r.seats {
		if s.Head == "" {
			return false
		}
	}
	return true
}

// saved is what Append restores when an entry fails; the game itself is rebuilt
// from its steps, which is rare enough not to need a copy per entry.
type saved struct {
	seats    []seat
	chains   []chainState
	dice     protocol
	steps    int
	takeback *takeback
	resigned string
}

func (r *Replay) save() saved {
	s := saved{dice: r.dice.copy(), steps: len(r.steps), takeback: r.takeback, resigned: r.resigned}
	for _, st := range r.seats {
		s.seats = append(s.seats, *st)
		s.chains = append(s.chains, *st.chain)
	}
	return s
}

func (r *Replay) restore(s saved) {
	for i, st := range r.seats {
		*st = s.seats[i]
		*st.chain = s.chains[i]
	}
	r.dice = s.dice
	r.takeback = s.takeback
	r.resigned = s.resigned
	if len(r.steps) != s.steps || r.game.Hash() != r.stateAtSteps(s.steps).Hash() {
		r.steps = r.steps[:s.steps]
		r.game = r.stateAtSteps(s.steps)
	}
}

// stateAtSteps rebuilds the game from New and the first n steps.
func (r *Replay) stateAtSteps(n int) rules.Game {
	g, err := r.engine.New(r.setup)
	if err != nil {
		panic(fmt.Sprintf("replay: scenario that started the game no longer starts: %v", err))
	}
	for _, st := range r.steps[:n] {
		var err error
		if st.seat == "" {
			_, err = g.Roll(st.values)
		} else {
			_, err = g.Apply(st.seat, st.command)
		}
		if err != nil {
			panic(fmt.Sprintf("replay: the engine is not deterministic: a step it accepted before fails now: %v", err))
		}
	}
	return g
}

// Len is the number of entries.
func (r *Replay) Len() int { return len(r.entries) }

// Entry returns entry seq.
func (r *Replay) Entry(seq int64) *logs.Entry { return r.entries[seq] }

// Entries returns every entry in order.
func (r *Replay) Entries() []*logs.Entry { return slices.Clip(r.entries) }

// Events returns what entry seq made happen.
func (r *Replay) Events(seq int64) []rules.Event { return r.events[seq] }

// Invite returns the invite.
func (r *Replay) Invite() *logs.Entry { return r.invite }

// Game returns the current state. Callers must not change it; use Clone.
func (r *Replay) Game() rules.Game { return r.game }

// Engine returns the rules engine the log is played under.
func (r *Replay) Engine() rules.Engine { return r.engine }

// StateAt rebuilds the state after entry seq.
func (r *Replay) StateAt(seq int64) (rules.Game, error) {
	if seq < 0 || seq >= int64(len(r.entries)) {
		return nil, fmt.Errorf("no entry %d: the log holds 0 to %d", seq, len(r.entries)-1)
	}
	return r.stateAtSteps(r.marks[seq]), nil
}

// Seats returns the seats as the log knows them (keys and chain heads filled in
// by the invite, accepts and rotations).
func (r *Replay) Seats() []logs.Seat {
	var out []logs.Seat
	for _, s := range r.seats {
		out = append(out, s.Seat)
	}
	return out
}

// Head is the hash of the last line: the prev of the next entry.
func (r *Replay) Head() string { return logs.LineHash(r.entries[len(r.entries)-1].Line) }

// Resigned names the seat that resigned, if one has.
func (r *Replay) Resigned() string { return r.resigned }
