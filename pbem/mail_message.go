package pbem

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// The headers that mark a pbem hand-over. Sync searches the server for
// HeaderGame, so that unrelated mail is never downloaded.
const (
	HeaderGame = "X-PBEM-Game"
	HeaderSeq  = "X-PBEM-Seq"
	HeaderHead = "X-PBEM-Head"
)

// ErrNoLog means a message carries no pbem log attachment.
var ErrNoLog = errors.New("no pbem log attached")

// maxLogBytes bounds the attachment read from one message, so that a hostile
// message cannot exhaust memory.
const maxLogBytes = 64 << 20

// maxMIMEDepth bounds nesting (multipart inside multipart, forwarded messages).
const maxMIMEDepth = 12

// Outgoing is one hand-over, ready to be composed.
type Outgoing struct {
	From, To  string // plain addresses
	Game      string
	Seq       int64  // the last entry included
	Head      string // LineHash of that entry
	Subject   string
	Summary   string // the plain-text body
	Log       []byte // the whole log
	Date      time.Time
	MessageID string // without angle brackets
}

// ComposeMessage writes a hand-over as an RFC 5322 message: a readable summary,
// and the whole log as a base64 text/plain attachment, which no mail client
// re-wraps or re-flows.
func ComposeMessage(o Outgoing) ([]byte, error) {
	if o.Game == "" || o.From == "" || o.To == "" || len(o.Log) == 0 {
		return nil, fmt.Errorf("compose message for game %q: need a game, a sender, a recipient and a log", o.Game)
	}
	var h mail.Header
	h.SetDate(o.Date)
	h.SetAddressList("From", []*mail.Address{{Address: o.From}})
	h.SetAddressList("To", []*mail.Address{{Address: o.To}})
	h.SetSubject(o.Subject)
	h.SetMessageID(o.MessageID)
	h.Set(HeaderGame, o.Game)
	h.Set(HeaderSeq, strconv.FormatInt(o.Seq, 10))
	h.Set(HeaderHead, o.Head)
	h.Set("MIME-Version", "1.0")
	h.SetContentType("multipart/mixed", nil)

	var buf bytes.Buffer
	w, err := message.CreateWriter(&buf, h.Header)
	if err != nil {
		return nil, fmt.Errorf("compose message for game %s: %w", o.Game, err)
	}
	var text message.Header
	text.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	text.Set("Content-Transfer-Encoding", "quoted-printable")
	text.SetContentDisposition("inline", nil)
	if err := writePart(w, text, []byte(o.Summary)); err != nil {
		return nil, fmt.Errorf("compose message for game %s: summary: %w", o.Game, err)
	}
	name := o.Game + ".pbem"
	var att message.Header
	att.SetContentType("text/plain", map[string]string{"charset": "utf-8", "name": name})
	att.Set("Content-Transfer-Encoding", "base64")
	att.SetContentDisposition("attachment", map[string]string{"filename": name})
	if err := writePart(w, att, o.Log); err != nil {
		return nil, fmt.Errorf("compose message for game %s: log: %w", o.Game, err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("compose message for game %s: %w", o.Game, err)
	}
	return buf.Bytes(), nil
}

func writePart(w *message.Writer, h message.Header, body []byte) error {
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	if _, err := pw.Write(body); err != nil {
		return err
	}
	return pw.Close()
}

// Received is what a fetched hand-over holds.
type Received struct {
	// MessageID is the delivered message's id (without angle brackets); for a
	// forwarded hand-over, the forward's.
	MessageID string
	From      string
	Subject   string
	// Game, Seq and Head come from the nearest enclosing message that has the
	// X-PBEM headers (the original of a forward); Seq is -1 when absent.
	Game string
	Seq  int64
	Head string
	// Log is the attachment's content, decoded.
	Log []byte
}

// ParseMessage finds the pbem log in a message of any MIME shape a mail client
// may have made of it: multipart/mixed, nested multipart/alternative, an
// HTML-only body with the attachment, a forward (message/rfc822 holding the
// original), the attachment re-encoded as quoted-printable or base64. It
// returns ErrNoLog when there is none.
func ParseMessage(r io.Reader) (*Received, error) {
	e, err := message.Read(r)
	if !tolerable(err) {
		return nil, fmt.Errorf("read message: %w", err)
	}
	rec := &Received{Seq: -1}
	mh := mail.Header{Header: e.Header}
	rec.MessageID, _ = mh.MessageID()
	rec.Subject, _ = mh.Subject()
	if from, err := mh.AddressList("From"); err == nil && len(from) > 0 {
		rec.From = from[0].Address
	}
	takePBEMHeaders(rec, e.Header)
	log, err := findLog(e, rec, 0)
	if err != nil {
		return nil, err
	}
	if log == nil {
		return nil, ErrNoLog
	}
	rec.Log = log
	return rec, nil
}

// takePBEMHeaders keeps the X-PBEM headers of h, unless nearer ones were found.
func takePBEMHeaders(rec *Received, h message.Header) {
	game := strings.TrimSpace(h.Get(HeaderGame))
	if game == "" {
		return
	}
	rec.Game = game
	rec.Head = strings.TrimSpace(h.Get(HeaderHead))
	rec.Seq = -1
	if n, err := strconv.ParseInt(strings.TrimSpace(h.Get(HeaderSeq)), 10, 64); err == nil && n >= 0 {
		rec.Seq = n
	}
}

// findLog walks an entity depth first and returns the first log attachment's
// bytes, or nil if there is none.
func findLog(e *message.Entity, rec *Received, depth int) ([]byte, error) {
	if depth > maxMIMEDepth {
		return nil, fmt.Errorf("message nested deeper than %d levels", maxMIMEDepth)
	}
	if mr := e.MultipartReader(); mr != nil {
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil, nil
			}
			if !tolerable(err) {
				return nil, fmt.Errorf("read MIME part: %w", err)
			}
			log, err := findLog(p, rec, depth+1)
			if log != nil || err != nil {
				return log, err
			}
		}
	}
	ct, params, _ := e.Header.ContentType()
	if ct == "message/rfc822" || ct == "message/global" {
		inner, err := message.Read(e.Body)
		if !tolerable(err) {
			return nil, fmt.Errorf("read forwarded message: %w", err)
		}
		saved := *rec
		takePBEMHeaders(rec, inner.Header)
		log, err := findLog(inner, rec, depth+1)
		if log == nil {
			*rec = saved // the forward held no log: its headers do not count
		}
		return log, err
	}
	if !isLogPart(e.Header, ct, params) {
		return nil, nil
	}
	body, err := io.ReadAll(io.LimitReader(e.Body, maxLogBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read log attachment: %w", err)
	}
	if len(body) > maxLogBytes {
		return nil, fmt.Errorf("log attachment larger than %d bytes", maxLogBytes)
	}
	if len(body) == 0 {
		return nil, nil
	}
	// A client that re-encodes the attachment as text gives it CRLF line
	// ends; a log never holds a raw CR (JSON escapes it, base64 has none).
	return bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")), nil
}

// isLogPart says whether a leaf part is the log: named *.pbem (by filename or
// by the older name parameter), or typed application/x-pbem-log.
func isLogPart(h message.Header, ct string, params map[string]string) bool {
	if ct == "application/x-pbem-log" {
		return true
	}
	names := []string{params["name"]}
	if _, dp, err := h.ContentDisposition(); err == nil {
		names = append(names, dp["filename"])
	}
	for _, n := range names {
		if n == "" {
			continue
		}
		if dec, err := new(mime.WordDecoder).DecodeHeader(n); err == nil {
			n = dec
		}
		if strings.HasSuffix(strings.ToLower(strings.TrimSpace(n)), ".pbem") {
			return true
		}
	}
	return false
}

// tolerable says whether a go-message read error still left a usable entity:
// an unknown charset or transfer encoding, whose bytes are then passed raw.
func tolerable(err error) bool {
	return err == nil || message.IsUnknownCharset(err) || message.IsUnknownEncoding(err)
}
