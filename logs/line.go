package logs

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/ssh"
)

// Namespace is the SSHSIG namespace of every log signature, so a signature made
// for a log cannot be passed off as one for anything else, and vice versa.
const Namespace = "pbem-log-v1"

// MaxLineLen bounds one line, LF included, to keep a hostile log from
// exhausting memory (docs/log.md, Limits). A big invite is a few kilobytes,
// the longest entry of a recorded campaign about one.
const MaxLineLen = 1 << 20

// ErrBadLine: a line is not <body> TAB <base64 signature> LF.
var ErrBadLine = errors.New("malformed line")

// sigEncoding is padded standard base64 that refuses non-zero padding bits, so
// each signature has exactly one text form.
var sigEncoding = base64.StdEncoding.Strict()

// ParseLine splits and decodes one line, including its final LF. The body must
// be canonical and the signature a well-formed SSHSIG blob in Namespace; the
// signature is not verified, which needs the author's key (Entry.Verify).
func ParseLine(line []byte) (*Entry, error) {
	n := len(line)
	if n == 0 || line[n-1] != '\n' {
		return nil, fmt.Errorf("%w: no final newline", ErrBadLine)
	}
	content := line[:n-1]
	if i := bytes.IndexByte(content, '\n'); i >= 0 {
		return nil, fmt.Errorf("%w: newline inside the line at byte %d", ErrBadLine, i)
	}
	if i := bytes.IndexByte(content, '\r'); i >= 0 {
		if i == len(content)-1 {
			return nil, fmt.Errorf("%w: line ends with CR LF, want LF", ErrBadLine)
		}
		return nil, fmt.Errorf("%w: carriage return at byte %d", ErrBadLine, i)
	}
	tab := bytes.IndexByte(content, '\t')
	if tab < 0 {
		return nil, fmt.Errorf("%w: no tab", ErrBadLine)
	}
	if j := bytes.IndexByte(content[tab+1:], '\t'); j >= 0 {
		return nil, fmt.Errorf("%w: second tab at byte %d", ErrBadLine, tab+1+j)
	}
	body, err := DecodeBody(content[:tab])
	if err != nil {
		return nil, fmt.Errorf("body: %w", err)
	}
	sig := make([]byte, sigEncoding.DecodedLen(len(content)-tab-1))
	k, err := sigEncoding.Decode(sig, content[tab+1:])
	if err != nil {
		return nil, fmt.Errorf("%w: signature is not base64: %v", ErrBadLine, err)
	}
	sig = sig[:k]
	parsed, err := parseSSHSig(sig)
	if err != nil {
		return nil, fmt.Errorf("signature: %w", err)
	}
	if parsed.namespace != Namespace {
		return nil, fmt.Errorf("signature: %w: namespace %q, want %q", ErrBadSignature, parsed.namespace, Namespace)
	}
	cp := bytes.Clone(line)
	return &Entry{Body: *body, Line: cp, BodyBytes: cp[:tab:tab], Sig: sig}, nil
}

// SignBody encodes b, signs it with s and returns the entry with its line.
func SignBody(s ssh.Signer, b *Body) (*Entry, error) {
	body, err := EncodeBody(b)
	if err != nil {
		return nil, fmt.Errorf("entry %d: %w", b.Seq, err)
	}
	blob, err := SSHSign(s, Namespace, body)
	if err != nil {
		return nil, fmt.Errorf("entry %d: %w", b.Seq, err)
	}
	line := make([]byte, 0, len(body)+1+sigEncoding.EncodedLen(len(blob))+1)
	line = append(line, body...)
	line = append(line, '\t')
	line = sigEncoding.AppendEncode(line, blob)
	line = append(line, '\n')
	// Parsing what we built keeps one definition of a valid line.
	e, err := ParseLine(line)
	if err != nil {
		return nil, fmt.Errorf("entry %d: signed line does not parse: %w", b.Seq, err)
	}
	return e, nil
}

// Verify checks the entry's signature over its body bytes by pub.
func (e *Entry) Verify(pub ssh.PublicKey) error {
	return SSHVerify(pub, Namespace, e.BodyBytes, e.Sig)
}

// LineHash is the hash of a whole line, LF included, in the form the next
// entry's prev holds: "sha256:" and lower-case hex.
func LineHash(line []byte) string {
	h := sha256.Sum256(line)
	return "sha256:" + hex.EncodeToString(h[:])
}

// Reader reads a log one entry at a time, in the manner of archive/tar.
type Reader struct {
	r    *bufio.Reader
	line int   // number of the last line read, from 1
	err  error // a read error or truncation: final
}

// NewReader reads a log from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10)}
}

// Line is the number of the line the last Next call read, counting from 1.
func (r *Reader) Line() int { return r.line }

// Next returns the next entry, or io.EOF after the last one. Errors name the
// line. A line may end in CR LF as well as LF; the entry's line is LF. After a line that does not parse, Next goes on with the following
// line; a read error or a truncated last line ends the log.
func (r *Reader) Next() (*Entry, error) {
	if r.err != nil {
		return nil, r.err
	}
	line, err := r.readLine()
	if err != nil {
		if err != io.EOF {
			r.err = err
		}
		return nil, err
	}
	// A log saved or copied on Windows, or re-encoded as text by a mail
	// client, ends its lines with CR LF. No entry holds a raw CR (JSON
	// escapes it, base64 has none), so the CR is the file's, not the
	// entry's: every reader of logs (import, sync, verify) drops it here.
	if n := len(line); n >= 2 && line[n-2] == '\r' {
		line = append(line[:n-2], '\n')
	}
	if len(line) == 1 {
		return nil, fmt.Errorf("line %d: blank line", r.line)
	}
	e, err := ParseLine(line)
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", r.line, err)
	}
	return e, nil
}

// readLine returns the next line with its LF, without the 64 KiB limit of
// bufio.Scanner but within MaxLineLen.
func (r *Reader) readLine() ([]byte, error) {
	var long []byte // only for lines longer than the buffer
	for {
		chunk, err := r.r.ReadSlice('\n')
		switch {
		case err == nil:
			r.line++
			if long == nil {
				return chunk, nil // valid until the next read; ParseLine copies
			}
			return append(long, chunk...), nil
		case errors.Is(err, bufio.ErrBufferFull):
			if len(long)+len(chunk) > MaxLineLen {
				return nil, fmt.Errorf("line %d: %w: longer than %d bytes", r.line+1, ErrBadLine, MaxLineLen)
			}
			long = append(long, chunk...)
		case err == io.EOF:
			if len(long)+len(chunk) == 0 {
				return nil, io.EOF
			}
			r.line++
			return nil, fmt.Errorf("line %d: %w: truncated, no final newline", r.line, ErrBadLine)
		default:
			return nil, fmt.Errorf("line %d: reading: %w", r.line+1, err)
		}
	}
}

// ReadAll reads entries until the end of the log or the first line that does
// not parse. It returns the entries before that line, and the error naming it.
func ReadAll(r io.Reader) ([]*Entry, error) {
	var entries []*Entry
	rd := NewReader(r)
	for {
		e, err := rd.Next()
		if err == io.EOF {
			return entries, nil
		}
		if err != nil {
			return entries, err
		}
		entries = append(entries, e)
	}
}
