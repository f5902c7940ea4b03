package safetext

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Good luck, and mind the bocage.", "Good luck, and mind the bocage."},
		// Ordinary text of every script the players write stays as it is.
		{"Zażółć gęślą jaźń, perché più città; Ñandú, Œuvre", "Zażółć gęślą jaźń, perché più città; Ñandú, Œuvre"},
		{"諾曼第登陸 ノルマンディー 노르망디 Нормандия", "諾曼第登陸 ノルマンディー 노르망디 Нормандия"},
		{`C:\games\duel.pbem`, `C:\games\duel.pbem`},
		{"a\u00a0b\ufffdc", "a\u00a0b\ufffdc"}, // no-break space, a real replacement character
		// C0 and DEL.
		{"line\nfake", `line\nfake`},
		{"a\r\tb", `a\r\tb`},
		{"\x00\x07\x08\x1b\x7f", `\x00\x07\x08\x1b\x7f`},
		{"\x1b[32mverified ok\x1b[0m", `\x1b[32mverified ok\x1b[0m`},
		{"\x1b]8;;http://evil.example\x07link\x1b]8;;\x07", `\x1b]8;;http://evil.example\x07link\x1b]8;;\x07`},
		// C1, as code points (U+009B is the one-byte CSI) and as stray bytes.
		{"\u009b31m\u0085", `\u009b31m\u0085`},
		{"bad \x9b\xff utf-8", `bad \x9b\xff utf-8`},
		// Bidi controls and other invisible formatting.
		{"abc\u202edcba", `abc\u202edcba`},
		{"\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c", `\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c`},
		{"ver\u200bified\u00ad \ufeff\u2060", `ver\u200bified\u00ad \ufeff\u2060`},
		{"tag\U000e0041\U000e007f", `tag\U000e0041\U000e007f`},
		{"para\u2028line\u2029", `para\u2028line\u2029`},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A note that tries to print a fake "verified ok" line, in colour, after what
// pbem prints: escaped, it stays on its own line and shows its escapes.
func TestEscapeFakeVerifiedLine(t *testing.T) {
	note := "gg\n#7 2026-06-06T07:00:00Z allied act\n\x1b[32mduel.pbem: ok: verified\x1b[0m\x1b[2K\r"
	var out bytes.Buffer
	if _, err := Fprintf(&out, "    = %s notes: %s\n", "german", note); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "\n") {
		t.Errorf("the note printed more than its own line: %q", got)
	}
	if strings.ContainsAny(got, "\x1b\r") {
		t.Errorf("an escape or carriage return reached the output: %q", got)
	}
	want := `    = german notes: gg\n#7 2026-06-06T07:00:00Z allied act\n\x1b[32mduel.pbem: ok: verified\x1b[0m\x1b[2K\r` + "\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

type kind string

type stringer struct{ s string }

func (s stringer) String() string { return s.s }

func TestFprintfEscapesOperandsNotFormat(t *testing.T) {
	var out bytes.Buffer
	Fprintf(&out, "%s|%v|%s|%v|%d|%s|%q|%s\n",
		"a\nb", errors.New("e\x1b"), kind("k\u202e"), []string{"x\ty"}, 42, stringer{"s\x07"}, "q\n", 90*time.Second)
	want := `a\nb|e\x1b|k\u202e|[x\ty]|42|s\x07|"q\\n"|1m30s` + "\n"
	if out.String() != want {
		t.Errorf("got  %q\nwant %q", out.String(), want)
	}
	if got := Sprintf("%d entries by %s", time.Duration(3), "jan\r"); got != `3 entries by jan\r` {
		t.Errorf("Sprintf: %q", got)
	}
	out.Reset()
	Fprintln(&out, "  "+"view\x1b[2J", 7)
	if out.String() != `  view\x1b[2J 7`+"\n" {
		t.Errorf("Fprintln: %q", out.String())
	}
}

// forbidden is the property, written without Escape's own tables: a code point
// that moves the cursor, changes colours, reorders or hides text.
func forbidden(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r < 0xa0) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "Zażółć gęślą jaźń", "諾曼第", "\x1b[31mred\x1b[0m\n", "\u202eabc", "\xff\xfe", "\u009b2J", "tag\U000e0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Escape(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Escape(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if forbidden(r) {
				t.Fatalf("Escape(%q) = %q holds %U", s, got, r)
			}
		}
		if Escape(got) != got {
			t.Fatalf("Escape is not idempotent on %q", s)
		}
		// Text with nothing to escape is returned unchanged.
		clean := true
		for i, r := range s {
			if forbidden(r) || (r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd")) {
				clean = false
				break
			}
		}
		if clean && got != s {
			t.Fatalf("Escape changed clean text %q to %q", s, got)
		}
	})
}
