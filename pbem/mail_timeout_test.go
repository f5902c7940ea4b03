package pbem

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-smtp"
)

// shortTimeout is the step timeout of these tests: a server that stalls is
// given up on quickly.
const shortTimeout = 300 * time.Millisecond

// fakeServer accepts connections on loopback and runs serve on each; it
// returns the port.
func fakeServer(t *testing.T, serve func(net.Conn)) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				serve(c)
			}()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}

// silent accepts and never says a word (it reads until the client leaves).
func silent(c net.Conn) { io.Copy(io.Discard, c) }

// greetThenStall greets and then never answers.
func greetThenStall(greeting string) func(net.Conn) {
	return func(c net.Conn) {
		io.WriteString(c, greeting)
		io.Copy(io.Discard, c)
	}
}

// scriptedIMAP greets and answers LOGIN, SELECT, NOOP and SEARCH as a server
// with an empty INBOX would, and stalls on the command named stall.
func scriptedIMAP(stall string) func(net.Conn) {
	return func(c net.Conn) {
		io.WriteString(c, "* OK [CAPABILITY IMAP4rev1 IDLE] fake ready\r\n")
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			tag, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
			cmd := strings.ToUpper(rest)
			if strings.HasPrefix(cmd, "UID ") {
				cmd = cmd[4:]
			}
			if strings.HasPrefix(cmd, stall) {
				io.Copy(io.Discard, c)
				return
			}
			switch {
			case strings.HasPrefix(cmd, "CAPABILITY"):
				io.WriteString(c, "* CAPABILITY IMAP4rev1 IDLE\r\n")
			case strings.HasPrefix(cmd, "SELECT"):
				io.WriteString(c, "* 0 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [UIDNEXT 1] ok\r\n* FLAGS ()\r\n")
			case strings.HasPrefix(cmd, "SEARCH"):
				io.WriteString(c, "* SEARCH\r\n")
			case strings.HasPrefix(cmd, "LOGOUT"):
				io.WriteString(c, "* BYE bye\r\n"+tag+" OK done\r\n")
				return
			}
			io.WriteString(c, tag+" OK done\r\n")
		}
	}
}

// scriptedSMTP greets and takes AUTH, MAIL, RCPT and DATA as a server
// would, and stalls at the step named stall: "MAIL", or "." (the end of the
// message's data).
func scriptedSMTP(stall string) func(net.Conn) {
	return func(c net.Conn) {
		io.WriteString(c, "220 fake ESMTP\r\n")
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			cmd := strings.ToUpper(strings.TrimSpace(line))
			if strings.HasPrefix(cmd, stall) {
				io.Copy(io.Discard, c)
				return
			}
			switch {
			case strings.HasPrefix(cmd, "EHLO"):
				io.WriteString(c, "250-fake\r\n250 AUTH PLAIN\r\n")
			case strings.HasPrefix(cmd, "AUTH"):
				io.WriteString(c, "235 ok\r\n")
			case strings.HasPrefix(cmd, "DATA"):
				io.WriteString(c, "354 go on\r\n")
			case cmd == "QUIT":
				io.WriteString(c, "221 bye\r\n")
				return
			case cmd == ".":
				io.WriteString(c, "250 queued\r\n")
			case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"), strings.HasPrefix(cmd, "RSET"), strings.HasPrefix(cmd, "NOOP"):
				io.WriteString(c, "250 ok\r\n")
			}
		}
	}
}

// fakeAccount is an account on loopback servers at the given ports, with the
// short timeout.
func fakeAccount(t *testing.T, imapPort, smtpPort int) MailConfig {
	t.Setenv("PBEM_TEST_FAKE_PW", "secret")
	return MailConfig{
		IMAP:        MailServer{Host: "127.0.0.1", Port: imapPort, Security: SecurityPlain, User: "anna"},
		SMTP:        MailServer{Host: "127.0.0.1", Port: smtpPort, Security: SecurityPlain, User: "anna"},
		PasswordEnv: "PBEM_TEST_FAKE_PW",
		Timeout:     Duration(shortTimeout),
	}
}

// mailTestWith saves cfg in a fresh home and runs MailTest; it fails the
// test if MailTest takes far longer than its timeouts allow.
func mailTestWith(t *testing.T, cfg MailConfig) []error {
	t.Helper()
	dir := t.TempDir()
	a := &App{Home: Home{Config: dir, Data: dir}}
	if err := a.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	errs := a.MailTest(ctx)
	if ctx.Err() != nil {
		t.Fatalf("mail test hung for %s: %v", time.Since(start), errs)
	}
	return errs
}

// failure finds the error of server in errs.
func failure(t *testing.T, errs []error, server string) *MailError {
	t.Helper()
	for _, err := range errs {
		var me *MailError
		if errors.As(err, &me) && me.Server == server {
			return me
		}
	}
	t.Fatalf("no %s failure in %v", server, errs)
	return nil
}

// wantFailure checks a failure's stage, that it wraps ErrTimeout when
// timeout is set, and what its message and hint say.
func wantFailure(t *testing.T, me *MailError, stage Stage, timeout bool, msg []string, hint []string) {
	t.Helper()
	if me.Stage != stage {
		t.Errorf("stage %s, want %s: %v", me.Stage, stage, me)
	}
	if errors.Is(me, ErrTimeout) != timeout {
		t.Errorf("timeout %v, want %v: %v", errors.Is(me, ErrTimeout), timeout, me)
	}
	for _, w := range msg {
		if !strings.Contains(me.Error(), w) {
			t.Errorf("message lacks %q: %s", w, me.Error())
		}
	}
	for _, w := range hint {
		if !strings.Contains(me.Hint, w) {
			t.Errorf("hint lacks %q: %s", w, me.Hint)
		}
	}
}

// A server that accepts the connection and never greets, or greets and then
// stalls, no longer hangs 'pbem mail test': each step gives up after the
// timeout, and the error names the server, the stage and how long it waited.
func TestMailTimeouts(t *testing.T) {
	t.Run("accepts and never greets", func(t *testing.T) {
		ip, sp := fakeServer(t, silent), fakeServer(t, silent)
		errs := mailTestWith(t, fakeAccount(t, ip, sp))
		wantFailure(t, failure(t, errs, "imap"), StageGreeting, true,
			[]string{"imap 127.0.0.1:", "sent no IMAP greeting in 300ms"},
			[]string{"check the host and port", "993", "'pbem mail setup --imap-security tls'"})
		wantFailure(t, failure(t, errs, "smtp"), StageGreeting, true,
			[]string{"smtp 127.0.0.1:", "sent no SMTP greeting", "in 300ms"},
			[]string{"465", "'pbem mail setup --smtp-security tls'"})
	})
	t.Run("never answers the TLS handshake", func(t *testing.T) {
		cfg := fakeAccount(t, fakeServer(t, silent), fakeServer(t, silent))
		cfg.IMAP.Security, cfg.SMTP.Security = SecurityTLS, SecurityTLS
		errs := mailTestWith(t, cfg)
		for _, s := range []string{"imap", "smtp"} {
			wantFailure(t, failure(t, errs, s), StageTLS, true, []string{"no answer to the TLS handshake in 300ms"}, nil)
		}
	})
	t.Run("greets and stalls", func(t *testing.T) {
		ip := fakeServer(t, greetThenStall("* OK fake IMAP ready\r\n"))
		sp := fakeServer(t, greetThenStall("220 fake ESMTP ready\r\n"))
		errs := mailTestWith(t, fakeAccount(t, ip, sp))
		wantFailure(t, failure(t, errs, "imap"), StageAuth, true,
			[]string{"no answer to LOGIN in 300ms"}, []string{"try again later"})
		wantFailure(t, failure(t, errs, "smtp"), StageGreeting, true,
			[]string{"the server greeted but did not answer EHLO in 300ms"}, nil)
	})
	t.Run("stalls at SELECT", func(t *testing.T) {
		errs := mailTestWith(t, fakeAccount(t, fakeServer(t, scriptedIMAP("SELECT")), fakeServer(t, silent)))
		wantFailure(t, failure(t, errs, "imap"), StageFolder, true,
			[]string{`select "INBOX": no answer in 300ms`}, []string{"stopped answering"})
	})
}

// Sync gives up on a server that stops answering a SEARCH, and serve on one
// that stops answering IDLE: serve reports it and connects again.
func TestSyncAndServeTimeouts(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	cfg, err := anna.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Timeout = Duration(shortTimeout)
	cfg.IMAP.Port = fakeServer(t, scriptedIMAP("SEARCH"))
	if err := anna.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	_, err = anna.Sync(ctx)
	var me *MailError
	if !errors.As(err, &me) {
		t.Fatalf("sync against a stalling server: %v", err)
	}
	wantFailure(t, me, StageFolder, true, []string{`search "INBOX": no answer in 300ms`}, nil)

	cfg.IMAP.Port = fakeServer(t, scriptedIMAP("IDLE"))
	if err := anna.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	failures := make(chan error, 4)
	done := make(chan error, 1)
	go func() {
		done <- anna.Serve(sctx, ServeOptions{Poll: time.Hour, MaxBackoff: 10 * time.Millisecond,
			OnError: func(err error, _ time.Duration) { failures <- err }})
	}()
	select {
	case err := <-failures:
		if !errors.As(err, &me) {
			t.Fatalf("serve: %v", err)
		}
		wantFailure(t, me, StageIdle, true, []string{"IDLE: no answer in 300ms"}, nil)
	case <-ctx.Done():
		t.Fatal("serve never reported the stalled IDLE")
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("serve should stop cleanly: %v", err)
	}
}

// The usual mix-ups of mail settings are named, with what to change.
func TestMailMixUps(t *testing.T) {
	w := newMailWorld(t)
	serverTLS, _ := selfSigned(t)
	tw := newMailWorldTLS(t, serverTLS, false) // IMAP over TLS, SMTP with STARTTLS
	plain := fakeAccount(t, w.imapAddr.Port, w.smtpAddr.Port)
	for _, tc := range []struct {
		name   string
		change func(*MailConfig)
		server string
		stage  Stage
		msg    []string
		hint   []string
	}{
		{"IMAP at the SMTP port", func(c *MailConfig) { c.IMAP.Port = w.smtpAddr.Port }, "imap", StageGreeting,
			nil, []string{`this is an SMTP server (it greeted with "220 `, "settings look swapped", "993"}},
		{"SMTP at the IMAP port", func(c *MailConfig) { c.SMTP.Port = w.imapAddr.Port }, "smtp", StageGreeting,
			nil, []string{`this is an IMAP server (it greeted with "* OK`, "settings look swapped", "587"}},
		{"TLS spoken to plain IMAP", func(c *MailConfig) { c.IMAP.Security = SecurityTLS }, "imap", StageTLS,
			nil, []string{"this port speaks plain IMAP", "'pbem mail setup --imap-security starttls'"}},
		{"TLS spoken to plain SMTP", func(c *MailConfig) { c.SMTP.Security = SecurityTLS }, "smtp", StageTLS,
			nil, []string{"this port speaks plain SMTP", "'pbem mail setup --smtp-security starttls'"}},
		{"TLS spoken to the other protocol", func(c *MailConfig) { c.IMAP.Security, c.IMAP.Port = SecurityTLS, w.smtpAddr.Port }, "imap", StageTLS,
			nil, []string{"this is an SMTP server", "swapped"}},
		{"plain spoken to a TLS port", func(c *MailConfig) { c.IMAP.Port = tw.imapAddr.Port }, "imap", StageGreeting,
			[]string{"no IMAP greeting in 300ms"}, []string{"expects TLS from the first byte (it answered a TLS handshake)", "'pbem mail setup --imap-security tls'"}},
		{"STARTTLS spoken to a TLS port", func(c *MailConfig) { c.IMAP.Security, c.IMAP.Port = SecurityStartTLS, tw.imapAddr.Port }, "imap", StageGreeting,
			nil, []string{"'pbem mail setup --imap-security tls'"}},
		{"STARTTLS where the server has none", func(c *MailConfig) { c.SMTP.Security = SecurityStartTLS }, "smtp", StageTLS,
			[]string{"STARTTLS"}, []string{"did not accept STARTTLS", "465", "'pbem mail setup --smtp-security tls'"}},
		{"nothing listening", func(c *MailConfig) { c.SMTP.Port = closedPort(t) }, "smtp", StageTCP,
			nil, []string{"nothing accepts connections on port", "587"}},
		{"unknown host", func(c *MailConfig) { c.IMAP.Host, c.IMAP.Security = "no-such-host.invalid", SecurityTLS }, "imap", StageDNS,
			nil, []string{"no host named no-such-host.invalid", "'pbem mail setup --imap HOST:PORT'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := plain
			tc.change(&c)
			wantFailure(t, failure(t, mailTestWith(t, c), tc.server), tc.stage, strings.Contains(strings.Join(tc.msg, ""), "in 300ms"), tc.msg, tc.hint)
		})
	}
}

func closedPort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}

// A refused password is said to come from its variable or command, with
// what to check; a missing folder names the setting that chooses it; an
// untrusted certificate names --ca-file.
func TestMailAuthAndFolderHints(t *testing.T) {
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	good, err := anna.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("variable", func(t *testing.T) {
		t.Setenv(good.PasswordEnv, "wrong")
		errs := mailTestWith(t, good)
		for _, s := range []string{"imap", "smtp"} {
			wantFailure(t, failure(t, errs, s), StageAuth, false,
				[]string{"the password from $" + good.PasswordEnv + " was refused for user anna"},
				[]string{"check the user name (anna) and that $" + good.PasswordEnv + " holds this account's password", "app password"})
		}
	})
	t.Run("command", func(t *testing.T) {
		c := good
		c.PasswordEnv, c.PasswordCommand = "", "echo wrong"
		errs := mailTestWith(t, c)
		wantFailure(t, failure(t, errs, "imap"), StageAuth, false,
			[]string{"the password from the command 'echo wrong' was refused"},
			[]string{"that 'echo wrong' prints this account's password on its first line"})
	})
	t.Run("folders", func(t *testing.T) {
		c := good
		c.Processed = "pbem/Done"
		me := failure(t, mailTestWith(t, c), "imap")
		wantFailure(t, me, StageFolder, false, []string{`select "pbem/Done"`},
			[]string{`no folder "pbem/Done"`, "'pbem mail setup --processed NAME'"})
		c.Processed, c.Folder = "", "Games"
		wantFailure(t, failure(t, mailTestWith(t, c), "imap"), StageFolder, false, nil, []string{"'pbem mail setup --folder NAME'"})
	})
	t.Run("certificate", func(t *testing.T) {
		serverTLS, _ := selfSigned(t)
		tw := newMailWorldTLS(t, serverTLS, false)
		c := good
		c.IMAP.Security, c.IMAP.Port = SecurityTLS, tw.imapAddr.Port
		wantFailure(t, failure(t, mailTestWith(t, c), "imap"), StageTLS, false, []string{"certificate"},
			[]string{"does not trust", "'pbem mail setup --ca-file CA.pem'"})
	})
}

// Providers' own words: Gmail's and Fastmail's app passwords, STARTTLS
// required, the relay port.
func TestMailProviderHints(t *testing.T) {
	cfg := validMailConfig()
	for _, tc := range []struct {
		host string
		port int
		err  error
		want []string
	}{
		{"imap.gmail.com", 993, &imap.Error{Type: imap.StatusResponseTypeNo, Code: "AUTHENTICATIONFAILED", Text: "Invalid credentials (Failure)"},
			[]string{"Gmail needs an app password", "https://myaccount.google.com/apppasswords", "$PBEM_MAIL_PASSWORD"}},
		{"smtp.gmail.com", 587, &smtp.SMTPError{Code: 534, EnhancedCode: smtp.EnhancedCode{5, 7, 9}, Message: "Application-specific password required"},
			[]string{"Gmail needs an app password"}},
		{"imap.fastmail.com", 993, &imap.Error{Type: imap.StatusResponseTypeNo, Code: "AUTHENTICATIONFAILED", Text: "Authentication failed"},
			[]string{"Fastmail needs an app password", "IMAP and SMTP"}},
		{"mail.example.org", 587, &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Must issue a STARTTLS command first"},
			[]string{"takes a password only over TLS", "--smtp-security starttls"}},
		{"mail.example.org", 25, &smtp.SMTPError{Code: 503, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "Error: authentication not enabled"},
			[]string{"port 25 is for servers relaying", "587"}},
		{"mail.example.org", 143, &imap.Error{Type: imap.StatusResponseTypeNo, Code: "PRIVACYREQUIRED", Text: "Plaintext authentication disallowed"},
			[]string{"takes a password only over TLS", "--imap-security"}},
	} {
		server := "imap"
		if strings.HasPrefix(tc.host, "smtp") || tc.port == 587 || tc.port == 25 {
			server = "smtp"
		}
		m := &mailConn{server: server, cfg: cfg, s: MailServer{Host: tc.host, Port: tc.port, User: "anna"}, dog: &watchdog{}}
		me := m.fail(StageAuth, m.refused(tc.err))
		for _, w := range tc.want {
			if !strings.Contains(me.Hint, w) {
				t.Errorf("%s %d: hint lacks %q: %s", tc.host, tc.port, w, me.Hint)
			}
		}
	}
}

func TestMailTimeoutSetting(t *testing.T) {
	dir := t.TempDir()
	h := Home{Config: dir, Data: dir}
	c := validMailConfig()
	if c.StepTimeout() != DefaultMailTimeout {
		t.Fatalf("default timeout %s", c.StepTimeout())
	}
	c.Timeout = Duration(45 * time.Second)
	if err := h.SaveMailConfig(c); err != nil {
		t.Fatal(err)
	}
	got, err := h.LoadMailConfig()
	if err != nil || got.StepTimeout() != 45*time.Second {
		t.Fatalf("saved 45s, read %s, %v", got.StepTimeout(), err)
	}
	c.Timeout = -1
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("a negative timeout: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mail.json"), []byte(`{"timeout":"soon"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadMailConfig(); err == nil || !strings.Contains(err.Error(), "want a duration such as 30s") {
		t.Fatalf("a timeout that is not a duration: %v", err)
	}
}

// Sending waits the step timeout for the reply to each command, and four
// times as long for the reply to a whole message; the message stays queued.
func TestSendTimeouts(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	cfg, err := anna.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Timeout = Duration(shortTimeout)
	for _, tc := range []struct{ stall, want string }{
		{"MAIL", "no answer to MAIL FROM in 300ms"},
		{".", "no answer to the message in 1.2s"},
	} {
		cfg.SMTP.Port = fakeServer(t, scriptedSMTP(tc.stall))
		if err := anna.Home.SaveMailConfig(cfg); err != nil {
			t.Fatal(err)
		}
		if _, err := anna.Store.QueueMail(ctx, "g-"+tc.stall, 1, "sha256:x", "jan@example.org", []byte("Subject: x\r\n\r\nbody\r\n")); err != nil {
			t.Fatal(err)
		}
		rep, err := anna.FlushOutbox(ctx)
		var me *MailError
		if !errors.As(err, &me) {
			t.Fatalf("stalled at %s: %v", tc.stall, err)
		}
		wantFailure(t, me, StageSend, true, []string{tc.want}, []string{"pbem sends it again later"})
		if len(rep.Failed) != 1 || len(rep.Sent) != 0 {
			t.Fatalf("stalled at %s: sent %d, failed %d; want the message kept for later", tc.stall, len(rep.Sent), len(rep.Failed))
		}
	}
}

// A password variable that is not set says how to set it.
func TestPasswordNotSetAdvice(t *testing.T) {
	c := validMailConfig()
	t.Setenv(c.PasswordEnv, "")
	_, err := c.Password(context.Background())
	if err == nil || !strings.Contains(err.Error(), "environment variable PBEM_MAIL_PASSWORD is not set") ||
		!strings.Contains(Advice(err), "set it in the shell that runs pbem") || !strings.Contains(Advice(err), "--password-command") {
		t.Fatalf("got %v (advice %q)", err, Advice(err))
	}
}
