package pbem

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/safetext"
)

// Queued is the hand-over of a game up to entry Seq for one recipient: put
// in the outbox now (New), queued before, or nothing to send (Theirs).
type Queued struct {
	ID   int64 // the outbox message; 0 when Theirs
	Game string
	Seq  int64
	To   string
	// New is true when this call queued the message. A message queued
	// before is not queued again: Sent is when it went out (zero while it
	// waits in the outbox; NextAttempt and LastError then say why).
	New         bool
	Sent        time.Time
	NextAttempt time.Time
	LastError   string
	// Theirs is true when To's seat wrote the newest entry: its pbem has
	// the whole log, and nothing goes to it.
	Theirs bool
}

// QueueHandOver puts a message with the game's whole log in the outbox for
// every other seat's mail address, but the seat that wrote the newest entry
// (it has everything). Queuing the same hand-over again (a retried command)
// keeps the first message, so nothing is sent twice; the result says so. It
// queues nothing, and returns an *AddressError, while an address is
// unconfirmed: a seat's own entry names where its mail goes, and pbem never
// sends there unseen (ChooseAddress).
func (a *App) QueueHandOver(ctx context.Context, game string) ([]Queued, error) {
	for attempt := 1; ; attempt++ {
		q, err := a.queueHandOver(ctx, game)
		if !errors.Is(err, errChangedMeanwhile) || attempt == 3 {
			return q, err
		}
	}
}

// errChangedMeanwhile: another pbem changed a game's log while a hand-over
// of it was being made.
var errChangedMeanwhile = errors.New("the game changed while its hand-over was made (another pbem at work on it): try again")

func (a *App) queueHandOver(ctx context.Context, game string) ([]Queued, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return nil, err
	}
	id, hs, err := a.handOverParties(ctx, rec, r)
	if err != nil {
		return nil, err
	}
	from := id.Mail
	if cfg, err := a.Home.LoadMailConfig(); err == nil && cfg.Address != "" {
		from = cfg.Address
	}
	if warnings := unconfirmed(rec.ID, hs); len(warnings) > 0 {
		return nil, &AddressError{Warnings: warnings}
	}
	to := recipients(hs, id.Mail)
	if len(to) == 0 {
		return nil, fmt.Errorf("game %s: no opponent mail address is known (the invite names none): export the log and send it by hand", rec.ID)
	}
	// The summary tells the entries the opponent has not seen: those after
	// the last entry of another seat, whose author had seen everything
	// before it. The replay must keep them.
	unseen := min(r.LastNotBy(rec.Seat)+1, int64(r.Len()-1))
	if unseen < r.First() {
		o, err := a.loadReplay(ctx, a.Store.storeReader, rec.ID, unseen)
		if err != nil {
			return nil, err
		}
		r = o.r
	}
	log, err := a.storedLog(ctx, rec.ID, r)
	if err != nil {
		return nil, err
	}
	last := r.Last()
	o := Outgoing{
		From: from, Game: rec.ID, Seq: last.Seq, Head: r.Head(),
		Subject: handOverSubject(rec, r), Summary: handOverSummary(rec, r, unseen),
		Log: log, Date: a.Now(),
	}
	var out []Queued
	for _, addr := range to {
		q := Queued{Game: rec.ID, Seq: last.Seq, To: addr}
		if slices.ContainsFunc(hs, func(h HandOverAddress) bool { return h.Seat == last.By && strings.EqualFold(h.To, addr) }) {
			q.Theirs = true
			out = append(out, q)
			continue
		}
		m, queued, err := a.Store.HandOverMail(ctx, rec.ID, last.Seq, o.Head, addr)
		if err != nil {
			return out, err
		}
		if queued {
			q.ID, q.Sent, q.NextAttempt, q.LastError = m.ID, m.Sent, m.NextAttempt, m.LastError
			out = append(out, q)
			continue
		}
		o.To = addr
		o.MessageID = messageID(o)
		msg, err := ComposeMessage(o)
		if err != nil {
			return out, err
		}
		if q.ID, err = a.Store.QueueMail(ctx, rec.ID, last.Seq, o.Head, addr, msg); err != nil {
			return out, err
		}
		q.New = true
		out = append(out, q)
	}
	return out, nil
}

// storedLog reads a game's stored log up to r's last entry, which must be
// the log r folded: the replay is not read in the same transaction, and a
// race may take lines out of the log meanwhile (errChangedMeanwhile).
func (a *App) storedLog(ctx context.Context, game string, r *replay.Replay) ([]byte, error) {
	var log bytes.Buffer
	sum := sha256.New()
	last := r.Last().Seq
	err := a.Store.EachLine(ctx, game, 0, func(seq int64, line []byte) error {
		if seq > last {
			return errThrough
		}
		log.Write(line)
		sum.Write(line)
		return nil
	})
	if err != nil && !errors.Is(err, errThrough) {
		return nil, err
	}
	if "sha256:"+hex.EncodeToString(sum.Sum(nil)) != r.Digest() {
		return nil, fmt.Errorf("game %s: %w", game, errChangedMeanwhile)
	}
	return log.Bytes(), nil
}

// Unsent returns the hand-overs of the newest entry of a game (its record
// and replay, as Status returns them) that have not gone out: not queued yet
// (ID zero; To empty when no address is known for the seat) or waiting in
// the outbox. Nothing is queued. Empty when every recipient has the newest
// entry, and in a solo game.
func (a *App) Unsent(ctx context.Context, rec GameRecord, r *replay.Replay) ([]Queued, error) {
	id, hs, err := a.handOverParties(ctx, rec, r)
	if err != nil {
		return nil, err
	}
	last := r.Last()
	var out []Queued
	for _, h := range hs {
		if h.Seat == last.By || (h.To != "" && strings.EqualFold(h.To, id.Mail)) {
			continue
		}
		if h.To == "" {
			out = append(out, Queued{Game: rec.ID, Seq: last.Seq})
			continue
		}
		m, queued, err := a.Store.HandOverMail(ctx, rec.ID, last.Seq, r.Head(), h.To)
		if err != nil {
			return nil, err
		}
		if queued && !m.Sent.IsZero() {
			continue
		}
		out = append(out, Queued{ID: m.ID, Game: rec.ID, Seq: last.Seq, To: h.To, NextAttempt: m.NextAttempt, LastError: m.LastError})
	}
	return out, nil
}

// handOverParties are the two ends of a game's hand-overs: this player,
// and where each other seat's mail goes.
func (a *App) handOverParties(ctx context.Context, rec GameRecord, r *replay.Replay) (*Identity, []HandOverAddress, error) {
	id, err := a.Identity()
	if err != nil {
		return nil, nil, err
	}
	hs, err := a.handOverAddresses(ctx, rec, r)
	return id, hs, err
}

// messageID is the same for the same hand-over to the same recipient, so that
// a receiver can recognise a duplicate by it as well as by the log.
func messageID(o Outgoing) string {
	h := sha256.Sum256([]byte(o.Game + "\x00" + o.Head + "\x00" + o.To))
	domain := "pbem.invalid"
	if _, d, ok := strings.Cut(o.From, "@"); ok && d != "" {
		domain = d
	}
	return fmt.Sprintf("pbem.%s.%d.%s@%s", o.Game, o.Seq, hex.EncodeToString(h[:8]), domain)
}

var turnRE = regexp.MustCompile(`(?i)\bturn\s+(\d+)`)

// handOverSubject is "[pbem <short id>] <scenario> T<turn> <side> <what>",
// without T when the game's phase names no turn.
func handOverSubject(rec GameRecord, r *replay.Replay) string {
	// The scenario and seat names come from the invite: escaped, they cannot
	// break the header or the reader's display.
	parts := []string{fmt.Sprintf("[pbem %s]", safetext.Escape(shortID(rec.ID))), safetext.Escape(rec.Scenario)}
	phase := r.Game().Pending().Phase
	if m := turnRE.FindStringSubmatch(phase); m != nil {
		parts = append(parts, "T"+m[1])
	} else if m := turnRE.FindStringSubmatch(r.Waiting().Text); m != nil {
		parts = append(parts, "T"+m[1])
	}
	last := r.Last()
	parts = append(parts, safetext.Escape(last.By), entryVerb(last))
	return strings.Join(parts, " ")
}

// shortID is a prefix of the game id that 'pbem' commands accept.
func shortID(id string) string {
	if len(id) <= 24 {
		return id
	}
	return id[:24]
}

// handOverSummary narrates the entries the opponent has not seen, from entry
// from on; r keeps them.
func handOverSummary(rec GameRecord, r *replay.Replay, from int64) string {
	entries := r.Entries()[from-r.First():]
	var b strings.Builder
	safetext.Fprintf(&b, "Game %s (%s/%s, %s dice), you are receiving entries %d to %d.\n\n",
		rec.ID, rec.Rules, rec.Scenario, r.DiceMode(), from, r.Last().Seq)
	for _, e := range entries {
		safetext.Fprintf(&b, "#%d %s %s", e.Seq, e.By, e.Kind)
		if len(e.Commands) > 0 {
			safetext.Fprintf(&b, ": %s", strings.Join(e.Commands, "; "))
		}
		if e.Text != "" {
			safetext.Fprintf(&b, ": \"%s\"", e.Text)
		}
		b.WriteByte('\n')
		for _, ev := range r.Events(e.Seq) {
			safetext.Fprintf(&b, "    %s\n", ev.Text)
		}
		for _, d := range e.Draws {
			safetext.Fprintf(&b, "    %s\n", DrawLine(d, e))
		}
		if l := RequestLine(e); l != "" {
			safetext.Fprintf(&b, "    %s\n", l)
		}
	}
	w := r.Waiting()
	safetext.Fprintf(&b, "\nNow: %s\n", w.Text)
	if f := r.Foreseeable(); f != "" {
		safetext.Fprintf(&b, "Note: %s\n", f)
	}
	if w := r.ProtocolWarning(); w != "" {
		safetext.Fprintf(&b, "Warning: %s\n", w)
	}
	safetext.Fprintf(&b, "\nThe whole signed log is attached as %s.pbem: 'pbem sync' fetches and verifies it,\nor save it and run 'pbem import %s.pbem'.\n", rec.ID, rec.ID)
	return b.String()
}

// FlushReport says what a flush of the outbox did.
type FlushReport struct {
	Sent   []OutboxMessage
	Failed []OutboxMessage // LastError says why; NextAttempt when it is retried
}

// Backoff of failed sends: a minute, doubling per attempt, at most six hours.
const (
	sendBackoffBase = time.Minute
	sendBackoffMax  = 6 * time.Hour
)

func sendBackoff(attempts int) time.Duration {
	d := sendBackoffBase
	for range attempts {
		d *= 2
		if d >= sendBackoffMax {
			return sendBackoffMax
		}
	}
	return d
}

// sendLease is how long a claimed message is left to its sender before another
// flush may send it: longer than any one SMTP transaction.
const sendLease = 10 * time.Minute

// FlushOutbox sends the due messages over SMTP. Each is marked sent as soon as
// the server accepts it, so a fault later loses nothing and resends nothing
// already accepted; a failed one is retried later with exponential backoff.
// (Should the connection drop after the server accepted a message but before
// its reply arrived, the message is sent again: a receiver counts the log's
// entries as duplicates, so that is harmless.)
func (a *App) FlushOutbox(ctx context.Context) (*FlushReport, error) {
	rep := &FlushReport{}
	due, err := a.Store.DueMail(ctx, a.Now())
	if err != nil || len(due) == 0 {
		return rep, err
	}
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		return rep, err
	}
	fail := func(m OutboxMessage, cause error) error {
		m.Attempts++
		m.LastError = cause.Error()
		m.NextAttempt = a.Now().Add(sendBackoff(m.Attempts - 1))
		rep.Failed = append(rep.Failed, m)
		return a.Store.MarkMailFailed(ctx, m.ID, m.LastError, m.NextAttempt)
	}
	from := cfg.Address
	if from == "" {
		id, err := a.Identity()
		if err != nil {
			return rep, err
		}
		from = id.Mail
	}
	password, err := cfg.Password(ctx)
	if err != nil {
		return rep, err
	}
	s, err := dialSMTP(ctx, cfg, password)
	if err != nil {
		for _, m := range due {
			if ferr := fail(m, err); ferr != nil {
				return rep, ferr
			}
		}
		return rep, err
	}
	defer s.Close()
	for _, m := range due {
		claimed, err := a.Store.ClaimMail(ctx, m.ID, a.Now(), a.Now().Add(sendLease))
		if err != nil {
			return rep, err
		}
		if !claimed {
			continue // another pbem is sending it, or has sent it
		}
		if err := s.send(from, m.To, bytes.NewReader(m.Message)); err != nil {
			err = s.m.fail(StageSend, fmt.Errorf("message %d (game %s, entry %d, to %s): %w", m.ID, m.Game, m.Seq, m.To, err))
			if ferr := fail(m, err); ferr != nil {
				return rep, ferr
			}
			if isNetError(err) {
				// The connection is gone: the rest stay due for the next flush.
				return rep, err
			}
			continue
		}
		if err := a.Store.MarkMailSent(ctx, m.ID); err != nil {
			return rep, err
		}
		m.Attempts++
		m.Sent = a.Now()
		rep.Sent = append(rep.Sent, m)
	}
	return rep, nil
}

// Send queues the hand-over of a game and flushes the outbox.
func (a *App) Send(ctx context.Context, game string) ([]Queued, *FlushReport, error) {
	q, err := a.QueueHandOver(ctx, game)
	if err != nil {
		return q, nil, err
	}
	rep, err := a.FlushOutbox(ctx)
	return q, rep, err
}
