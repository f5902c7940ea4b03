package pbem

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
)

// setLimits changes a player's mail limits.
func setLimits(t *testing.T, a *App, message, attachment ByteSize) MailConfig {
	t.Helper()
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxMessageSize, cfg.MaxAttachmentSize = message, attachment
	if err := a.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// notes has anna write n notes of nearly the longest text, and mail them.
func notes(t *testing.T, ctx context.Context, anna *App, game string, n int) {
	t.Helper()
	for i := range n {
		text := strings.Repeat(string(rune('a'+i%26)), replay.MaxNote-10)
		if _, err := anna.Post(ctx, game, logs.KindNote, func(b *logs.Body) { b.Text = text }); err != nil {
			t.Fatal(err)
		}
	}
	mustSend(t, ctx, anna, game)
}

// A message the server reports larger than max_message_size is never
// downloaded: it stays on the server, and the report names it, its size, the
// limit and the setting that raises it. Once the limit is raised, the next
// sync fetches and imports it.
func TestSyncLeavesOversizedMessage(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)
	notes(t, ctx, anna, game, 6) // some 100 KB of notes, 130 KB of message
	setLimits(t, jan, 64<<10, 0)
	before := exportLog(t, ctx, jan, game)
	fetched, _ := w.counts()
	rep, err := jan.Sync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var tl *MessageTooLargeError
	if len(rep.Messages) != 1 || !errors.As(rep.Messages[0].Problem, &tl) {
		t.Fatalf("want one message left for its size, have %+v", rep.Messages)
	}
	msg := rep.Messages[0].Problem.Error()
	for _, want := range []string{"<" + rep.Messages[0].MessageID + ">", "[pbem " + game, "anna@example.org", formatSize(tl.Size),
		"at most 64KiB", `"max_message_size": "8MiB" in ` + jan.Home.MailConfigPath(), "--max-message-size 8MiB", "left on the server"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the report %q does not say %q", msg, want)
		}
	}
	if f, _ := w.counts(); f != fetched {
		t.Fatalf("the oversized message was downloaded")
	}
	kept := false
	for _, m := range w.mailbox("jan", "INBOX") {
		kept = kept || bytes.Contains(m, []byte(rep.Messages[0].MessageID))
	}
	if !kept {
		t.Fatal("it should stay in the INBOX")
	}
	if !bytes.Equal(exportLog(t, ctx, jan, game), before) {
		t.Fatal("the store changed")
	}
	// Another sync leaves it too, and does not report it again.
	if rep := mustSync(t, ctx, jan); len(rep.Messages) != 0 {
		t.Fatalf("the second sync: %+v", rep.Messages)
	}
	setLimits(t, jan, 1<<20, 0)
	rep = mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || rep.Messages[0].Import == nil || rep.Messages[0].Import.AddedCount() != 6 {
		t.Fatalf("after the limit is raised, the message is imported: %+v", rep.Messages)
	}
	if !bytes.Equal(exportLog(t, ctx, jan, game), exportLog(t, ctx, anna, game)) {
		t.Fatal("jan's log differs from anna's")
	}
	if rep := mustSync(t, ctx, jan); len(rep.Messages) != 0 {
		t.Fatalf("a message fetched is not fetched again: %+v", rep.Messages)
	}
}

// A log attachment larger than max_attachment_size once decoded is refused,
// naming the setting, and nothing of it is stored.
func TestSyncRefusesOversizedAttachment(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)
	notes(t, ctx, anna, game, 6)
	setLimits(t, jan, 0, 64<<10)
	before := exportLog(t, ctx, jan, game)
	rep, err := jan.Sync(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Messages) != 1 || rep.Messages[0].Problem == nil ||
		!strings.Contains(rep.Messages[0].Problem.Error(), "larger than 64KiB (max_attachment_size in mail.json raises it)") {
		t.Fatalf("want the attachment refused for its size, have %+v", rep.Messages)
	}
	if !bytes.Equal(exportLog(t, ctx, jan, game), before) {
		t.Fatal("the store changed")
	}
}

// The CR LF reader makes every CR LF an LF, wherever the reads split them,
// and leaves a lone CR alone.
func TestLFReader(t *testing.T) {
	in := "a\r\nb\r\r\nc\rd\r\n\r\n\r"
	want := "a\nb\r\nc\rd\n\n\r"
	for _, wrap := range []func(io.Reader) io.Reader{
		func(r io.Reader) io.Reader { return r },
		iotest.OneByteReader,
		iotest.HalfReader,
		iotest.DataErrReader,
	} {
		got, err := io.ReadAll(newLFReader(wrap(strings.NewReader(in))))
		if err != nil || string(got) != want {
			t.Errorf("read %q (%v), want %q", got, err, want)
		}
	}
}

// The limited reader gives exactly limit bytes, and fails on one more.
func TestLimitedReader(t *testing.T) {
	got, err := io.ReadAll(&limitedReader{r: strings.NewReader("12345"), left: 5, limit: 5})
	if err != nil || string(got) != "12345" {
		t.Fatalf("at the limit: %q %v", got, err)
	}
	_, err = io.ReadAll(&limitedReader{r: strings.NewReader("123456"), left: 5, limit: 5, what: "the message"})
	var tl *AttachmentTooLargeError
	if !errors.As(err, &tl) || err.Error() != "the message is larger than 5 bytes" {
		t.Fatalf("over the limit: %v", err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]ByteSize{"0": 0, "1024": 1024, "64MiB": 64 << 20, "500 KB": 500e3, "2gib": 2 << 30, "3B": 3} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1", "1.5MiB", "12 parsecs", "99999999999GiB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	// mail.json keeps a size readably, and reads a number of bytes too.
	var c MailConfig
	c.MaxMessageSize = 48 << 20
	b, err := c.MaxMessageSize.MarshalJSON()
	if err != nil || string(b) != `"48MiB"` {
		t.Fatalf("%s %v", b, err)
	}
	if err := c.MaxAttachmentSize.UnmarshalJSON([]byte("1000")); err != nil || c.MaxAttachment() != 1000 {
		t.Fatalf("%v %d", err, c.MaxAttachment())
	}
	if (MailConfig{}).MaxMessage() != DefaultMaxMessage {
		t.Fatal("no default")
	}
}

// A message whose reading makes pbem panic is that message's problem, as one
// whose import does (TestSyncGoesOnAfterAPanic), and leaves no spool file.
func TestSpoolLogRecoversFromAPanic(t *testing.T) {
	a := newTestApp(t, "jan", "jan@example.org")
	raw, err := ComposeMessage(Outgoing{From: "anna@example.org", To: "jan@example.org", Game: "g", Seq: 0,
		Head: "sha256:00", Subject: "[pbem g]", Summary: "hello", Log: bytes.Repeat([]byte("a log line\n"), 20000), Date: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	// The reader panics halfway through the attachment, after the spool
	// file is made, as a bug in a parser would.
	rd := &panicReader{r: bytes.NewReader(raw), left: len(raw) / 2}
	_, spool, err := a.spoolLog(rd, MailConfig{})
	if err == nil || !strings.Contains(err.Error(), "a bug in pbem") || spool != nil {
		t.Fatalf("want the panic reported as the message's problem, have %v (spool %v)", err, spool)
	}
	left, _ := filepath.Glob(filepath.Join(a.Home.Data, "incoming-*"))
	if len(left) != 0 {
		t.Fatalf("spool files left behind: %v", left)
	}
}

// panicReader panics once it has given left bytes.
type panicReader struct {
	r    io.Reader
	left int
}

func (p *panicReader) Read(b []byte) (int, error) {
	if p.left <= 0 {
		panic("a bug")
	}
	n, err := p.r.Read(b[:min(len(b), p.left)])
	p.left -= n
	return n, err
}
