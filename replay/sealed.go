package replay

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// Sealed draws (docs/dice.md part 4): in strict mode, a private dice need of
// a game that is a rules.Sealer is drawn so that only its drawer knows the
// values. The drawer's request commits to a secret (seal); every other seat
// answers with its next link; the drawer's next entry takes the draw sealed,
// without a link, and every machine gives the game Seal(token): the state
// holds the token, never a value. When the rules show the card to a second
// seat (DiceNeed.Share), that seat posts a one-time key (box_key) and the
// drawer a box of the secret for it. When the card is revealed in play
// (DiceNeed.Unseal), the drawer's entry reveals the secret; every machine
// checks it against the commitment, recomputes the values, checks the boxes
// given, and gives the game Unseal(token, values).

// sealedDraw is one sealed draw of the log. Its drawer is the seat that
// sees it (DiceNeed.Private): only the seat that knows the secret can.
type sealedDraw struct {
	epoch      int64
	drawer     string
	commit     string // the request's seal
	requestSeq int64
	request    []byte            // the request line
	links      map[string][]byte // the other seats' answers
	sides      []int
	what       string // the need's For when it was taken
	at         int64  // the drawer's entry that took it
	shares     []share
	revealedAt int64 // the entry that revealed the secret; 0 while sealed
	values     []int
}

// share is a second seat's look at a sealed draw: its box key, then the
// drawer's box for it.
type share struct {
	seat  string
	key   string // the receiver's box key
	keyAt int64
	box   logs.Box
	at    int64 // the entry with the box; 0 until it comes
}

// sealedUse is what a sealed draw used of the entry being folded: each of
// secret, box and box_key serves once.
type sealedUse struct {
	secret, box, boxKey bool
}

type sealKind int

const (
	notSealed  sealKind = iota
	sealNew             // a new private draw
	sealShare           // a second seat looks at a sealed draw
	sealUnseal          // a sealed draw's values are due
)

// kindOf says whether need is answered by the sealed-draw protocol: in
// strict mode, when the game takes sealed draws. Solo and casual dice draw a
// private need in clear, as do games that are no rules.Sealer.
func (p *protocol) kindOf(r *Replay, need *rules.DiceNeed) sealKind {
	if need == nil || p.mode != logs.DiceStrict {
		return notSealed
	}
	if _, ok := r.game.(rules.Sealer); !ok {
		return notSealed
	}
	switch {
	case need.Unseal != "":
		return sealUnseal
	case need.Share != "":
		return sealShare
	case need.Private != "":
		return sealNew
	}
	return notSealed
}

// SealToken is the token under which the game holds the draw sealed in
// epoch n: named by the log, never by its values.
func SealToken(epoch int64) string { return "epoch-" + strconv.FormatInt(epoch, 10) }

func (p *protocol) byToken(token string) *sealedDraw {
	for _, sd := range p.sealed {
		if SealToken(sd.epoch) == token {
			return sd
		}
	}
	return nil
}

// sealFields reports whether an entry carries a field of sealed draws.
func sealFields(b *logs.Body) bool {
	return b.Seal != "" || b.Secret != "" || b.Box != "" || b.BoxKey != ""
}

// checkSealRequest checks the commitment of a request: there when the dice
// are a sealed draw, absent otherwise.
func checkSealRequest(b *logs.Body, need *rules.DiceNeed, kind sealKind) error {
	switch {
	case kind == sealNew && b.Seal == "":
		return entryErr(b.Seq, ErrDice, "requests the sealed draw for %q (%s's alone to see): the request commits to its secret with seal", need.For, need.Private)
	case kind != sealNew && b.Seal != "":
		return entryErr(b.Seq, ErrDice, "commits to a secret, but the dice for %q are public", need.For)
	case kind == sealNew:
		if err := logs.CheckCommit(b.Seal); err != nil {
			return entryErr(b.Seq, ErrDice, "seal: %v", err)
		}
	}
	return nil
}

// take is the drawer's entry after the answers to its sealed request: the
// draw is taken sealed, recorded with no values, and every machine gives the
// game Seal. No link: a sealed draw is never keyed by a chain link, since
// the drawer's next public roll would reveal it (docs/dice.md 4.1).
func (p *protocol) take(r *Replay, e *logs.Entry, w *writer, ep *epoch, events *[]rules.Event) error {
	b := &e.Body
	if b.Link != "" {
		return entryErr(b.Seq, ErrDice, "epoch %d is a sealed draw, keyed by %s's secret: its entry carries no link (a link would reveal it with %s's next roll)", ep.n, ep.requester, ep.requester)
	}
	need := r.game.Pending().Dice
	if p.kindOf(r, need) != sealNew || string(need.Private) != ep.requester {
		return entryErr(b.Seq, ErrDice, "sealed epoch %d is answered, but the rules no longer await a private draw by %s", ep.n, ep.requester)
	}
	ep.keyed, ep.keyedAt, ep.open, ep.closedAt = true, b.Seq, false, b.Seq
	sd := &sealedDraw{epoch: ep.n, drawer: ep.requester, commit: ep.seal, requestSeq: ep.requestSeq, request: ep.request,
		links: ep.links, sides: slices.Clone(need.Sides), what: need.For, at: b.Seq}
	if err := p.record(b, w, logs.Draw{Epoch: ep.n, For: need.For, Sides: need.Sides}); err != nil {
		return err
	}
	ev, err := r.seal(SealToken(ep.n))
	if err != nil {
		return &EntryError{Seq: b.Seq, Err: fmt.Errorf("%w: sealed draw %d (%s): %w", ErrRules, ep.n, need.For, err)}
	}
	p.sealed = append(p.sealed, sd)
	*events = append(*events, ev...)
	return nil
}

// record checks the entry's next draw record against want (or writes it).
func (p *protocol) record(b *logs.Body, w *writer, want logs.Draw) error {
	if w != nil {
		want.Sides = slices.Clone(want.Sides)
		b.Draws = append(b.Draws, want)
	}
	if p.cursor >= len(b.Draws) {
		return entryErr(b.Seq, ErrDice, "sealed draw %d (%s) is recorded in draws; the entry records nothing", want.Epoch, want.For)
	}
	d := b.Draws[p.cursor]
	p.cursor++
	switch {
	case d.Epoch != want.Epoch:
		return entryErr(b.Seq, ErrDice, "draw %d (%s) claims epoch %d; this is sealed draw %d", p.cursor, d.For, d.Epoch, want.Epoch)
	case d.For != want.For || !slices.Equal(d.Sides, want.Sides):
		return entryErr(b.Seq, ErrDice, "draw %d is for %q with sides %v; the rules need %q with sides %v", p.cursor, d.For, d.Sides, want.For, want.Sides)
	case !slices.Equal(d.Values, want.Values):
		if len(want.Values) == 0 {
			return entryErr(b.Seq, ErrDice, "draw %d (%s) records values %v of sealed draw %d: they stay sealed until its secret is revealed", p.cursor, d.For, d.Values, want.Epoch)
		}
		return entryErr(b.Seq, ErrDice, "draw %d (%s): the entry says %v; the revealed secret of sealed draw %d gives %v", p.cursor, d.For, d.Values, want.Epoch, want.Values)
	}
	return nil
}

// sealedStep answers a share or an unseal from what the entry carries; done
// is false when the need waits for another seat's entry, or for this seat's
// next one.
func (p *protocol) sealedStep(r *Replay, e *logs.Entry, w *writer, need *rules.DiceNeed, kind sealKind, events *[]rules.Event) (bool, error) {
	b := &e.Body
	if kind == sealNew {
		return false, nil // requested after the entry (afterEntry), or by the drawer's own
	}
	token := need.Unseal
	if kind == sealShare {
		token = need.Share
	}
	sd := p.byToken(token)
	if sd == nil {
		return false, entryErr(b.Seq, ErrDice, "the rules await sealed draw %q (for %q), which this log never sealed", token, need.For)
	}
	if !slices.Equal(need.Sides, sd.sides) {
		return false, entryErr(b.Seq, ErrRules, "the rules give sealed draw %d (for %q) sides %v; it was drawn with %v", sd.epoch, need.For, need.Sides, sd.sides)
	}
	if kind == sealShare {
		return p.share(r, b, w, need, sd, events)
	}
	if b.By != sd.drawer || p.used.secret {
		return false, nil
	}
	if w != nil && b.Secret == "" {
		s, err := w.secret(r, sd.drawer, sd.epoch, sd.commit)
		if err != nil {
			return false, err
		}
		b.Secret = hex.EncodeToString(s)
	}
	if b.Secret == "" {
		return false, nil
	}
	p.used.secret = true
	s, err := logs.CheckSecret(sd.commit, b.Secret)
	if err != nil {
		return false, entryErr(b.Seq, ErrDice, "the secret of sealed draw %d (committed by entry %d) is refused: %v", sd.epoch, sd.requestSeq, err)
	}
	for _, sh := range sd.shares {
		if sh.at == 0 {
			continue
		}
		if err := logs.CheckBox(s, sh.box, sh.key, r.invite.Game, sh.seat, sd.epoch); err != nil {
			return false, entryErr(b.Seq, ErrDice, "the secret of sealed draw %d shows that the box entry %d gave %s did not hold it: %s shared another card than the one drawn (%v)", sd.epoch, sh.at, sh.seat, sd.drawer, err)
		}
	}
	values := sd.valuesWith(r, s)
	if err := p.record(b, w, logs.Draw{Epoch: sd.epoch, For: need.For, Sides: sd.sides, Values: values}); err != nil {
		return false, err
	}
	ev, err := r.unseal(token, values)
	if err != nil {
		return false, &EntryError{Seq: b.Seq, Err: fmt.Errorf("%w: sealed draw %d (%s): %w", ErrRules, sd.epoch, need.For, err)}
	}
	sd.revealedAt, sd.values = b.Seq, values
	*events = append(*events, ev...)
	return true, nil
}

// share carries a second look at sealed draw sd: first the receiver's box
// key, then the drawer's box, when every machine gives the game Seal again.
func (p *protocol) share(r *Replay, b *logs.Body, w *writer, need *rules.DiceNeed, sd *sealedDraw, events *[]rules.Event) (bool, error) {
	to := string(need.Private)
	if to == sd.drawer || r.seat(to) == nil {
		return false, entryErr(b.Seq, ErrRules, "the rules show sealed draw %d to %q, which is its drawer or no seat", sd.epoch, to)
	}
	i := slices.IndexFunc(sd.shares, func(sh share) bool { return sh.seat == to && sh.at == 0 })
	if i < 0 {
		if b.By != to || p.used.boxKey || p.used.box {
			return false, nil
		}
		if w != nil && b.BoxKey == "" {
			k, err := w.boxKey(r, to, sd.epoch, "")
			if err != nil {
				return false, err
			}
			b.BoxKey = k
		}
		if b.BoxKey == "" {
			return false, nil
		}
		p.used.boxKey = true
		if err := logs.CheckBoxKey(b.BoxKey); err != nil {
			return false, entryErr(b.Seq, ErrDice, "%s's key for a look at sealed draw %d: %v", to, sd.epoch, err)
		}
		sd.shares = append(sd.shares, share{seat: to, key: b.BoxKey, keyAt: b.Seq})
		return false, nil // the drawer's box comes next
	}
	sh := &sd.shares[i]
	if b.By != sd.drawer || p.used.box || p.used.boxKey {
		return false, nil
	}
	if w != nil && b.Box == "" {
		s, err := w.secret(r, sd.drawer, sd.epoch, sd.commit)
		if err != nil {
			return false, err
		}
		bx, err := logs.SealBox(s, sh.key, r.invite.Game, to, sd.epoch)
		if err != nil {
			return false, err
		}
		b.Box, b.BoxKey = bx.Box, bx.Key
	}
	if b.Box == "" {
		return false, nil
	}
	p.used.box, p.used.boxKey = true, true
	if _, err := logs.ParseSecret(b.Box); err != nil {
		return false, entryErr(b.Seq, ErrDice, "box for %s: %v", to, err)
	}
	if err := logs.CheckBoxKey(b.BoxKey); err != nil {
		return false, entryErr(b.Seq, ErrDice, "%s's one-time key for the box to %s: %v", sd.drawer, to, err)
	}
	if err := p.record(b, w, logs.Draw{Epoch: sd.epoch, For: need.For, Sides: sd.sides}); err != nil {
		return false, err
	}
	ev, err := r.seal(need.Share)
	if err != nil {
		return false, &EntryError{Seq: b.Seq, Err: fmt.Errorf("%w: sealed draw %d shown to %s: %w", ErrRules, sd.epoch, to, err)}
	}
	sh.box, sh.at = logs.Box{Key: b.BoxKey, Box: b.Box}, b.Seq
	*events = append(*events, ev...)
	return true, nil
}

// sealedLeftovers refuses sealed-draw fields the entry carries that nothing
// used: no signed field is silently ignored.
func (p *protocol) sealedLeftovers(b *logs.Body) error {
	switch {
	case b.Secret != "" && !p.used.secret:
		return entryErr(b.Seq, ErrDice, "reveals a secret, but no sealed draw of %s's is revealed here", b.By)
	case b.Box != "" && !p.used.box:
		return entryErr(b.Seq, ErrDice, "carries a box, but no look at a sealed draw of %s's awaits one here", b.By)
	case b.BoxKey != "" && !p.used.boxKey:
		return entryErr(b.Seq, ErrDice, "carries a box key, but no look at a sealed draw awaits one from %s here", b.By)
	}
	return nil
}

// sealedAwaits says what a sealed need awaits, and from whom.
func (p *protocol) sealedAwaits(r *Replay, need *rules.DiceNeed, kind sealKind) string {
	who, what := p.sealedWaiting(r, need, kind)
	return who + " " + what
}

// sealedWaiting is the seat a sealed need waits for, and what it must send.
func (p *protocol) sealedWaiting(r *Replay, need *rules.DiceNeed, kind sealKind) (string, string) {
	switch kind {
	case sealNew:
		return string(need.Private), fmt.Sprintf("requests the sealed draw for %s, which it alone sees", need.For)
	case sealUnseal:
		if sd := p.byToken(need.Unseal); sd != nil {
			return sd.drawer, fmt.Sprintf("reveals the secret of sealed draw %d (%s): no one acts until then", sd.epoch, need.For)
		}
	case sealShare:
		if sd := p.byToken(need.Share); sd != nil {
			to := string(need.Private)
			if !slices.ContainsFunc(sd.shares, func(sh share) bool { return sh.seat == to && sh.at == 0 }) {
				return to, fmt.Sprintf("sends a key to be shown sealed draw %d (%s)", sd.epoch, need.For)
			}
			return sd.drawer, fmt.Sprintf("shows sealed draw %d to %s (%s)", sd.epoch, to, need.For)
		}
	}
	return string(need.By), fmt.Sprintf("answers the dice for %s", need.For)
}

// inputs are the key's inputs of sd with secret s: each seat's answer in
// seat order, the drawer's secret in its place.
func (sd *sealedDraw) inputs(r *Replay, s []byte) [][]byte {
	var in [][]byte
	for _, st := range r.seats {
		if st.Seat.Seat == sd.drawer {
			in = append(in, s)
		} else if l, ok := sd.links[st.Seat.Seat]; ok {
			in = append(in, l)
		}
	}
	return in
}

// valuesWith draws sd's values from its key with secret s.
func (sd *sealedDraw) valuesWith(r *Replay, s []byte) []int {
	return logs.SealedValues(sd.inputs(r, s), r.invite.Game, sd.drawer, sd.epoch, sd.request, sd.sides)
}

// secret finds seat's secret for sealed draw epoch among the seeds of its
// store: the one whose SHA-256 is commit, or, for a request (commit ""),
// the one the newest seed makes.
func (w *writer) secret(r *Replay, seat string, epoch int64, commit string) ([]byte, error) {
	seeds, err := w.seeds(seat)
	if err != nil {
		return nil, err
	}
	if commit == "" {
		return logs.SealSecret(seeds[0], r.invite.Game, seat, epoch), nil
	}
	for _, seed := range seeds {
		if s := logs.SealSecret(seed, r.invite.Game, seat, epoch); logs.SealCommit(s) == commit {
			return s, nil
		}
	}
	return nil, fmt.Errorf("%w: the secret of %s's sealed draw %d is not in this store: no dice chain seed of %s here makes the secret it committed to", ErrDice, seat, epoch, seat)
}

// boxKey is seat's public box key for a look at sealed draw epoch: the one
// the newest seed makes, or, with want, the seed's whose key it is.
func (w *writer) boxKey(r *Replay, seat string, epoch int64, want string) (string, error) {
	_, k, err := w.boxSecret(r, seat, epoch, want)
	return k, err
}

func (w *writer) boxSecret(r *Replay, seat string, epoch int64, want string) ([]byte, string, error) {
	seeds, err := w.seeds(seat)
	if err != nil {
		return nil, "", err
	}
	for _, seed := range seeds {
		priv := logs.BoxSecret(seed, r.invite.Game, seat, epoch)
		k, err := logs.BoxKey(priv)
		if err != nil {
			return nil, "", err
		}
		if want == "" || k == want {
			return priv, k, nil
		}
	}
	return nil, "", fmt.Errorf("%w: %s's key for a look at sealed draw %d is not in this store", ErrDice, seat, epoch)
}

func (w *writer) seeds(seat string) ([][]byte, error) {
	if w.Seeds == nil {
		return nil, fmt.Errorf("%w: a sealed draw of %s's needs its dice chain seed, which this writer was not given", ErrDice, seat)
	}
	seeds, err := w.Seeds()
	if err != nil {
		return nil, err
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("%w: no dice chain seed of %s's in this store: its sealed draws are made where it plays", ErrDice, seat)
	}
	return seeds, nil
}

// SealedDraw is what the log says of one sealed draw.
type SealedDraw struct {
	Epoch  int64
	Token  string // what the game holds it by
	Drawer string
	For    string // what it was drawn for
	Sides  []int
	// At is the drawer's entry that took it; RequestSeq the request.
	At, RequestSeq int64
	// Shown lists the seats it was shown to by a box, besides the drawer.
	Shown []string
	// RevealedAt is the entry that revealed its secret, and Values what
	// every machine then checked; 0 and nil while it is sealed.
	RevealedAt int64
	Values     []int
}

// SealedDraws lists the sealed draws of the log, in order.
func (r *Replay) SealedDraws() []SealedDraw {
	var out []SealedDraw
	for _, sd := range r.dice.sealed {
		d := SealedDraw{Epoch: sd.epoch, Token: SealToken(sd.epoch), Drawer: sd.drawer, For: sd.what, Sides: slices.Clone(sd.sides),
			At: sd.at, RequestSeq: sd.requestSeq, RevealedAt: sd.revealedAt, Values: slices.Clone(sd.values)}
		for _, sh := range sd.shares {
			if sh.at != 0 {
				d.Shown = append(d.Shown, sh.seat)
			}
		}
		out = append(out, d)
	}
	return out
}

// ErrBadBox: a box a seat was given does not hold the secret its drawer
// committed to. Only that seat can tell before the secret is revealed.
var ErrBadBox = errors.New("a sealed draw's box does not hold its secret")

// Peek is the current game as seat sees it with the secrets its own store
// holds (seeds: its dice chain seeds, newest first): every sealed draw it
// drew, or was shown by a box, and that the game still holds sealed, is
// unsealed in a copy of the game. The copy is for that seat's eyes only
// (its View and Scene); it is never folded into the log. Problems lists the
// draws it should see and cannot: a box that does not hold the committed
// secret (ErrBadBox: its drawer cheated), a secret its seeds do not make.
func (r *Replay) Peek(seat string, seeds [][]byte) (rules.Game, []error) {
	g := r.game.Clone()
	sealer, ok := g.(rules.Sealer)
	if !ok || len(r.dice.sealed) == 0 {
		return g, nil
	}
	w := &writer{Own: Own{Seeds: func() ([][]byte, error) { return seeds, nil }}}
	var problems []error
	for _, sd := range r.dice.sealed {
		if sd.revealedAt != 0 {
			continue
		}
		s, err := sd.secretFor(r, w, seat)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if s == nil {
			continue
		}
		if _, err := sealer.Unseal(SealToken(sd.epoch), sd.valuesWith(r, s)); err != nil && !errors.Is(err, rules.ErrNotPending) {
			// ErrNotPending: the game no longer holds it (shuffled back).
			problems = append(problems, fmt.Errorf("sealed draw %d: %w", sd.epoch, err))
		}
	}
	return g, problems
}

// secretFor is the secret of sd that seat can know: its own, as drawer, or
// the one a box gave it; nil when it has none.
func (sd *sealedDraw) secretFor(r *Replay, w *writer, seat string) ([]byte, error) {
	if seat == sd.drawer {
		s, err := w.secret(r, seat, sd.epoch, sd.commit)
		if err != nil {
			return nil, fmt.Errorf("sealed draw %d: %w", sd.epoch, err)
		}
		return s, nil
	}
	for _, sh := range sd.shares {
		if sh.seat != seat || sh.at == 0 {
			continue
		}
		priv, _, err := w.boxSecret(r, seat, sd.epoch, sh.key)
		if err != nil {
			return nil, fmt.Errorf("sealed draw %d: %w", sd.epoch, err)
		}
		s, err := logs.OpenBox(priv, sh.box, r.invite.Game, seat, sd.epoch, sd.commit)
		if err != nil {
			return nil, fmt.Errorf("%w: sealed draw %d, shown to %s by entry %d: %s gave a box that does not open to the secret it committed to at entry %d (%v)",
				ErrBadBox, sd.epoch, seat, sh.at, sd.drawer, sd.requestSeq, strings.TrimPrefix(err.Error(), "the box does not hold the committed secret: "))
		}
		return s, nil
	}
	return nil, nil
}
