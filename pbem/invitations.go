package pbem

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// Invitation is a game this player was invited to and has not joined.
//
// Anyone who knows a player's address can mail him an invitation, so pbem
// lists one with his games only when it is expected: it names his key for a
// seat (the inviter had it from him, as 'pbem new --opponent-key' does) or
// is signed by a key he has played with, and, if it came by mail, it came
// from the address its inviter signed into it. Any other invitation is
// listed apart, with who sent it and from where; neither kind makes pbem
// answer dice or send anything until the player joins.
type Invitation struct {
	Game GameRecord
	// Inviter is the inviter's seat as the invite signs it: name, mail, key.
	Inviter logs.Seat
	// From are the addresses the mail that brought the invitation came from;
	// none when it was imported from a file.
	From []string
	// Reserved is true when a seat is reserved for this player's key.
	Reserved bool
	// Known is true when this player has played or invited the inviter's key
	// in another game.
	Known bool
}

// Expected says whether the invitation is listed with the games.
func (i Invitation) Expected() bool { return (i.Reserved || i.Known) && i.fromInviter() }

func (i Invitation) fromInviter() bool {
	return len(i.From) == 0 || (i.Inviter.Mail != "" && containsFold(i.From, i.Inviter.Mail))
}

// Declined says whether the player declined it.
func (i Invitation) Declined() bool { return i.Game.Status == StatusDeclined }

// Why says why an invitation is not expected; empty when it is.
func (i Invitation) Why() string {
	var why []string
	if !i.Reserved && !i.Known {
		why = append(why, "it names no seat for your key, and you have not played its inviter's key")
	}
	if !i.fromInviter() {
		signed := i.Inviter.Mail
		if signed == "" {
			signed = "none"
		}
		why = append(why, fmt.Sprintf("its mail came from %s, not from the address its inviter signed (%s)", strings.Join(i.From, ", "), signed))
	}
	return strings.Join(why, "; ")
}

// Sender names the inviter: "Bob <bob@example.org>, key SHA256:...".
func (i Invitation) Sender() string {
	who := strings.TrimSpace(i.Inviter.Name)
	switch {
	case who == "" && i.Inviter.Mail == "":
		who = "someone"
	case who == "":
		who = i.Inviter.Mail
	case i.Inviter.Mail != "":
		who += " <" + i.Inviter.Mail + ">"
	}
	return who + ", key " + keyFingerprint(i.Inviter.Key)
}

// Arrival says how the invitation came: "by mail from bob@example.org" or
// "from a file".
func (i Invitation) Arrival() string {
	if len(i.From) == 0 {
		return "imported from a file"
	}
	return "by mail from " + strings.Join(i.From, ", ")
}

// keyBook is the set of keys this player has played or invited in games he
// joined, read once per command and only when an invitation needs it.
type keyBook struct {
	a    *App
	keys map[string]bool
}

func (k *keyBook) known(ctx context.Context, authorized string) (bool, error) {
	pub, err := logs.ParseAuthorizedKey(authorized)
	if err != nil {
		return false, nil
	}
	if k.keys == nil {
		if k.keys, err = k.a.playedKeys(ctx); err != nil {
			return false, err
		}
	}
	return k.keys[string(pub.Marshal())], nil
}

// playedKeys reads the keys of every seat of the games this player has
// joined: the invite's seats, accepts and rotations. Only those lines are
// parsed (a canonical body spells its kind exactly so).
func (a *App) playedKeys(ctx context.Context) (map[string]bool, error) {
	games, err := a.Store.Games(ctx)
	if err != nil {
		return nil, err
	}
	keys := map[string]bool{}
	add := func(authorized string) {
		if pub, err := logs.ParseAuthorizedKey(authorized); err == nil {
			keys[string(pub.Marshal())] = true
		}
	}
	for _, g := range games {
		if g.Status == StatusInvited || g.Status == StatusDeclined {
			continue
		}
		lines, err := a.Store.Lines(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		for _, line := range lines {
			if !bytes.Contains(line, []byte(`"kind":"invite"`)) && !bytes.Contains(line, []byte(`"kind":"accept"`)) &&
				!bytes.Contains(line, []byte(`"kind":"rotate"`)) {
				continue
			}
			e, err := logs.ParseLine(line)
			if err != nil {
				return nil, fmt.Errorf("game %s: stored entry: %w", g.ID, err)
			}
			for _, s := range e.Seats {
				add(s.Key)
			}
			add(e.Key)
		}
	}
	if id, err := a.Identity(); err == nil {
		delete(keys, string(id.Public.Marshal()))
	}
	return keys, nil
}

// invitation describes a game as an invitation; ok is false when this player
// has joined it.
func (a *App) invitation(ctx context.Context, rec GameRecord, r *replay.Replay, book *keyBook) (inv Invitation, ok bool, err error) {
	if !isInvited(r, rec.Seat) {
		return Invitation{}, false, nil
	}
	id, err := a.Identity()
	if err != nil {
		return Invitation{}, false, err
	}
	body := r.Invite().Body
	inv = Invitation{Game: rec}
	for _, s := range body.Seats {
		if s.Seat == body.By {
			inv.Inviter = s
		} else if s.Key != "" && sameKey(s.Key, id.AuthorizedKey()) {
			inv.Reserved = true
		}
	}
	rows, err := a.Store.Addresses(ctx, rec.ID)
	if err != nil {
		return Invitation{}, false, err
	}
	for _, row := range rows {
		if row.How == AddressFrom && row.Seat == body.By && !containsFold(inv.From, row.Address) {
			inv.From = append(inv.From, row.Address)
		}
	}
	if !inv.Reserved {
		if inv.Known, err = book.known(ctx, inv.Inviter.Key); err != nil {
			return Invitation{}, false, err
		}
	}
	return inv, true, nil
}

// Invitation describes a game as an invitation; ok is false when this player
// has joined it.
func (a *App) Invitation(ctx context.Context, rec GameRecord, r *replay.Replay) (Invitation, bool, error) {
	return a.invitation(ctx, rec, r, &keyBook{a: a})
}

// Invitations lists the invitations this player has not joined, declined ones
// included, oldest first.
func (a *App) Invitations(ctx context.Context) ([]Invitation, error) {
	games, err := a.Store.Games(ctx)
	if err != nil {
		return nil, err
	}
	book := &keyBook{a: a}
	var out []Invitation
	for _, g := range games {
		if g.Status != StatusInvited && g.Status != StatusDeclined {
			continue
		}
		r, err := a.Replay(ctx, g.ID)
		if err != nil {
			return out, err
		}
		if inv, ok, err := a.invitation(ctx, g, r, book); err != nil {
			return out, err
		} else if ok {
			out = append(out, inv)
		}
	}
	return out, nil
}

// Decline drops an invitation from the lists. Nothing is signed or sent (the
// inviter is not told, so a stranger learns nothing of this address), and
// nothing stored is removed: the invitation stays in the store, and 'pbem
// join' still accepts it.
func (a *App) Decline(ctx context.Context, game string) (GameRecord, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return rec, err
	}
	if !isInvited(r, rec.Seat) {
		return rec, fmt.Errorf("game %s: you have joined it, so it is not an invitation to decline: 'pbem resign %s' ends it", rec.ID, rec.ID)
	}
	if rec.Status == StatusDeclined {
		return rec, nil
	}
	rec.Status = StatusDeclined
	if err := a.Store.PutGame(ctx, rec); err != nil {
		return rec, err
	}
	return rec, nil
}
