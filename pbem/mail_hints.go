package pbem

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-smtp"
)

// The hints below name the usual mix-ups of mail settings and what fixes
// each: a TLS port spoken plain or a plain port spoken TLS (told from the
// bytes the server sent, or from a handshake on a second connection), the
// IMAP and SMTP settings swapped (an SMTP greeting on the IMAP connection),
// STARTTLS needed, a password refused (naming where it came from) and the
// app passwords that Gmail and Fastmail require.

// usualPorts says which ports a server usually has, for hints.
func usualPorts(server string) string {
	if server == "smtp" {
		return "SMTP submission is usually port 587 with starttls, or 465 with tls"
	}
	return "IMAP is usually port 993 with tls, or 143 with starttls"
}

// PortSecurity is the security a well-known port of the server ("imap" or
// "smtp") uses: tls for 993 and 465, starttls for 143, 587 and 25; "" for
// other ports.
func PortSecurity(server string, port int) Security {
	switch {
	case server == "imap" && port == 993, server == "smtp" && port == 465:
		return SecurityTLS
	case server == "imap" && port == 143, server == "smtp" && (port == 587 || port == 25):
		return SecurityStartTLS
	}
	return ""
}

// setup is the command that changes one setting, for hints.
func setup(flag, value string) string { return fmt.Sprintf("'pbem mail setup %s %s'", flag, value) }

// hint says what to check after err at stage st.
func (m *mailConn) hint(st Stage, err error) string {
	other := map[string]string{"imap": "smtp", "smtp": "imap"}[m.server]
	secFlag := "--" + m.server + "-security"
	switch st {
	case StageDNS:
		var de *net.DNSError
		if errors.As(err, &de) && de.IsNotFound {
			return fmt.Sprintf("no host named %s exists: check its spelling (providers name theirs like imap.gmail.com or smtp.fastmail.com), then %s",
				m.s.Host, setup("--"+m.server, "HOST:PORT"))
		}
		return "no name server answered: check that this machine is online"
	case StageTCP:
		switch {
		case errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(err.Error(), "refused"):
			return fmt.Sprintf("nothing accepts connections on port %d of %s: check the port (%s)", m.s.Port, m.s.Host, usualPorts(m.server))
		case isTimeout(err):
			return fmt.Sprintf("check the host and the port (%s); a firewall, or a network that blocks mail ports (some public and office networks do), may be dropping the connection", usualPorts(m.server))
		}
		return "check that this machine is online, and the host and port"
	case StageTLS:
		if h := tlsHint(m, err, secFlag, other); h != "" {
			return h
		}
	case StageGreeting:
		return m.greetingHint(err, secFlag, other)
	case StageAuth:
		return m.authHint(err, secFlag)
	case StageFolder, StageIdle:
		if isTimeout(err) {
			return "the server stopped answering; pbem connects again at the next sync (serve: at once)"
		}
	case StageSend:
		if isTimeout(err) {
			return "the server did not confirm the message: pbem sends it again later, and a second copy is harmless (the receiver counts its entries as duplicates)"
		}
	}
	return ""
}

// tlsHint reads a failed TLS handshake: plain text where TLS was expected
// (which protocol, from its first bytes), or a certificate problem.
func tlsHint(m *mailConn, err error, secFlag, other string) string {
	var rh tls.RecordHeaderError
	if errors.As(err, &rh) {
		return m.plainHint(rh.RecordHeader[:], secFlag, other)
	}
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	switch {
	case errors.As(err, &unknown):
		return "the server's certificate is signed by an authority this machine does not trust. A server with its own certificate authority: " +
			setup("--ca-file", "CA.pem") + ". Otherwise something between you and the server may be intercepting the connection"
	case errors.As(err, &host):
		return fmt.Sprintf("the certificate is not for %s: use the server name your provider gives (e.g. imap.gmail.com, not gmail.com)", m.s.Host)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return fmt.Sprintf("the certificate has expired or is not valid yet: check this machine's date and time (%s)", time.Now().Format(time.DateTime))
	case strings.Contains(err.Error(), "ca_file"):
		return "fix ca_file in mail.json, or " + setup("--ca-file", "PATH")
	case m.s.Security == SecurityStartTLS && looksLikeGreeting(m.server, m.dog.greeted()):
		tlsPort := map[string]string{"imap": "993", "smtp": "465"}[m.server]
		return fmt.Sprintf("the server did not accept STARTTLS. If this port expects TLS from the first byte (usually %s), %s", tlsPort, setup(secFlag, "tls"))
	}
	return ""
}

// plainHint reads what a server sent in the clear where TLS was expected.
func (m *mailConn) plainHint(first []byte, secFlag, other string) string {
	switch {
	case looksLikeGreeting(m.server, first):
		return fmt.Sprintf("this port speaks plain %s, not TLS from the first byte: %s (%s)",
			strings.ToUpper(m.server), setup(secFlag, "starttls"), usualPorts(m.server))
	case looksLikeGreeting(other, first):
		return m.swappedHint(first, other)
	case bytes.HasPrefix(first, []byte("HTTP/")):
		return "this port speaks HTTP (a web server), not mail: check the port (" + usualPorts(m.server) + ")"
	}
	return fmt.Sprintf("the server answered in something other than TLS (%s): check the port (%s)", quoteBytes(first), usualPorts(m.server))
}

// swappedHint is for a server of the other protocol on this setting.
func (m *mailConn) swappedHint(first []byte, other string) string {
	return fmt.Sprintf("this is an %s server (it greeted with %s), not an %s one: the IMAP and SMTP settings look swapped (%s; %s)",
		strings.ToUpper(other), quoteBytes(first), strings.ToUpper(m.server), usualPorts("imap"), usualPorts("smtp"))
}

// greetingHint says why a server sent no greeting, or the wrong one.
func (m *mailConn) greetingHint(err error, secFlag, other string) string {
	first := m.dog.greeted()
	switch {
	case looksLikeGreeting(other, first):
		return m.swappedHint(first, other)
	case len(first) > 0 && (first[0] == 0x15 || first[0] == 0x16): // a TLS alert or handshake record
		return fmt.Sprintf("this port speaks TLS from the first byte: %s", setup(secFlag, "tls"))
	case bytes.HasPrefix(first, []byte("HTTP/")):
		return "this port speaks HTTP (a web server), not mail: check the port (" + usualPorts(m.server) + ")"
	case m.speaksTLS:
		return fmt.Sprintf("this port expects TLS from the first byte (it answered a TLS handshake): %s", setup(secFlag, "tls"))
	case len(first) > 0 && !looksLikeGreeting(m.server, first):
		return fmt.Sprintf("this server does not speak %s (it began with %s): check the port (%s)", strings.ToUpper(m.server), quoteBytes(first), usualPorts(m.server))
	case isTimeout(err):
		tlsPort := map[string]string{"imap": "993", "smtp": "465"}[m.server]
		return fmt.Sprintf("check the host and port (%s). A port that expects TLS from the first byte (usually %s) waits like this when spoken to in the clear: then %s. Otherwise the server may be overloaded: try again later",
			usualPorts(m.server), tlsPort, setup(secFlag, "tls"))
	case len(first) == 0:
		return "the server closed the connection without a word: check the host and port (" + usualPorts(m.server) + "), or try again later"
	}
	return ""
}

// quoteBytes shows the start of what a server sent, up to the first line end.
func quoteBytes(b []byte) string {
	if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
		b = b[:i]
	}
	return fmt.Sprintf("%q", b)
}

// refused says whose password, and from where, a server refused; other
// failures are returned as they are.
func (m *mailConn) refused(err error) error {
	if isTimeout(err) || !passwordRefused(err) {
		return err
	}
	return fmt.Errorf("the password from %s was refused for user %s: %w", m.cfg.PasswordSource(), m.s.User, err)
}

// passwordRefused says whether a login failed for its user name or password
// (rather than for want of TLS, or a server that cannot log anyone in now).
func passwordRefused(err error) bool {
	var ie *imap.Error
	if errors.As(err, &ie) {
		switch ie.Code {
		case imap.ResponseCodePrivacyRequired, imap.ResponseCodeUnavailable:
			return false
		}
		return ie.Type == imap.StatusResponseTypeNo && !needsTLS(err)
	}
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		return se.Code == 535 || se.Code == 534 || (se.Code/100 == 5 && se.EnhancedCode == smtp.EnhancedCode{5, 7, 8})
	}
	return false
}

// needsTLS says whether a server refused a login because the connection is
// not encrypted.
func needsTLS(err error) bool {
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodePrivacyRequired {
		return true
	}
	var se *smtp.SMTPError
	if errors.As(err, &se) && se.Code == 530 && strings.Contains(strings.ToUpper(se.Message), "TLS") {
		return true
	}
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "logindisabled") || strings.Contains(s, "plaintext")
}

// authHint says what to check after a failed login.
func (m *mailConn) authHint(err error, secFlag string) string {
	var se *smtp.SMTPError
	smtpErr := errors.As(err, &se)
	switch {
	case isTimeout(err):
		return "the server did not answer the login: try again later"
	case needsTLS(err):
		return fmt.Sprintf("the server takes a password only over TLS: %s or %s", setup(secFlag, "starttls"), setup(secFlag, "tls"))
	case smtpErr && se.Code/100 == 4:
		return "the server refused for now (a temporary failure): try again later"
	case smtpErr && (se.Code == 502 || se.Code == 503 || se.Code == 504) && m.s.Port == 25:
		return "port 25 is for servers relaying to each other, and often takes no password: use the submission port, 587 with starttls or 465 with tls"
	case passwordRefused(err):
		return m.passwordHint()
	}
	return ""
}

// passwordHint says where the refused password came from and what providers
// require.
func (m *mailConn) passwordHint() string {
	var b strings.Builder
	if m.cfg.PasswordEnv != "" {
		fmt.Fprintf(&b, "check the user name (%s) and that $%s holds this account's password", m.s.User, m.cfg.PasswordEnv)
	} else {
		fmt.Fprintf(&b, "check the user name (%s) and that '%s' prints this account's password on its first line", m.s.User, m.cfg.PasswordCommand)
	}
	host := strings.ToLower(m.s.Host)
	switch {
	case strings.HasSuffix(host, "gmail.com") || strings.HasSuffix(host, "googlemail.com"):
		b.WriteString(". Gmail needs an app password, not your Google password: turn on 2-Step Verification, then create one at https://myaccount.google.com/apppasswords")
	case strings.HasSuffix(host, "fastmail.com"):
		b.WriteString(". Fastmail needs an app password, not your login password: create one in Settings, Privacy & Security, App passwords, with access to IMAP and SMTP")
	default:
		b.WriteString(". Many providers (Gmail and Fastmail among them) need an app password for mail programs, not the password you sign in with")
	}
	b.WriteString(" (docs/mail-guide.md)")
	return b.String()
}

// folderHint says what to do about a folder the server did not select.
func folderHint(cfg MailConfig, name string) string {
	flag := "--folder"
	if name == cfg.Processed && name != cfg.Mailbox() {
		flag = "--processed"
	}
	return fmt.Sprintf("the server has no folder %q (names are case-sensitive; a Gmail label is a folder): create it in your mail program, or choose another with %s",
		name, setup(flag, "NAME"))
}
