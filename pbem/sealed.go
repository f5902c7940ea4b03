package pbem

import (
	"context"
	"slices"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// Sealed draws (docs/dice.md part 4): the secret of a sealed draw, and the
// key with which a seat is shown one, are made from the seat's dice chain
// seeds, so that they live in the store with the seeds and nowhere else.

// own is what this player's store holds for seat's entries in a game: its
// next dice chain link and its chain seeds.
func (a *App) own(ctx context.Context, r *replay.Replay, game, seat string) replay.Own {
	return replay.Own{NextLink: a.linkSource(ctx, r, game, seat), Seeds: a.seedSource(ctx, game, seat)}
}

// seedSource returns seat's dice chain seeds in a game, newest first.
func (a *App) seedSource(ctx context.Context, game, seat string) func() ([][]byte, error) {
	return func() ([][]byte, error) {
		chains, err := a.Store.Chains(ctx, game, seat)
		if err != nil {
			return nil, err
		}
		var seeds [][]byte
		for _, c := range slices.Backward(chains) {
			seeds = append(seeds, c.Seed)
		}
		return seeds, nil
	}
}

// Seen is the game as this player sees it: with every card it looked at, or
// was shown, and that is still sealed in the log, unsealed from the secrets
// its own store holds. It is for this player's eyes (pbem status, legal,
// unit): never stored, mailed or folded into the log. Problems lists sealed
// draws it should see and cannot: a box that does not hold the secret its
// drawer committed to (replay.ErrBadBox: the drawer cheated, and only this
// player can tell yet), or a secret of its own missing from the store.
func (a *App) Seen(ctx context.Context, rec GameRecord, r *replay.Replay) (rules.Game, []error) {
	if rec.Dice != string(logs.DiceStrict) || len(r.SealedDraws()) == 0 {
		return r.Game(), nil
	}
	seeds, err := a.seedSource(ctx, rec.ID, rec.Seat)()
	if err != nil {
		return r.Game(), []error{err}
	}
	return r.Peek(rec.Seat, seeds)
}

// PrivateLines are the lines of seat's view of seen that its view of the
// public game lacks: what its own secrets show it (a card it looked at).
func PrivateLines(public, seen rules.Game, seat string) []string {
	if public == seen {
		return nil
	}
	have := map[string]bool{}
	for _, l := range public.View(rules.Seat(seat)).Lines {
		have[l] = true
	}
	var out []string
	for _, l := range seen.View(rules.Seat(seat)).Lines {
		if !have[l] {
			out = append(out, l)
		}
	}
	return out
}
