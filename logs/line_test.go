package logs

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/crypto/ssh"
)

func signed(t testing.TB, s ssh.Signer, b *Body) *Entry {
	t.Helper()
	e, err := SignBody(s, b)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSignBodyParseVerify(t *testing.T) {
	s := newEd25519Signer(t)
	e := signed(t, s, actBody())
	body, _ := EncodeBody(actBody())
	parts := strings.Split(string(e.Line), "\t")
	if len(parts) != 2 || parts[0] != string(body) || !strings.HasSuffix(parts[1], "\n") {
		t.Fatalf("line layout: %q", e.Line)
	}
	sig, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(parts[1], "\n"))
	if err != nil || !bytes.Equal(sig, e.Sig) {
		t.Fatalf("signature field is not base64 of Sig: %v", err)
	}
	if !bytes.Equal(e.BodyBytes, body) || e.Game != "g-5f2a" || e.Commands[0] != "move 5/352 2512 2513" {
		t.Errorf("entry fields: %+v", e.Body)
	}
	if err := e.Verify(s.PublicKey()); err != nil {
		t.Fatalf("own signature: %v", err)
	}
	if err := e.Verify(newEd25519Signer(t).PublicKey()); !errors.Is(err, ErrBadSignature) {
		t.Errorf("other key: got %v", err)
	}

	// A body changed after signing still parses but no longer verifies.
	forged := bytes.Replace(e.Line, []byte(`"seq":2`), []byte(`"seq":3`), 1)
	f, err := ParseLine(forged)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Verify(s.PublicKey()); !errors.Is(err, ErrBadSignature) {
		t.Errorf("forged body verifies: %v", err)
	}
}

// Any entry can be checked with OpenSSH alone (DESIGN.md, The log).
func TestLineVerifiesWithSSHKeygen(t *testing.T) {
	keygenPath := needKeygen(t)
	dir := t.TempDir()
	s := newEd25519Signer(t)
	e := signed(t, s, actBody())
	body, sig, _ := bytes.Cut(bytes.TrimSuffix(e.Line, []byte("\n")), []byte("\t"))
	blob, _ := base64.StdEncoding.DecodeString(string(sig))
	files := map[string][]byte{
		"body":    body,
		"sig":     ArmorSSHSig(blob),
		"allowed": []byte("allies " + AuthorizedKey(s.PublicKey(), "") + "\n"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(keygenPath, "-Y", "verify", "-f", filepath.Join(dir, "allowed"), "-I", "allies", "-n", "pbem-log-v1", "-s", filepath.Join(dir, "sig"))
	cmd.Stdin = bytes.NewReader(body)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen -Y verify: %v\n%s", err, out)
	}
}

func TestLineHash(t *testing.T) {
	// SHA-256("abc") from FIPS 180-2.
	if got := LineHash([]byte("abc")); got != "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("LineHash = %s", got)
	}
}

func TestParseLineErrors(t *testing.T) {
	s := newEd25519Signer(t)
	good := signed(t, s, actBody()).Line
	body, sig, _ := bytes.Cut(bytes.TrimSuffix(good, []byte("\n")), []byte("\t"))
	line := func(parts ...string) []byte { return []byte(strings.Join(parts, "")) }
	otherNS, err := SSHSign(s, "file", body)
	if err != nil {
		t.Fatal(err)
	}
	blob, _ := base64.StdEncoding.DecodeString(string(sig))
	cases := []struct {
		name string
		line []byte
		is   error
		want string
	}{
		{"empty", nil, ErrBadLine, "no final newline"},
		{"no final newline", bytes.TrimSuffix(good, []byte("\n")), ErrBadLine, "no final newline"},
		{"CR LF", line(string(body), "\t", string(sig), "\r\n"), ErrBadLine, "CR LF"},
		{"CR inside", line(string(body), "\t\r", string(sig), "\n"), ErrBadLine, "carriage return"},
		{"two lines", line(string(good), string(good)), ErrBadLine, "newline inside"},
		{"no tab", line(string(body), " ", string(sig), "\n"), ErrBadLine, "no tab"},
		{"two tabs", line(string(body), "\t", string(sig), "\t\n"), ErrBadLine, "second tab"},
		{"not base64", line(string(body), "\t", "*", string(sig[1:]), "\n"), ErrBadLine, "signature is not base64"},
		{"unpadded", line(string(body), "\t", base64.RawStdEncoding.EncodeToString(blob), "\n"), ErrBadLine, "signature is not base64"},
		{"not sshsig", line(string(body), "\t", base64.StdEncoding.EncodeToString([]byte("hello")), "\n"), ErrBadSignature, "signature: "},
		{"truncated sshsig", line(string(body), "\t", base64.StdEncoding.EncodeToString(blob[:len(blob)-1]), "\n"), ErrBadSignature, "truncated"},
		{"other namespace", line(string(body), "\t", base64.StdEncoding.EncodeToString(otherNS), "\n"), ErrBadSignature, `namespace "file"`},
		{"body not canonical", line(strings.Replace(string(body), ":", ": ", 1), "\t", string(sig), "\n"), ErrNotCanonical, "body: "},
		{"body malformed", line("{}\t", string(sig), "\n"), ErrMalformed, "body: "},
	}
	for _, c := range cases {
		_, err := ParseLine(c.line)
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %v with %q", c.name, err, c.is, c.want)
		}
	}
}

func TestParseLineCopies(t *testing.T) {
	buf := bytes.Clone(signed(t, newEd25519Signer(t), actBody()).Line)
	e, err := ParseLine(buf)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.Clone(buf)
	for i := range buf {
		buf[i] = 'x'
	}
	if !bytes.Equal(e.Line, want) || !bytes.HasPrefix(want, e.BodyBytes) {
		t.Error("entry shares memory with the caller's buffer")
	}
}

func TestReader(t *testing.T) {
	s := newEd25519Signer(t)
	var log bytes.Buffer
	var lines [][]byte
	for i := range 3 {
		b := actBody()
		b.Seq = int64(i)
		if i == 1 {
			// Far beyond bufio.Scanner's 64 KiB default and the reader's buffer.
			b.Kind, b.Text = KindNote, strings.Repeat("Utah Beach. ", 20000)
		}
		e := signed(t, s, b)
		lines = append(lines, e.Line)
		log.Write(e.Line)
	}
	r := NewReader(bytes.NewReader(log.Bytes()))
	for i := range 3 {
		e, err := r.Next()
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		if e.Seq != int64(i) || !bytes.Equal(e.Line, lines[i]) || r.Line() != i+1 {
			t.Errorf("entry %d: seq %d, line %d", i, e.Seq, r.Line())
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last entry: got %v, want io.EOF", err)
	}
	if _, err := NewReader(strings.NewReader("")).Next(); err != io.EOF {
		t.Errorf("empty log: got %v, want io.EOF", err)
	}
}

func TestReaderErrors(t *testing.T) {
	s := newEd25519Signer(t)
	good := signed(t, s, actBody()).Line
	var log bytes.Buffer
	log.Write(good)
	log.WriteString("\n")         // line 2: blank
	log.WriteString("nonsense\n") // line 3: no tab
	log.Write(good)               // line 4: fine
	log.Write(good[:len(good)-1]) // line 5: truncated
	r := NewReader(&log)
	want := []string{"", "line 2: blank line", "line 3: malformed line: no tab", "", "line 5: malformed line: truncated, no final newline"}
	for i, w := range want {
		_, err := r.Next()
		if w == "" && err != nil || w != "" && (err == nil || err.Error() != w) {
			t.Errorf("line %d: got %v, want %q", i+1, err, w)
		}
	}
	// A truncated log stays broken rather than reporting a clean end.
	if _, err := r.Next(); err == nil || err == io.EOF {
		t.Errorf("after truncation: got %v", err)
	}

	// A line beyond MaxLineLen is refused without reading it all into memory.
	r = NewReader(io.LimitReader(endless('a'), MaxLineLen+1<<20))
	if _, err := r.Next(); !errors.Is(err, ErrBadLine) || !strings.Contains(err.Error(), "line 1: ") || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("overlong line: got %v", err)
	}

	boom := errors.New("disk on fire")
	r = NewReader(io.MultiReader(bytes.NewReader(good), iotest.ErrReader(boom)))
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("read error: got %v", err)
	}
}

// FuzzParseLine: no input panics, and whatever parses is rebuilt byte for byte
// from its parts, so a line has a single accepted form.
func FuzzParseLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := ParseLine(line)
		if err != nil {
			return
		}
		body, err := EncodeBody(&e.Body)
		if err != nil {
			t.Fatalf("parsed body does not encode: %v", err)
		}
		sig, err := parseSSHSig(e.Sig)
		if err != nil {
			t.Fatalf("parsed signature does not parse again: %v", err)
		}
		rebuilt := append(append(append(body, '\t'), base64.StdEncoding.EncodeToString(sig.marshal())...), '\n')
		if !bytes.Equal(rebuilt, line) || !bytes.Equal(e.Line, line) || !bytes.Equal(e.BodyBytes, body) {
			t.Fatalf("line does not round-trip:\n%q\n%q", line, rebuilt)
		}
		// Verification of arbitrary blobs must fail cleanly, not panic.
		if pub, err := SSHSigPublicKey(e.Sig); err == nil {
			_ = e.Verify(pub)
		}
	})
}

// The valid seeds of the fuzz corpus must parse and verify, so fuzzing starts
// from the success path and not only from refusals.
func TestFuzzSeedsValid(t *testing.T) {
	for _, name := range []string{"act", "invite", "reveal", "note", "minimal", "rsa"} {
		data, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzParseLine", name))
		if err != nil {
			t.Fatal(err)
		}
		quoted, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "go test fuzz v1\n[]byte(")
		line, err := strconv.Unquote(strings.TrimSuffix(quoted, ")"))
		if !ok || err != nil {
			t.Fatalf("%s: not a corpus file: %v", name, err)
		}
		e, err := ParseLine([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pub, err := SSHSigPublicKey(e.Sig)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Verify(pub); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// endless is a reader of one byte repeated for ever.
type endless byte

func (c endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

// A log whose lines end in CR LF (saved on Windows, or re-encoded as text by
// a mail client) reads as the same entries, with their LF lines, so that the
// hash chain holds; a CR anywhere else is still refused.
func TestReaderCRLF(t *testing.T) {
	s := newEd25519Signer(t)
	short := signed(t, s, actBody())
	nb := actBody()
	nb.Kind, nb.Commands, nb.Text = KindNote, nil, strings.Repeat("Utah Beach. ", 20000) // longer than the buffer
	long := signed(t, s, nb)
	var log bytes.Buffer
	for _, e := range []*Entry{short, long} {
		log.Write(e.Line[:len(e.Line)-1])
		log.WriteString("\r\n")
	}
	log.WriteString("\r\n") // a blank line is still one
	r := NewReader(&log)
	for i, want := range []*Entry{short, long} {
		e, err := r.Next()
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		if !bytes.Equal(e.Line, want.Line) || LineHash(e.Line) != LineHash(want.Line) {
			t.Errorf("entry %d: line differs from the LF original", i)
		}
	}
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "line 3: blank line") {
		t.Errorf("a CR LF blank line: got %v", err)
	}
	inner := bytes.Replace(short.Line, []byte("\t"), []byte("\t\r"), 1)
	if _, err := NewReader(bytes.NewReader(inner)).Next(); !errors.Is(err, ErrBadLine) {
		t.Errorf("a CR inside a line: got %v, want ErrBadLine", err)
	}
}
