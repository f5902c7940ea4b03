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

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// demoNames are the demo's players, one a seat, in seat order.
var demoNames = []struct{ name, login string }{{"Anna", "anna"}, {"Jan", "jan"}, {"Olga", "olga"}, {"Piotr", "piotr"}}

// MailDemo plays a game between two to four players on this machine through
// real SMTP and IMAP: it starts a mail system in this process on loopback,
// gives each player a home, an identity and a mail account, and plays in
// strict dice mode with pbem send and pbem sync alone, printing each
// hand-over. It ends by verifying the final log on its own and returns it.
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

	rulesName, scenario, _ := strings.Cut(o.Scenario, "/")
	seats, err := scenarioSeats(games.Shipped, rulesName, scenario)
	if err != nil {
		return nil, err
	}
	if len(seats) < 2 || len(seats) > len(demoNames) {
		return nil, fmt.Errorf("the demo plays a scenario of 2 to %d seats; %s has %d", len(demoNames), o.Scenario, len(seats))
	}

	mail, err := StartLoopbackMail()
	if err != nil {
		return nil, err
	}
	defer mail.Close()
	say("A mail system in this process, on loopback: IMAP on 127.0.0.1:%d, SMTP on 127.0.0.1:%d.", mail.IMAPPort, mail.SMTPPort)

	var players []*App
	for _, p := range demoNames[:len(seats)] {
		app, err := mailDemoPlayer(mail, filepath.Join(o.Dir, p.login), p.name, p.login)
		if err != nil {
			return nil, err
		}
		defer app.Close()
		players = append(players, app)
	}
	say("%s players, each with a home and a mail account of their own under %s:", numberWord(len(players)), o.Dir)
	for _, p := range players {
		id, _ := p.Identity()
		say("  %s <%s>  %s", id.Name, id.Mail, id.Fingerprint())
	}
	ng := NewGame{Name: "demo", Rules: rulesName, Scenario: scenario, Dice: logs.DiceStrict}
	game, err := demoStart(ctx, ng, seats, players, say)
	if err != nil {
		return nil, err
	}
	if err := playDemo(ctx, o, game, players, rng, say); err != nil {
		return nil, err
	}
	return demoFinish(ctx, game, players, say)
}

// demoStart has the first player start game ng and invite the others, each
// to his seat, and each join in seat order; it returns the game's id once
// every pbem has answered what the joins asked of it.
func demoStart(ctx context.Context, ng NewGame, seats []rules.Seat, players []*App, say func(string, ...any)) (string, error) {
	ng.Seat, ng.Invite = string(seats[0]), map[string]Invitee{}
	for i, p := range players[1:] {
		id, _ := p.Identity()
		ng.Invite[string(seats[i+1])] = Invitee{Mail: id.Mail, Key: id.AuthorizedKey()}
	}
	host := players[0]
	_, rec, err := host.New(ctx, ng)
	if err != nil {
		return "", err
	}
	game := rec.ID
	say("\n%s invites %s to game %s (%s, strict dice); she plays %s.", demoNames[0].name, othersNames(len(players)), game, ng.Rules+"/"+ng.Scenario, seats[0])
	if err := demoSend(ctx, host, game, say); err != nil {
		return "", err
	}
	// Each joins in seat order, having fetched the joins before his.
	for i, p := range players[1:] {
		if err := demoSync(ctx, p, say); err != nil {
			return "", err
		}
		if _, err := p.Join(ctx, game, ""); err != nil {
			return "", err
		}
		say("%s joins as %s, committing to a dice chain.", demoNames[i+1].name, seats[i+1])
		if err := demoSend(ctx, p, game, say); err != nil {
			return "", err
		}
	}
	if err := settle(ctx, game, players, say); err != nil {
		return "", err
	}
	return game, nil
}

// demoFinish checks that every player holds the same log and that it
// verifies on its own, says so, and returns it.
func demoFinish(ctx context.Context, game string, players []*App, say func(string, ...any)) ([]byte, error) {
	host := players[0]
	var final bytes.Buffer
	if _, _, err := host.Export(ctx, game, &final); err != nil {
		return nil, err
	}
	for i, p := range players[1:] {
		var other bytes.Buffer
		if _, _, err := p.Export(ctx, game, &other); err != nil {
			return nil, err
		}
		if !bytes.Equal(final.Bytes(), other.Bytes()) {
			return nil, fmt.Errorf("after the demo %s's and %s's logs differ (a bug in pbem)", demoNames[0].name, demoNames[i+1].name)
		}
	}
	rep := replay.Verify(bytes.NewReader(final.Bytes()), host.Load)
	if !rep.OK() {
		return nil, fmt.Errorf("the demo's own log does not verify: %v", rep.Problems)
	}
	say("\n%s hold the same log. It verifies on its own (%d entries, %d dice epochs): signatures, hash chain, every die, every command.",
		allHold(len(players)), rep.Replay.Len(), rep.Replay.Epochs())
	if sealed := rep.Replay.SealedDraws(); len(sealed) > 0 {
		revealed := 0
		for _, d := range sealed {
			if d.RevealedAt != 0 {
				revealed++
			}
		}
		say("Sealed draws (cards one player looked at): %d, of which %d revealed in play and checked, %d still known to their lookers alone.", len(sealed), revealed, len(sealed)-revealed)
	}
	say("Now: %s", rep.Replay.Waiting().Text)
	return final.Bytes(), nil
}

func numberWord(n int) string {
	return map[int]string{2: "Two", 3: "Three", 4: "Four"}[n]
}

func othersNames(n int) string {
	var names []string
	for _, p := range demoNames[1:n] {
		names = append(names, p.name)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func allHold(n int) string {
	if n == 2 {
		return "Both players"
	}
	return fmt.Sprintf("All %d players", n)
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
				switch {
				case len(d.Values) == 0 || p.Entry.Secret != "":
					say("     %s (automatic, entry %d): %s.", id.Name, p.Entry.Seq, DrawLine(d, p.Entry))
				default:
					say("     %s reveals their link and draws: dice %s: %v (epoch %d, entry %d).", id.Name, d.For, d.Values, d.Epoch, p.Entry.Seq)
				}
			}
			if p.Entry.BoxKey != "" && p.Entry.Box == "" {
				say("     %s sends a one-time key, to be shown a card another player looked at (automatic, entry %d).", id.Name, p.Entry.Seq)
			}
		}
		if sealedTaken(ir.Added) || sealedTaken(ir.Answered) {
			if err := demoPeek(ctx, a, ir.Game, say); err != nil {
				return err
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

func scenarioSeats(load replay.Loader, rulesName, scenario string) ([]rules.Seat, error) {
	engine, err := load.Engine(rulesName)
	if err != nil {
		return nil, err
	}
	data, err := load.Scenario(rulesName, scenario)
	if err != nil {
		return nil, err
	}
	return engine.Seats(rules.Setup{Scenario: data})
}

// playDemo plays until o.Turns turns are over, counted from the turn the
// game opens on: the acting seat's random player makes a batch of commands
// on a copy of the game, until the turn passes to the other seat or dice are
// needed; its owner does them and sends; then both players sync until no
// dice are awaited (strict dice: request, answer, reveal).
func playDemo(ctx context.Context, o DemoOptions, game string, players []*App, rng *rand.Rand, say func(string, ...any)) error {
	engine, err := players[0].Load.Engine(strings.SplitN(o.Scenario, "/", 2)[0])
	if err != nil {
		return err
	}
	owner := func(seat string) *App {
		_, r, _ := players[0].Status(ctx, game)
		for i, s := range r.Seats() {
			if s.Seat == seat {
				return players[i]
			}
		}
		return players[0]
	}
	first := 0 // the scenario's first turn: S4 of Ardennes '44 opens on turn 13
	for handovers := 0; handovers < 500; handovers++ {
		_, r, err := players[0].Status(ctx, game)
		if err != nil {
			return err
		}
		g := r.Game().Clone()
		p := g.Pending()
		var turn int
		fmt.Sscanf(p.Phase, "Turn %d", &turn)
		if first == 0 {
			first = turn
		}
		if p.Over || len(p.Seats) == 0 || turn-first >= o.Turns {
			return nil
		}
		if p.Dice != nil {
			// Dice requested but not drawn yet: a game whose first phase
			// rolls (the Normandy '44 Scatter dice, 20.2) requests them with
			// the join. The players sync until they are in.
			if err := settle(ctx, game, players, say); err != nil {
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
		me := owner(string(seat))
		if _, err := me.Do(ctx, game, cmds); err != nil {
			return err
		}
		shown := cmds
		if len(shown) > 3 {
			shown = append(slices.Clone(shown[:3]), fmt.Sprintf("… %d commands in all", len(cmds)))
		}
		say("\n%s: %s gives %s.", p.Phase, seat, strings.Join(quoteAll(shown), ", "))
		if d := g.Pending().Dice; d != nil && d.Private != "" {
			say("  The rules need a card that only %s may see (%s): the entry requests a sealed draw, committing to a secret.", d.Private, d.For)
		} else if d != nil {
			say("  The rules need dice (%s): the entry requests them.", d.For)
		}
		if err := demoSend(ctx, me, game, say); err != nil {
			return err
		}
		if err := settle(ctx, game, players, say); err != nil {
			return err
		}
	}
	return fmt.Errorf("the demo game did not end its turns within 500 hand-overs")
}

// settle syncs every player, the one who wrote last first in turn, until
// they hold the same log and no dice are awaited.
func settle(ctx context.Context, game string, players []*App, say func(string, ...any)) error {
	for range 8 {
		for _, p := range players {
			if err := demoSync(ctx, p, say); err != nil {
				return err
			}
		}
		same, dice := true, false
		var n int
		for i, p := range players {
			_, r, err := p.Status(ctx, game)
			if err != nil {
				return err
			}
			if i == 0 {
				n = r.Len()
			}
			same = same && r.Len() == n
			dice = dice || r.Waiting().Dice
		}
		if same && !dice {
			return nil
		}
	}
	return fmt.Errorf("the players did not settle the dice of game %s", game)
}

// sealedTaken reports whether an entry took a sealed draw, or showed one
// to another seat: a record with no values yet.
func sealedTaken(played []Played) bool {
	return slices.ContainsFunc(played, func(p Played) bool {
		return slices.ContainsFunc(p.Entry.Draws, func(d logs.Draw) bool { return len(d.Values) == 0 })
	})
}

// demoPeek shows what a player's pbem shows it alone: the cards it looked
// at, which no other pbem can see.
func demoPeek(ctx context.Context, a *App, game string, say func(string, ...any)) error {
	rec, r, err := a.Status(ctx, game)
	if err != nil || rec.Seat == "" {
		return nil // not joined yet: nothing to show
	}
	seen, problems := a.Seen(ctx, rec, r)
	if len(problems) > 0 {
		return fmt.Errorf("%s: %v", rec.Seat, problems[0])
	}
	id, _ := a.Identity()
	for _, l := range PrivateLines(r.Game(), seen, rec.Seat) {
		say("     Only %s's pbem shows %s: %s", id.Name, rec.Seat, l)
	}
	return nil
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
