package scn

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is one record of a file, split into words.
type Line struct {
	N      int      // line number, from 1
	Raw    string   // the line as written, without its line end
	Text   string   // the record without its comment, trimmed
	Words  []string // bare words, quoted text without its quotes
	Quoted []bool   // Quoted[i] is set when Words[i] was quoted
}

// Value is the text after a line's first word: a header line's value. It
// keeps inner spaces and quotes as written ("title A  \"B\"" has the value
// `A  "B"`). The line must have a word.
func (l Line) Value() string {
	return strings.TrimSpace(strings.TrimPrefix(l.Text, l.Words[0]))
}

// Origin is where a line of assembled text came from.
type Origin struct {
	File string // "" for the scenario itself, else the file it came from
	Line int
}

// originMark starts a line of assembled text that says where the next line
// came from: "#@ N" is line N of the scenario itself, "#@ N FILE" line N of
// the file FILE (a map). It is a comment to every other reader; the parser
// uses it to name the file and line of a problem.
const originMark = "#@ "

// Lex cuts a file into its records, dropping blank lines and comments, and
// returns the problems of the lines that do not lex. A '#' starts a comment
// at the start of a line or after a space, outside quotes, so ids such as
// "5/352" and names such as "Pointe du Hoc" need no escaping. The origin
// marks of assembled text are read into origins (by line number of data);
// origins is nil when there are none.
func Lex(data []byte) (lines []Line, errs []error, origins map[int]Origin) {
	var next *Origin
	for i, raw := range strings.Split(string(data), "\n") {
		n := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		if o, ok := parseOriginMark(raw); ok {
			next = &o
			continue
		}
		if next != nil {
			if origins == nil {
				origins = map[int]Origin{}
			}
			origins[n] = *next
			next.Line++
		}
		if !utf8.ValidString(raw) {
			errs = append(errs, Errorf(n, ErrSyntax, "not valid UTF-8"))
			continue
		}
		l, err := LexLine(n, raw)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(l.Words) > 0 {
			lines = append(lines, l)
		}
	}
	return lines, errs, origins
}

// parseOriginMark reads "#@ N" or "#@ N FILE".
func parseOriginMark(raw string) (Origin, bool) {
	rest, ok := strings.CutPrefix(raw, originMark)
	if !ok {
		return Origin{}, false
	}
	f := strings.Fields(rest)
	if len(f) < 1 || len(f) > 2 || len(f[0]) > 6 {
		return Origin{}, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || strings.TrimLeft(f[0], "0123456789") != "" {
		return Origin{}, false
	}
	o := Origin{Line: n}
	if len(f) == 2 {
		o.File = f[1]
	}
	return o, true
}

// LexLine splits line n, raw (without its line end), into words: spaces and
// tabs separate them, a word in double quotes may hold spaces, and a '#' at
// the start of a word starts a comment. A blank or comment line has no
// words. The error is a *LineError of class ErrSyntax.
func LexLine(n int, raw string) (Line, error) {
	l := Line{N: n, Raw: raw}
	var cur strings.Builder
	inWord, inQuote, quoted := false, false, false
	end := len(raw)
	flush := func() {
		if inWord {
			l.Words = append(l.Words, cur.String())
			l.Quoted = append(l.Quoted, quoted)
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
				return l, Errorf(n, ErrSyntax, "control character in quoted text")
			}
			cur.WriteRune(r)
		case r == '"':
			if inWord {
				return l, Errorf(n, ErrSyntax, "quote inside a word")
			}
			inWord, inQuote, quoted = true, true, true
		case r == '#' && !inWord:
			end = i
		case r == ' ' || r == '\t':
			flush()
		case unicode.IsControl(r) || unicode.IsSpace(r):
			return l, Errorf(n, ErrSyntax, "unexpected character %q", r)
		default:
			if quoted {
				return l, Errorf(n, ErrSyntax, "text right after a closing quote")
			}
			inWord = true
			cur.WriteRune(r)
		}
		if end != len(raw) {
			break
		}
	}
	if inQuote {
		return l, Errorf(n, ErrSyntax, "unterminated quote")
	}
	flush()
	l.Text = strings.TrimSpace(raw[:end])
	return l, nil
}

// KeyValue splits a "key=value" word; ok is false for a bare word (a flag).
func KeyValue(w string) (key, value string, ok bool) {
	k, v, ok := strings.Cut(w, "=")
	if !ok || k == "" {
		return "", "", false
	}
	return k, v, true
}
