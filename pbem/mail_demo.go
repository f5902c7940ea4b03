package pbem

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// MailDemo plays a game between two players on this machine through real
// SMTP and IMAP: it starts a mail system in this process on loopback, gives
// each player a home, an identity and a mail account, and plays in strict
// dice mode with pbem send and pbem sync alone, printing each hand-over. It
// ends by verifying the final log on its own and returns it.
func MailDemo(ctx context.Context, o DemoOptions) ([]byte, error) {
	if o.Turns <= 0 {
		o.Turns = 2
	}
	if o.Scenario == "" {
		o.Scenario = "normandy44/cherbourg"
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

	mail, err := StartLoopbackMail()
	if err != nil {
		return nil, err
	}
	defer mail.Close()
	say("A mail system in this process, on loopback: IMAP on 127.0.0.1:%d, SMTP on 127.0.0.1:%d.", mail.IMAPPort, mail.SMTPPort)

	var players []*App
	for _, p := range []struct{ name, login string }{{"Anna", "anna"}, {"Jan", "jan"}} {
		app, err := mailDemoPlayer(mail, filepath.Join(o.Dir, p.login), p.name, p.login)
		if err != nil {
			return nil, err
		}
		defer app.Close()
		players = append(players, app)
	}
	anna, jan := players[0], players[1]
	say("Two players, each with a home and a mail account of their own under %s:", o.Dir)
	for _, p := range players {
		id, _ := p.Identity()
		say("  %s <%s>  %s", id.Name, id.Mail, id.Fingerprint())
	}
	janID, _ := jan.Identity()
	rulesName, scenario, _ := strings.Cut(o.Scenario, "/")
	seats, err := scenarioSeats(anna, rulesName, scenario)
	if err != nil {
		return nil, err
	}
	if len(seats) != 2 {
		return nil, fmt.Errorf("the demo needs a two-seat scenario; %s has %d", o.Scenario, len(seats))
	}
	_, rec, err := anna.New(ctx, NewGame{Name: "demo", Rules: rulesName, Scenario: scenario, Seat: string(seats[0]),
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
	if err != nil {
		return nil, err
	}
	game := rec.ID
	say("\nAnna invites Jan to game %s (%s, strict dice); she plays %s.", game, o.Scenario, seats[0])
	if err := demoSend(ctx, anna, game, say); err != nil {
		return nil, err
	}
	if err := demoSync(ctx, jan, say); err != nil {
		return nil, err
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		return nil, err
	}
	say("Jan joins as %s, committing to his dice chain.", seats[1])
	if err := demoSend(ctx, jan, game, say); err != nil {
		return nil, err
	}
	if err := demoSync(ctx, anna, say); err != nil {
		return nil, err
	}

	if err := playDemo(ctx, o, game, []*App{anna, jan}, rng, say); err != nil {
		return nil, err
	}

	var final bytes.Buffer
	if _, _, err := anna.Export(ctx, game, &final); err != nil {
		return nil, err
	}
	var janLog bytes.Buffer
	if _, _, err := jan.Export(ctx, game, &janLog); err != nil {
		return nil, err
	}
	if !bytes.Equal(final.Bytes(), janLog.Bytes()) {
		return nil, fmt.Errorf("after the demo the two players' logs differ (a bug in pbem)")
	}
	rep := replay.Verify(bytes.NewReader(final.Bytes()), anna.Load)
	if !rep.OK() {
		return nil, fmt.Errorf("the demo's own log does not verify: %v", rep.Problems)
	}
	say("\nBoth players hold the same log. It verifies on its own (%d entries, %d dice epochs): signatures, hash chain, every die, every command.",
		rep.Replay.Len(), rep.Replay.Epochs())
	say("Now: %s", rep.Replay.Waiting().Text)
	return final.Bytes(), nil
}

// mailDemoPlayer makes a player with a mail account on the loopback system.
func mailDemoPlayer(mail *LoopbackMail, dir, name, login string) (*App, error) {
	app, err := demoPlayer(dir, name, login+"@example.org")
	if err != nil {
		return nil, err
	}
	// One clock for the entries and the outbox, so that queued mail is due.
	app.Store.now = app.Now
	env := "PBEM_DEMO_MAIL_PASSWORD_" + strings.ToUpper(login)
	password := fmt.Sprintf("demo-%s-%x", login, rand.Uint64())
	if err := os.Setenv(env, password); err != nil {
		app.Close()
		return nil, err
	}
	cfg, err := mail.AddAccount(login, login+"@example.org", password, env)
	if err != nil {
		app.Close()
		return nil, err
	}
	if err := app.Home.SaveMailConfig(cfg); err != nil {
		app.Close()
		return nil, err
	}
	return app, nil
}

// demoSend is 'pbem send' for one player.
func demoSend(ctx context.Context, a *App, game string, say func(string, ...any)) error {
	id, _ := a.Identity()
	_, rep, err := a.Send(ctx, game)
	if err != nil {
		return err
	}
	for _, m := range rep.Sent {
		say("  -> %s mails %s over SMTP: entries up to %d.", id.Name, m.To, m.Seq)
	}
	return nil
}

// demoSync is 'pbem sync' for one player: it prints what arrived, what was
// answered and sent back unasked, and what waits.
func demoSync(ctx context.Context, a *App, say func(string, ...any)) error {
	id, _ := a.Identity()
	rep, err := a.Sync(ctx)
	if err != nil {
		return err
	}
	for _, m := range rep.Messages {
		if m.Problem != nil {
			return fmt.Errorf("%s's sync: message %s: %w", id.Name, m.MessageID, m.Problem)
		}
		ir := m.Import
		first, last := ir.Added[0].Entry.Seq, ir.Added[len(ir.Added)-1].Entry.Seq
		span := fmt.Sprintf("entries %d to %d", first, last)
		if first == last {
			span = fmt.Sprintf("entry %d", first)
		}
		say("  <- %s's sync fetches UID %d over IMAP: %s new, verified.", id.Name, m.UID, span)
		if ir.Invited {
			say("     It is an invitation: %s accepts it with 'pbem join %s'.", id.Name, ir.Game)
		}
		for _, p := range ir.Answered {
			if p.Entry.Epoch != 0 {
				say("     %s answers dice request %d with the next link of their chain (automatic, entry %d).", id.Name, p.Entry.Epoch, p.Entry.Seq)
			}
			for _, d := range p.Entry.Draws {
				say("     %s reveals their link and draws: dice %s: %v (epoch %d, entry %d).", id.Name, d.For, d.Values, d.Epoch, p.Entry.Seq)
			}
		}
	}
	if rep.FlushError != nil {
		return rep.FlushError
	}
	if rep.Flush != nil {
		for _, m := range rep.Flush.Sent {
			say("  -> %s's sync mails that to %s at once: entries up to %d.", id.Name, m.To, m.Seq)
		}
	}
	return nil
}

func scenarioSeats(a *App, rulesName, scenario string) ([]rules.Seat, error) {
	engine, err := a.Load.Engine(rulesName)
	if err != nil {
		return nil, err
	}
	data, err := a.Load.Scenario(rulesName, scenario)
	if err != nil {
		return nil, err
	}
	return engine.Seats(rules.Setup{Scenario: data})
}

// playDemo plays until o.Turns turns are over: the acting seat's random player
// makes a batch of commands on a copy of the game, until the turn passes to
// the other seat or dice are needed; its owner does them and sends; then both
// players sync until no dice are awaited (strict dice: request, answer, reveal).
func playDemo(ctx context.Context, o DemoOptions, game string, players []*App, rng *rand.Rand, say func(string, ...any)) error {
	engine, err := players[0].Load.Engine(strings.SplitN(o.Scenario, "/", 2)[0])
	if err != nil {
		return err
	}
	owner := func(seat string) (*App, *App) {
		_, r, _ := players[0].Status(ctx, game)
		if r.Seats()[0].Seat == seat {
			return players[0], players[1]
		}
		return players[1], players[0]
	}
	for handovers := 0; handovers < 500; handovers++ {
		_, r, err := players[0].Status(ctx, game)
		if err != nil {
			return err
		}
		g := r.Game().Clone()
		p := g.Pending()
		var turn int
		fmt.Sscanf(p.Phase, "Turn %d", &turn)
		if p.Over || len(p.Seats) == 0 || turn > o.Turns {
			return nil
		}
		if p.Dice != nil {
			// Dice requested but not drawn yet: a game whose first phase
			// rolls (the Normandy '44 Scatter dice, 20.2) requests them with
			// the join. The players sync until they are in.
			if err := settle(ctx, game, players[0], players[1], say); err != nil {
				return err
			}
			continue
		}
		seat := p.Seats[0]
		var cmds []string
		for len(cmds) < 60 {
			c := engine.RandomCommand(g, seat, rng)
			if c == "" {
				break
			}
			if _, err := g.Apply(seat, c); err != nil {
				return fmt.Errorf("the random player's %q was refused (a bug in pbem): %w", c, err)
			}
			cmds = append(cmds, c)
			if q := g.Pending(); q.Dice != nil || q.Over || len(q.Seats) == 0 || q.Seats[0] != seat {
				break
			}
		}
		if len(cmds) == 0 {
			return fmt.Errorf("the random player has nothing to do in %q", p.Phase)
		}
		me, them := owner(string(seat))
		if _, err := me.Do(ctx, game, cmds); err != nil {
			return err
		}
		shown := cmds
		if len(shown) > 3 {
			shown = append(slices.Clone(shown[:3]), fmt.Sprintf("… %d commands in all", len(cmds)))
		}
		say("\n%s: %s gives %s.", p.Phase, seat, strings.Join(quoteAll(shown), ", "))
		if g.Pending().Dice != nil {
			say("  The rules need dice (%s): the entry requests them.", g.Pending().Dice.For)
		}
		if err := demoSend(ctx, me, game, say); err != nil {
			return err
		}
		if err := settle(ctx, game, me, them, say); err != nil {
			return err
		}
	}
	return fmt.Errorf("the demo game did not end its turns within 500 hand-overs")
}

// settle syncs both players until they hold the same log and no dice are
// awaited.
func settle(ctx context.Context, game string, me, them *App, say func(string, ...any)) error {
	for range 6 {
		for _, p := range []*App{them, me} {
			if err := demoSync(ctx, p, say); err != nil {
				return err
			}
		}
		_, a, err := me.Status(ctx, game)
		if err != nil {
			return err
		}
		_, b, err := them.Status(ctx, game)
		if err != nil {
			return err
		}
		if a.Len() == b.Len() && !a.Waiting().Dice {
			return nil
		}
	}
	return fmt.Errorf("the players did not settle the dice of game %s", game)
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		if strings.HasPrefix(x, "…") {
			out[i] = x
		} else {
			out[i] = strconv.Quote(x)
		}
	}
	return out
}
