package pbem

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// ErrAddressUnconfirmed means a hand-over would go to an address this player
// has not seen its seat use: pbem sends nothing there until the player
// chooses the address ('pbem send GAME --to ADDRESS').
var ErrAddressUnconfirmed = errors.New("hand-over address not confirmed")

// HandOverAddress is where one other seat's hand-overs go, and what this
// player has seen of that seat's addresses.
type HandOverAddress struct {
	Seat string
	// To is where hand-overs go; empty when no address is known.
	To string
	// Source says where To comes from: "your choice", "its join entry", or
	// "the invitation".
	Source string
	// Reserved is the address the invitation named for the seat, if any (for
	// the invitee's seat, the inviter's --opponent-email).
	Reserved string
	// From are the addresses the seat's mail came from, oldest first.
	From []string
	// Chosen is true when the player chose To with 'pbem send --to'.
	Chosen bool
}

// Unconfirmed says whether pbem must ask before sending to To: the player
// has not chosen it, and it differs from the address the invitation reserved
// or from every address the seat's mail came from. The seat's own entries
// name To, and its author can write any address there.
func (h HandOverAddress) Unconfirmed() bool {
	if h.Chosen || h.To == "" {
		return false
	}
	return h.reservedDiffers() || h.fromDiffers()
}

func (h HandOverAddress) reservedDiffers() bool {
	return h.Reserved != "" && !strings.EqualFold(h.To, h.Reserved)
}

func (h HandOverAddress) fromDiffers() bool {
	return len(h.From) > 0 && !containsFold(h.From, h.To)
}

// AddressWarning is a seat whose hand-overs would go to an unconfirmed address.
type AddressWarning struct {
	Game string
	HandOverAddress
	// Seats is how many other seats the game has: with more than one, --to
	// names the seat.
	Seats int
}

// String says which addresses differ and what to do, e.g. "game duel-5c2e01:
// hand-overs for german would go to jan@elsewhere.example (its join entry),
// but the invitation named jan@example.org: ...".
func (w AddressWarning) String() string {
	var but []string
	if w.reservedDiffers() {
		but = append(but, "the invitation named "+w.Reserved)
	}
	if w.fromDiffers() {
		but = append(but, "its mail came from "+strings.Join(w.From, ", "))
	}
	to := func(addr string) string {
		if w.Seats > 1 {
			return fmt.Sprintf("--to %s=%s", w.Seat, addr)
		}
		return "--to " + addr
	}
	others := []string{}
	for _, a := range append([]string{w.Reserved}, w.From...) {
		if a != "" && !strings.EqualFold(a, w.To) && !containsFold(others, a) {
			others = append(others, a)
		}
	}
	choice := fmt.Sprintf("'pbem send %s %s'", w.Game, to(w.To))
	for _, a := range others {
		choice += fmt.Sprintf(" or '%s'", to(a))
	}
	return fmt.Sprintf("game %s: hand-overs for %s would go to %s (%s), but %s. pbem sends nothing there until you choose: "+
		"ask your opponent by other means which address is his, then %s (pbem keeps your choice for this game)",
		w.Game, w.Seat, w.To, w.Source, strings.Join(but, " and "), choice)
}

// AddressError is the refusal to send while addresses are unconfirmed.
type AddressError struct{ Warnings []AddressWarning }

func (e *AddressError) Error() string {
	var s []string
	for _, w := range e.Warnings {
		s = append(s, w.String())
	}
	return "not sent: " + strings.Join(s, "; ")
}

// Is makes errors.Is(err, ErrAddressUnconfirmed) true.
func (e *AddressError) Is(target error) bool { return target == ErrAddressUnconfirmed }

// handOverAddresses says where each other seat's hand-overs go. A solo game
// has no other seat.
func (a *App) handOverAddresses(ctx context.Context, rec GameRecord, r *replay.Replay) ([]HandOverAddress, error) {
	if rec.Dice == string(logs.DiceSolo) {
		return nil, nil
	}
	rows, err := a.Store.Addresses(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	inv := r.Invite()
	reserved := map[string]string{}
	for _, s := range inv.Seats {
		reserved[s.Seat] = s.Mail
	}
	var out []HandOverAddress
	for _, s := range r.Seats() {
		if s.Seat == rec.Seat {
			continue
		}
		h := HandOverAddress{Seat: s.Seat, To: s.Mail, Reserved: reserved[s.Seat], Source: "the invitation"}
		if s.Head != "" && s.Seat != inv.By {
			h.Source = "its join entry"
		}
		if h.To == "" {
			// A join entry with no address leaves the one invited.
			h.To, h.Source = h.Reserved, "the invitation"
		}
		for _, row := range rows {
			switch {
			case row.Seat != s.Seat:
			case row.How == AddressFrom && !containsFold(h.From, row.Address):
				h.From = append(h.From, row.Address)
			case row.How == AddressChosen: // the latest choice wins
				h.To, h.Source, h.Chosen = row.Address, "your choice", true
			}
		}
		out = append(out, h)
	}
	if rec.Opponent != "" && len(out) == 1 && out[0].To == "" {
		// A game recorded before the invite carried the address.
		out[0].To, out[0].Source = rec.Opponent, "the invitation"
	}
	return out, nil
}

// AddressWarnings lists the seats of a game whose hand-overs would go to an
// address this player has not seen them use (HandOverAddress.Unconfirmed).
// status, games, import, sync and send show them.
func (a *App) AddressWarnings(ctx context.Context, rec GameRecord, r *replay.Replay) ([]AddressWarning, error) {
	hs, err := a.handOverAddresses(ctx, rec, r)
	if err != nil {
		return nil, err
	}
	return unconfirmed(rec.ID, hs), nil
}

// unconfirmed are the warnings for the seats of hs whose addresses are.
func unconfirmed(game string, hs []HandOverAddress) []AddressWarning {
	var ws []AddressWarning
	for _, h := range hs {
		if h.Unconfirmed() {
			ws = append(ws, AddressWarning{Game: game, HandOverAddress: h, Seats: len(hs)})
		}
	}
	return ws
}

// ChooseAddress sets where a seat's hand-overs go, for this game, whatever its
// entries say: 'pbem send GAME --to ADDRESS'. seat may be empty when the game
// has one other seat, or one whose address is unconfirmed.
func (a *App) ChooseAddress(ctx context.Context, game, seat, address string) (HandOverAddress, error) {
	rec, r, err := a.open(ctx, game)
	if err != nil {
		return HandOverAddress{}, err
	}
	if err := checkAddress(address); err != nil {
		return HandOverAddress{}, fmt.Errorf("--to: %w", err)
	}
	hs, err := a.handOverAddresses(ctx, rec, r)
	if err != nil {
		return HandOverAddress{}, err
	}
	var seats, unconfirmed []string
	for _, h := range hs {
		seats = append(seats, h.Seat)
		if h.Unconfirmed() {
			unconfirmed = append(unconfirmed, h.Seat)
		}
	}
	switch {
	case len(hs) == 0:
		return HandOverAddress{}, fmt.Errorf("game %s: no other seat to send to", rec.ID)
	case seat != "" && !slices.Contains(seats, seat):
		return HandOverAddress{}, fmt.Errorf("game %s: --to %s=%s: no other seat %q; the seats are %s", rec.ID, seat, address, seat, strings.Join(seats, ", "))
	case seat != "":
	case len(seats) == 1:
		seat = seats[0]
	case len(unconfirmed) == 1:
		seat = unconfirmed[0]
	default:
		return HandOverAddress{}, fmt.Errorf("game %s has several other seats (%s): write --to SEAT=%s", rec.ID, strings.Join(seats, ", "), address)
	}
	if err := a.Store.RecordAddress(ctx, rec.ID, seat, AddressChosen, address); err != nil {
		return HandOverAddress{}, err
	}
	hs, err = a.handOverAddresses(ctx, rec, r)
	if err != nil {
		return HandOverAddress{}, err
	}
	for _, h := range hs {
		if h.Seat == seat {
			return h, nil
		}
	}
	return HandOverAddress{}, fmt.Errorf("game %s: seat %s vanished (a bug in pbem)", rec.ID, seat)
}

// noteSender records where a message's newest entry came from, when another
// seat wrote it: the address that seat's mail arrives from.
func (a *App) noteSender(ctx context.Context, game, seat, from string) error {
	if from == "" {
		return nil
	}
	rec, err := a.Store.Game(ctx, game)
	if err != nil {
		return err
	}
	if seat == rec.Seat || rec.Dice == string(logs.DiceSolo) {
		return nil
	}
	return a.Store.RecordAddress(ctx, game, seat, AddressFrom, from)
}

// recipients are the distinct addresses hand-overs go to, leaving out the
// player's own (every seat of a solo game is his).
func recipients(hs []HandOverAddress, own string) []string {
	var to []string
	for _, h := range hs {
		if h.To == "" || strings.EqualFold(h.To, own) || containsFold(to, h.To) {
			continue
		}
		to = append(to, h.To)
	}
	return to
}

func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, s) })
}

// checkAddress accepts a plain mail address such as anna@example.org.
func checkAddress(addr string) error {
	at := strings.Index(addr, "@")
	if at < 1 || at == len(addr)-1 || strings.ContainsAny(addr, " <>\t\r\n") {
		return fmt.Errorf("%q: want a plain address such as anna@example.org", addr)
	}
	return nil
}
