package pbem

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// mailWorld is an IMAP server (go-imap's in-memory one) and an SMTP server
// on loopback that delivers into it, with counters the tests read.
type mailWorld struct {
	t        testing.TB
	imapAddr *net.TCPAddr
	smtpAddr *net.TCPAddr

	mu        sync.Mutex
	users     map[string]*imapmemserver.User // by IMAP login
	byAddr    map[string]string              // mail address -> login
	passwords map[string]string
	fetched   int      // messages downloaded: named in FETCH commands of whole bodies
	delivered []string // recipient of each accepted message
	cutSends  int      // the next n DATA commands are cut halfway
	imapConns []net.Conn
	cutFetch  int // the FETCH of bodies with this number (from 1) cuts the connection
	fetches   int // FETCH commands of bodies so far
}

// dropIMAP cuts every IMAP connection open now, as a network failure would.
func (w *mailWorld) dropIMAP() int {
	conns := w.dropIMAPConns()
	for _, c := range conns {
		c.Close()
	}
	return len(conns)
}

func (w *mailWorld) dropIMAPConns() []net.Conn {
	w.mu.Lock()
	defer w.mu.Unlock()
	conns := w.imapConns
	w.imapConns = nil
	return conns
}

func newMailWorld(t testing.TB) *mailWorld { return newMailWorldTLS(t, nil, false) }

// newMailWorldTLS, when tlsCfg is set, serves IMAP over implicit TLS and
// offers STARTTLS on SMTP; or, with swap, the other way round.
func newMailWorldTLS(t testing.TB, tlsCfg *tls.Config, swap bool) *mailWorld {
	t.Helper()
	w := &mailWorld{t: t, users: map[string]*imapmemserver.User{}, byAddr: map[string]string{}, passwords: map[string]string{}}

	quiet := log.New(io.Discard, "", 0)
	var imapStartTLS *tls.Config
	if swap {
		imapStartTLS = tlsCfg
	}
	is := imapserver.New(&imapserver.Options{
		NewSession: func(c *imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			w.mu.Lock()
			w.imapConns = append(w.imapConns, c.NetConn())
			w.mu.Unlock()
			return &countingSession{w: w}, nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: tlsCfg == nil,
		TLSConfig:    imapStartTLS,
		Logger:       quiet,
	})
	iln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w.imapAddr = iln.Addr().(*net.TCPAddr)
	if tlsCfg != nil && !swap {
		iln = tls.NewListener(iln, tlsCfg)
	}
	go is.Serve(iln)
	t.Cleanup(func() { is.Close() })

	ss := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &smtpTestSession{w: w, conn: c}, nil
	}))
	ss.Domain = "localhost"
	ss.AllowInsecureAuth = tlsCfg == nil
	ss.TLSConfig = tlsCfg // STARTTLS, unless the listener is TLS
	ss.ErrorLog = quiet
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w.smtpAddr = sln.Addr().(*net.TCPAddr)
	if tlsCfg != nil && swap {
		sln = tls.NewListener(sln, tlsCfg)
	}
	go ss.Serve(sln)
	t.Cleanup(func() { ss.Close() })
	return w
}

// addUser makes an account with an INBOX and returns its mail configuration,
// the password in an environment variable.
func (w *mailWorld) addUser(login, addr string) MailConfig {
	u := imapmemserver.NewUser(login, "pw-"+login)
	if err := u.Create("INBOX", nil); err != nil {
		w.t.Fatal(err)
	}
	w.mu.Lock()
	w.users[login] = u
	w.byAddr[strings.ToLower(addr)] = login
	w.passwords[login] = "pw-" + login
	w.mu.Unlock()
	env := "PBEM_TEST_MAIL_PW_" + strings.ToUpper(login)
	w.t.Setenv(env, "pw-"+login)
	return MailConfig{
		IMAP:        MailServer{Host: "127.0.0.1", Port: w.imapAddr.Port, Security: SecurityPlain, User: login},
		SMTP:        MailServer{Host: "127.0.0.1", Port: w.smtpAddr.Port, Security: SecurityPlain, User: login},
		PasswordEnv: env,
	}
}

// deliver appends a raw message to a user's mailbox, as a mail server would.
func (w *mailWorld) deliver(login, mailbox string, msg []byte) {
	w.mu.Lock()
	u := w.users[login]
	w.mu.Unlock()
	if _, err := u.Append(mailbox, bytes.NewReader(msg), &imap.AppendOptions{}); err != nil {
		w.t.Fatalf("deliver to %s/%s: %v", login, mailbox, err)
	}
}

// mailbox returns the raw messages in a user's mailbox, oldest first, read
// through an IMAP client; these fetches are not counted.
func (w *mailWorld) mailbox(login, mailbox string) [][]byte {
	w.t.Helper()
	w.mu.Lock()
	before := w.fetched
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.fetched = before
		w.mu.Unlock()
	}()
	c, err := imapclient.DialInsecure(w.imapAddr.String(), nil)
	if err != nil {
		w.t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(login, "pw-"+login).Wait(); err != nil {
		w.t.Fatal(err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		w.t.Fatal(err)
	}
	if sel.NumMessages == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.SeqSetNum(seqRange(sel.NumMessages)...), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		w.t.Fatal(err)
	}
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(section))
	}
	return out
}

func seqRange(n uint32) []uint32 {
	var s []uint32
	for i := uint32(1); i <= n; i++ {
		s = append(s, i)
	}
	return s
}

func (w *mailWorld) counts() (fetched, delivered int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fetched, len(w.delivered)
}

// countingSession is the in-memory server's session with the number of
// messages each FETCH names counted.
type countingSession struct {
	*imapmemserver.UserSession
	w *mailWorld
}

// Idle first reports what arrived since the client's last command, as real
// servers (Dovecot among them) do when IDLE begins; the in-memory server
// reports only what arrives after, so mail landing just before IDLE would wait
// for the next IDLE restart.
func (s *countingSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := s.UserSession.Poll(w, true); err != nil {
		return err
	}
	return s.UserSession.Idle(w, stop)
}

func (s *countingSession) Login(username, password string) error {
	s.w.mu.Lock()
	u := s.w.users[username]
	s.w.mu.Unlock()
	if u == nil {
		return imapserver.ErrAuthFailed
	}
	if err := u.Login(username, password); err != nil {
		return err
	}
	s.UserSession = imapmemserver.NewUserSession(u)
	return nil
}

func (s *countingSession) Close() error {
	if s.UserSession == nil {
		return nil
	}
	return s.UserSession.Close()
}

// Fetch counts downloads: FETCH commands that ask for whole bodies (not for
// sizes and a few header fields only).
func (s *countingSession) Fetch(fw *imapserver.FetchWriter, numSet imap.NumSet, opts *imap.FetchOptions) error {
	body := false
	for _, bs := range opts.BodySection {
		body = body || (bs.Specifier == imap.PartSpecifierNone && len(bs.Part) == 0)
	}
	if !body {
		return s.UserSession.Fetch(fw, numSet, opts)
	}
	n := 1 << 20 // a dynamic set ("1:*") counts as everything
	switch set := numSet.(type) {
	case imap.UIDSet:
		if nums, ok := set.Nums(); ok {
			n = len(nums)
		}
	case imap.SeqSet:
		if nums, ok := set.Nums(); ok {
			n = len(nums)
		}
	}
	s.w.mu.Lock()
	s.w.fetched += n
	s.w.fetches++
	cut := s.w.fetches == s.w.cutFetch
	s.w.mu.Unlock()
	if cut {
		for _, c := range s.w.dropIMAPConns() {
			c.Close()
		}
		return errors.New("connection cut")
	}
	return s.UserSession.Fetch(fw, numSet, opts)
}

// smtpTestSession delivers each accepted message to the recipients' INBOXes.
type smtpTestSession struct {
	w    *mailWorld
	conn *smtp.Conn
	user string
	to   []string
}

func (s *smtpTestSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *smtpTestSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		s.w.mu.Lock()
		defer s.w.mu.Unlock()
		if p, ok := s.w.passwords[username]; !ok || p != password {
			// As real servers (Postfix, Dovecot) say it; go-smtp would make
			// a plain error a temporary failure (454).
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "authentication failed"}
		}
		s.user = username
		return nil
	}), nil
}

func (s *smtpTestSession) Mail(string, *smtp.MailOptions) error {
	if s.user == "" {
		return smtp.ErrAuthRequired
	}
	return nil
}

func (s *smtpTestSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.w.mu.Lock()
	_, ok := s.w.byAddr[strings.ToLower(to)]
	s.w.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *smtpTestSession) Data(r io.Reader) error {
	s.w.mu.Lock()
	cut := s.w.cutSends > 0
	if cut {
		s.w.cutSends--
	}
	s.w.mu.Unlock()
	if cut {
		// The network fails halfway through the message.
		io.CopyN(io.Discard, r, 200)
		s.conn.Conn().Close()
		io.Copy(io.Discard, r)
		return errors.New("connection cut")
	}
	msg, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	for _, to := range s.to {
		s.w.mu.Lock()
		login := s.w.byAddr[strings.ToLower(to)]
		s.w.delivered = append(s.w.delivered, to)
		s.w.mu.Unlock()
		s.w.deliver(login, "INBOX", msg)
	}
	return nil
}

func (s *smtpTestSession) Reset()        { s.to = nil }
func (s *smtpTestSession) Logout() error { return nil }

// mailPlayer is a player with a home, an identity and a mail account.
func mailPlayer(t testing.TB, w *mailWorld, name, login string) *App {
	t.Helper()
	dir := filepath.Join(t.TempDir(), login)
	home := Home{Config: dir, Data: dir}
	addr := login + "@example.org"
	if _, err := home.NewIdentity(name, addr); err != nil {
		t.Fatal(err)
	}
	if err := home.SaveMailConfig(w.addUser(login, addr)); err != nil {
		t.Fatal(err)
	}
	app, err := Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.Close() })
	clock := time.Date(2026, 6, 6, 6, 30, 0, 0, time.UTC)
	var mu sync.Mutex
	app.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Minute)
		return clock
	}
	app.Store.now = app.Now // the outbox's times and the backoff use one clock
	return app
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}
