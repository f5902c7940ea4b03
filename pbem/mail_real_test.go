package pbem

import (
	"bytes"
	"context"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/internal/realmail"
	"github.com/pbem-referee/pbem/replay"
)

// realPlayer is a player whose mail account is on the real servers.
func realPlayer(t *testing.T, s *realmail.Servers, name, login, password string) *App {
	t.Helper()
	app := newTestApp(t, name, login+"@"+realmail.Domain)
	app.Now = time.Now // Postfix and Dovecot keep real time; so must the outbox
	env := "PBEM_TEST_PASSWORD_" + strings.ToUpper(login)
	t.Setenv(env, password)
	server := func(addr string) MailServer {
		host, port, _ := net.SplitHostPort(addr)
		p, _ := strconv.Atoi(port)
		return MailServer{Host: host, Port: p, Security: SecurityPlain, User: login}
	}
	cfg := MailConfig{IMAP: server(s.IMAPAddr), SMTP: server(s.SMTPAddr), PasswordEnv: env}
	if err := app.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if errs := app.MailTest(context.Background()); len(errs) > 0 {
		t.Fatalf("mail test for %s: %v\n%s", login, errs, s.Log())
	}
	return app
}

// syncUntil syncs until a message that imports into game arrives: Postfix
// delivers in the background.
func syncUntil(t *testing.T, s *realmail.Servers, app *App, game string) *SyncReport {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		rep, err := app.Sync(context.Background())
		if err != nil {
			t.Fatalf("sync: %v\n%s", err, s.Log())
		}
		for _, m := range rep.Messages {
			if m.Problem != nil {
				t.Fatalf("message %s: %v", m.MessageID, m.Problem)
			}
			if m.Game == game && m.Import != nil && len(m.Import.Added) > 0 {
				return rep
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing for game %s arrived within 30 s\n%s", game, s.Log())
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func sendAll(t *testing.T, app *App, game string) {
	t.Helper()
	if _, rep, err := app.Send(context.Background(), game); err != nil {
		t.Fatalf("send: %v", err)
	} else if rep != nil && len(rep.Failed) > 0 {
		t.Fatalf("send failed: %+v", rep.Failed)
	}
}

// The end-to-end test: two players complete an invitation, an
// acceptance, a strict-dice request and its reveal, and a turn, by mail alone,
// through real Postfix (SMTP AUTH through Dovecot SASL, LMTP delivery) and
// real Dovecot (IMAP); then pbem serve answers a dice request with no one at
// the keyboard.
func TestPlayByRealMail(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Dovecot and Postfix")
	}
	s := realmail.Start(t, map[string]string{"anna": "anna-secret", "jan": "jan-secret"})
	ctx := context.Background()
	anna := realPlayer(t, s, "anna", "anna", "anna-secret")
	jan := realPlayer(t, s, "jan", "jan", "jan-secret")
	janID, _ := jan.Identity()

	game := inviteFreeplay(t, anna, "real", janID.AuthorizedKey(), janID.Mail)
	sendAll(t, anna, game)
	if rep := syncUntil(t, s, jan, game); !rep.Messages[len(rep.Messages)-1].Import.Invited {
		t.Fatal("jan receives an invitation")
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	sendAll(t, jan, game)
	syncUntil(t, s, anna, game)

	// A strict roll: anna requests; jan's sync answers and mails the answer
	// at once; anna's sync reveals, draws and mails the result.
	if _, err := anna.Do(ctx, game, []string{"roll 2d6 for the causeway"}); err != nil {
		t.Fatal(err)
	}
	sendAll(t, anna, game)
	syncUntil(t, s, jan, game)
	syncUntil(t, s, anna, game)
	syncUntil(t, s, jan, game)
	if _, err := anna.Do(ctx, game, []string{"pass"}); err != nil {
		t.Fatal(err)
	}
	sendAll(t, anna, game)
	syncUntil(t, s, jan, game)

	var a, j bytes.Buffer
	anna.Export(ctx, game, &a)
	jan.Export(ctx, game, &j)
	if !bytes.Equal(a.Bytes(), j.Bytes()) {
		t.Fatal("after the turn both players hold the same log")
	}
	rep := replay.Verify(bytes.NewReader(a.Bytes()), anna.Load)
	if !rep.OK() || rep.Replay.Epochs() != 1 || rep.Replay.Len() != 6 {
		t.Fatalf("the log verifies with one dice epoch in 6 entries: %v %d", rep.Problems, rep.Read)
	}

	// pbem serve at jan's end answers jan's dice with no one at the keyboard.
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- jan.Serve(serveCtx, ServeOptions{Poll: 500 * time.Millisecond}) }()
	if _, err := jan.Do(ctx, game, []string{"roll 1d6 for the bridge"}); err != nil {
		t.Fatal(err)
	}
	sendAll(t, jan, game)
	syncUntil(t, s, anna, game) // anna answers; her sync mails it
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, r, err := jan.Status(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if r.Epochs() == 2 && !r.Waiting().Dice {
			break // serve imported the answer and revealed jan's link: the dice are drawn
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not draw the dice within 30 s: %s\n%s", r.Waiting().Text, s.Log())
		}
		time.Sleep(200 * time.Millisecond)
	}
	stop()
	if err := <-served; err != nil && err != context.Canceled {
		t.Fatalf("serve stops cleanly: %v", err)
	}
}
