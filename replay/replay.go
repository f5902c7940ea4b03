// Package replay folds a game log through its rules engine. Every entry is checked
// as it is appended: its place in the hash chain, its signature, the dice protocol
// (every value recomputed), every command re-checked by the rules, and the state
// hash it records. The state after any entry can be rebuilt, and the same entries
// always give the same hashes: a replay is its own determinism check.
package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// verifyEntry checks an entry's signature. The fuzz test, which replays the
// same lines many times over, remembers what it returned.
var verifyEntry = (*logs.Entry).Verify

// Loader finds what an invite names: its game's engine, and its scenario's
// bytes by game and scenario name. games.Shipped is the one of the games and
// scenarios that ship with pbem.
type Loader interface {
	Engine(game string) (rules.Engine, error)
	Scenario(game, scenario string) ([]byte, error)
}

// Replay is a game log folded through its rules up to its last entry.
type Replay struct {
	engine  rules.Engine
	setup   rules.Setup // what the invite fixed: every state is New(setup) and steps
	invite  *logs.Entry
	game    rules.Game
	initial rules.Game // the state New made, kept to rebuild from without starting the game again

	hist  history
	seats []*seat // in the game's seat order
	dice  protocol

	// steps are the effects applied to the game since New, in order, never
	// cut (an agreed takeback is a step too); marks[i] is len(steps) after
	// entry i. A state at any point is the state of a prefix of steps.
	steps []step
	marks []int

	takeback *takeback
	resigned string
	v1       v1Draws // protocol v1: entries whose draws v2 refuses

	// ahead is the entry Verify appends, with its signature's verdict
	// reached ahead of the replay (verify_ahead.go); nil otherwise.
	ahead *checked
	// pend is the game's Pending for one state (pending).
	pend pendingMemo
}

// pendingMemo is a game's Pending and the state it is for: the game and how
// many steps had been applied to it.
type pendingMemo struct {
	game  rules.Game
	steps int
	p     rules.Pending
}

// pending is r.game.Pending(), asked of the engine once per state: the dice
// protocol asks it before and after every command of every entry, and an
// engine works it out afresh each time. The game changes only by a step (a
// command or a roll, Apply and Roll changing nothing when they fail) or by
// being replaced, so the game and the count of steps name its state. (A game
// that is no pointer, which pbem's engines never are, is not told apart so.)
func (r *Replay) pending() rules.Pending {
	if reflect.TypeOf(r.game).Kind() != reflect.Pointer {
		return r.game.Pending()
	}
	if m := &r.pend; m.game != r.game || m.steps != len(r.steps) {
		*m = pendingMemo{game: r.game, steps: len(r.steps), p: r.game.Pending()}
	}
	return r.pend.p
}

// seat is one seat's standing in the log: its key and its dice chain.
type seat struct {
	logs.Seat
	pub   ssh.PublicKey
	chain *chainState // shared by every seat in solo mode
	// headSeq is the entry that committed the seat's current chain head:
	// the invite, its accept or its latest rotate.
	headSeq int64
}

// chainState follows one dice chain: the last link revealed (the head at first)
// and how many links have been revealed since that head.
type chainState struct {
	last     string
	revealed int
}

type step struct {
	seat    rules.Seat // "" for a roll, a seal or a rewind
	command string
	values  []int
	// seal is the token of a sealed draw given to the game (Sealer.Seal);
	// unseal the token whose values are given (Sealer.Unseal).
	seal, unseal string
	// rewind is an agreed takeback: the state becomes the one after the first
	// to steps, which was the state after entry toSeq; entry atSeq agreed.
	rewind       bool
	to           int
	toSeq, atSeq int64
}

type takeback struct {
	by     string
	to     int64
	seq    int64
	agreed map[string]bool
}

// copy is a takeback that agreeing to does not change; nil stays nil.
func (t *takeback) copy() *takeback {
	if t == nil {
		return nil
	}
	c := *t
	c.agreed = maps.Clone(t.agreed)
	return &c
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
	if err := checkSize(invite); err != nil {
		return nil, err
	}
	if err := checkLimits(b); err != nil {
		return nil, err
	}
	if b.Prev != "" {
		return nil, entryErr(0, ErrChain, "the invite has prev %q; it must be empty", b.Prev)
	}
	engine, err := load.Engine(b.Rules)
	if err != nil {
		return nil, entryErr(0, ErrVersion, "%v", err)
	}
	// A game goes on under the rules version its invite names, when this
	// pbem still plays it (rules.Engine.Replays), never under another.
	if b.Engine == "" || engine.CheckVersion(b.Engine) != nil {
		return nil, entryErr(0, ErrVersion, "the log was written by rules %q; this pbem plays %s", b.Engine, versions(engine))
	}
	if err := engine.CheckVariant(b.Variant); err != nil {
		return nil, &EntryError{Seq: 0, Err: fmt.Errorf("%w: the invite names %w", ErrVersion, err)}
	}
	// A variant that came with a later rules version was never played under
	// the invite's.
	if err := engine.CheckSetup(rules.Setup{Variant: b.Variant, Version: b.Engine}); err != nil {
		return nil, &EntryError{Seq: 0, Err: fmt.Errorf("%w: the invite names %w", ErrVersion, err)}
	}
	scenario, err := inviteScenario(invite, load)
	if err != nil {
		return nil, err
	}
	setup := rules.Setup{Scenario: scenario, Variant: b.Variant, Options: b.Options, Version: b.Engine}
	// The game, started once, names its seats: engine.Seats would parse
	// the scenario again, and parsing is most of opening a game.
	game, err := engine.New(setup)
	if err != nil {
		return nil, entryErr(0, ErrScenario, "%v", err)
	}
	r := &Replay{engine: engine, setup: setup, invite: invite, game: game}
	if err := r.checkFields(b); err != nil {
		return nil, err
	}
	if err := r.readSeats(b, game.Seats()); err != nil {
		return nil, err
	}
	author := r.seat(b.By)
	if author == nil || author.pub == nil {
		return nil, entryErr(0, ErrProtocol, "the invite is by %q, which is not a seat with a key", b.By)
	}
	if err := verifyEntry(invite, author.pub); err != nil {
		return nil, &EntryError{Seq: 0, Err: fmt.Errorf("%w: %v", ErrSignature, err)}
	}
	if _, err := logs.ParseTime(b.TS); err != nil {
		return nil, entryErr(0, ErrProtocol, "%v", err)
	}
	if h := r.game.Hash(); h != b.State {
		return nil, entryErr(0, ErrState, "the invite records %s; %s computes %s", b.State, setup.Version, h)
	}
	r.initial = r.game.Clone()
	r.dice.mode = b.Dice
	r.hist = newHistory()
	r.hist.record(invite, nil, author.pub)
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
	case logs.DiceStrict, logs.DiceSolo:
	case logs.DiceCasual:
		if len(names) != 2 && r.v2() {
			return entryErr(0, ErrDice, "casual dice are for two seats; this game has %d: with more, the line that keys a seat's dice may be its partner's, who could choose it (docs/dice.md 3.3): use strict", len(names))
		}
	default:
		return entryErr(0, ErrProtocol, "dice mode %q: want strict, casual or solo", b.Dice)
	}
	var solo *chainState
	for i, s := range b.Seats {
		if s.Seat != string(names[i]) {
			return entryErr(0, ErrProtocol, "seat %d is %q; the scenario's is %q", i+1, s.Seat, names[i])
		}
		st := &seat{Seat: s}
		if s.Head != "" {
			if err := checkHead(s.Head); err != nil {
				return entryErr(0, ErrDice, "seat %s: %v", s.Seat, err)
			}
		}
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
// and is signed by the key that signed the stored one (its Stored is nil when
// the replay no longer keeps that line: see Retain), and ErrConflict otherwise
// (a race, or an entry of another branch: see Judge).
func (r *Replay) Append(e *logs.Entry) error {
	next := r.hist.n
	switch {
	case e.Seq < 0:
		return entryErr(e.Seq, ErrProtocol, "negative seq")
	case e.Seq < next:
		if sha256.Sum256(e.Line) == r.hist.hashes[e.Seq] {
			return &EntryError{Seq: e.Seq, Err: ErrDuplicate}
		}
		// The stored entry itself may have left the window: what tells an
		// equivocation from a race is kept for every entry (its prev is the
		// hash of the line before, and the key that signed it).
		stored, _, kept := r.hist.kept(e.Seq)
		if e.Prev == r.hist.prevOf(e.Seq) && e.Game == r.invite.Game && verifyEntry(e, r.hist.signer(e.Seq)) == nil {
			eq := &EquivocationError{Seq: e.Seq, Received: e.Line}
			if kept {
				eq.Stored = stored.Line
			}
			return eq
		}
		if kept {
			return entryErr(e.Seq, ErrConflict, "the log already holds another entry %d (by %s); this one is by %s", e.Seq, stored.By, e.By)
		}
		return entryErr(e.Seq, ErrConflict, "the log already holds another entry %d; this one is by %s", e.Seq, e.By)
	case e.Seq > next:
		return entryErr(e.Seq, ErrGap, "the log holds entries 0 to %d; entry %d is next", next-1, next)
	}
	if err := checkSize(e); err != nil {
		return err
	}
	signer, err := r.checkLink(e)
	if err != nil {
		return err
	}
	saved := r.save()
	events, err := r.apply(e, nil)
	if err == nil && e.State != r.game.Hash() {
		err = entryErr(e.Seq, ErrState, "the entry records %s; %s computes %s after it", e.State, r.setup.Version, r.game.Hash())
	}
	if err != nil {
		r.restore(saved)
		return err
	}
	r.hist.record(e, events, signer)
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
	if want := r.hist.headID; e.Prev != want {
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
	if err := r.verifySig(e, pub); err != nil {
		return nil, &EntryError{Seq: e.Seq, Err: fmt.Errorf("%w: not signed by seat %s's key %s: %v", ErrSignature, e.By, logs.Fingerprint(pub), err)}
	}
	if _, err := logs.ParseTime(e.TS); err != nil {
		return nil, entryErr(e.Seq, ErrProtocol, "%v", err)
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
	v1       v1Draws
}

func (r *Replay) save() saved {
	s := saved{dice: r.dice.copy(), steps: len(r.steps), takeback: r.takeback.copy(), resigned: r.resigned, v1: r.v1}
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
	r.v1 = s.v1
	// Steps are only ever appended, so the first s.steps are intact. With no
	// step added the game is unchanged (Apply and Roll change nothing when
	// they fail), which the last entry's recorded state hash confirms cheaply.
	if len(r.steps) != s.steps || r.game.Hash() != r.hist.head.State {
		r.steps = r.steps[:s.steps]
		r.game = r.stateAtSteps(s.steps)
	}
}

// stateAtSteps rebuilds the game after the first n steps: from the state the
// last rewind among them returns to (or New), then the steps after it.
func (r *Replay) stateAtSteps(n int) rules.Game {
	start := 0
	var g rules.Game
	for i := n - 1; i >= 0; i-- {
		if st := r.steps[i]; st.rewind {
			g, start = r.stateAtSteps(st.to), i+1
			break
		}
	}
	if g == nil {
		g = r.initial.Clone()
	}
	for _, st := range r.steps[start:n] {
		var err error
		switch {
		case st.seal != "":
			_, err = g.(rules.Sealer).Seal(st.seal)
		case st.unseal != "":
			_, err = g.(rules.Sealer).Unseal(st.unseal, st.values)
		case st.seat == "":
			_, err = g.Roll(st.values)
		default:
			_, err = g.Apply(st.seat, st.command)
		}
		if err != nil {
			panic(fmt.Sprintf("replay: the engine is not deterministic: a step it accepted before fails now: %v", err))
		}
	}
	return g
}

// Len is the number of entries.
func (r *Replay) Len() int { return int(r.hist.n) }

// Retain makes the replay keep only the last n entries, and what they made
// happen, from now on: a log is then checked in memory that does not grow with
// its entries. n <= 0 keeps every entry, as a replay made by Start does.
func (r *Replay) Retain(n int) {
	r.hist.keep = n
	r.hist.trim()
}

// First is the seq of the first entry the replay keeps (see Retain and
// Resume); Entry, Entries and Events know the entries from there on.
func (r *Replay) First() int64 { return r.hist.first() }

// Entry returns entry seq, or nil when the replay does not keep it (First).
// The last entry is always kept.
func (r *Replay) Entry(seq int64) *logs.Entry {
	e, _, _ := r.hist.kept(seq)
	return e
}

// Last is the last entry.
func (r *Replay) Last() *logs.Entry { return r.hist.head }

// LastNotBy is the seq of the latest entry written by a seat other than seat,
// or -1 when there is none.
func (r *Replay) LastNotBy(seat string) int64 { return r.hist.lastNotBy(seat).seq }

// LastBy is the seq of the latest entry written by seat, or -1 when there is
// none.
func (r *Replay) LastBy(seat string) int64 {
	if l, ok := r.hist.lastLine[seat]; ok {
		return l.seq
	}
	return -1
}

// Entries returns the entries kept, in order: every entry, unless Retain or
// Resume said otherwise.
func (r *Replay) Entries() []*logs.Entry { return slices.Clip(r.hist.win) }

// Events returns what entry seq made happen, or nil when the replay does not
// keep it.
func (r *Replay) Events(seq int64) []rules.Event {
	_, ev, _ := r.hist.kept(seq)
	return ev
}

// Digest is the SHA-256 of every line so far, in order: of the log as a file.
func (r *Replay) Digest() string {
	return "sha256:" + hex.EncodeToString(cloneDigest(r.hist.digest).Sum(nil))
}

// Invite returns the invite.
func (r *Replay) Invite() *logs.Entry { return r.invite }

// Game returns the current state. Callers must not change it; use Clone.
func (r *Replay) Game() rules.Game { return r.game }

// Engine returns the rules engine the log is played under.
func (r *Replay) Engine() rules.Engine { return r.engine }

// Version is the rules version the game is played under, the one its invite
// names: the engine's current Version, or an older one it replays.
func (r *Replay) Version() string { return r.setup.Version }

// versions says which rules versions an engine plays: its current one, and
// the older ones whose games it replays.
func versions(e rules.Engine) string {
	if len(e.Replays) == 0 {
		return e.Version
	}
	return e.Version + " (and replays " + strings.Join(e.Replays, ", ") + ")"
}

// StateAt rebuilds the state after entry seq.
func (r *Replay) StateAt(seq int64) (rules.Game, error) {
	if seq < 0 || seq >= r.hist.n {
		return nil, fmt.Errorf("no entry %d: the log holds 0 to %d", seq, r.hist.n-1)
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
func (r *Replay) Head() string { return r.hist.headID }

// Resigned names the seat that resigned, if one has.
func (r *Replay) Resigned() string { return r.resigned }
