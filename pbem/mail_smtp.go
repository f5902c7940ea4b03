package pbem

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpSession is a logged-in SMTP connection.
type smtpSession struct {
	c *smtp.Client
	m *mailConn
}

// sendTimeoutFactor: the reply to a whole message waits this many step
// timeouts, as servers scan a message before they accept it.
const sendTimeoutFactor = 4

// send sends one message: MAIL FROM, RCPT TO and DATA each wait the step
// timeout for their reply; the message going out counts as progress, and
// the server's reply to it waits sendTimeoutFactor step timeouts. After a
// refusal the transaction is reset, so that the next message starts afresh.
func (s *smtpSession) send(from, to string, msg io.Reader) error {
	var opts *smtp.MailOptions
	if strings.IndexFunc(from+to, func(r rune) bool { return r > unicode.MaxASCII }) >= 0 {
		opts = &smtp.MailOptions{UTF8: true}
	}
	t, dog := s.m.timeout, s.m.dog
	err := dog.step("no answer to MAIL FROM in %s", t, func() error { return s.c.Mail(from, opts) })
	if err == nil {
		err = dog.step("no answer to RCPT TO in %s", t, func() error { return s.c.Rcpt(to, nil) })
	}
	var w io.WriteCloser
	if err == nil {
		err = dog.step("no answer to DATA in %s", t, func() (err error) {
			w, err = s.c.Data()
			return err
		})
	}
	if err == nil {
		err = dog.step("no answer to the message in %s", sendTimeoutFactor*t, func() error {
			if _, err := io.Copy(w, msg); err != nil {
				return err
			}
			return w.Close()
		})
	}
	if err != nil && !isNetError(err) {
		dog.step("no answer to RSET in %s", t, s.c.Reset)
	}
	return err
}

// Close says QUIT (bounded like any command) and drops the connection.
func (s *smtpSession) Close() error {
	err := s.m.dog.step("no answer to QUIT in %s", s.m.timeout, s.c.Quit)
	if err != nil {
		s.c.Close()
	}
	s.m.close()
	return err
}

// dialSMTP connects and authenticates to the account's SMTP server with AUTH
// PLAIN, which is safe because the connection is encrypted (or loopback).
func dialSMTP(ctx context.Context, cfg MailConfig, password string) (*smtpSession, error) {
	m, err := dial(ctx, "smtp", cfg)
	if err != nil {
		return nil, err
	}
	var c *smtp.Client
	if m.s.Security == SecurityStartTLS {
		err = m.dog.step("no answer to the SMTP greeting, EHLO or STARTTLS in %s", m.timeout, func() (err error) {
			c, err = smtp.NewClientStartTLS(m.conn, tlsFor(m.s, m.tls))
			if err != nil {
				return err
			}
			// The handshake happens on the next command: make it now, so
			// that a certificate problem is named as one and not as a
			// login failure.
			return c.Noop()
		})
		if err != nil {
			if c != nil {
				c.Close()
			}
			return nil, m.failGreeting(ctx, StageTLS, err)
		}
	} else {
		c = smtp.NewClient(m.conn)
		err := m.dog.step("the server accepted the connection but sent no SMTP greeting in %s", m.timeout, func() error {
			return c.Hello("localhost")
		})
		if isTimeout(err) && len(m.dog.greeted()) > 0 {
			err = &timeoutError{msg: fmt.Sprintf("the server greeted but did not answer EHLO in %s", m.timeout)}
		}
		if err != nil {
			c.Close()
			return nil, m.failGreeting(ctx, StageGreeting, err)
		}
	}
	err = m.dog.step("no answer to AUTH in %s", m.timeout, func() error {
		return c.Auth(sasl.NewPlainClient("", m.s.User, password))
	})
	if err != nil {
		if !isTimeout(err) && !c.SupportsAuth(sasl.Plain) {
			err = fmt.Errorf("the server offers no password login (AUTH PLAIN) here: %w", err)
		}
		c.Close()
		m.close()
		return nil, m.fail(StageAuth, m.refused(err))
	}
	return &smtpSession{c: c, m: m}, nil
}

// isNetError says whether err came from the connection rather than from an
// SMTP reply: after it the connection cannot be used again.
func isNetError(err error) bool {
	var se *smtp.SMTPError
	return !errors.As(err, &se)
}

// isTimeout says whether err is a step that timed out.
func isTimeout(err error) bool { return errors.Is(err, ErrTimeout) }
