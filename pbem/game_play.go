package pbem

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// Played is an entry this player made, with what it made happen.
type Played struct {
	Entry  *logs.Entry
	Events []rules.Event
	// Game and Replay are the game after the entry, for entries made here;
	// callers need not read and replay the log again to show it.
	Game   GameRecord
	Replay *replay.Replay
}

// Do gives commands in a game as this player's seat: each is checked by the
// rules, the dice protocol adds what it needs, and the entry is signed and
// stored. With no commands it sends what the dice protocol awaits from the seat
// (an answer to a request, or the link that draws the dice).
func (a *App) Do(ctx context.Context, game string, commands []string) (Played, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return Played{}, err
	}
	return a.DoOn(ctx, rec, r, commands)
}

// DoOn is Do in a game the caller has opened already (Status), so that a
// command that reads the game first does not replay it twice. r is left as
// it was when the rules or the dice protocol refuse the commands; should
// another pbem change the game meanwhile, nothing is stored and the error
// says so.
func (a *App) DoOn(ctx context.Context, rec GameRecord, r *replay.Replay, commands []string) (Played, error) {
	seat := a.actingSeat(rec, r)
	b, err := r.BuildWith(seat, commands, a.own(ctx, r, rec.ID, rec.Seat), a.Now())
	if err != nil {
		return Played{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return a.commit(ctx, rec, r, b)
}

// Post appends an entry of another kind (note, takeback, agree, resign, rotate)
// whose fields fill sets.
func (a *App) Post(ctx context.Context, game string, kind logs.Kind, fill func(*logs.Body)) (Played, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return Played{}, err
	}
	b := r.NextBody(a.actingSeat(rec, r), kind, a.Now())
	fill(b)
	if err := r.CompleteWith(b, a.own(ctx, r, rec.ID, rec.Seat)); err != nil {
		return Played{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return a.commit(ctx, rec, r, b)
}

func (a *App) commit(ctx context.Context, rec GameRecord, r *replay.Replay, b *logs.Body) (Played, error) {
	e, err := a.sign(r, b)
	if err != nil {
		return Played{}, err
	}
	if w := r.Waiting(); w.Over {
		rec.Status = StatusFinished
	}
	if err := a.store(ctx, rec, r, []*logs.Entry{e}, "local", nil); err != nil {
		return Played{}, err
	}
	return Played{Entry: e, Events: r.Events(e.Seq), Game: rec, Replay: r}, nil
}

func (a *App) open(ctx context.Context, game string) (GameRecord, *replay.Replay, error) {
	rec, err := a.Find(ctx, game)
	if err != nil {
		return rec, nil, err
	}
	r, err := a.Replay(ctx, rec.ID)
	return rec, r, err
}

// ActingSeat is the seat this player acts as: its own, or in a solo game
// whichever seat the game awaits.
func (a *App) ActingSeat(rec GameRecord, r *replay.Replay) string { return a.actingSeat(rec, r) }

func (a *App) actingSeat(rec GameRecord, r *replay.Replay) string {
	if rec.Dice == string(logs.DiceSolo) {
		if w := r.Waiting(); len(w.Seats) > 0 {
			return w.Seats[0]
		}
	}
	return rec.Seat
}

// Status replays a game and returns it with its record.
func (a *App) Status(ctx context.Context, game string) (GameRecord, *replay.Replay, error) {
	return a.open(ctx, game)
}

// Export writes a game's whole log.
func (a *App) Export(ctx context.Context, game string, w io.Writer) (GameRecord, int, error) {
	rec, err := a.Find(ctx, game)
	if err != nil {
		return rec, 0, err
	}
	lines, err := a.Store.Lines(ctx, rec.ID)
	if err != nil {
		return rec, 0, err
	}
	for _, l := range lines {
		if _, err := w.Write(l); err != nil {
			return rec, 0, err
		}
	}
	return rec, len(lines), nil
}

// Join accepts an invitation: it takes seat (or the one seat meant for this
// player), commits a dice chain, and signs the accept.
func (a *App) Join(ctx context.Context, game, seat string) (Played, error) {
	id, err := a.Identity()
	if err != nil {
		return Played{}, err
	}
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return Played{}, err
	}
	if err := JoinRefusal(r); err != nil && a.olderProtocol == 0 {
		return Played{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	if seat == "" {
		seat = rec.Seat
	}
	var target *logs.Seat
	var open []string
	for _, s := range r.Seats() {
		if s.Head != "" {
			continue
		}
		open = append(open, s.Seat)
		if s.Seat == seat {
			target = &s
		}
	}
	if target == nil {
		if len(open) == 0 {
			return Played{}, fmt.Errorf("game %s: every seat has joined already", rec.ID)
		}
		return Played{}, fmt.Errorf("game %s: seat %q is not open: choose one of %v (--side)", rec.ID, seat, open)
	}
	if target.Key != "" && !sameKey(target.Key, id.AuthorizedKey()) {
		return Played{}, fmt.Errorf("game %s: seat %s is reserved for the key %s; yours is %s", rec.ID, seat, keyFingerprint(target.Key), id.Fingerprint())
	}
	seed, head, err := a.newChain()
	if err != nil {
		return Played{}, err
	}
	b := r.NextBody(seat, logs.KindAccept, a.Now())
	b.Key, b.Head, b.Name, b.Mail = id.AuthorizedKey(), head, id.Name, id.Mail
	rec.Seat, rec.Status = seat, StatusActive
	// The chain is stored with the accept, so the link source can find it.
	next := func() (string, error) {
		c, err := logs.NewChain(seed, logs.DefaultChainLength)
		if err != nil {
			return "", err
		}
		return c.Link(r.NextLinkIndex(seat))
	}
	// The accept may request the game's first dice, a sealed draw too.
	seeds := func() ([][]byte, error) { return [][]byte{seed}, nil }
	if err := r.CompleteWith(b, replay.Own{NextLink: next, Seeds: seeds}); err != nil {
		return Played{}, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	e, err := a.sign(r, b)
	if err != nil {
		return Played{}, err
	}
	if err := a.store(ctx, rec, r, []*logs.Entry{e}, "local", seed); err != nil {
		return Played{}, err
	}
	return Played{Entry: e, Events: r.Events(e.Seq), Game: rec, Replay: r}, nil
}

// ErrOldCasual: an invitation to casual dice under protocol v1, which pbem
// does not join (JoinRefusal).
var ErrOldCasual = errors.New("casual dice of protocol v1")

// JoinRefusal says why pbem does not join a game, or nil. It joins no game of
// casual dice under protocol v1, an older pbem's: there a player could choose
// his own rolls by trying chain heads, and the seat that joins is the one
// that could do it first (docs/dice.md 3.7). A strict or solo game of v1 is
// joined: its rules are those of v2.
func JoinRefusal(r *replay.Replay) error {
	if r.Protocol() >= logs.Version || r.DiceMode() != logs.DiceCasual {
		return nil
	}
	who := "the inviter"
	inv := r.Invite()
	for _, s := range inv.Seats {
		if s.Seat == inv.By && s.Name != "" {
			who = s.Name
		} else if s.Seat == inv.By && s.Mail != "" {
			who = s.Mail
		}
	}
	return fmt.Errorf("%w: an older pbem made this invitation, and under its protocol a player could choose his own casual rolls by trying chain heads, so pbem no longer joins such a game. Ask %s to upgrade pbem and invite you again (its protocol is v%d), and decline this one: 'pbem decline %s'",
		ErrOldCasual, who, logs.Version, inv.Game)
}

func keyFingerprint(authorized string) string {
	k, err := logs.ParseAuthorizedKey(authorized)
	if err != nil {
		return "(unreadable key)"
	}
	return logs.Fingerprint(k)
}
