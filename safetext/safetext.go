// Package safetext makes text that came from someone else (a log entry, a mail
// header, an error quoting either) safe to show on a terminal or in a mail.
//
// A signed log is trusted to be what its author wrote, not to be harmless to
// print: a note, a player's name or a mail address may hold a newline and a
// fake "verified ok" line after it, ANSI colour and cursor sequences, or a bidi
// override that shows text in another order than it is stored. Escape writes
// every such code point visibly, in Go's escape notation (\n, \x1b, \u202e),
// and leaves all other text as it is, accents, Polish and CJK included.
//
// Use it at the printing boundary, on each piece of received text, never on a
// whole line built by pbem (whose own newlines must stay newlines); Fprintf
// and Sprintf do that for every operand of a format.
package safetext

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with every code point that could change how the rest of a
// terminal or a plain-text mail reads written as a visible escape:
//   - C0 controls and DEL (newline, carriage return, tab, ESC, which starts
//     ANSI and OSC sequences): \n, \r, \t, \x1b, \x7f;
//   - C1 controls (U+0080 to U+009F; U+009B is a one-byte CSI): \u009b;
//   - format characters, Unicode category Cf: bidi embeddings, overrides and
//     isolates (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), zero-width
//     spaces and joiners, the soft hyphen, the byte-order mark, tag characters:
//     \u202e, \U000e0041;
//   - the line and paragraph separators U+2028 and U+2029;
//   - bytes that are not UTF-8: \xff.
//
// Backslashes are left alone, so ordinary text (a Windows path) reads as
// written; the output therefore does not always say whether an escape was in
// the input or made here, but it never holds a code point listed above.
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case !unsafe(r):
			b.WriteString(s[i : i+n])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < utf8.RuneSelf:
			b.WriteString(`\x`)
			b.WriteString(hex2(byte(r)))
		case r <= 0xffff:
			b.WriteString(`\u`)
			b.WriteString(pad(strconv.FormatInt(int64(r), 16), 4))
		default:
			b.WriteString(`\U`)
			b.WriteString(pad(strconv.FormatInt(int64(r), 16), 8))
		}
		i += n
	}
	return b.String()
}

// firstUnsafe is the byte offset of the first code point Escape rewrites, or
// -1: most text has none and is returned as it is.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || unsafe(r) {
			return i
		}
		i += n
	}
	return -1
}

// unsafe reports whether a valid code point must be escaped.
func unsafe(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r < 0xa0: // C1
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}

func pad(h string, n int) string {
	if len(h) >= n {
		return h
	}
	return strings.Repeat("0", n-len(h)) + h
}

// Fprintf is fmt.Fprintf with every text operand escaped: strings and types
// whose kind is string, string slices, errors and fmt.Stringers. The format
// is pbem's own and is written as it is; numbers and other operands pass
// unchanged (format a struct's fields one by one).
func Fprintf(w io.Writer, format string, args ...any) (int, error) {
	return fmt.Fprintf(w, format, escapeArgs(args)...)
}

// Sprintf is fmt.Sprintf with every text operand escaped, as Fprintf does.
func Sprintf(format string, args ...any) string {
	return fmt.Sprintf(format, escapeArgs(args)...)
}

// Fprintln is fmt.Fprintln with every text operand escaped, as Fprintf does.
func Fprintln(w io.Writer, args ...any) (int, error) {
	return fmt.Fprintln(w, escapeArgs(args)...)
}

func escapeArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = escapeArg(a)
	}
	return out
}

func escapeArg(a any) any {
	if a == nil {
		return nil
	}
	switch reflect.ValueOf(a).Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		// A number stays a number for %d, even if it has a String method
		// (time.Duration).
		return a
	}
	switch v := a.(type) {
	case string:
		return Escape(v)
	case error:
		return Escape(v.Error())
	case fmt.Stringer:
		return Escape(v.String())
	case []string:
		out := make([]string, len(v))
		for i, s := range v {
			out[i] = Escape(s)
		}
		return out
	}
	rv := reflect.ValueOf(a)
	switch {
	case rv.Kind() == reflect.String:
		// A named string type (logs.Kind, logs.DiceMode): same text.
		return Escape(rv.String())
	case rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.String:
		out := make([]string, rv.Len())
		for i := range out {
			out[i] = Escape(rv.Index(i).String())
		}
		return out
	}
	return a
}
