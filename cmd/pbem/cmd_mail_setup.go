package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

// setupFlags are the flags of 'pbem mail setup'; only those given change a
// setting.
type setupFlags struct {
	imap, smtp, imapSec, smtpSec, user, imapUser, smtpUser string
	address, folder, processed, passwordEnv, passwordCmd   string
	caFile                                                 string
	timeout                                                time.Duration
	maxMessage, maxAttachment                              pbem.ByteSize
	asked                                                  map[string]bool // answered at the prompt
}

func mailSetupCmd() *cobra.Command {
	var f setupFlags
	cmd := &cobra.Command{
		Use:   "setup",
		Short: "write the mail account settings, or change some of them",
		Long: `Write the mail account settings to mail.json in your pbem home (mode 0600).

The first time, give the servers, the user and where the password is (on a
terminal, pbem asks for what the flags leave out). Later, each flag changes
one setting and keeps the rest: 'pbem mail setup --imap imap.new.example:993'
moves to another IMAP server and changes nothing else. On a terminal with no
flags, pbem asks for every setting, offering the current one.

Security is tls (TLS from the first byte: IMAP 993, SMTP 465), starttls (IMAP
143, SMTP 587) or plain, which pbem allows to loopback hosts only. When a
well-known port is given without its security, pbem takes the port's.

The password is never written down. Give --password-env NAME, the name of an
environment variable that holds it, or --password-command CMD, a command that
prints it on its first line (a password manager: 'pass show mail/anna',
'op read op://Private/mail/password', 'security find-generic-password -s mail
-w'). The command is split into words as a POSIX shell would ('...' and "..."
quote, a backslash escapes; on Windows "..." quotes and backslashes are path
separators) and run directly, with no shell; a command that uses pipes,
redirections, $VARIABLES or ~ runs with /bin/sh -c (on Windows cmd.exe /c).
A value that looks like the password itself (--password-env hunter2!) is
refused before anything is written.

Every network step waits at most --timeout (30s by default) for the server.
pbem sync downloads a message only if the server reports it no larger than
--max-message-size (32MiB unless set), and reads a log attachment of at most
--max-attachment-size (24MiB) once decoded. A larger message is left on the
server, unread, and reported; raise the limit and sync again to fetch it. A
whole 22-turn campaign's log is under 1 MB. Sizes take a unit: 64MiB, 500KB.
Gmail and Fastmail settings are in docs/mail-guide.md.`,
		Example: `  pbem mail setup --imap imap.gmail.com:993 --smtp smtp.gmail.com:587 \
      --user anna@gmail.com --password-env PBEM_MAIL_PASSWORD
  pbem mail setup --imap mail.example.org:993 --smtp mail.example.org:465 --user anna \
      --password-command 'pass show mail/anna' --processed pbem-done
  pbem mail setup --imap imap.fastmail.com:993     # change the IMAP server only
  pbem mail setup --smtp-security tls              # change one setting
  pbem mail setup      # on a terminal: asks, offering the current settings`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			home, err := pbem.FindHome()
			if err != nil {
				return err
			}
			c, err := home.ReadMailConfig()
			exists := err == nil
			if err != nil && !errors.Is(err, pbem.ErrNoMailConfig) {
				return &hintError{err, "fix the file by hand, or remove it and run 'pbem mail setup' again"}
			}
			out := cmd.OutOrStdout()
			if isTerminal(cmd.InOrStdin()) && (!exists || cmd.Flags().NFlag() == 0) {
				askSetup(cmd, &f, c)
			}
			notes, err := f.apply(cmd, &c, exists)
			if err != nil {
				return err
			}
			more, err := pbem.CheckPasswordSource(c)
			if err != nil {
				return err
			}
			if err := c.Check(); err != nil {
				return fmt.Errorf("%w; nothing was written (pbem mail setup --help)", err)
			}
			if err := home.SaveMailConfig(c); err != nil {
				return err
			}
			printMailSettings(out, home.MailConfigPath(), c)
			for _, n := range append(notes, more...) {
				safetext.Fprintln(out, "note:", n)
			}
			safetext.Fprintln(out, "next: pbem mail test")
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.imap, "imap", "", "IMAP server, host:port")
	fl.StringVar(&f.imapSec, "imap-security", "tls", "IMAP security: tls, starttls or plain (loopback only); default: the port's")
	fl.StringVar(&f.smtp, "smtp", "", "SMTP server, host:port")
	fl.StringVar(&f.smtpSec, "smtp-security", "starttls", "SMTP security: tls, starttls or plain (loopback only); default: the port's")
	fl.StringVar(&f.user, "user", "", "user name for both servers (often the whole address)")
	fl.StringVar(&f.imapUser, "imap-user", "", "IMAP user name, when it differs from --user")
	fl.StringVar(&f.smtpUser, "smtp-user", "", "SMTP user name, when it differs from --user")
	fl.StringVar(&f.address, "address", "", "sender address (default: your identity's)")
	fl.StringVar(&f.folder, "folder", "", "folder game mail arrives in (default INBOX)")
	fl.StringVar(&f.processed, "processed", "", "folder to move imported messages to (empty: leave them)")
	fl.StringVar(&f.passwordEnv, "password-env", "", "NAME of the environment variable holding the password (not the password)")
	fl.StringVar(&f.passwordCmd, "password-command", "", "command printing the password on its first line")
	fl.StringVar(&f.caFile, "ca-file", "", "PEM certificates to trust besides the system's (a server with its own CA)")
	fl.DurationVar(&f.timeout, "timeout", pbem.DefaultMailTimeout, "how long each network step waits for the server")
	fl.Var(&f.maxMessage, "max-message-size", "largest message sync downloads; a larger one stays on the server (default "+pbem.DefaultMaxMessage.String()+")")
	fl.Var(&f.maxAttachment, "max-attachment-size", "largest log attachment sync reads, decoded (default "+pbem.DefaultMaxAttachment.String()+")")
	return cmd
}

// apply changes the settings c as the flags given, or answered at the
// prompt, say; exists is false for new settings. It returns notes for the
// player: a security taken from a well-known port, or one that does not
// match its port.
func (f *setupFlags) apply(cmd *cobra.Command, c *pbem.MailConfig, exists bool) (notes []string, err error) {
	if !exists {
		// New settings start from the usual securities; a well-known port
		// given below overrides them.
		c.IMAP.Security, c.SMTP.Security = pbem.SecurityTLS, pbem.SecurityStartTLS
	}
	changed := func(flag string) bool { return cmd.Flags().Changed(flag) || f.asked[flag] }
	for _, srv := range []struct {
		name     string
		s        *pbem.MailServer
		addr     string
		sec      string
		user     string
		userFlag string
	}{
		{"imap", &c.IMAP, f.imap, f.imapSec, f.imapUser, "imap-user"},
		{"smtp", &c.SMTP, f.smtp, f.smtpSec, f.smtpUser, "smtp-user"},
	} {
		if changed(srv.name) {
			if srv.s.Host, srv.s.Port, err = hostPort("--"+srv.name, srv.addr); err != nil {
				return nil, err
			}
			if ps := pbem.PortSecurity(srv.name, srv.s.Port); ps != "" && !changed(srv.name+"-security") && ps != srv.s.Security {
				srv.s.Security = ps
				notes = append(notes, fmt.Sprintf("%s security set to %s, as port %d uses it (--%s-security to choose)", srv.name, ps, srv.s.Port, srv.name))
			}
		}
		if changed(srv.name + "-security") {
			srv.s.Security = pbem.Security(srv.sec)
		}
		if ps := pbem.PortSecurity(srv.name, srv.s.Port); ps != "" && ps != srv.s.Security && srv.s.Security != pbem.SecurityPlain {
			notes = append(notes, fmt.Sprintf("%s: port %d usually uses %s, not %s; if 'pbem mail test' cannot connect, try --%s-security %s",
				srv.name, srv.s.Port, ps, srv.s.Security, srv.name, ps))
		}
		if changed("user") {
			srv.s.User = f.user
		}
		if changed(srv.userFlag) {
			srv.s.User = srv.user
		}
	}
	if changed("address") {
		c.Address = f.address
	}
	if changed("folder") {
		c.Folder = f.folder
		if strings.EqualFold(c.Folder, "INBOX") {
			c.Folder = ""
		}
	}
	if changed("processed") {
		c.Processed = f.processed
	}
	if changed("password-env") {
		c.PasswordEnv, c.PasswordCommand = f.passwordEnv, ""
	}
	if changed("password-command") {
		c.PasswordEnv, c.PasswordCommand = "", f.passwordCmd
	}
	if changed("ca-file") {
		c.CAFile = f.caFile
		if c.CAFile != "" {
			if c.CAFile, err = filepath.Abs(c.CAFile); err != nil {
				return nil, fmt.Errorf("--ca-file %s: %w", f.caFile, err)
			}
		}
	}
	if changed("timeout") {
		c.Timeout = pbem.Duration(f.timeout)
	}
	if changed("max-message-size") {
		c.MaxMessageSize = f.maxMessage
	}
	if changed("max-attachment-size") {
		c.MaxAttachmentSize = f.maxAttachment
	}
	return notes, nil
}

// askSetup asks on the terminal for each setting, offering the flag's value
// or else the current one; an answer counts as that flag given.
func askSetup(cmd *cobra.Command, f *setupFlags, c pbem.MailConfig) {
	ask := prompter(cmd.InOrStdin(), cmd.ErrOrStderr())
	f.asked = map[string]bool{}
	field := func(flag, q string, v *string, current string) {
		if cmd.Flags().Changed(flag) {
			return
		}
		if ans := ask(q, current); ans != "" {
			*v, f.asked[flag] = ans, true
		}
	}
	addr := func(s pbem.MailServer) string {
		if s.Host == "" {
			return ""
		}
		return s.Addr()
	}
	field("imap", "IMAP server (host:port)", &f.imap, addr(c.IMAP))
	imapSec := string(c.IMAP.Security)
	if _, p, err := hostPort("", f.imap); err == nil && pbem.PortSecurity("imap", p) != "" {
		imapSec = string(pbem.PortSecurity("imap", p))
	}
	field("imap-security", "IMAP security (tls, starttls, plain)", &f.imapSec, imapSec)
	field("smtp", "SMTP server (host:port)", &f.smtp, addr(c.SMTP))
	smtpSec := string(c.SMTP.Security)
	if _, p, err := hostPort("", f.smtp); err == nil && pbem.PortSecurity("smtp", p) != "" {
		smtpSec = string(pbem.PortSecurity("smtp", p))
	}
	field("smtp-security", "SMTP security (tls, starttls, plain)", &f.smtpSec, smtpSec)
	field("user", "user name", &f.user, c.IMAP.User)
	field("folder", "folder game mail arrives in", &f.folder, c.Mailbox())
	field("processed", "folder to move imported mail to (empty: leave it)", &f.processed, c.Processed)
	if !cmd.Flags().Changed("password-command") {
		field("password-env", "NAME of the environment variable holding the password (empty: use a command)", &f.passwordEnv, c.PasswordEnv)
	}
	if f.passwordEnv == "" && !cmd.Flags().Changed("password-env") {
		field("password-command", "command printing the password", &f.passwordCmd, c.PasswordCommand)
	}
}

// printMailSettings says what the settings now are.
func printMailSettings(out io.Writer, path string, c pbem.MailConfig) {
	safetext.Fprintf(out, "wrote %s:\n", path)
	for _, s := range []struct {
		name string
		s    pbem.MailServer
	}{{"imap", c.IMAP}, {"smtp", c.SMTP}} {
		safetext.Fprintf(out, "  %s  %s (%s), user %s\n", s.name, s.s.Addr(), s.s.Security, s.s.User)
	}
	safetext.Fprintf(out, "  password from %s\n", c.PasswordSource())
	moved := "left there"
	if c.Processed != "" {
		moved = "moved to " + c.Processed
	}
	safetext.Fprintf(out, "  game mail read in %s, imported mail %s; each step waits up to %s\n", c.Mailbox(), moved, c.StepTimeout())
}

// prompter asks on the terminal, offering the current value as the default.
func prompter(in io.Reader, out io.Writer) func(q, def string) string {
	rd := bufio.NewReader(in)
	return func(q, def string) string {
		if def != "" {
			fmt.Fprintf(out, "%s [%s]: ", q, def)
		} else {
			fmt.Fprintf(out, "%s: ", q)
		}
		line, _ := rd.ReadString('\n')
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
		return def
	}
}

func hostPort(flag, s string) (string, int, error) {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return "", 0, fmt.Errorf("%s %q: want host:port, e.g. imap.example.org:993", flag, s)
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		return "", 0, fmt.Errorf("%s %q: port %q is not a number", flag, s, port)
	}
	return host, n, nil
}
