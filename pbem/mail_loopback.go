package pbem

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// LoopbackMail is a mail system in this process, on loopback only: an IMAP
// server holding mailboxes in memory and an SMTP server that delivers into
// them. The demo plays over it with no network and nothing set up.
type LoopbackMail struct {
	imap *imapserver.Server
	smtp *smtp.Server
	mem  *imapmemserver.Server

	IMAPPort, SMTPPort int

	mu        sync.Mutex
	users     map[string]*imapmemserver.User // by login
	byAddr    map[string]string              // mail address -> login
	passwords map[string]string
}

// StartLoopbackMail starts both servers on free ports of 127.0.0.1.
func StartLoopbackMail() (*LoopbackMail, error) {
	m := &LoopbackMail{mem: imapmemserver.New(), users: map[string]*imapmemserver.User{},
		byAddr: map[string]string{}, passwords: map[string]string{}}
	quiet := log.New(io.Discard, "", 0)
	m.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return m.mem.NewSession(), nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true, // loopback only
		Logger:       quiet,
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("loopback IMAP: %w", err)
	}
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		iln.Close()
		return nil, fmt.Errorf("loopback SMTP: %w", err)
	}
	m.smtp = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &loopbackSMTP{m: m}, nil
	}))
	m.smtp.Domain = "localhost"
	m.smtp.AllowInsecureAuth = true // loopback only
	m.smtp.ErrorLog = quiet
	m.IMAPPort = iln.Addr().(*net.TCPAddr).Port
	m.SMTPPort = sln.Addr().(*net.TCPAddr).Port
	go m.imap.Serve(iln)
	go m.smtp.Serve(sln)
	return m, nil
}

// Close stops both servers.
func (m *LoopbackMail) Close() error {
	return errors.Join(m.imap.Close(), m.smtp.Close())
}

// AddAccount makes a mailbox for addr and returns the account settings for
// it; the password is read from the environment variable passwordEnv, which
// the caller sets.
func (m *LoopbackMail) AddAccount(login, addr, password, passwordEnv string) (MailConfig, error) {
	u := imapmemserver.NewUser(login, password)
	if err := u.Create("INBOX", nil); err != nil {
		return MailConfig{}, err
	}
	m.mem.AddUser(u)
	m.mu.Lock()
	m.users[login] = u
	m.byAddr[strings.ToLower(addr)] = login
	m.passwords[login] = password
	m.mu.Unlock()
	return MailConfig{
		IMAP:        MailServer{Host: "127.0.0.1", Port: m.IMAPPort, Security: SecurityPlain, User: login},
		SMTP:        MailServer{Host: "127.0.0.1", Port: m.SMTPPort, Security: SecurityPlain, User: login},
		PasswordEnv: passwordEnv,
	}, nil
}

type loopbackSMTP struct {
	m    *LoopbackMail
	user string
	to   []string
}

func (s *loopbackSMTP) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *loopbackSMTP) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		s.m.mu.Lock()
		defer s.m.mu.Unlock()
		if p, ok := s.m.passwords[username]; !ok || p != password {
			// As real servers (Postfix, Dovecot) say it; go-smtp would make
			// a plain error a temporary failure (454).
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "authentication failed"}
		}
		s.user = username
		return nil
	}), nil
}

func (s *loopbackSMTP) Mail(string, *smtp.MailOptions) error {
	if s.user == "" {
		return smtp.ErrAuthRequired
	}
	return nil
}

func (s *loopbackSMTP) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.m.mu.Lock()
	_, ok := s.m.byAddr[strings.ToLower(to)]
	s.m.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox here"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *loopbackSMTP) Data(r io.Reader) error {
	msg, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	for _, to := range s.to {
		s.m.mu.Lock()
		u := s.m.users[s.m.byAddr[strings.ToLower(to)]]
		s.m.mu.Unlock()
		if _, err := u.Append("INBOX", bytes.NewReader(msg), &imap.AppendOptions{}); err != nil {
			return fmt.Errorf("deliver to %s: %w", to, err)
		}
	}
	return nil
}

func (s *loopbackSMTP) Reset()        { s.to = nil }
func (s *loopbackSMTP) Logout() error { return nil }
