package pbem

import (
	"bufio"
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

// maxLogBytes bounds the attachment ParseMessage reads into memory, so that
// a hostile message cannot exhaust it; ReadMessage streams the attachment
// within a limit of the caller's (sync takes the account's).
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
// returns ErrNoLog when there is none. It holds the log in memory (Log); sync
// streams it with ReadMessage.
func ParseMessage(r io.Reader) (*Received, error) {
	rec, err := ReadMessage(r, maxLogBytes, func(rec *Received, log io.Reader) error {
		b, err := io.ReadAll(log)
		rec.Log = b
		return err
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// ReadMessage finds the pbem log in a message as ParseMessage does, and hands
// it to use as a stream as soon as it finds it, with the headers read so far:
// decoded from its transfer encoding, its CRLF line ends made LF, and at most
// limit bytes (reading more fails with an *AttachmentTooLargeError). Nothing
// of the message is held but what is being read. It returns ErrNoLog when the
// message holds no log, and whatever use returns.
func ReadMessage(r io.Reader, limit int64, use func(rec *Received, log io.Reader) error) (*Received, error) {
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
	found, err := findLog(e, rec, 0, limit, use)
	if err != nil {
		return rec, err
	}
	if !found {
		return rec, ErrNoLog
	}
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

// findLog walks an entity depth first and hands the first non-empty log
// attachment to use; found says whether there was one.
func findLog(e *message.Entity, rec *Received, depth int, limit int64, use func(*Received, io.Reader) error) (found bool, err error) {
	if depth > maxMIMEDepth {
		return false, fmt.Errorf("message nested deeper than %d levels", maxMIMEDepth)
	}
	if mr := e.MultipartReader(); mr != nil {
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return false, nil
			}
			if !tolerable(err) {
				return false, fmt.Errorf("read MIME part: %w", err)
			}
			if found, err := findLog(p, rec, depth+1, limit, use); found || err != nil {
				return found, err
			}
		}
	}
	ct, params, _ := e.Header.ContentType()
	if ct == "message/rfc822" || ct == "message/global" {
		inner, err := message.Read(e.Body)
		if !tolerable(err) {
			return false, fmt.Errorf("read forwarded message: %w", err)
		}
		saved := *rec
		takePBEMHeaders(rec, inner.Header)
		found, err := findLog(inner, rec, depth+1, limit, use)
		if !found {
			*rec = saved // the forward held no log: its headers do not count
		}
		return found, err
	}
	if !isLogPart(e.Header, ct, params) {
		return false, nil
	}
	// A client that re-encodes the attachment as text gives it CRLF line
	// ends; a log never holds a raw CR (JSON escapes it, base64 has none).
	log := bufio.NewReader(newLFReader(&limitedReader{r: e.Body, left: limit, limit: limit}))
	if _, err := log.Peek(1); errors.Is(err, io.EOF) {
		return false, nil // an empty attachment: look on
	}
	return true, use(rec, log)
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
