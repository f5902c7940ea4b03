package pbem

import (
	"context"
	"errors"
	"net"
	"os"
	"strings"
	"testing"
)

func validMailConfig() MailConfig {
	return MailConfig{
		IMAP:        MailServer{Host: "imap.example.org", Port: 993, Security: SecurityTLS, User: "anna"},
		SMTP:        MailServer{Host: "smtp.example.org", Port: 587, Security: SecurityStartTLS, User: "anna"},
		PasswordEnv: "PBEM_MAIL_PASSWORD",
	}
}

func TestMailConfigCheck(t *testing.T) {
	if err := validMailConfig().Check(); err != nil {
		t.Fatalf("a valid configuration: %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(*MailConfig)
		want   string
	}{
		{"plain to a remote host", func(c *MailConfig) { c.SMTP.Security = SecurityPlain }, "in the clear"},
		{"plain to a name resolving anywhere", func(c *MailConfig) { c.IMAP.Security, c.IMAP.Host = SecurityPlain, "localhost.example.org" }, "in the clear"},
		{"unknown security", func(c *MailConfig) { c.IMAP.Security = "ssl" }, "want tls, starttls or plain"},
		{"no port", func(c *MailConfig) { c.IMAP.Port = 0 }, "port"},
		{"no user", func(c *MailConfig) { c.SMTP.User = "" }, "user"},
		{"no password source", func(c *MailConfig) { c.PasswordEnv = "" }, "no password source"},
		{"two password sources", func(c *MailConfig) { c.PasswordCommand = "echo x" }, "not both"},
	} {
		c := validMailConfig()
		tc.change(&c)
		if err := c.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	for _, host := range []string{"localhost", "127.0.0.1", "127.8.9.10", "::1"} {
		c := validMailConfig()
		c.IMAP.Security, c.IMAP.Host = SecurityPlain, host
		if err := c.Check(); err != nil {
			t.Errorf("plain to loopback %s: %v", host, err)
		}
	}
}

func TestMailPasswordSources(t *testing.T) {
	ctx := context.Background()
	c := validMailConfig()
	t.Setenv("PBEM_MAIL_PASSWORD", "s3cret")
	if p, err := c.Password(ctx); err != nil || p != "s3cret" {
		t.Fatalf("from the environment: %q, %v", p, err)
	}
	t.Setenv("PBEM_MAIL_PASSWORD", "")
	if _, err := c.Password(ctx); err == nil || !strings.Contains(err.Error(), "PBEM_MAIL_PASSWORD") {
		t.Fatalf("an empty variable: got %v", err)
	}
	c.PasswordEnv, c.PasswordCommand = "", "printf 'from command\\nsecond line\\n'"
	if p, err := c.Password(ctx); err != nil || p != "from command" {
		t.Fatalf("from a command: %q, %v; want its first line", p, err)
	}
	c.PasswordCommand = "echo oops >&2; exit 3"
	if _, err := c.Password(ctx); err == nil || !strings.Contains(err.Error(), "oops") {
		t.Fatalf("a failing command: got %v, want its stderr in the error", err)
	}
}

func TestMailConfigSaveLoad(t *testing.T) {
	dir := t.TempDir()
	h := Home{Config: dir, Data: dir}
	if _, err := h.LoadMailConfig(); !errors.Is(err, ErrNoMailConfig) {
		t.Fatalf("no file: got %v, want ErrNoMailConfig", err)
	}
	c := validMailConfig()
	c.Processed = "pbem/done"
	if err := h.SaveMailConfig(c); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(h.MailConfigPath())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mail.json has mode %v, want 0600", fi.Mode().Perm())
	}
	got, err := h.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	if got.IMAP != c.IMAP || got.SMTP != c.SMTP || got.Processed != c.Processed || got.PasswordEnv != c.PasswordEnv || got.Mailbox() != "INBOX" {
		t.Fatalf("round trip: got %+v, want %+v", got, c)
	}
	bad := validMailConfig()
	bad.SMTP.Security = SecurityPlain
	if err := h.SaveMailConfig(bad); err == nil {
		t.Fatal("saved a configuration sending a password in the clear")
	}
	// A misspelt field must not pass silently (a password under a wrong key
	// would otherwise sit in the file unnoticed).
	if err := os.WriteFile(h.MailConfigPath(), []byte(`{"password":"hunter2"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadMailConfig(); err == nil || !strings.Contains(err.Error(), "unknown field") {
		t.Fatalf("an unknown field: got %v", err)
	}
}

// MailTest names the stage that failed.
func TestMailTestStages(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	if errs := anna.MailTest(ctx); len(errs) != 0 {
		t.Fatalf("a working account: %v", errs)
	}
	good, err := anna.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := closed.Addr().(*net.TCPAddr).Port
	closed.Close()
	for _, tc := range []struct {
		name   string
		change func(*MailConfig)
		server string
		stage  Stage
	}{
		{"wrong password", func(c *MailConfig) { t.Setenv(c.PasswordEnv, "wrong") }, "imap", StageAuth},
		{"missing folder", func(c *MailConfig) { c.Folder = "Games" }, "imap", StageFolder},
		{"nothing listening", func(c *MailConfig) { c.IMAP.Port = closedPort }, "imap", StageTCP},
		{"TLS to a plain server", func(c *MailConfig) { c.SMTP.Security = SecurityTLS }, "smtp", StageTLS},
		{"unknown host", func(c *MailConfig) { c.SMTP.Host, c.SMTP.Security = "no-such-host.invalid", SecurityTLS }, "smtp", StageDNS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := good
			t.Setenv(c.PasswordEnv, "pw-anna")
			tc.change(&c)
			if err := anna.Home.SaveMailConfig(c); err != nil {
				t.Fatal(err)
			}
			errs := anna.MailTest(ctx)
			found := false
			for _, err := range errs {
				var me *MailError
				if errors.As(err, &me) && me.Server == tc.server && me.Stage == tc.stage {
					found = true
				}
			}
			if !found {
				t.Fatalf("want a %s failure at stage %s, got %v", tc.server, tc.stage, errs)
			}
		})
	}
}
