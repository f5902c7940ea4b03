package replay

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// apply folds one entry, already tied to the log, into the state. With a writer
// it fills in what the protocol requires (links, draws, requests) instead of
// checking it: that is how entries are made.
func (r *Replay) apply(e *logs.Entry, w *writer) ([]rules.Event, error) {
	b := &e.Body
	// Append has checked these already; Complete has not.
	if next := r.hist.n; b.Seq != next {
		return nil, entryErr(b.Seq, ErrGap, "the log holds entries 0 to %d; entry %d is next", next-1, next)
	}
	if r.seat(b.By) == nil {
		return nil, entryErr(b.Seq, ErrProtocol, "by %q, which is not a seat of this game (%s)", b.By, r.seatNames())
	}
	if b.V != r.invite.V {
		return nil, entryErr(b.Seq, ErrProtocol, "protocol v%d; the game's invite is v%d, and every entry of a game keeps its invite's", b.V, r.invite.V)
	}
	if err := checkLimits(b); err != nil {
		return nil, err
	}
	if err := r.checkFields(b); err != nil {
		return nil, err
	}
	switch b.Kind {
	case logs.KindAccept:
		return r.accept(e, w)
	case logs.KindAct, logs.KindReveal:
		if !r.joined() {
			return nil, entryErr(b.Seq, ErrProtocol, "the game starts when every seat has joined; waiting for %s", r.unjoined())
		}
		if r.resigned != "" {
			return nil, entryErr(b.Seq, ErrProtocol, "the game is over: %s resigned", r.resigned)
		}
		r.takeback = nil // play goes on: a proposed takeback lapses
		return r.play(e, w)
	case logs.KindNote:
		if b.Text == "" {
			return nil, entryErr(b.Seq, ErrProtocol, "a note needs text")
		}
		return []rules.Event{{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s notes: %s", b.By, b.Text)}}, nil
	case logs.KindTakeback:
		return r.proposeTakeback(b)
	case logs.KindAgree:
		return r.agree(b)
	case logs.KindResign:
		if r.resigned != "" {
			return nil, entryErr(b.Seq, ErrProtocol, "%s has already resigned", r.resigned)
		}
		r.resigned = b.By
		return []rules.Event{{Seat: rules.Seat(b.By), Text: b.By + " resigns"}}, nil
	case logs.KindRotate:
		return r.rotate(b)
	case logs.KindInvite:
		return nil, entryErr(b.Seq, ErrProtocol, "an invite can only be entry 0")
	}
	return nil, entryErr(b.Seq, ErrProtocol, "unknown kind %q", b.Kind)
}

// entryFields are the fields each kind of entry may use.
var entryFields = map[logs.Kind][]string{
	logs.KindInvite:   {"rules", "engine", "variant", "scenario", "digest", "scenario_data", "options", "dice", "seats"},
	logs.KindAccept:   {"key", "head", "name", "mail", "request", "seal"},
	logs.KindAct:      {"commands", "link", "request", "draws", "seal", "secret", "box_key", "box"},
	logs.KindReveal:   {"link", "epoch", "request", "draws", "seal", "secret", "box_key", "box"},
	logs.KindNote:     {"text"},
	logs.KindTakeback: {"to"},
	logs.KindAgree:    {"to"},
	logs.KindResign:   {},
	logs.KindRotate:   {"key", "head"},
}

// checkFields refuses fields that the entry's kind does not use, so that no
// signed field is silently ignored by a verifier. It runs for every entry
// verified, so it reads the fields from an array, not a map made each time
// (issue 18).
func (r *Replay) checkFields(b *logs.Body) error {
	ok, known := entryFields[b.Kind]
	if !known {
		return entryErr(b.Seq, ErrProtocol, "unknown kind %q", b.Kind)
	}
	used := [...]struct {
		field string
		set   bool
	}{
		{"rules", b.Rules != ""}, {"engine", b.Engine != ""}, {"variant", b.Variant != ""},
		{"scenario", b.Scenario != ""}, {"digest", b.Digest != ""}, {"scenario_data", b.ScenarioData != ""}, {"options", len(b.Options) > 0},
		{"dice", b.Dice != ""}, {"seats", len(b.Seats) > 0}, {"key", b.Key != ""}, {"head", b.Head != ""},
		{"name", b.Name != ""}, {"mail", b.Mail != ""}, {"commands", len(b.Commands) > 0},
		{"link", b.Link != ""}, {"epoch", b.Epoch != 0}, {"request", b.Request != 0},
		{"draws", len(b.Draws) > 0}, {"text", b.Text != ""}, {"to", b.To != 0},
		{"seal", b.Seal != ""}, {"secret", b.Secret != ""}, {"box_key", b.BoxKey != ""}, {"box", b.Box != ""},
	}
	for _, u := range used {
		if u.set && !slices.Contains(ok, u.field) {
			return entryErr(b.Seq, ErrProtocol, "a %s entry has no field %q", b.Kind, u.field)
		}
	}
	return nil
}

func (r *Replay) unjoined() string {
	var names []string
	for _, s := range r.seats {
		if s.Head == "" {
			names = append(names, s.Seat.Seat)
		}
	}
	return fmt.Sprint(names)
}

// accept takes a seat's key and chain head. The game starts with the last one.
func (r *Replay) accept(e *logs.Entry, w *writer) ([]rules.Event, error) {
	b := &e.Body
	if r.dice.mode == logs.DiceSolo {
		return nil, entryErr(b.Seq, ErrProtocol, "a solo game has no one to accept it")
	}
	s := r.seat(b.By)
	if s.Head != "" {
		return nil, entryErr(b.Seq, ErrProtocol, "seat %s has already joined", b.By)
	}
	if b.Key == "" || b.Head == "" {
		return nil, entryErr(b.Seq, ErrProtocol, "an accept needs the seat's key and dice chain head")
	}
	if s.pub != nil && s.Key != "" {
		if k, err := logs.ParseAuthorizedKey(b.Key); err != nil || !bytes.Equal(k.Marshal(), s.pub.Marshal()) {
			return nil, entryErr(b.Seq, ErrProtocol, "seat %s is reserved for the key %s; the accept names another", b.By, logs.Fingerprint(s.pub))
		}
	}
	if err := checkHead(b.Head); err != nil {
		return nil, entryErr(b.Seq, ErrDice, "head: %v", err)
	}
	pub, err := logs.ParseAuthorizedKey(b.Key)
	if err != nil {
		return nil, entryErr(b.Seq, ErrProtocol, "key: %v", err)
	}
	s.pub = pub
	s.Key, s.Head, s.Name, s.Mail = b.Key, b.Head, b.Name, b.Mail
	s.chain.last, s.chain.revealed, s.headSeq = b.Head, 0, b.Seq
	events := []rules.Event{{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s joins as %s (%s)", nameOr(b.Name, b.Mail), b.By, logs.Fingerprint(pub))}}
	if r.joined() {
		// The game may need dice before anyone decides (a first-turn roll).
		if err := r.dice.afterEntry(r, e, w); err != nil {
			return nil, err
		}
	} else if b.Request != 0 || b.Seal != "" {
		return nil, entryErr(b.Seq, ErrDice, "requests dice before every seat has joined")
	}
	return events, nil
}

func nameOr(name, mail string) string {
	if name != "" {
		return name
	}
	return mail
}

// play folds an act or reveal entry: dice first, as the protocol says, then the
// commands.
func (r *Replay) play(e *logs.Entry, w *writer) ([]rules.Event, error) {
	b := &e.Body
	if b.Kind == logs.KindAct && len(b.Commands) == 0 && w == nil {
		return nil, entryErr(b.Seq, ErrProtocol, "an act entry needs commands")
	}
	var events []rules.Event
	answered, err := r.dice.beforeCommands(r, e, w, &events)
	if err != nil || answered {
		return events, err
	}
	for i, c := range b.Commands {
		if need := r.pending().Dice; need != nil {
			return nil, entryErr(b.Seq, ErrDice, "command %d %q comes while dice for %q are pending: the entry must end with the request", i+1, c, need.For)
		}
		r.dice.decision(b.Seq)
		ev, err := r.game.Apply(rules.Seat(b.By), c)
		if err != nil {
			kind := ErrRules
			if errors.Is(err, rules.ErrNotPending) {
				kind = ErrProtocol
			}
			return nil, &EntryError{Seq: b.Seq, Err: fmt.Errorf("%w: command %d %q: %w", kind, i+1, c, err)}
		}
		r.steps = append(r.steps, step{seat: rules.Seat(b.By), command: c})
		events = append(events, ev...)
		if err := r.dice.drain(r, e, w, &events); err != nil {
			return nil, err
		}
	}
	if err := r.dice.afterEntry(r, e, w); err != nil {
		return nil, err
	}
	return events, nil
}

// roll feeds values to the game and records the step.
func (r *Replay) roll(values []int) ([]rules.Event, error) {
	ev, err := r.game.Roll(values)
	if err != nil {
		return nil, err
	}
	r.steps = append(r.steps, step{values: values})
	return ev, nil
}

// seal gives the game a sealed draw, or a second look at one, by its token
// alone, and records the step.
func (r *Replay) seal(token string) ([]rules.Event, error) {
	ev, err := r.game.(rules.Sealer).Seal(token)
	if err != nil {
		return nil, err
	}
	r.steps = append(r.steps, step{seal: token})
	return ev, nil
}

// unseal gives the game the values of the sealed draw token, and records
// the step.
func (r *Replay) unseal(token string, values []int) ([]rules.Event, error) {
	ev, err := r.game.(rules.Sealer).Unseal(token, values)
	if err != nil {
		return nil, err
	}
	r.steps = append(r.steps, step{unseal: token, values: values})
	return ev, nil
}

// proposeTakeback records a proposal to rewind to the state after entry To. No
// re-rolls: dice already drawn after To, or awaited, forbid it.
func (r *Replay) proposeTakeback(b *logs.Body) ([]rules.Event, error) {
	if r.resigned != "" && r.v2() {
		return nil, entryErr(b.Seq, ErrProtocol, "the game is over: %s resigned", r.resigned)
	}
	if b.To < 0 || b.To >= b.Seq {
		return nil, entryErr(b.Seq, ErrProtocol, "takeback to %d: name an earlier entry", b.To)
	}
	if b.To < r.lastInvited() {
		return nil, entryErr(b.Seq, ErrProtocol, "takeback to %d: the game starts after entry %d", b.To, r.lastInvited())
	}
	if at := r.undoneAt(b.To); at != 0 && r.v2() {
		return nil, entryErr(b.Seq, ErrProtocol, "takeback to %d: entry %d was taken back at entry %d", b.To, b.To, at)
	}
	if r.dice.busy() {
		return nil, entryErr(b.Seq, ErrDice, "takeback while dice are awaited")
	}
	if seq := r.hist.lastDice; seq > b.To {
		return nil, entryErr(b.Seq, ErrDice, "takeback to %d would undo the dice of entry %d: dice are never re-rolled", b.To, seq)
	}
	r.takeback = &takeback{by: b.By, to: b.To, seq: b.Seq, agreed: map[string]bool{b.By: true}}
	return []rules.Event{{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s proposes to take back everything after entry %d", b.By, b.To)}}, nil
}

// undoneAt is the entry whose agreement took entry seq back, or 0 when no
// takeback undid it.
func (r *Replay) undoneAt(seq int64) int64 {
	for _, st := range r.steps {
		if st.rewind && st.toSeq < seq && seq < st.atSeq {
			return st.atSeq
		}
	}
	return 0
}

// lastInvited is the entry after which the game starts: the last accept.
func (r *Replay) lastInvited() int64 { return r.hist.lastAccept }

// agree accepts the pending takeback; when every seat agrees, the state rewinds.
func (r *Replay) agree(b *logs.Body) ([]rules.Event, error) {
	t := r.takeback
	if t == nil || t.to != b.To {
		return nil, entryErr(b.Seq, ErrProtocol, "no takeback to %d is proposed", b.To)
	}
	if t.agreed[b.By] {
		return nil, entryErr(b.Seq, ErrProtocol, "%s has already agreed", b.By)
	}
	if at := r.undoneAt(t.to); at != 0 {
		// Protocol v1 let it be proposed; agreeing to it crashed pbem, or
		// rewound to a state no entry of the log had. No version agrees.
		return nil, entryErr(b.Seq, ErrProtocol, "takeback to %d: entry %d was taken back at entry %d, so there is no state after it to return to", t.to, t.to, at)
	}
	t.agreed[b.By] = true
	if len(t.agreed) < len(r.seats) {
		return []rules.Event{{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s agrees to take back to entry %d", b.By, b.To)}}, nil
	}
	r.steps = append(r.steps, step{rewind: true, to: r.marks[t.to], toSeq: t.to, atSeq: b.Seq})
	r.game = r.stateAtSteps(len(r.steps))
	r.takeback = nil
	return []rules.Event{{Seat: rules.Seat(b.By), Text: fmt.Sprintf("everything after entry %d is taken back", t.to)}}, nil
}

// rotate replaces the author's key or dice chain head.
func (r *Replay) rotate(b *logs.Body) ([]rules.Event, error) {
	if b.Key == "" && b.Head == "" {
		return nil, entryErr(b.Seq, ErrProtocol, "a rotate entry names a new key, a new chain head, or both")
	}
	s := r.seat(b.By)
	var events []rules.Event
	if b.Key != "" {
		pub, err := logs.ParseAuthorizedKey(b.Key)
		if err != nil {
			return nil, entryErr(b.Seq, ErrProtocol, "key: %v", err)
		}
		s.pub, s.Key = pub, b.Key
		events = append(events, rules.Event{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s now signs with %s", b.By, logs.Fingerprint(pub))})
	}
	if b.Head != "" {
		if r.dice.busy() {
			return nil, entryErr(b.Seq, ErrDice, "a new chain head while dice are awaited")
		}
		if err := checkHead(b.Head); err != nil {
			return nil, entryErr(b.Seq, ErrDice, "head: %v", err)
		}
		s.Head, s.headSeq = b.Head, b.Seq
		s.chain.last, s.chain.revealed = b.Head, 0
		events = append(events, rules.Event{Seat: rules.Seat(b.By), Text: b.By + " commits to a new dice chain"})
	}
	return events, nil
}
