package pbem

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
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
	_, rec, err := anna.New(ctx, NewGame{Name: "demo", Rules: "freeplay", Scenario: "allied-german", Seat: "allied",
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
	if err != nil {
		return nil, err
	}
	game := rec.ID
	say("\nAnna invites Jan to game %s (freeplay/allied-german, strict dice); she plays allied.", game)
	if err := demoSend(ctx, anna, game, say); err != nil {
		return nil, err
	}
	if err := demoSync(ctx, jan, say); err != nil {
		return nil, err
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		return nil, err
	}
	say("Jan joins as german, committing to his dice chain.")
	if err := demoSend(ctx, jan, game, say); err != nil {
		return nil, err
	}
	if err := demoSync(ctx, anna, say); err != nil {
		return nil, err
	}

	seats := map[string]*App{"allied": anna, "german": jan}
	other := map[string]*App{"allied": jan, "german": anna}
	moves := map[string][]string{
		"allied": {"play 82nd Airborne moves 2710 to 2611", "play 4th Infantry lands on Utah 2713", "play 101st Airborne takes 2512 Carentan approaches"},
		"german": {"play 91st Division moves 2506 to 2608", "play 709th Division holds 2813", "play 6th Parachute reinforces Carentan 2512"},
	}
	for turn := 1; turn <= o.Turns; turn++ {
		for _, seat := range []string{"allied", "german"} {
			me, them := seats[seat], other[seat]
			target := fmt.Sprintf("%02d%02d", 24+rng.IntN(5), 8+rng.IntN(7))
			cmds := []string{moves[seat][rng.IntN(len(moves[seat]))], "roll 1d6 for attack on " + target}
			if _, err := me.Do(ctx, game, cmds); err != nil {
				return nil, err
			}
			say("\nTurn %d, %s: %q, %q; the roll is requested.", turn, seat, cmds[0], cmds[1])
			if err := demoSend(ctx, me, game, say); err != nil {
				return nil, err
			}
			// The opponent's sync answers the request, the player's sync
			// reveals the link and draws, the opponent's sync sees the dice.
			for _, p := range []*App{them, me, them} {
				if err := demoSync(ctx, p, say); err != nil {
					return nil, err
				}
			}
			if _, err := me.Do(ctx, game, []string{"pass"}); err != nil {
				return nil, err
			}
			say("  %s passes.", seat)
			if err := demoSend(ctx, me, game, say); err != nil {
				return nil, err
			}
			if err := demoSync(ctx, them, say); err != nil {
				return nil, err
			}
		}
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
