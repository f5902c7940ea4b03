package pbem

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Stage is the step of a mail connection that failed, so that the player is
// told exactly what to fix.
type Stage string

// The stages of a connection, in order.
const (
	StageDNS    Stage = "DNS"
	StageTCP    Stage = "TCP"
	StageTLS    Stage = "TLS"
	StageAuth   Stage = "auth"
	StageFolder Stage = "folder"
	StageSend   Stage = "send"
)

// MailError is a failed mail operation with the stage it failed at.
type MailError struct {
	Server string // "imap" or "smtp"
	Addr   string
	Stage  Stage
	Err    error
}

func (e *MailError) Error() string {
	return fmt.Sprintf("%s %s: %s: %v", e.Server, e.Addr, e.Stage, e.Err)
}

func (e *MailError) Unwrap() error { return e.Err }

// dialTimeout bounds connecting; the context bounds the rest.
const dialTimeout = 30 * time.Second

// dial resolves and connects, then wraps the connection in TLS for implicit
// TLS; each failure is labelled with its stage.
func dial(ctx context.Context, server string, s MailServer, tcfg *tls.Config) (net.Conn, error) {
	fail := func(st Stage, err error) error {
		return &MailError{Server: server, Addr: s.Addr(), Stage: st, Err: err}
	}
	ip := s.Host
	if net.ParseIP(s.Host) == nil {
		addrs, err := net.DefaultResolver.LookupHost(ctx, s.Host)
		if err != nil {
			return nil, fail(StageDNS, err)
		}
		ip = addrs[0]
	}
	d := net.Dialer{Timeout: dialTimeout}
	conn, err := d.DialContext(ctx, "tcp", net.JoinHostPort(ip, fmt.Sprint(s.Port)))
	if err != nil {
		return nil, fail(StageTCP, err)
	}
	if s.Security != SecurityTLS {
		return conn, nil
	}
	tc := tls.Client(conn, tlsFor(s, tcfg))
	if err := tc.HandshakeContext(ctx); err != nil {
		conn.Close()
		return nil, fail(StageTLS, err)
	}
	return tc, nil
}

func tlsFor(s MailServer, tcfg *tls.Config) *tls.Config {
	c := &tls.Config{}
	if tcfg != nil {
		c = tcfg.Clone()
	}
	if c.ServerName == "" {
		c.ServerName = s.Host
	}
	return c
}

// closeOnDone closes conn when ctx ends, so that a blocked read or write
// returns; the returned function stops the watch.
func closeOnDone(ctx context.Context, conn net.Conn) func() bool {
	return context.AfterFunc(ctx, func() { conn.Close() })
}

// imapSession is a logged-in IMAP connection.
type imapSession struct {
	c    *imapclient.Client
	stop func() bool
}

func (s *imapSession) Close() error {
	s.stop()
	err := s.c.Logout().Wait()
	if cerr := s.c.Close(); err == nil {
		err = cerr
	}
	return err
}

// dialIMAP connects and logs in to the account's IMAP server.
func dialIMAP(ctx context.Context, cfg MailConfig, password string, opts *imapclient.Options) (*imapSession, error) {
	s := cfg.IMAP
	fail := func(st Stage, err error) error {
		return &MailError{Server: "imap", Addr: s.Addr(), Stage: st, Err: err}
	}
	tcfg, err := cfg.tlsConfig()
	if err != nil {
		return nil, fail(StageTLS, err)
	}
	conn, err := dial(ctx, "imap", s, tcfg)
	if err != nil {
		return nil, err
	}
	stop := closeOnDone(ctx, conn)
	if opts == nil {
		opts = &imapclient.Options{}
	}
	var c *imapclient.Client
	if s.Security == SecurityStartTLS {
		o := *opts
		o.TLSConfig = tlsFor(s, tcfg)
		c, err = imapclient.NewStartTLS(conn, &o)
		if err != nil {
			stop()
			conn.Close()
			return nil, fail(StageTLS, err)
		}
		// Make sure the handshake is done before the password goes out, and
		// that a certificate problem is named as one.
		if err := c.Noop().Wait(); err != nil {
			stop()
			c.Close()
			return nil, fail(StageTLS, err)
		}
	} else {
		c = imapclient.New(conn, opts)
		if err := c.WaitGreeting(); err != nil {
			stop()
			c.Close()
			return nil, fail(StageTCP, fmt.Errorf("no IMAP greeting: %w", err))
		}
	}
	if err := c.Login(s.User, password).Wait(); err != nil {
		stop()
		c.Close()
		return nil, fail(StageAuth, err)
	}
	return &imapSession{c: c, stop: stop}, nil
}

// selectFolder selects a mailbox; a failure is a folder problem.
func (s *imapSession) selectFolder(cfg MailConfig, name string) (*imap.SelectData, error) {
	d, err := s.c.Select(name, nil).Wait()
	if err != nil {
		return nil, &MailError{Server: "imap", Addr: cfg.IMAP.Addr(), Stage: StageFolder, Err: fmt.Errorf("select %q: %w", name, err)}
	}
	return d, nil
}

// smtpSession is a logged-in SMTP connection.
type smtpSession struct {
	c    *smtp.Client
	stop func() bool
}

func (s *smtpSession) Close() error {
	s.stop()
	err := s.c.Quit()
	if err != nil {
		s.c.Close()
	}
	return err
}

// dialSMTP connects and authenticates to the account's SMTP server with AUTH
// PLAIN, which is safe because the connection is encrypted (or loopback).
func dialSMTP(ctx context.Context, cfg MailConfig, password string) (*smtpSession, error) {
	s := cfg.SMTP
	fail := func(st Stage, err error) error {
		return &MailError{Server: "smtp", Addr: s.Addr(), Stage: st, Err: err}
	}
	tcfg, err := cfg.tlsConfig()
	if err != nil {
		return nil, fail(StageTLS, err)
	}
	conn, err := dial(ctx, "smtp", s, tcfg)
	if err != nil {
		return nil, err
	}
	stop := closeOnDone(ctx, conn)
	var c *smtp.Client
	if s.Security == SecurityStartTLS {
		c, err = smtp.NewClientStartTLS(conn, tlsFor(s, tcfg))
		if err != nil {
			stop()
			conn.Close()
			return nil, fail(StageTLS, err)
		}
		// The handshake happens on the next command: make it now, so that a
		// certificate problem is named as one and not as a login failure.
		if err := c.Noop(); err != nil {
			stop()
			c.Close()
			return nil, fail(StageTLS, err)
		}
	} else {
		c = smtp.NewClient(conn)
		if err := c.Hello("localhost"); err != nil {
			stop()
			c.Close()
			return nil, fail(StageTCP, fmt.Errorf("no SMTP greeting: %w", err))
		}
	}
	if err := c.Auth(sasl.NewPlainClient("", s.User, password)); err != nil {
		stop()
		c.Close()
		return nil, fail(StageAuth, err)
	}
	return &smtpSession{c: c, stop: stop}, nil
}

// MailTest connects to both servers, logs in, and selects the folders; it
// returns one error per failed check (nil when all pass).
func (a *App) MailTest(ctx context.Context) []error {
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		return []error{err}
	}
	password, err := cfg.Password(ctx)
	if err != nil {
		return []error{err}
	}
	var errs []error
	if is, err := dialIMAP(ctx, cfg, password, nil); err != nil {
		errs = append(errs, err)
	} else {
		for _, f := range []string{cfg.Mailbox(), cfg.Processed} {
			if f == "" {
				continue
			}
			if _, err := is.selectFolder(cfg, f); err != nil {
				errs = append(errs, err)
			}
		}
		is.Close()
	}
	if ss, err := dialSMTP(ctx, cfg, password); err != nil {
		errs = append(errs, err)
	} else {
		ss.Close()
	}
	return errs
}

// isNetError says whether err came from the connection rather than from an
// SMTP reply: after it the connection cannot be used again.
func isNetError(err error) bool {
	var se *smtp.SMTPError
	return !errors.As(err, &se)
}
