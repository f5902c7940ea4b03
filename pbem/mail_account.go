package pbem

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Security is how a mail connection is protected.
type Security string

// The securities: implicit TLS, STARTTLS, or none (loopback only).
const (
	SecurityTLS      Security = "tls"
	SecurityStartTLS Security = "starttls"
	SecurityPlain    Security = "plain"
)

// ErrNoMailConfig means the player has not set up mail.
var ErrNoMailConfig = errors.New("mail is not set up: run 'pbem mail setup'")

// MailServer is one server of the account.
type MailServer struct {
	Host     string   `json:"host"`
	Port     int      `json:"port"`
	Security Security `json:"security"`
	User     string   `json:"user"`
}

// Addr is host:port.
func (s MailServer) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// MailConfig is the player's mail account. It never holds the password: only
// where to get it at run time.
type MailConfig struct {
	IMAP MailServer `json:"imap"`
	SMTP MailServer `json:"smtp"`
	// Address is the sender address; the identity's when empty.
	Address string `json:"address,omitempty"`
	// Folder is where game mail arrives (INBOX by default); Processed, when
	// set, is where imported messages are moved.
	Folder    string `json:"folder,omitempty"`
	Processed string `json:"processed,omitempty"`
	// PasswordEnv names an environment variable holding the password;
	// PasswordCommand is a shell command that prints it (e.g. "pass show mail").
	PasswordEnv     string `json:"password_env,omitempty"`
	PasswordCommand string `json:"password_command,omitempty"`
	// CAFile, when set, is a PEM file of certificate authorities to trust
	// besides the system's (a self-hosted server with a private CA).
	CAFile string `json:"ca_file,omitempty"`
	// MaxMessageSize and MaxAttachmentSize bound what sync downloads: a
	// larger message is left on the server and reported; zero means the
	// default (DefaultMaxMessage, DefaultMaxAttachment).
	MaxMessageSize    ByteSize `json:"max_message_size,omitempty"`
	MaxAttachmentSize ByteSize `json:"max_attachment_size,omitempty"`
	// Timeout bounds each network step (DefaultMailTimeout when zero).
	Timeout Duration `json:"timeout,omitempty"`
}

// DefaultMailTimeout is how long pbem waits for a mail server at each step:
// connecting, the TLS handshake, the greeting, the login, each command. A
// step that moves data (a long download) waits this long for each next byte,
// not for the whole. The server's reply to a whole message sent waits
// four times as long, as servers scan a message before they accept it.
const DefaultMailTimeout = 30 * time.Second

// StepTimeout is the configured timeout, or the default.
func (c MailConfig) StepTimeout() time.Duration {
	if c.Timeout > 0 {
		return time.Duration(c.Timeout)
	}
	return DefaultMailTimeout
}

// Duration is a time.Duration written as text in JSON ("45s", "2m").
type Duration time.Duration

// MarshalText writes the duration as Go's time package does.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads "45s", "2m" or "1m30s".
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q: want a duration such as 30s or 2m", b)
	}
	*d = Duration(v)
	return nil
}

// tlsConfig is the TLS configuration for the servers: the system's roots,
// and the CAFile's when set.
func (c MailConfig) tlsConfig() (*tls.Config, error) {
	if c.CAFile == "" {
		return &tls.Config{}, nil
	}
	pem, err := os.ReadFile(c.CAFile)
	if err != nil {
		return nil, fmt.Errorf("ca_file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("ca_file %s: no PEM certificates in it", c.CAFile)
	}
	return &tls.Config{RootCAs: pool}, nil
}

// MailConfigPath is the account file in the home.
func (h Home) MailConfigPath() string { return filepath.Join(h.Config, "mail.json") }

// Mailbox is the folder game mail arrives in.
func (c MailConfig) Mailbox() string {
	if c.Folder == "" {
		return "INBOX"
	}
	return c.Folder
}

// Account names the IMAP account in the store's mailbox records.
func (c MailConfig) Account() string { return c.IMAP.User + "@" + c.IMAP.Addr() }

// Check validates the configuration: complete servers, a known security,
// plain text only to loopback, and exactly one password source.
func (c MailConfig) Check() error {
	for _, s := range []struct {
		name string
		srv  MailServer
	}{{"imap", c.IMAP}, {"smtp", c.SMTP}} {
		if s.srv.Host == "" || s.srv.Port <= 0 || s.srv.Port > 65535 {
			return fmt.Errorf("%s: need a host and a port in 1..65535", s.name)
		}
		if s.srv.User == "" {
			return fmt.Errorf("%s: need a user name", s.name)
		}
		switch s.srv.Security {
		case SecurityTLS, SecurityStartTLS:
		case SecurityPlain:
			if !isLoopback(s.srv.Host) {
				return fmt.Errorf("%s: security plain would send the password in the clear to %s: use tls or starttls (plain is for loopback hosts only)", s.name, s.srv.Host)
			}
		default:
			return fmt.Errorf("%s: security %q: want tls, starttls or plain", s.name, s.srv.Security)
		}
	}
	if c.Timeout < 0 || time.Duration(c.Timeout) > time.Hour {
		return fmt.Errorf("timeout %s: want a duration above zero and at most 1h, e.g. 30s", time.Duration(c.Timeout))
	}
	switch {
	case c.PasswordEnv == "" && c.PasswordCommand == "":
		return errors.New("no password source: give password_env (an environment variable) or password_command (a command printing it)")
	case c.PasswordEnv != "" && c.PasswordCommand != "":
		return errors.New("give password_env or password_command, not both")
	}
	return nil
}

// isLoopback accepts localhost and loopback addresses only; a name that
// merely resolves to loopback today is not trusted with a clear-text password.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// PasswordSource says where the password comes from, for messages:
// "$PBEM_MAIL_PASSWORD" or "the command 'pass show mail/anna'".
func (c MailConfig) PasswordSource() string {
	if c.PasswordEnv != "" {
		return "$" + c.PasswordEnv
	}
	return fmt.Sprintf("the command '%s'", c.PasswordCommand)
}

// Password gets the password from its source. A password command runs
// without a shell when it needs none (parseCommandLine has the rules).
func (c MailConfig) Password(ctx context.Context) (string, error) {
	if c.PasswordEnv != "" {
		p, ok := os.LookupEnv(c.PasswordEnv)
		if !ok || p == "" {
			return "", &adviceError{
				err:    fmt.Errorf("mail password: environment variable %s is not set", c.PasswordEnv),
				advice: fmt.Sprintf("set it in the shell that runs pbem (e.g. read -rs %s && export %s), or read the password from a password manager with 'pbem mail setup --password-command CMD'", c.PasswordEnv, c.PasswordEnv),
			}
		}
		return p, nil
	}
	if c.PasswordCommand == "" {
		return "", errors.New("mail password: no password_env or password_command configured")
	}
	fail := func(err error) error {
		return fmt.Errorf("mail password: command '%s': %w", c.PasswordCommand, err)
	}
	line, err := parseCommandLine(c.PasswordCommand)
	if err != nil {
		return "", fail(err)
	}
	var stderr cappedBuffer
	stderr.max = 2048
	cmd := line.command(ctx)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fail(runError(err, stderr.buf.Bytes()))
	}
	// The first line only, as pass(1) and similar tools print more below it.
	p, _, _ := strings.Cut(string(out), "\n")
	p = strings.TrimRight(p, "\r")
	if p == "" {
		return "", fail(errors.New("it printed nothing on its first line"))
	}
	return p, nil
}

// LoadMailConfig reads the account file and checks it, or returns
// ErrNoMailConfig.
func (h Home) LoadMailConfig() (MailConfig, error) {
	c, err := h.ReadMailConfig()
	if err != nil {
		return MailConfig{}, err
	}
	if err := c.Check(); err != nil {
		return MailConfig{}, fmt.Errorf("%s: %w", h.MailConfigPath(), err)
	}
	return c, nil
}

// ReadMailConfig reads the account file without checking it (so that 'pbem
// mail setup' can mend it), or returns ErrNoMailConfig.
func (h Home) ReadMailConfig() (MailConfig, error) {
	b, err := os.ReadFile(h.MailConfigPath())
	if errors.Is(err, fs.ErrNotExist) {
		return MailConfig{}, ErrNoMailConfig
	}
	if err != nil {
		return MailConfig{}, err
	}
	var c MailConfig
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields() // a misspelt "pasword_env" must not pass silently
	if err := dec.Decode(&c); err != nil {
		return MailConfig{}, fmt.Errorf("%s: %w", h.MailConfigPath(), err)
	}
	return c, nil
}

// SaveMailConfig checks and writes the account file (mode 0600), replacing
// any earlier one atomically.
func (h Home) SaveMailConfig(c MailConfig) error {
	if err := c.Check(); err != nil {
		return err
	}
	if err := h.ensure(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(h.Config, ".mail-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), h.MailConfigPath())
}
