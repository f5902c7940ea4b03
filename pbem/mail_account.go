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
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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

// Password gets the password from its source.
func (c MailConfig) Password(ctx context.Context) (string, error) {
	if c.PasswordEnv != "" {
		p, ok := os.LookupEnv(c.PasswordEnv)
		if !ok || p == "" {
			return "", fmt.Errorf("mail password: environment variable %s is not set", c.PasswordEnv)
		}
		return p, nil
	}
	if c.PasswordCommand == "" {
		return "", errors.New("mail password: no password_env or password_command configured")
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", c.PasswordCommand)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("mail password: command %q: %w: %s", c.PasswordCommand, err, strings.TrimSpace(stderr.String()))
	}
	// The first line only, as pass(1) and similar tools print more below it.
	p, _, _ := strings.Cut(string(out), "\n")
	p = strings.TrimRight(p, "\r")
	if p == "" {
		return "", fmt.Errorf("mail password: command %q printed nothing", c.PasswordCommand)
	}
	return p, nil
}

// LoadMailConfig reads the account file, or returns ErrNoMailConfig.
func (h Home) LoadMailConfig() (MailConfig, error) {
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
	if err := c.Check(); err != nil {
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
