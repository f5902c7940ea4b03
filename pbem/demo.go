package pbem

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// DemoOptions shape a demo game.
type DemoOptions struct {
	Dir   string // where the two players' homes go; a temporary directory if empty
	Turns int    // game turns to play
	Seed  uint64 // the demo players' choices (not the dice: those are the protocol's)
	Out   io.Writer
}

// Demo plays a game between two players on this machine, each with a home of
// its own, handing the log back and forth as files, in strict dice mode: every
// roll is a request, an answer and a reveal. It ends by verifying the final log
// on its own. It returns the final log.
func Demo(ctx context.Context, o DemoOptions) ([]byte, error) {
	if o.Turns <= 0 {
		o.Turns = 2
	}
	if o.Dir == "" {
		dir, err := os.MkdirTemp("", "pbem-demo-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		o.Dir = dir
	}
	say := func(format string, args ...any) { fmt.Fprintf(o.Out, format+"\n", args...) }
	rng := rand.New(rand.NewPCG(o.Seed, 44))

	anna, err := demoPlayer(filepath.Join(o.Dir, "anna"), "Anna", "anna@example.org")
	if err != nil {
		return nil, err
	}
	defer anna.Close()
	jan, err := demoPlayer(filepath.Join(o.Dir, "jan"), "Jan", "jan@example.org")
	if err != nil {
		return nil, err
	}
	defer jan.Close()
	janID, _ := jan.Identity()
	say("Two players, each with a home of their own under %s:", o.Dir)
	for _, p := range []*App{anna, jan} {
		id, _ := p.Identity()
		say("  %s <%s>  %s", id.Name, id.Mail, id.Fingerprint())
	}

	_, rec, err := anna.New(ctx, NewGame{Name: "demo", Rules: "freeplay", Scenario: "allied-german", Seat: "allied",
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
	if err != nil {
		return nil, err
	}
	game := rec.ID
	say("\nAnna invites Jan to game %s (freeplay/allied-german, strict dice); she plays allied.", game)
	if err := handOver(ctx, anna, jan, game, say); err != nil {
		return nil, err
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		return nil, err
	}
	say("Jan joins as german, committing to his dice chain.")
	if err := handOver(ctx, jan, anna, game, say); err != nil {
		return nil, err
	}

	players := map[string]*App{"allied": anna, "german": jan}
	other := map[string]*App{"allied": jan, "german": anna}
	moves := map[string][]string{
		"allied": {"play 82nd Airborne moves 2710 to 2611", "play 4th Infantry lands on Utah 2713", "play 101st Airborne takes 2512 Carentan approaches"},
		"german": {"play 91st Division moves 2506 to 2608", "play 709th Division holds 2813", "play 6th Parachute reinforces Carentan 2512"},
	}
	for turn := 1; turn <= o.Turns; turn++ {
		for _, seat := range []string{"allied", "german"} {
			me, them := players[seat], other[seat]
			target := fmt.Sprintf("%02d%02d", 24+rng.IntN(5), 8+rng.IntN(7))
			cmds := []string{moves[seat][rng.IntN(len(moves[seat]))], "roll 1d6 for attack on " + target}
			p, err := me.Do(ctx, game, cmds)
			if err != nil {
				return nil, err
			}
			say("\nTurn %d, %s: %q, %q; the roll is requested.", turn, seat, cmds[0], cmds[1])
			_ = p
			if err := handOver(ctx, me, them, game, say); err != nil {
				return nil, err
			}
			if err := handOver(ctx, them, me, game, say); err != nil {
				return nil, err
			}
			if _, err := me.Do(ctx, game, []string{"pass"}); err != nil {
				return nil, err
			}
			say("  %s passes.", seat)
			if err := handOver(ctx, me, them, game, say); err != nil {
				return nil, err
			}
		}
	}

	var final bytes.Buffer
	if _, _, err := anna.Export(ctx, game, &final); err != nil {
		return nil, err
	}
	rep := replay.Verify(bytes.NewReader(final.Bytes()), anna.Load)
	if !rep.OK() {
		return nil, fmt.Errorf("the demo's own log does not verify: %v", rep.Problems)
	}
	say("\nThe final log (%d entries, %d dice epochs) verifies on its own: signatures, hash chain, every die, every command.",
		rep.Replay.Len(), rep.Replay.Epochs())
	return final.Bytes(), nil
}

func demoPlayer(dir, name, mail string) (*App, error) {
	home := Home{Config: dir, Data: dir}
	if _, err := home.NewIdentity(name, mail); err != nil {
		return nil, err
	}
	app, err := Open(home, nil)
	if err != nil {
		return nil, err
	}
	// The demo's clock advances a minute per entry, like a game by mail.
	clock := time.Date(2026, 6, 6, 6, 30, 0, 0, time.UTC)
	app.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	return app, nil
}

// handOver exports the sender's log and imports it at the receiver, as a file
// sent by mail would be; the receiver answers the dice protocol at once.
func handOver(ctx context.Context, from, to *App, game string, say func(string, ...any)) error {
	var buf bytes.Buffer
	if _, _, err := from.Export(ctx, game, &buf); err != nil {
		return err
	}
	fromID, _ := from.Identity()
	toID, _ := to.Identity()
	rep, err := to.Import(ctx, &buf, fmt.Sprintf("file from %s", fromID.Name))
	if err != nil {
		return err
	}
	if rep.Failed != nil {
		return rep.Failed
	}
	first, last := rep.Added[0].Entry.Seq, rep.Added[len(rep.Added)-1].Entry.Seq
	span := fmt.Sprintf("entries %d to %d are", first, last)
	if first == last {
		span = fmt.Sprintf("entry %d is", first)
	}
	say("  -> %s sends the log to %s: %s new, and verified.", fromID.Name, toID.Name, span)
	for _, p := range rep.Answered {
		if p.Entry.Epoch != 0 {
			say("     %s answers dice request %d with the next link of their dice chain (automatic, entry %d)", toID.Name, p.Entry.Epoch, p.Entry.Seq)
		}
		for _, d := range p.Entry.Draws {
			say("     %s reveals their link and draws: dice %s: %v (epoch %d, entry %d)", toID.Name, d.For, d.Values, d.Epoch, p.Entry.Seq)
		}
	}
	return nil
}
