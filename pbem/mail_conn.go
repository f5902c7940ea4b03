package pbem

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"
)

// Stage is the step of a mail connection that failed, so that the player is
// told exactly what to fix.
type Stage string

// The stages of a connection, in order.
const (
	StageDNS      Stage = "DNS"
	StageTCP      Stage = "TCP"
	StageTLS      Stage = "TLS"
	StageGreeting Stage = "greeting"
	StageAuth     Stage = "auth"
	StageFolder   Stage = "folder"
	StageIdle     Stage = "IDLE"
	StageSend     Stage = "send"
)

// MailError is a failed mail operation: which server, at which stage, why,
// and what to check.
type MailError struct {
	Server string // "imap" or "smtp"
	Addr   string
	Stage  Stage
	Err    error
	// Hint says what to check or do, in a sentence or two; empty when pbem
	// has nothing to add to Err.
	Hint string
}

func (e *MailError) Error() string {
	return fmt.Sprintf("%s %s: %s: %v", e.Server, e.Addr, e.Stage, e.Err)
}

func (e *MailError) Unwrap() error { return e.Err }

// Advice is the hint (see Advice).
func (e *MailError) Advice() string { return e.Hint }

// adviceError is an error with a hint for the player.
type adviceError struct {
	err    error
	advice string
}

func (e *adviceError) Error() string  { return e.err.Error() }
func (e *adviceError) Unwrap() error  { return e.err }
func (e *adviceError) Advice() string { return e.advice }

// Advice returns what the first error in err's chain that carries advice
// says to check or do (a *MailError's Hint), or "".
func Advice(err error) string {
	var a interface{ Advice() string }
	if errors.As(err, &a) {
		return a.Advice()
	}
	return ""
}

// mailConn is a connection to one of the account's servers: the TCP
// connection, TLS over it for implicit TLS, and the watchdog that bounds each
// step.
type mailConn struct {
	server  string // "imap" or "smtp"
	cfg     MailConfig
	s       MailServer
	tls     *tls.Config
	timeout time.Duration
	dog     *watchdog
	conn    net.Conn    // what the protocol client reads and writes
	stop    func() bool // stops closing the connection when ctx ends
	// speaksTLS is set when the server sent no greeting and a second
	// connection found that it answers a TLS handshake.
	speaksTLS bool
}

// fail makes the MailError of a failed step, with its hint.
func (m *mailConn) fail(st Stage, err error) *MailError {
	e := &MailError{Server: m.server, Addr: m.s.Addr(), Stage: st, Err: err}
	e.Hint = m.hint(st, err)
	return e
}

// close drops the connection (a failed set-up, or after Logout or Quit).
func (m *mailConn) close() {
	if m.stop != nil {
		m.stop()
	}
	if m.dog != nil {
		m.dog.raw.Close()
	}
}

// dial resolves and connects to the account's IMAP or SMTP server, and does
// the TLS handshake of implicit TLS; each step is bounded by the account's
// timeout and labelled with its stage when it fails.
func dial(ctx context.Context, server string, cfg MailConfig) (*mailConn, error) {
	m := &mailConn{server: server, cfg: cfg, s: cfg.IMAP, timeout: cfg.StepTimeout()}
	if server == "smtp" {
		m.s = cfg.SMTP
	}
	var err error
	if m.tls, err = cfg.tlsConfig(); err != nil {
		return nil, m.fail(StageTLS, err)
	}
	if net.ParseIP(m.s.Host) == nil {
		dctx, cancel := context.WithTimeout(ctx, m.timeout)
		_, err := net.DefaultResolver.LookupHost(dctx, m.s.Host)
		cancel()
		if err != nil {
			if isNetTimeout(err) && ctx.Err() == nil {
				err = &timeoutError{msg: fmt.Sprintf("no name server answered for %s in %s", m.s.Host, m.timeout)}
			}
			return nil, m.fail(StageDNS, err)
		}
	}
	// The dialer looks the name up again and tries each of its addresses.
	d := net.Dialer{Timeout: m.timeout}
	raw, err := d.DialContext(ctx, "tcp", net.JoinHostPort(m.s.Host, strconv.Itoa(m.s.Port)))
	if err != nil {
		if isNetTimeout(err) && ctx.Err() == nil {
			err = &timeoutError{msg: fmt.Sprintf("no answer to the connection in %s", m.timeout)}
		}
		return nil, m.fail(StageTCP, err)
	}
	m.dog = &watchdog{raw: raw}
	m.stop = closeOnDone(ctx, raw)
	conn := raw
	if m.s.Security == SecurityTLS {
		tc := tls.Client(raw, tlsFor(m.s, m.tls))
		err := m.dog.step("no answer to the TLS handshake in %s", m.timeout, func() error {
			return tc.HandshakeContext(ctx)
		})
		if err != nil {
			m.close()
			return nil, m.fail(StageTLS, err)
		}
		conn = tc
	}
	m.conn = m.dog.wrap(conn)
	return m, nil
}

// isNetTimeout says whether err is a network timeout (a deadline or a
// dialer's timeout).
func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
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

// probeTLS says whether the server answers a TLS handshake on a second
// connection: after a server sent no greeting, it tells a port that expects
// TLS from the first byte from a server that is merely silent. The
// certificate is not checked (nothing is sent over it) and the probe waits
// a few seconds at most, as a TLS server answers at once.
func (m *mailConn) probeTLS(ctx context.Context) bool {
	limit := min(m.timeout, 5*time.Second)
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	d := net.Dialer{Timeout: limit}
	conn, err := d.DialContext(ctx, "tcp", m.s.Addr())
	if err != nil {
		return false
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(limit))
	tc := tls.Client(conn, &tls.Config{InsecureSkipVerify: true, ServerName: m.s.Host})
	err = tc.HandshakeContext(ctx)
	return err == nil || tlsAlert(err)
}

// tlsAlert says whether err is an alert the server sent during a handshake
// (crypto/tls reports it as a "remote error"), which only a TLS server does.
func tlsAlert(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "remote error"
}

// MailTest connects to both servers at once, logs in, and selects the
// folders; it returns one error per failed check (nil when all pass), the
// IMAP server's first.
func (a *App) MailTest(ctx context.Context) []error {
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		return []error{err}
	}
	password, err := cfg.Password(ctx)
	if err != nil {
		return []error{err}
	}
	var imapErrs []error
	done := make(chan struct{})
	go func() {
		defer close(done)
		is, err := dialIMAP(ctx, cfg, password, nil)
		if err != nil {
			imapErrs = append(imapErrs, err)
			return
		}
		defer is.Close()
		for _, f := range []string{cfg.Mailbox(), cfg.Processed} {
			if f == "" {
				continue
			}
			if _, err := is.selectFolder(cfg, f); err != nil {
				imapErrs = append(imapErrs, err)
			}
		}
	}()
	var smtpErr error
	if ss, err := dialSMTP(ctx, cfg, password); err != nil {
		smtpErr = err
	} else {
		ss.Close()
	}
	<-done
	if smtpErr != nil {
		return append(imapErrs, smtpErr)
	}
	return imapErrs
}
