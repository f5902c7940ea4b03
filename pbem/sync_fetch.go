package pbem

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message/textproto"
)

// messageMeta is what sync learns of a message before it downloads it: its
// size as the server reports it (RFC822.SIZE) and a few headers to name it.
type messageMeta struct {
	UID                            uint32
	Size                           int64
	MessageID, Subject, From, Game string
}

// metaHeaders are the header fields fetched with a message's size.
var metaHeaders = []string{"Message-Id", "Subject", "From", HeaderGame}

// fetchMetas asks the server for the sizes and naming headers of messages,
// without their bodies.
func fetchMetas(s *imapSession, cfg MailConfig, uids []imap.UID) (map[uint32]messageMeta, error) {
	section := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: metaHeaders, Peek: true}
	var msgs []*imapclient.FetchMessageBuffer
	if err := s.do(StageFolder, "fetch sizes", func() (err error) {
		msgs, err = s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{
			UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section},
		}).Collect()
		return err
	}); err != nil {
		return nil, err
	}
	out := make(map[uint32]messageMeta, len(msgs))
	for _, m := range msgs {
		meta := messageMeta{UID: uint32(m.UID), Size: m.RFC822Size}
		if h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(m.FindBodySection(section)))); err == nil {
			meta.MessageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
			meta.Subject = strings.TrimSpace(h.Get("Subject"))
			meta.From = strings.TrimSpace(h.Get("From"))
			meta.Game = strings.TrimSpace(h.Get(HeaderGame))
		}
		out[meta.UID] = meta
	}
	return out, nil
}

// MessageTooLargeError is a message sync left on the server, unread, because
// the server reports it larger than the account's max_message_size.
type MessageTooLargeError struct {
	Message     messageMeta
	Size, Limit int64
	Config      string // the mail.json that sets the limit
}

func (e *MessageTooLargeError) Error() string {
	name := fmt.Sprintf("message %d", e.Message.UID)
	if e.Message.MessageID != "" {
		name += " <" + e.Message.MessageID + ">"
	}
	if e.Message.Subject != "" {
		name += fmt.Sprintf(" %q", e.Message.Subject)
	}
	if e.Message.From != "" {
		name += " from " + e.Message.From
	}
	// Suggest a limit with room: the size rounded up to whole 8 MiB.
	suggest := ByteSize((e.Size + 8<<20) / (8 << 20) * (8 << 20))
	return fmt.Sprintf("%s is %s; pbem sync downloads at most %s, so it is left on the server, unread. "+
		"To fetch it, set \"max_message_size\": \"%s\" in %s (or give pbem mail setup --max-message-size %s with your other settings), and run pbem sync again",
		name, formatSize(e.Size), formatSize(e.Limit), suggest, e.Config, suggest)
}

// download fetches one message and reads it as it arrives, within the
// account's limits: the log attachment found in it is decoded into a spool
// file in the home, and nothing else of the message is kept. problem is what
// was wrong with the message (no log, too large, not MIME); err is the
// connection's failure, which ends the sync. The caller removes the spool.
func (a *App) download(ctx context.Context, s *imapSession, cfg MailConfig, uid uint32) (rec *Received, spool *os.File, problem, err error) {
	// One step of the watchdog: a download that keeps moving is never cut.
	found := false
	if err := s.do(StageFolder, fmt.Sprintf("fetch message %d", uid), func() error {
		cmd := s.c.Fetch(imap.UIDSetNum(imap.UID(uid)), &imap.FetchOptions{
			UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}},
		})
		if msg := cmd.Next(); msg != nil {
			for item := msg.Next(); item != nil; item = msg.Next() {
				body, ok := item.(imapclient.FetchItemDataBodySection)
				if !ok || body.Literal == nil || found {
					continue
				}
				found = true
				// The server may send more than it said: the limit holds anyway.
				raw := &limitedReader{r: body.Literal, left: int64(cfg.MaxMessage()), limit: int64(cfg.MaxMessage()), what: "the message"}
				rec, spool, problem = a.spoolLog(raw, cfg)
				// The rest of the message must be read before the next response.
				if _, err := io.Copy(io.Discard, body.Literal); err != nil && problem == nil {
					problem = err
				}
			}
		}
		return cmd.Close()
	}); err != nil {
		closeSpool(spool)
		return nil, nil, nil, err
	}
	if !found && problem == nil {
		problem = errors.New("the server returned no message body")
	}
	if problem != nil {
		closeSpool(spool)
		return rec, nil, problem, ctx.Err()
	}
	return rec, spool, nil, ctx.Err()
}

// spoolLog reads a message and copies its log attachment into a new file.
// A parser that panics is reported as the message's problem; the caller
// still reads the rest of the message, so the connection stays in step.
func (a *App) spoolLog(raw io.Reader, cfg MailConfig) (rec *Received, spool *os.File, err error) {
	defer func() {
		if err != nil {
			closeSpool(spool)
			spool = nil
		}
	}()
	defer recoverBug(&err)
	rec, err = ReadMessage(raw, int64(cfg.MaxAttachment()), func(_ *Received, log io.Reader) error {
		f, err := os.CreateTemp(a.Home.Data, "incoming-*.pbem")
		if err != nil {
			return err
		}
		spool = f
		if _, err := io.Copy(f, log); err != nil {
			var tl *AttachmentTooLargeError
			if errors.As(err, &tl) && tl.What != "the message" {
				return fmt.Errorf("%w (max_attachment_size in mail.json raises it)", err)
			}
			if errors.As(err, &tl) {
				return fmt.Errorf("%w, more than the server said (max_message_size in mail.json raises the limit)", err)
			}
			return err
		}
		_, err = f.Seek(0, io.SeekStart)
		return err
	})
	return rec, spool, err
}

// closeSpool closes and removes a spool file.
func closeSpool(f *os.File) {
	if f != nil {
		f.Close()
		os.Remove(f.Name())
	}
}
