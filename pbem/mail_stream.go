package pbem

import (
	"bytes"
	"fmt"
	"io"
)

// AttachmentTooLargeError is a log attachment, or a whole message, larger
// than the limit it is read within.
type AttachmentTooLargeError struct {
	What  string // "the log attachment" or "the message"
	Limit int64
}

func (e *AttachmentTooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s", e.What, formatSize(e.Limit))
}

// limitedReader reads at most limit bytes of r and fails, rather than stop
// silently as io.LimitReader does, when there is more.
type limitedReader struct {
	r           io.Reader
	left, limit int64
	what        string
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells a reader that ends right at the limit from one
		// that goes on.
		var b [1]byte
		n, err := l.r.Read(b[:])
		if n > 0 {
			what := l.what
			if what == "" {
				what = "the log attachment"
			}
			return 0, &AttachmentTooLargeError{What: what, Limit: l.limit}
		}
		return 0, err
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// lfReader turns CR LF into LF as it reads, holding back a CR at the end of a
// read until the next byte shows whether an LF follows.
type lfReader struct {
	r     io.Reader
	buf   []byte
	cr    bool // a CR held back from the previous read
	err   error
	ready []byte
}

func newLFReader(r io.Reader) *lfReader { return &lfReader{r: r, buf: make([]byte, 32<<10)} }

func (l *lfReader) Read(p []byte) (int, error) {
	for len(l.ready) == 0 {
		if l.err != nil {
			if l.cr {
				l.cr = false
				l.ready = []byte{'\r'}
				break
			}
			return 0, l.err
		}
		n, err := l.r.Read(l.buf)
		l.err = err
		chunk := l.buf[:n]
		if n == 0 {
			continue
		}
		out := l.buf[:0:0]
		if l.cr {
			if chunk[0] != '\n' {
				out = append(out, '\r')
			}
			l.cr = false
		}
		if chunk[len(chunk)-1] == '\r' {
			l.cr = true
			chunk = chunk[:len(chunk)-1]
		}
		out = append(out, bytes.ReplaceAll(chunk, []byte("\r\n"), []byte("\n"))...)
		l.ready = out
	}
	n := copy(p, l.ready)
	l.ready = l.ready[n:]
	return n, nil
}
