package pbem

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"mime/quotedprintable"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sampleLog stands for a log: long lines with tabs and non-ASCII text, which
// a mail client re-wrapping or re-encoding would break.
var sampleLog = []byte(`{"by":"allied","game":"cherbourg-0a1b2c","kind":"invite","name":"Anaïs Ørsted","prev":"","seq":0,"state":"sha256:` + strings.Repeat("ab", 32) + `","ts":"2026-06-06T06:30:00Z","v":1}` + "\t" + strings.Repeat("U1NIU0lH", 40) + "\n" +
	`{"by":"german","commands":["play 91st Division moves 2506 to 2608"],"game":"cherbourg-0a1b2c","kind":"act","prev":"sha256:` + strings.Repeat("cd", 32) + `","seq":1,"v":1}` + "\t" + strings.Repeat("QUJD", 50) + "\n")

func sampleOutgoing() Outgoing {
	return Outgoing{
		From: "anna@example.org", To: "jan@example.org", Game: "cherbourg-0a1b2c", Seq: 1,
		Head: "sha256:" + strings.Repeat("ef", 32), Subject: "[pbem cherbourg-0a1b2c] cherbourg T1 german acts",
		Summary: "#1 german act: play 91st Division moves 2506 to 2608\n    Anaïs moves.\n", Log: sampleLog,
		Date: time.Date(2026, 6, 6, 6, 31, 0, 0, time.UTC), MessageID: "pbem.cherbourg-0a1b2c.1.0011@example.org",
	}
}

func composeSample(t testing.TB) []byte { return composeLog(t, sampleLog) }

// composeLog composes the sample hand-over with another log.
func composeLog(t testing.TB, log []byte) []byte {
	t.Helper()
	o := sampleOutgoing()
	o.Log = log
	msg, err := ComposeMessage(o)
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

func TestComposeParseRoundTrip(t *testing.T) {
	o := sampleOutgoing()
	msg := composeSample(t)
	head, body, ok := strings.Cut(string(msg), "\r\n\r\n")
	if !ok {
		t.Fatal("no header/body separator")
	}
	for i, line := range strings.Split(head, "\r\n") {
		if len(line) > 998 {
			t.Fatalf("header line %d is %d characters long (RFC 5322 allows 998)", i+1, len(line))
		}
	}
	for i, line := range strings.Split(body, "\r\n") {
		if len(line) > 76 {
			t.Fatalf("body line %d is %d characters long; a mail client could re-wrap it: %q", i+1, len(line), line)
		}
	}
	for _, want := range []string{"X-Pbem-Game: cherbourg-0a1b2c", "X-Pbem-Seq: 1", "X-Pbem-Head: " + o.Head,
		"Content-Transfer-Encoding: base64", `filename=cherbourg-0a1b2c.pbem`, "Subject: " + o.Subject,
		"Message-Id: <" + o.MessageID + ">"} {
		if !bytes.Contains(bytes.ToLower(msg), bytes.ToLower([]byte(want))) {
			t.Errorf("the message lacks %q:\n%s", want, msg)
		}
	}
	got, err := ParseMessage(bytes.NewReader(msg))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Log, sampleLog) {
		t.Fatalf("log changed in the round trip:\n%q\nwant\n%q", got.Log, sampleLog)
	}
	if got.Game != o.Game || got.Seq != o.Seq || got.Head != o.Head || got.MessageID != o.MessageID ||
		got.From != o.From || got.Subject != o.Subject {
		t.Fatalf("headers: got %+v", got)
	}
}

// Odd shapes a mail client makes of a hand-over, built by hand.

func b64Lines(b []byte, width int) string {
	s := base64.StdEncoding.EncodeToString(b)
	var out strings.Builder
	for len(s) > width {
		out.WriteString(s[:width] + "\r\n")
		s = s[width:]
	}
	out.WriteString(s + "\r\n")
	return out.String()
}

func qp(b []byte) string {
	var buf bytes.Buffer
	w := quotedprintable.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return strings.ReplaceAll(strings.ReplaceAll(buf.String(), "\r\n", "\n"), "\n", "\r\n")
}

const pbemHeaders = "X-PBEM-Game: cherbourg-0a1b2c\r\nX-PBEM-Seq: 1\r\nX-PBEM-Head: sha256:ff\r\n"

func crlf(s string) []byte { return []byte(strings.ReplaceAll(s, "\n", "\r\n")) }

// nestedAlternativeQP: mixed{alternative{plain, html}, attachment in
// quoted-printable, named only by Content-Disposition}.
func nestedAlternativeQP(log []byte) []byte {
	return []byte(string(crlf("From: anna@example.org\nTo: jan@example.org\nSubject: Re: turn\nMessage-ID: <alt@example.org>\n")) + pbemHeaders +
		string(crlf("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"OUT\"\n\n--OUT\nContent-Type: multipart/alternative; boundary=\"ALT\"\n\n"+
			"--ALT\nContent-Type: text/plain; charset=utf-8\n\nYour move.\n--ALT\nContent-Type: text/html; charset=utf-8\n\n<p>Your move.</p>\n--ALT--\n\n"+
			"--OUT\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\nContent-Disposition: attachment; filename=\"cherbourg-0a1b2c.pbem\"\n\n")) +
		qp(log) + string(crlf("\n--OUT--\n")))
}

// htmlOnlyBase64: an HTML-only body and the attachment as
// application/octet-stream, named by an RFC 2231 filename and wrapped at 60.
func htmlOnlyBase64(log []byte) []byte {
	return []byte(string(crlf("From: anna@example.org\nSubject: turn\nMessage-ID: <html@example.org>\n")) + pbemHeaders +
		string(crlf("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b1\n\n--b1\nContent-Type: text/html\n\n<html><body><b>Your move</b></body></html>\n"+
			"--b1\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename*=utf-8''cherbourg-0a1b2c.PBEM\n\n")) +
		b64Lines(log, 60) + string(crlf("--b1--\n")))
}

// forwarded: a forward (no X-PBEM headers of its own) holding the original
// hand-over as message/rfc822, after an unrelated attachment.
func forwarded(t testing.TB, log []byte) []byte {
	return append(crlf("From: jan@example.org\nTo: jan2@example.org\nSubject: Fwd: turn\nMessage-ID: <fwd@example.org>\n"+
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=F\n\n--F\nContent-Type: text/plain\n\nSee below.\n"+
		"--F\nContent-Type: image/png; name=photo.png\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n"+
		"--F\nContent-Type: message/rfc822\nContent-Disposition: inline\n\n"),
		append(composeLog(t, log), crlf("\n--F--\n")...)...)
}

func noAttachment() []byte {
	return crlf("From: someone@example.org\nSubject: lunch?\nX-PBEM-Game: fake\n\nNot a game, though the header says so.\n")
}

func TestParseMessageShapes(t *testing.T) {
	for _, tc := range []struct {
		name             string
		msg              []byte
		game, messageID  string
		seq              int64
		wantHeadFromSelf bool
	}{
		{"nested alternative, quoted-printable", nestedAlternativeQP(sampleLog), "cherbourg-0a1b2c", "alt@example.org", 1, true},
		{"HTML only, base64 wrapped at 60", htmlOnlyBase64(sampleLog), "cherbourg-0a1b2c", "html@example.org", 1, true},
		{"forwarded as message/rfc822", forwarded(t, sampleLog), "cherbourg-0a1b2c", "fwd@example.org", 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseMessage(bytes.NewReader(tc.msg))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Log, sampleLog) {
				t.Fatalf("log:\n%q\nwant\n%q", got.Log, sampleLog)
			}
			if got.Game != tc.game || got.Seq != tc.seq || got.MessageID != tc.messageID {
				t.Fatalf("got game %q seq %d id %q; want %q %d %q", got.Game, got.Seq, got.MessageID, tc.game, tc.seq, tc.messageID)
			}
			if !tc.wantHeadFromSelf && got.Head != sampleOutgoing().Head {
				t.Fatalf("a forward should report the original's X-PBEM-Head, got %q", got.Head)
			}
		})
	}
	if _, err := ParseMessage(bytes.NewReader(noAttachment())); !errors.Is(err, ErrNoLog) {
		t.Fatalf("a message without a log: got %v, want ErrNoLog", err)
	}
}

// TestParseMessageCorpus reads the committed messages: each must yield the
// committed sample log.
func TestParseMessageCorpus(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "mail", "sample.pbem"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "mail", "*.eml"))
	if len(files) == 0 {
		t.Fatal("no testdata/mail/*.eml")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseMessage(bytes.NewReader(b))
		if strings.HasPrefix(filepath.Base(f), "nolog-") {
			if !errors.Is(err, ErrNoLog) {
				t.Errorf("%s: got %v, want ErrNoLog", f, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if !bytes.Equal(got.Log, want) {
			t.Errorf("%s: the log differs from sample.pbem", f)
		}
	}
}

// mailShapes are the shapes of a hand-over the tests read, with log attached.
func mailShapes(t testing.TB, log []byte) map[string][]byte {
	return map[string][]byte{
		"composed.eml":           composeLog(t, log),
		"nested-alternative.eml": nestedAlternativeQP(log),
		"html-only.eml":          htmlOnlyBase64(log),
		"forwarded.eml":          forwarded(t, log),
		"nolog-plain.eml":        noAttachment(),
	}
}

// fuzzLog is the log of the fuzz seeds: one short line with a tab and a
// non-ASCII letter, so that seeds stay small and each iteration cheap.
var fuzzLog = []byte("{\"é\":1}\tU1NI\n")

// TestWriteMailCorpus writes testdata/mail and the fuzz seed corpus when
// PBEM_WRITE_MAIL_CORPUS=1; otherwise it does nothing.
func TestWriteMailCorpus(t *testing.T) {
	if os.Getenv("PBEM_WRITE_MAIL_CORPUS") != "1" {
		t.Skip("set PBEM_WRITE_MAIL_CORPUS=1 to rewrite the mail corpus")
	}
	shapes := mailShapes(t, sampleLog)
	dir := filepath.Join("testdata", "mail")
	fuzzDir := filepath.Join("testdata", "fuzz", "FuzzParseMessage")
	for _, d := range []string{dir, fuzzDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sample.pbem"), sampleLog, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, b := range shapes {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, b := range mailShapes(t, fuzzLog) {
		seed := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(b)))
		if err := os.WriteFile(filepath.Join(fuzzDir, strings.TrimSuffix(name, ".eml")), []byte(seed), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzParseMessage(f *testing.F) {
	f.Add(composeLog(f, fuzzLog))
	f.Add(noAttachment())
	f.Fuzz(func(t *testing.T, msg []byte) {
		got, err := ParseMessage(bytes.NewReader(msg))
		if err != nil {
			return
		}
		if len(got.Log) == 0 {
			t.Fatal("ParseMessage returned an empty log without an error")
		}
		if got.Seq < -1 {
			t.Fatalf("seq %d", got.Seq)
		}
	})
}
