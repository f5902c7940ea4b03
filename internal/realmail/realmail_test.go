package realmail

import (
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// A message sent with SMTP AUTH through Postfix is delivered by LMTP into
// Dovecot and fetched over IMAP: the path pbem's mail takes in the end-to-end
// test.
func TestSendAndFetch(t *testing.T) {
	s := Start(t, map[string]string{"anna": "anna-pw", "jan": "jan-pw"})
	msg := "From: anna@example.org\r\nTo: jan@example.org\r\nSubject: realmail check\r\nX-PBEM-Game: g-1\r\n\r\nhello\r\n"
	if err := sendPlain(s.SMTPAddr, "anna", "anna-pw", msg); err != nil {
		t.Fatalf("send: %v\n%s", err, s.Log())
	}
	if err := sendPlain(s.SMTPAddr, "anna", "nope", msg); err == nil {
		t.Fatal("a wrong password was accepted")
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("jan", "jan-pw").Wait(); err != nil {
		t.Fatalf("login: %v\n%s", err, s.Log())
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		sel, err := c.Select("INBOX", nil).Wait()
		if err != nil {
			t.Fatal(err)
		}
		if sel.NumMessages > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no delivery within 15 s\n%s", s.Log())
		}
		c.Unselect().Wait()
		time.Sleep(100 * time.Millisecond)
	}
	msgs, err := c.Fetch(imap.SeqSetNum(1), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect()
	if err != nil || len(msgs) != 1 {
		t.Fatalf("fetch: %v %d", err, len(msgs))
	}
	var body []byte
	for _, b := range msgs[0].BodySection {
		body = b.Bytes
	}
	if !strings.Contains(string(body), "X-PBEM-Game: g-1") || !strings.Contains(string(body), "hello") {
		t.Fatalf("delivered message:\n%s", body)
	}
}

// sendPlain sends over plain SMTP with AUTH PLAIN: loopback only.
func sendPlain(addr, user, pass, msg string) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", user, pass)); err != nil {
		return err
	}
	if err := c.SendMail(user+"@example.org", []string{"jan@example.org"}, strings.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}
