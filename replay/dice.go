package replay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// protocol follows the dice of a log (docs/dice.md). In strict mode an epoch is
// requested by the entry after which the rules need dice, answered by every other
// seat with its next link, and keyed when the requester's next entry reveals its
// own link; its draws are taken at once, and the epoch closes at the next command,
// since whoever gives it could know the key. In casual and solo modes an entry
// that needs dice reveals its author's next link and keys an epoch of its own.
type protocol struct {
	mode   logs.DiceMode
	epochs int64  // epochs opened so far
	cur    *epoch // the latest epoch, nil before the first
	cursor int    // the next recorded draw of the entry being folded
	// sealed are the sealed draws of the log, in order (sealed.go); they
	// stay after their secret is revealed, for the report.
	sealed []*sealedDraw
	used   sealedUse // what of the entry being folded a sealed draw used
}

type epoch struct {
	n          int64
	requester  string
	requestSeq int64
	request    []byte            // the line that keys it
	links      map[string][]byte // by seat
	awaiting   []string          // strict: seats yet to answer, in seat order
	keyed      bool
	keyedAt    int64 // the entry that keyed it: its draws are recorded there
	open       bool  // draws may be taken
	closedAt   int64 // the entry whose command (or mere coming) closed it
	stream     *logs.Stream
	// seal is the drawer's commitment when the epoch is a sealed draw: it is
	// keyed by the drawer's secret, not its link, and only the drawer can
	// draw from it (sealed.go).
	seal string
}

// writer makes entries instead of checking them: it supplies the author's next
// chain link and its secrets (Own), and lets the protocol fill in links,
// draws, requests and what sealed draws need.
type writer struct {
	Own
}

func (p protocol) copy() protocol {
	if p.cur != nil {
		e := *p.cur
		e.links = make(map[string][]byte, len(p.cur.links))
		for k, v := range p.cur.links {
			e.links[k] = v
		}
		e.awaiting = slices.Clone(p.cur.awaiting)
		if p.cur.stream != nil {
			s := *p.cur.stream
			e.stream = &s
		}
		p.cur = &e
	}
	p.sealed = slices.Clone(p.sealed)
	for i, sd := range p.sealed {
		c := *sd
		c.shares = slices.Clone(sd.shares)
		p.sealed[i] = &c
	}
	return p
}

// busy reports whether an epoch waits for answers or for its requester's link.
func (p *protocol) busy() bool {
	return p.cur != nil && (len(p.cur.awaiting) > 0 || !p.cur.keyed)
}

// decision notes that a command is about to be applied: any epoch open for
// draws closes, because its key is known to whoever decides.
func (p *protocol) decision(seq int64) {
	if p.cur != nil && p.cur.open && p.mode == logs.DiceStrict {
		p.cur.open, p.cur.closedAt = false, seq
	}
}

// beforeCommands handles the links an entry carries and the draws due before its
// commands. It reports answered when the entry was a strict answer, which carries
// nothing else.
func (p *protocol) beforeCommands(r *Replay, e *logs.Entry, w *writer, events *[]rules.Event) (answered bool, err error) {
	b := &e.Body
	p.cursor, p.used = 0, sealedUse{}
	bare := b.Kind == logs.KindReveal && b.Link == "" && b.Epoch == 0 && len(b.Commands) == 0 && len(b.Draws) == 0 && b.Request == 0 && !sealFields(b)
	if p.mode != logs.DiceStrict {
		if b.Epoch != 0 || b.Request != 0 {
			return false, entryErr(b.Seq, ErrDice, "%s dice have no requests or answers", p.mode)
		}
		if sealFields(b) {
			return false, entryErr(b.Seq, ErrDice, "%s dice have no sealed draws: a private draw is drawn in clear (docs/dice.md 4)", p.mode)
		}
		need := r.pending().Dice
		if bare {
			if x, ok := r.freshHead(); ok && x.Seat.Seat != b.By {
				*events = append(*events, rules.Event{Seat: rules.Seat(b.By), Text: fmt.Sprintf("%s acknowledges %s's dice chain of entry %d", b.By, x.Seat.Seat, x.headSeq)})
				return true, nil
			}
			switch {
			case w != nil || need != nil:
			case r.v2():
				return false, entryErr(b.Seq, ErrDice, "a reveal carries a link to draw dice, or acknowledges another seat's new dice chain; nothing here awaits either")
			default:
				return false, entryErr(b.Seq, ErrDice, "a reveal carries a link to draw dice; no dice are awaited")
			}
		}
		// Whoever could draw them would choose whether to: the seat whose
		// action needs them draws them. Protocol v1 let anyone; pbem never
		// does.
		if need != nil && string(need.By) != b.By {
			if r.v2() || w != nil {
				return false, entryErr(b.Seq, ErrDice, "the dice for %q are %s's to draw, with its next link", need.For, need.By)
			}
			r.noteV1Draw(b.Seq, fmt.Sprintf("%s drew the dice for %q, which were %s's to draw", b.By, need.For, need.By))
		}
		if b.Link != "" {
			if err := p.openCasual(r, e); err != nil {
				return false, err
			}
		}
		return false, p.drain(r, e, w, events)
	}
	if bare && w == nil {
		return false, entryErr(b.Seq, ErrDice, "a reveal carries a link (an answer to a request, or the requester's own) or what a sealed draw awaits")
	}
	ep := p.cur
	if ep != nil && ep.open && ep.keyedAt != b.Seq {
		// An epoch's draws are all taken in the entry that keys it.
		ep.open, ep.closedAt = false, b.Seq
	}
	if ep != nil && len(ep.awaiting) > 0 {
		want := ep.awaiting[0]
		switch {
		case w != nil && b.By == want:
			if len(b.Commands) > 0 {
				return false, entryErr(b.Seq, ErrDice, "epoch %d awaits your answer first: send it alone, then your commands", ep.n)
			}
			b.Kind, b.Epoch = logs.KindReveal, ep.n
			if b.Link, err = w.NextLink(); err != nil {
				return false, err
			}
		case b.Kind != logs.KindReveal || b.Epoch != ep.n:
			return false, entryErr(b.Seq, ErrDice, "epoch %d (requested by %s at entry %d) awaits %s's answer: nothing else may come first", ep.n, ep.requester, ep.requestSeq, want)
		case b.By == ep.requester:
			return false, entryErr(b.Seq, ErrDice, "%s answers its own request for epoch %d: only the other seats may", b.By, ep.n)
		case b.By != want:
			return false, entryErr(b.Seq, ErrDice, "%s answers epoch %d out of turn: %s answers first (seat order)", b.By, ep.n, want)
		}
		if len(b.Commands) > 0 || len(b.Draws) > 0 || b.Request != 0 || sealFields(b) {
			return false, entryErr(b.Seq, ErrDice, "an answer to epoch %d carries its link and nothing else", ep.n)
		}
		if err := r.revealLink(b); err != nil {
			return false, err
		}
		ep.links[b.By] = mustLink(b.Link)
		ep.awaiting = ep.awaiting[1:]
		return true, nil
	}
	if b.Epoch != 0 {
		return false, entryErr(b.Seq, ErrDice, "answers epoch %d, which awaits no answer", b.Epoch)
	}
	if ep != nil && !ep.keyed {
		if b.By != ep.requester {
			return false, entryErr(b.Seq, ErrDice, "epoch %d is answered; %s, who requested it, reveals next", ep.n, ep.requester)
		}
		if ep.seal != "" {
			if err := p.take(r, e, w, ep, events); err != nil {
				return false, err
			}
		} else {
			if w != nil {
				if b.Link, err = w.NextLink(); err != nil {
					return false, err
				}
			}
			if b.Link == "" {
				return false, entryErr(b.Seq, ErrDice, "epoch %d is answered: this entry must carry %s's next link", ep.n, b.By)
			}
			if err := r.revealLink(b); err != nil {
				return false, err
			}
			ep.links[b.By] = mustLink(b.Link)
			p.key(r, ep, b.Seq)
		}
	} else if b.Link != "" {
		return false, entryErr(b.Seq, ErrDice, "carries a link, but no epoch awaits one from %s", b.By)
	}
	if b.Kind == logs.KindReveal && len(b.Commands) > 0 {
		return false, entryErr(b.Seq, ErrProtocol, "a reveal entry has no commands (use act)")
	}
	return false, p.drain(r, e, w, events)
}

// openCasual keys a casual or solo epoch from the author's new link, the other
// seats' latest links, and the last line written by another seat. Not the line
// just before: the author could write that one itself, in as many versions as it
// likes, until the dice suit it (docs/dice.md). In solo every line is the
// author's, and the previous one serves.
//
// The author's chain head must be older than that line: a head committed
// after it (by an accept or a rotate) could have been chosen, among as many
// seeds as the author cared to try, for the dice it gives; a head committed
// before it could not, since the line is another seat's, signed after.
func (p *protocol) openCasual(r *Replay, e *logs.Entry) error {
	b := &e.Body
	request := r.hist.head.Line
	if p.mode == logs.DiceCasual {
		s := r.seat(b.By)
		q := r.hist.lastNotBy(b.By)
		if q.seq < s.headSeq {
			if r.v2() {
				return entryErr(b.Seq, ErrDice, "%s draws from the dice chain it committed at entry %d, and no other seat has written since: the draw waits for another seat's entry (docs/dice.md 3.3)", b.By, s.headSeq)
			}
			r.noteV1Draw(b.Seq, fmt.Sprintf("%s drew with the dice chain it committed at entry %d, keyed by entry %d, which came before that chain", b.By, s.headSeq, q.seq))
		}
		request = q.line
	}
	if err := r.revealLink(b); err != nil {
		return err
	}
	p.epochs++
	ep := &epoch{n: p.epochs, requester: b.By, requestSeq: b.Seq, request: request, links: map[string][]byte{}}
	for _, s := range r.seats {
		if s.Seat.Seat == b.By {
			ep.links[b.By] = mustLink(b.Link)
		} else if p.mode == logs.DiceCasual {
			ep.links[s.Seat.Seat] = mustLink(s.chain.last)
		}
	}
	p.cur = ep
	p.key(r, ep, b.Seq)
	return nil
}

// freshHead returns, in casual mode, a seat the game waits on (for its dice
// or its decision) whose chain head is newer than the last line by any other
// seat: it can draw nothing until another seat writes, and pbem has that
// seat acknowledge the head with an empty reveal (docs/dice.md 3.3).
func (r *Replay) freshHead() (*seat, bool) {
	if r.dice.mode != logs.DiceCasual || !r.v2() || !r.joined() || r.resigned != "" {
		return nil, false
	}
	p := r.pending()
	if p.Over {
		return nil, false
	}
	waits := p.Seats
	if p.Dice != nil {
		waits = []rules.Seat{p.Dice.By}
	}
	for _, x := range waits {
		if s := r.seat(string(x)); s != nil && r.LastNotBy(string(x)) < s.headSeq {
			return s, true
		}
	}
	return nil, false
}

// key computes an epoch's key from its links in seat order and opens it.
func (p *protocol) key(r *Replay, ep *epoch, seq int64) {
	var links [][]byte
	for _, s := range r.seats {
		if l, ok := ep.links[s.Seat.Seat]; ok {
			links = append(links, l)
		}
	}
	k := logs.EpochKey(links, r.invite.Game, ep.requester, ep.n, ep.request)
	ep.stream = logs.NewStream(k)
	ep.keyed, ep.open, ep.keyedAt = true, true, seq
}

// drain takes draws while the rules need dice and an epoch is open, checking each
// against the entry's record (or recording it, when writing).
func (p *protocol) drain(r *Replay, e *logs.Entry, w *writer, events *[]rules.Event) error {
	b := &e.Body
	for {
		need := r.pending().Dice
		if need == nil {
			return nil
		}
		if k := p.kindOf(r, need); k != notSealed {
			// Never from a public epoch: sealed.go answers these.
			done, err := p.sealedStep(r, e, w, need, k, events)
			if err != nil || !done {
				return err
			}
			continue
		}
		ep := p.cur
		if p.mode != logs.DiceStrict && (ep == nil || ep.requestSeq != b.Seq) {
			if w == nil {
				return entryErr(b.Seq, ErrDice, "the rules need dice for %q: in %s mode the entry must carry %s's next link", need.For, p.mode, b.By)
			}
			link, err := w.NextLink()
			if err != nil {
				return err
			}
			b.Link = link
			if err := p.openCasual(r, e); err != nil {
				return err
			}
			ep = p.cur
		}
		if ep == nil || !ep.open {
			return nil // strict: afterEntry demands a request
		}
		values := ep.stream.Draw(need.Sides)
		if w != nil {
			b.Draws = append(b.Draws, logs.Draw{Epoch: ep.n, For: need.For, Sides: slices.Clone(need.Sides), Values: values})
		}
		if p.cursor >= len(b.Draws) {
			return entryErr(b.Seq, ErrDice, "the rules need dice for %q from epoch %d; the entry records none", need.For, ep.n)
		}
		d := b.Draws[p.cursor]
		p.cursor++
		switch {
		case d.Epoch != ep.n:
			return entryErr(b.Seq, ErrDice, "draw %d (%s) claims epoch %d; these dice come from epoch %d", p.cursor, d.For, d.Epoch, ep.n)
		case d.For != need.For || !slices.Equal(d.Sides, need.Sides):
			return entryErr(b.Seq, ErrDice, "draw %d is for %q with sides %v; the rules need %q with sides %v", p.cursor, d.For, d.Sides, need.For, need.Sides)
		case !slices.Equal(d.Values, values):
			return entryErr(b.Seq, ErrDice, "draw %d (%s): the entry says %v; epoch %d gives %v", p.cursor, d.For, d.Values, ep.n, values)
		}
		ev, err := r.roll(values)
		if err != nil {
			return &EntryError{Seq: b.Seq, Err: fmt.Errorf("%w: draw %d (%s): %w", ErrRules, p.cursor, d.For, err)}
		}
		*events = append(*events, ev...)
	}
}

// afterEntry checks what an entry leaves behind: every recorded draw used, and in
// strict mode a request when the rules need dice no open epoch can give.
func (p *protocol) afterEntry(r *Replay, e *logs.Entry, w *writer) error {
	b := &e.Body
	if p.cursor < len(b.Draws) {
		d := b.Draws[p.cursor]
		if ep := p.cur; ep != nil && d.Epoch == ep.n && ep.closedAt == b.Seq && ep.keyedAt != b.Seq {
			return entryErr(b.Seq, ErrDice, "draw %d (%s) uses epoch %d, keyed by entry %d: an epoch's dice are drawn in the entry that keys it",
				p.cursor+1, d.For, d.Epoch, ep.keyedAt)
		}
		if ep := p.cur; ep != nil && d.Epoch == ep.n && ep.closedAt != 0 {
			return entryErr(b.Seq, ErrDice, "draw %d (%s) uses epoch %d after a decision made with knowledge of its key (entry %d): dice after a decision need a new request",
				p.cursor+1, d.For, d.Epoch, ep.closedAt)
		}
		return entryErr(b.Seq, ErrDice, "draw %d (%s) is recorded, but the rules need no more dice", p.cursor+1, d.For)
	}
	need := r.pending().Dice
	if p.mode != logs.DiceStrict {
		if sealFields(b) {
			return entryErr(b.Seq, ErrDice, "%s dice have no sealed draws: a private draw is drawn in clear (docs/dice.md 4)", p.mode)
		}
		if b.Link != "" && len(b.Draws) == 0 {
			return entryErr(b.Seq, ErrDice, "carries a link but draws no dice: a link is revealed only to draw")
		}
		return nil
	}
	if err := p.sealedLeftovers(b); err != nil {
		return err
	}
	kind := p.kindOf(r, need)
	if kind == sealShare || kind == sealUnseal || kind == sealNew && string(need.Private) != b.By {
		// Awaited from a seat (sealed.go), not requested.
		if b.Request != 0 || b.Seal != "" {
			return entryErr(b.Seq, ErrDice, "requests epoch %d, but the rules await %s", b.Request, p.sealedAwaits(r, need, kind))
		}
		return nil
	}
	if need == nil || (p.cur != nil && p.cur.open && kind == notSealed) {
		if b.Request != 0 {
			return entryErr(b.Seq, ErrDice, "requests epoch %d, but the rules need no dice now", b.Request)
		}
		if b.Seal != "" {
			return entryErr(b.Seq, ErrDice, "commits to the secret of a sealed draw, but the rules need none now")
		}
		return nil
	}
	next := p.epochs + 1
	if w != nil {
		b.Request = next
		if kind == sealNew {
			s, err := w.secret(r, b.By, next, "")
			if err != nil {
				return err
			}
			b.Seal = logs.SealCommit(s)
		}
	}
	switch {
	case b.Request == 0:
		return entryErr(b.Seq, ErrDice, "the rules now need dice for %q: this entry must request epoch %d", need.For, next)
	case b.Request < next:
		return entryErr(b.Seq, ErrDice, "requests epoch %d a second time (entry %d requested it)", b.Request, r.hist.requestOf(b.Request))
	case b.Request > next:
		return entryErr(b.Seq, ErrDice, "requests epoch %d; the next epoch is %d", b.Request, next)
	}
	if err := checkSealRequest(b, need, kind); err != nil {
		return err
	}
	p.epochs = next
	ep := &epoch{n: next, requester: b.By, requestSeq: b.Seq, request: nil, links: map[string][]byte{}, seal: b.Seal}
	for _, s := range r.seats {
		if s.Seat.Seat != b.By {
			ep.awaiting = append(ep.awaiting, s.Seat.Seat)
		}
	}
	p.cur = ep
	// The request line is this entry's own line, known once it is signed.
	ep.request = e.Line
	return nil
}

// revealLink checks that a link is the next one of the author's chain.
func (r *Replay) revealLink(b *logs.Body) error {
	c := r.seat(b.By).chain
	if err := logs.CheckLink(c.last, b.Link); err != nil {
		return entryErr(b.Seq, ErrDice, "link %d of %s's chain: %v", c.revealed+1, b.By, err)
	}
	c.last = b.Link
	c.revealed++
	return nil
}

// mustLink decodes a link or head already checked.
func mustLink(s string) []byte {
	l, err := logs.ParseLink(strings.TrimPrefix(s, "sha256:"))
	if err != nil {
		panic("replay: a checked link does not decode: " + err.Error())
	}
	return l
}

// checkHead checks the form of a committed chain head.
func checkHead(h string) error {
	if _, err := logs.ParseLink(strings.TrimPrefix(h, "sha256:")); err != nil || !strings.HasPrefix(h, "sha256:") {
		return fmt.Errorf("chain head %q: want sha256: and 64 lower-case hex digits", h)
	}
	return nil
}
