package pbem

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// App is one player's pbem: home, identity and store, and the game operations.
type App struct {
	Home  Home
	Store *Store
	// Load finds games and scenarios by name; the shipped ones by default.
	Load replay.Loader
	// Now is the clock for time stamps; Rand the source of keys and chain seeds.
	Now  func() time.Time
	Rand io.Reader
	// Pass asks for the key's passphrase when the key is encrypted.
	Pass Passphrase
	// Debugf, when set, receives what only a developer wants to know, such
	// as a kept state that did not fit its log (pbem --verbose).
	Debugf func(format string, args ...any)

	id *Identity
	// olderProtocol, when set, makes this pbem play as one of that older
	// protocol version did: New starts games of it, and Join joins them
	// whatever their dice. Tests set it, to make the games an older pbem
	// left in a player's store.
	olderProtocol int
}

// protocol is the version of the games New starts.
func (a *App) protocol() int {
	if a.olderProtocol != 0 {
		return a.olderProtocol
	}
	return logs.Version
}

// Open opens the player's store in home.
func Open(home Home, pass Passphrase) (*App, error) {
	if err := home.ensure(); err != nil {
		return nil, err
	}
	st, err := OpenStore(home.StorePath())
	if err != nil {
		return nil, err
	}
	return &App{Home: home, Store: st, Load: games.Shipped, Now: time.Now, Rand: rand.Reader, Pass: pass}, nil
}

// Close closes the store.
func (a *App) Close() error { return a.Store.Close() }

// Identity loads the player's identity once.
func (a *App) Identity() (*Identity, error) {
	if a.id == nil {
		id, err := a.Home.Identity(a.Pass)
		if err != nil {
			return nil, err
		}
		a.id = id
	}
	return a.id, nil
}

// Replay folds a stored game's log: from the newest kept state that fits it,
// or else from the start (game_open.go). The replay keeps only its last entry.
func (a *App) Replay(ctx context.Context, game string) (*replay.Replay, error) {
	o, err := a.loadReplay(ctx, a.Store.storeReader, game, -1)
	if err != nil {
		return nil, err
	}
	a.keepSnapshot(ctx, game, o)
	return o.r, nil
}

// Find resolves a game name or a unique prefix of its id.
func (a *App) Find(ctx context.Context, name string) (GameRecord, error) {
	g, err := a.Store.FindGame(ctx, name)
	if errors.Is(err, ErrNoGame) {
		// The store's words ("find game X: no such game") would say it twice.
		return g, fmt.Errorf("no game %q here ('pbem games' lists them): %w", name, ErrNoGame)
	}
	return g, err
}

// linkSource returns the next-link function for seat's newest dice chain.
func (a *App) linkSource(ctx context.Context, r *replay.Replay, game, seat string) func() (string, error) {
	return func() (string, error) {
		chains, err := a.Store.Chains(ctx, game, seat)
		if err != nil {
			return "", err
		}
		if len(chains) == 0 {
			return "", fmt.Errorf("game %s: no dice chain for seat %s in this store: this seat is not played from here", game, seat)
		}
		c := chains[len(chains)-1]
		chain, err := logs.NewChain(c.Seed, c.Length)
		if err != nil {
			return "", err
		}
		i := r.NextLinkIndex(seat)
		if i > chain.Len() {
			return "", fmt.Errorf("game %s: seat %s's dice chain is used up (%d links): rotate to a new one", game, seat, chain.Len())
		}
		return chain.Link(i)
	}
}

// newChain makes a dice chain seed and returns it with its head.
func (a *App) newChain() (seed []byte, head string, err error) {
	seed = make([]byte, 32)
	if _, err := io.ReadFull(a.Rand, seed); err != nil {
		return nil, "", err
	}
	c, err := logs.NewChain(seed, logs.DefaultChainLength)
	if err != nil {
		return nil, "", err
	}
	return seed, c.Head(), nil
}

// sign signs a completed body and appends it to the replay, which checks it as
// any received entry is checked.
func (a *App) sign(r *replay.Replay, b *logs.Body) (*logs.Entry, error) {
	id, err := a.Identity()
	if err != nil {
		return nil, err
	}
	e, err := logs.SignBody(id.Signer(), b)
	if err != nil {
		return nil, err
	}
	if r != nil {
		if err := r.Append(e); err != nil {
			return nil, fmt.Errorf("the entry made here does not verify (a bug in pbem): %w", err)
		}
	}
	return e, nil
}

// store appends entries to a game in one transaction, with its record and a
// snapshot of r, the replay that made them.
func (a *App) store(ctx context.Context, rec GameRecord, r *replay.Replay, entries []*logs.Entry, source string, chain []byte) error {
	return a.Store.Update(ctx, func(tx *StoreTx) error {
		if err := tx.PutGame(ctx, rec); err != nil {
			return err
		}
		if chain != nil {
			if err := tx.PutChain(ctx, rec.ID, rec.Seat, chain, logs.DefaultChainLength); err != nil {
				return err
			}
		}
		var lines []StoredLine
		for _, e := range entries {
			lines = append(lines, StoredLine{Seq: e.Seq, Line: e.Line})
		}
		res, err := tx.AppendLines(ctx, rec.ID, source, lines)
		if (err == nil && res.Duplicate > 0) || errors.Is(err, ErrConflict) || errors.Is(err, ErrChain) || errors.Is(err, ErrGap) {
			// Another pbem changed the game since it was read (two commands at
			// once in one home, or an import): roll back, and say so.
			err = fmt.Errorf("game %s changed while this entry was being made: nothing was stored; look at 'pbem status %s' and try again", rec.ID, rec.ID)
		}
		if s, ok := snapshotOf(rec.ID, r); ok && err == nil {
			err = tx.PutSnapshot(ctx, s)
		}
		return err
	})
}
