package normandy44

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is one record of a scenario file, split into words.
type line struct {
	n     int      // line number, from 1
	text  string   // the record without its comment, trimmed
	words []string // bare words, quoted strings without their quotes
	quote []bool   // quote[i] is set when words[i] was quoted
}

// splitLines cuts a file into records, dropping blank lines and comments. A '#'
// starts a comment at the start of a line or after a space, outside quotes, so
// ids such as "5/352" and names such as "Pointe du Hoc" need no escaping.
// It also reads the origin marks of assembled text (scenario_map.go) into
// origins, the file and line each line came from; nil when there are none.
func splitLines(data []byte) ([]line, []error, map[int]origin) {
	var out []line
	var errs []error
	var origins map[int]origin
	var next *origin
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		if o, ok := parseOriginMark(raw); ok {
			next = &o
			continue
		}
		if next != nil {
			if origins == nil {
				origins = map[int]origin{}
			}
			origins[n] = *next
			next.line++
		}
		if !utf8.ValidString(raw) {
			errs = append(errs, lineErr(n, ErrSyntax, "not valid UTF-8"))
			continue
		}
		l, err := lexLine(n, raw)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(l.words) > 0 {
			out = append(out, l)
		}
	}
	return out, errs, origins
}

// origin is where a line of assembled text came from.
type origin struct {
	file string // "" for the scenario itself
	line int
}

// parseOriginMark reads "#@ N" or "#@ N FILE".
func parseOriginMark(raw string) (origin, bool) {
	rest, ok := strings.CutPrefix(raw, originMark)
	if !ok {
		return origin{}, false
	}
	f := strings.Fields(rest)
	if len(f) < 1 || len(f) > 2 || len(f[0]) > 6 {
		return origin{}, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || strings.TrimLeft(f[0], "0123456789") != "" {
		return origin{}, false
	}
	o := origin{line: n}
	if len(f) == 2 {
		o.file = f[1]
	}
	return o, true
}

func lexLine(n int, raw string) (line, error) {
	l := line{n: n}
	var cur strings.Builder
	inWord, inQuote, quoted := false, false, false
	end := len(raw)
	flush := func() {
		if inWord {
			l.words = append(l.words, cur.String())
			l.quote = append(l.quote, quoted)
		}
		cur.Reset()
		inWord, quoted = false, false
	}
	for i, r := range raw {
		switch {
		case inQuote:
			if r == '"' {
				inQuote = false
				continue
			}
			if unicode.IsControl(r) {
				return l, lineErr(n, ErrSyntax, "control character in quoted text")
			}
			cur.WriteRune(r)
		case r == '"':
			if inWord {
				return l, lineErr(n, ErrSyntax, "quote inside a word")
			}
			inWord, inQuote, quoted = true, true, true
		case r == '#' && !inWord:
			end = i
		case r == ' ' || r == '\t':
			flush()
		case unicode.IsControl(r) || unicode.IsSpace(r):
			return l, lineErr(n, ErrSyntax, "unexpected character %q", r)
		default:
			if quoted {
				return l, lineErr(n, ErrSyntax, "text right after a closing quote")
			}
			inWord = true
			cur.WriteRune(r)
		}
		if end != len(raw) {
			break
		}
	}
	if inQuote {
		return l, lineErr(n, ErrSyntax, "unterminated quote")
	}
	flush()
	l.text = strings.TrimSpace(raw[:end])
	return l, nil
}

// keyValue splits "key=value"; ok is false for a bare word.
func keyValue(w string) (key, value string, ok bool) {
	k, v, ok := strings.Cut(w, "=")
	if !ok || k == "" {
		return "", "", false
	}
	return k, v, true
}

// fields reads the key=value and flag words of a record, refusing a key or
// flag given twice, and hands each to field; it reports false once field or
// the check fails (the error is already recorded).
func (p *parser) fields(n int, words []string, field func(w, key, value string, kv bool) bool) bool {
	seen := map[string]bool{}
	for _, w := range words {
		k, v, kv := keyValue(w)
		if !kv {
			k = w
		}
		if seen[k] {
			p.errf(n, ErrDuplicate, "%s given twice", k)
			return false
		}
		seen[k] = true
		if !field(w, k, v, kv) {
			return false
		}
	}
	return true
}

func lineErr(n int, class error, format string, args ...any) error {
	return &LineError{Line: n, Err: fmt.Errorf("%w: %s", class, fmt.Sprintf(format, args...))}
}

// validName reports whether s may be a name written without quotes: lower-case
// letters, digits and - / ( ) + . _ (unit ids, formations, zone names).
func validName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case strings.ContainsRune("-/()+._", r):
		default:
			return false
		}
	}
	return true
}

// validUnitID is validName with upper-case letters allowed: counters print
// designations such as "Chr-A" or "Sturm-AOK7".
func validUnitID(s string) bool {
	return validName(strings.ToLower(s)) && !strings.ContainsRune(s, '=')
}

// validText reports whether s can be written back as a header value or a quoted
// name: printable, no quote, no '#'.
func validText(s string) bool {
	if s == "" || len(s) > 1000 || strings.TrimSpace(s) != s {
		return false
	}
	for _, r := range s {
		if r == '"' || r == '#' || unicode.IsControl(r) || (unicode.IsSpace(r) && r != ' ') {
			return false
		}
	}
	return true
}
