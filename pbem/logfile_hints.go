package pbem

import (
	"bytes"
	"io"
	"regexp"
	"strings"
)

// What a file that is not a game log, or no longer one, usually is: a key
// given by mistake, a whole mail, or a log a mail client re-encoded,
// re-wrapped or quoted on its way. ExplainBadLog recognises them from the
// start of the file, so that a refusal says what happened and what to do.

// HeadBytes is how much of a file ExplainBadLog looks at.
const HeadBytes = 64 << 10

// HeadRecorder reads through R and keeps its first HeadBytes bytes, for
// ExplainBadLog once the reading has failed.
type HeadRecorder struct {
	R    io.Reader
	head []byte
}

func (h *HeadRecorder) Read(p []byte) (int, error) {
	n, err := h.R.Read(p)
	if room := HeadBytes - len(h.head); room > 0 {
		h.head = append(h.head, p[:min(n, room)]...)
	}
	return n, err
}

// Head is what has been read of the file, up to HeadBytes.
func (h *HeadRecorder) Head() []byte { return h.head }

var (
	qpEscape     = regexp.MustCompile(`=(3D|09)`) // '=' and the tab, which every log holds
	mailHeader   = regexp.MustCompile(`(?im)^(from|to|subject|date|received|mime-version|content-type|return-path|delivered-to): `)
	quotedLine   = regexp.MustCompile(`(?m)^>+ ?`)
	entryStart   = []byte(`{"`)
	pubKeyPrefix = regexp.MustCompile(`^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com|ssh-dss) AAAA`)
)

// ExplainBadLog says what a file that did not read as a game log seems to
// be, and what to do; "" when it looks like nothing known.
func ExplainBadLog(head []byte) string {
	text := bytes.TrimLeft(head, "\ufeff \t\r\n")
	switch {
	case len(text) == 0:
		return "the file is empty: export the game again ('pbem export GAME -o FILE')"
	case pubKeyPrefix.Match(text):
		return "this is a public key (ssh-ed25519 AAAA...), not a game log: a key goes to 'pbem new GAME --opponent-key FILE'; import the log file your opponent exported"
	case bytes.Contains(text, []byte("-----BEGIN OPENSSH PRIVATE KEY-----")) || bytes.Contains(text, []byte("PRIVATE KEY-----")):
		return "this is a private key, not a game log: keep it secret and do not send it; 'pbem id import FILE' makes it your identity"
	case bytes.HasPrefix(text, []byte("-----BEGIN SSH SIGNATURE-----")):
		return "this is an SSH signature, not a game log: import the log file (one entry a line, each ending in its signature)"
	case bytes.HasPrefix(text, []byte("<")) && bytes.Contains(bytes.ToLower(text[:min(len(text), 512)]), []byte("<html")):
		return "this is a web page (HTML), not a game log: a browser or webmail saved the page; download the .pbem attachment itself"
	case mailHeader.Match(text[:min(len(text), 4096)]) && !bytes.HasPrefix(text, entryStart):
		return "this is a whole mail message, not a game log: save its .pbem attachment and import that, or let 'pbem sync' fetch game mail"
	case qpEscape.Match(text) || softBreaks(text):
		return "the log holds quoted-printable leftovers ('=' at line ends, '=3D'): a mail client re-encoded it as text; save the .pbem attachment as it came, or let 'pbem sync' fetch the mail"
	case quoted(text):
		return "the log's lines are quoted by a mail client ('> ' at their start): save the .pbem attachment of the message instead of its quoted text, or remove the '> ' from every line"
	case rewrapped(text):
		return "the log's long lines were broken: each entry must be one line, but a mail client wrapped them; save the .pbem attachment instead of copying the message text, or let 'pbem sync' fetch the mail"
	}
	return ""
}

// softBreaks says whether a line ends in a quoted-printable soft break:
// '=' at the end of a line without a tab, with more of the line after it (a
// log's lines end in a signature, after a tab, whose base64 may end in '=').
func softBreaks(text []byte) bool {
	lines := bytes.Split(text, []byte("\n"))
	for i, l := range lines[:len(lines)-1] {
		l = bytes.TrimRight(l, "\r")
		next := lines[i+1]
		// A wrapped entry's last piece may end in the signature's '=', with
		// the next entry after it: that is wrapping, not quoted-printable.
		if bytes.HasSuffix(l, []byte("=")) && !bytes.Contains(l, []byte("\t")) && len(next) > 0 && !bytes.HasPrefix(next, entryStart) {
			return true
		}
	}
	return false
}

// quoted says whether most non-blank lines start with '>', as a mail
// client quotes a message it replies to.
func quoted(text []byte) bool {
	lines, q := 0, 0
	for _, l := range strings.Split(string(text), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lines++
		if quotedLine.MatchString(l) {
			q++
		}
	}
	return lines > 0 && q*2 >= lines
}

// rewrapped says whether the lines look broken at a width: entries start
// with {" and hold a tab before their signature, so a line that does
// neither is the rest of a line above.
func rewrapped(text []byte) bool {
	var starts, rests int
	for _, l := range bytes.Split(text, []byte("\n")) {
		l = bytes.TrimRight(l, "\r")
		if len(l) == 0 {
			continue
		}
		if bytes.HasPrefix(l, entryStart) {
			starts++
			if !bytes.Contains(l, []byte("\t")) {
				rests++ // an entry cut before its signature
			}
			continue
		}
		rests++
	}
	return starts > 0 && rests > 0
}
