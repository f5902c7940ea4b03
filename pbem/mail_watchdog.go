package pbem

import (
	"errors"
	"fmt"
	"net"
	"sync"
	"time"
)

// ErrTimeout means a mail server took longer than the step's timeout to
// answer (MailConfig.Timeout).
var ErrTimeout = errors.New("timed out")

// watchdog bounds each step of a mail connection. While a step runs, a
// timer closes the connection when no byte has moved either way for the
// step's limit: the blocked read or write then returns, and the step says
// it timed out. Between steps (an IDLE that waits for mail, pbem importing
// what it fetched) nothing is timed.
//
// go-imap's client waits for a reply with no deadline once the greeting is
// read, and go-smtp's waits five minutes for each; neither bounds the TLS
// handshake. The watchdog bounds all of them alike, and a download that keeps
// moving is never cut however long it takes.
type watchdog struct {
	raw net.Conn // the TCP connection, closed when a step times out

	mu    sync.Mutex
	limit time.Duration
	timer *time.Timer // nil between steps
	fired bool
	// deadline is set when a read or write of the step hit a deadline that
	// the protocol client set itself (go-imap waits 30s for a greeting).
	deadline bool
	last     time.Time // the step's start or its last progress
	first    []byte    // the first bytes the server sent, for hints
}

// firstBytes is how much of what the server says first is kept: enough to
// tell an IMAP greeting from an SMTP one, or TLS from either.
const firstBytes = 64

// wrap returns conn (the connection the protocol client reads and writes:
// TCP, or TLS over it) with its traffic counted as progress and the first
// bytes it reads kept.
func (w *watchdog) wrap(conn net.Conn) net.Conn { return &watchedConn{Conn: conn, w: w} }

type watchedConn struct {
	net.Conn
	w *watchdog
}

func (c *watchedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.w.progress(p[:n], err)
	return n, err
}

func (c *watchedConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.w.progress(nil, err)
	return n, err
}

// progress restarts the running step's timer after bytes moved, notes a
// deadline hit, and keeps the first bytes read.
func (w *watchdog) progress(read []byte, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if room := firstBytes - len(w.first); room > 0 && len(read) > 0 {
		w.first = append(w.first, read[:min(room, len(read))]...)
	}
	if w.timer == nil {
		return
	}
	if err != nil && isNetTimeout(err) {
		w.deadline = true
	}
	if len(read) > 0 || err == nil {
		w.last = time.Now()
		w.timer.Reset(w.limit)
	}
}

// greeted returns what the server has sent first (at most firstBytes).
func (w *watchdog) greeted() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]byte(nil), w.first...)
}

// step runs fn, closing the connection when no byte moves for limit. When
// the step timed out (by the watchdog, or by a deadline of the protocol
// client), step returns an error wrapping ErrTimeout: format, with %s for how
// long it waited, e.g. "no answer to LOGIN in %s".
func (w *watchdog) step(format string, limit time.Duration, fn func() error) error {
	w.mu.Lock()
	w.limit, w.fired, w.deadline, w.last = limit, false, false, time.Now()
	w.timer = time.AfterFunc(limit, w.expire)
	w.mu.Unlock()
	err := fn()
	w.mu.Lock()
	w.timer.Stop()
	w.timer = nil
	waited := limit
	if !w.fired {
		waited = time.Since(w.last).Round(time.Second)
	}
	timedOut := w.fired || (err != nil && w.deadline)
	w.mu.Unlock()
	if timedOut {
		return &timeoutError{msg: fmt.Sprintf(format, waited)}
	}
	return err
}

func (w *watchdog) expire() {
	w.mu.Lock()
	if w.timer == nil { // the step ended as the timer fired
		w.mu.Unlock()
		return
	}
	w.fired = true
	w.mu.Unlock()
	w.raw.Close()
}

// timeoutError is a step that got no answer in time; msg says for what and
// how long it waited.
type timeoutError struct{ msg string }

func (e *timeoutError) Error() string { return e.msg }

func (e *timeoutError) Is(target error) bool { return target == ErrTimeout }
