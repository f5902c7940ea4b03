package pbem

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// goodLine is a log line's form (not a valid signature: only the form matters).
const goodLine = `{"by":"allied","game":"duel-5c2e01","kind":"note","prev":"sha256:ab","seq":3,"state":"sha256:cd","text":"good luck, and mind the bocage","ts":"2026-06-06T06:00:00Z","v":1}` + "\tU1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAgGX9rI+FshTLGq8g4+s1ep4m+DHaykgM0A5v6iz02jWEAAAALcGJlbS1sb2ctdjEAAAAA=\n"

// wrap breaks s into lines of at most width bytes, as a mail client does.
func wrap(s string, width int) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		for len(line) > width+1 {
			b.WriteString(line[:width] + "\n")
			line = line[width:]
		}
		b.WriteString(line)
	}
	return b.String()
}

// What a file that is no log seems to be, from its first bytes.
func TestExplainBadLog(t *testing.T) {
	log := goodLine + goodLine
	qp := strings.ReplaceAll(strings.ReplaceAll(wrap(log, 75), "\n", "=\n"), "=", "=3D")
	for name, c := range map[string]struct{ file, says string }{
		"empty":        {"", "the file is empty"},
		"public key":   {"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGX9rI+FshTLGq8g4 jan@example.org\n", "this is a public key"},
		"private key":  {"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n", "this is a private key"},
		"mail message": {"Return-Path: <anna@example.org>\nFrom: Anna <anna@example.org>\nSubject: [pbem duel] turn 3\n\n" + log, "this is a whole mail message"},
		"re-wrapped":   {wrap(log, 76), "long lines were broken"},
		"quoted":       {"> " + strings.ReplaceAll(strings.TrimSuffix(log, "\n"), "\n", "\n> ") + "\n", "quoted by a mail client"},
		"qp":           {qp, "quoted-printable leftovers"},
		"html":         {"<!DOCTYPE html>\n<html><body>Download</body></html>", "web page"},
	} {
		if got := ExplainBadLog([]byte(c.file)); !strings.Contains(got, c.says) {
			t.Errorf("%s: %q, want it to say %q", name, got, c.says)
		}
	}
	if got := ExplainBadLog([]byte(log)); got != "" {
		t.Errorf("a log in good form: %q", got)
	}
	if got := ExplainBadLog([]byte("just some notes\nabout the game\n")); got != "" {
		t.Errorf("text that is nothing known: %q", got)
	}
}

func TestHeadRecorder(t *testing.T) {
	data := bytes.Repeat([]byte("x"), HeadBytes+100)
	h := &HeadRecorder{R: bytes.NewReader(data)}
	if b, err := io.ReadAll(h); err != nil || len(b) != len(data) {
		t.Fatalf("read %d, %v", len(b), err)
	}
	if len(h.Head()) != HeadBytes {
		t.Errorf("head of %d bytes, want %d", len(h.Head()), HeadBytes)
	}
}

// FuzzExplainBadLog: whatever a file holds, ExplainBadLog answers at once
// with one line, and never for a file in a log's form.
func FuzzExplainBadLog(f *testing.F) {
	f.Add([]byte(goodLine))
	f.Add([]byte("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGX9 jan@example.org\n"))
	f.Add([]byte("> " + goodLine))
	f.Add([]byte(wrap(goodLine, 76)))
	f.Add([]byte("From: a@example.org\nSubject: x\n\n" + goodLine))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := ExplainBadLog(data)
		if strings.Contains(got, "\n") {
			t.Errorf("a hint of more than one line: %q", got)
		}
		if got != "" && bytes.Equal(data, []byte(goodLine)) {
			t.Errorf("a log in good form explained as %q", got)
		}
	})
}
