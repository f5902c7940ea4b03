package pbem

import (
	"bytes"
	"context"
	"fmt"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// imapSession is a logged-in IMAP connection. Every command goes through do,
// which bounds it with the account's timeout.
type imapSession struct {
	c *imapclient.Client
	m *mailConn
}

// do runs one command (what names it in errors, e.g. `select "INBOX"`) with
// the step timeout; a failure is a *MailError at stage st.
func (s *imapSession) do(st Stage, what string, fn func() error) error {
	if err := s.m.dog.step("no answer in %s", s.m.timeout, fn); err != nil {
		return s.m.fail(st, fmt.Errorf("%s: %w", what, err))
	}
	return nil
}

// Close logs out (bounded like any command) and drops the connection.
func (s *imapSession) Close() error {
	err := s.m.dog.step("no answer to LOGOUT in %s", s.m.timeout, func() error { return s.c.Logout().Wait() })
	if cerr := s.c.Close(); err == nil {
		err = cerr
	}
	s.m.close()
	return err
}

// dialIMAP connects and logs in to the account's IMAP server.
func dialIMAP(ctx context.Context, cfg MailConfig, password string, opts *imapclient.Options) (*imapSession, error) {
	m, err := dial(ctx, "imap", cfg)
	if err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &imapclient.Options{}
	}
	var c *imapclient.Client
	if m.s.Security == SecurityStartTLS {
		o := *opts
		o.TLSConfig = tlsFor(m.s, m.tls)
		err = m.dog.step("no answer to the IMAP greeting or STARTTLS in %s", m.timeout, func() (err error) {
			c, err = imapclient.NewStartTLS(m.conn, &o)
			if err != nil {
				return err
			}
			// Make sure the handshake is done before the password goes out,
			// and that a certificate problem is named as one.
			return c.Noop().Wait()
		})
		if err != nil {
			if c != nil {
				c.Close()
			}
			return nil, m.failGreeting(ctx, StageTLS, err)
		}
	} else {
		c = imapclient.New(m.conn, opts)
		if err := m.dog.step("the server accepted the connection but sent no IMAP greeting in %s", m.timeout, c.WaitGreeting); err != nil {
			c.Close()
			return nil, m.failGreeting(ctx, StageGreeting, err)
		}
	}
	err = m.dog.step("no answer to LOGIN in %s", m.timeout, func() error { return c.Login(m.s.User, password).Wait() })
	if err != nil {
		c.Close()
		m.close()
		return nil, m.fail(StageAuth, m.refused(err))
	}
	return &imapSession{c: c, m: m}, nil
}

// failGreeting is the error of a connection that failed before or at the
// greeting. A server that sent nothing is probed for TLS, and the failure
// counts as the greeting's when what the server sent is not an IMAP
// greeting (the TLS stage's otherwise).
func (m *mailConn) failGreeting(ctx context.Context, st Stage, err error) error {
	m.close()
	first := m.dog.greeted()
	if !looksLikeGreeting(m.server, first) {
		st = StageGreeting
	}
	if len(first) == 0 && st == StageGreeting {
		m.speaksTLS = m.s.Security != SecurityTLS && m.probeTLS(ctx)
	}
	return m.fail(st, err)
}

// looksLikeGreeting says whether first starts as the greeting of server's
// protocol: "* OK" (or PREAUTH, or BYE) for IMAP, "220" for SMTP.
func looksLikeGreeting(server string, first []byte) bool {
	if server == "smtp" {
		return bytes.HasPrefix(first, []byte("220"))
	}
	return bytes.HasPrefix(first, []byte("* "))
}

// selectFolder selects a mailbox; a failure is a folder problem.
func (s *imapSession) selectFolder(cfg MailConfig, name string) (*imap.SelectData, error) {
	var d *imap.SelectData
	err := s.do(StageFolder, fmt.Sprintf("select %q", name), func() (err error) {
		d, err = s.c.Select(name, nil).Wait()
		return err
	})
	if me, ok := err.(*MailError); ok && !isTimeout(err) {
		me.Hint = folderHint(cfg, name)
	}
	return d, err
}

// noop asks the server for news (new mail is announced with the reply).
func (s *imapSession) noop() error {
	return s.do(StageIdle, "NOOP", func() error { return s.c.Noop().Wait() })
}

// idle starts IDLE; the server's acknowledgement is awaited and bounded.
func (s *imapSession) idle() (*imapclient.IdleCommand, error) {
	var cmd *imapclient.IdleCommand
	err := s.do(StageIdle, "IDLE", func() (err error) {
		cmd, err = s.c.Idle()
		return err
	})
	return cmd, err
}

// endIdle ends IDLE and waits, bounded, for the server to confirm.
func (s *imapSession) endIdle(cmd *imapclient.IdleCommand) error {
	return s.do(StageIdle, "the end of IDLE", func() error {
		if err := cmd.Close(); err != nil {
			return err
		}
		return cmd.Wait()
	})
}
