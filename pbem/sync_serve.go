package pbem

import (
	"context"
	"errors"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// ServeOptions shape the serve loop.
type ServeOptions struct {
	// Poll is how often the folder is checked when the server lacks IDLE, and
	// how often the outbox is retried; a minute by default.
	Poll time.Duration
	// IdleRestart ends each IDLE before servers drop it (RFC 2177 asks for
	// less than 29 minutes); 25 minutes by default.
	IdleRestart time.Duration
	// MaxBackoff caps the wait before reconnecting; five minutes by default.
	MaxBackoff time.Duration
	// OnSync receives every round's report (what was imported, answered,
	// sent, and what waits for the human).
	OnSync func(*SyncReport)
	// OnError receives connection failures; serve reconnects after them.
	OnError func(err error, retryIn time.Duration)
	// OnTurn receives each game that starts waiting for this player (see
	// turnWatch): once per change, not at every wake-up.
	OnTurn func(GameWaiting)
}

func (o *ServeOptions) defaults() {
	if o.Poll <= 0 {
		o.Poll = time.Minute
	}
	if o.IdleRestart <= 0 {
		o.IdleRestart = 25 * time.Minute
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 5 * time.Minute
	}
	if o.OnSync == nil {
		o.OnSync = func(*SyncReport) {}
	}
	if o.OnError == nil {
		o.OnError = func(error, time.Duration) {}
	}
	if o.OnTurn == nil {
		o.OnTurn = func(GameWaiting) {}
	}
}

// Serve keeps an IMAP connection open and syncs whenever mail arrives: it
// imports and verifies, answers dice requests (which need no human choice) and
// mails the answers, and reports what needs a human. It waits with IDLE where
// the server has it and polls otherwise; after a network failure it
// reconnects with exponential backoff. It returns nil when ctx ends.
func (a *App) Serve(ctx context.Context, o ServeOptions) error {
	o.defaults()
	backoff := time.Second
	turns := &turnWatch{}
	for {
		healthy, err := a.serveSession(ctx, o, turns)
		if ctx.Err() != nil {
			return nil
		}
		if errors.Is(err, ErrNoMailConfig) {
			return err
		}
		if healthy {
			backoff = time.Second // the session worked: the failure is new
		}
		o.OnError(err, backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, o.MaxBackoff)
	}
}

// serveSession runs one connection until it fails or ctx ends; healthy says
// whether at least one sync round completed on it.
func (a *App) serveSession(ctx context.Context, o ServeOptions, turns *turnWatch) (healthy bool, err error) {
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		return false, err
	}
	password, err := cfg.Password(ctx)
	if err != nil {
		return false, err
	}
	arrived := make(chan struct{}, 1)
	opts := &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case arrived <- struct{}{}:
				default:
				}
			}
		},
	}}
	s, err := dialIMAP(ctx, cfg, password, opts)
	if err != nil {
		return false, err
	}
	defer s.Close()
	for {
		rep, err := a.fetchNew(ctx, s, cfg)
		if err != nil {
			return healthy, err
		}
		rep.Flush, rep.FlushError = a.FlushOutbox(ctx)
		if rep.Games, rep.Invitations, err = a.gamesWaiting(ctx); err != nil {
			return healthy, err
		}
		o.OnSync(rep)
		for _, gw := range turns.changes(rep) {
			o.OnTurn(gw)
		}
		healthy = true
		if err := a.waitForMail(ctx, s, o, arrived); err != nil {
			return healthy, err
		}
		if ctx.Err() != nil {
			return healthy, nil
		}
	}
}

// waitForMail returns when new mail arrives, the poll interval passes (for
// the outbox's retries, and for servers without IDLE), or ctx ends.
func (a *App) waitForMail(ctx context.Context, s *imapSession, o ServeOptions, arrived <-chan struct{}) error {
	wait := o.Poll
	if !s.c.Caps().Has(imap.CapIdle) {
		select {
		case <-ctx.Done():
		case <-arrived:
		case <-time.After(wait):
		}
		return nil
	}
	// Mail that arrived since the last command is announced with the next one,
	// and not every server announces it when IDLE starts: ask first, so that
	// nothing waits in the folder until the next IDLE restart.
	if err := s.noop(); err != nil {
		return err
	}
	select {
	case <-arrived:
		return nil
	default:
	}
	idle, err := s.idle()
	if err != nil {
		return err
	}
	select {
	case <-ctx.Done():
	case <-arrived:
	case <-time.After(min(wait, o.IdleRestart)):
	case <-s.c.Closed():
	}
	return s.endIdle(idle)
}
