package pbem

// The addresses each seat's mail came from, and the one this player chose
// for its hand-overs (the table seat_addresses, schemaV3).

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// How a seat's address became known.
const (
	// AddressFrom is the From of an imported message whose newest entry the
	// seat wrote.
	AddressFrom = "from"
	// AddressChosen is where this player chose to send the seat's hand-overs
	// (pbem send --to).
	AddressChosen = "chosen"
)

// SeatAddress is one address of a seat of a game.
type SeatAddress struct {
	Game, Seat string
	How        string // AddressFrom or AddressChosen
	Address    string
	// First and Last are when it was first and last seen or chosen.
	First, Last time.Time
}

const (
	upsertSeatAddressSQL = `INSERT INTO seat_addresses (game, seat, how, address, first, last)
VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (game, seat, how, address) DO UPDATE SET last = excluded.last`
	selectSeatAddressesSQL = `SELECT game, seat, how, address, first, last FROM seat_addresses
WHERE game = ? ORDER BY last, rowid`
)

// RecordAddress notes an address of a seat: where its mail came from, or
// where the player chose to send it.
func (s *Store) RecordAddress(ctx context.Context, game, seat, how, address string) error {
	return s.Update(ctx, func(tx *StoreTx) error { return tx.RecordAddress(ctx, game, seat, how, address) })
}

// RecordAddress is Store.RecordAddress inside the transaction.
func (t *StoreTx) RecordAddress(ctx context.Context, game, seat, how, address string) error {
	if game == "" || seat == "" || address == "" {
		return errors.New("record address: need a game, a seat and an address")
	}
	if how != AddressFrom && how != AddressChosen {
		return fmt.Errorf("record address: how %q: want %q or %q", how, AddressFrom, AddressChosen)
	}
	now := formatStoreTime(t.now)
	if _, err := t.tx.ExecContext(ctx, upsertSeatAddressSQL, game, seat, how, address, now, now); err != nil {
		return fmt.Errorf("record address of game %q seat %q: %w", game, seat, err)
	}
	return nil
}

// Addresses returns what is known of the seats' addresses of a game, oldest
// first.
func (r storeReader) Addresses(ctx context.Context, game string) ([]SeatAddress, error) {
	return queryAll(ctx, r.q, fmt.Sprintf("addresses of game %q", game), func(rows scanner) (SeatAddress, error) {
		var a SeatAddress
		var first, last string
		err := rows.Scan(&a.Game, &a.Seat, &a.How, &a.Address, &first, &last)
		if err == nil {
			a.First, err = parseStoreTime(first)
		}
		if err == nil {
			a.Last, err = parseStoreTime(last)
		}
		return a, err
	}, selectSeatAddressesSQL, game)
}
