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
	raws := strings.Split(string(data), "\n")
	// Sized once for the whole file, the lines and their words are a few
	// allocations rather than several a line: opening a game reads its
	// scenario, thousands of lines, each time.
	lines = make([]Line, 0, len(raws))
	w := words{size: 128}
	var next *Origin
	for i, raw := range raws {
		n := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		if o, ok := parseOriginMark(raw); ok {
			next = &o
			continue
		}
		if next != nil {
			if origins == nil {
				origins = make(map[int]Origin, len(raws)-i)
			}
			origins[n] = *next
			next.Line++
		}
		if !utf8.ValidString(raw) {
			errs = append(errs, Errorf(n, ErrSyntax, "not valid UTF-8"))
			continue
		}
		l, err := lexLine(n, raw, &w)
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

// words is where the lines of one file keep their words: each line's are a
// stretch of one long slice, cut off at its end, so that no line's words
// grow into the next's.
type words struct {
	text   []string
	quoted []bool
	size   int // the last stretch's; the next is twice as long
}

// add appends a word to the line being lexed.
func (w *words) add(text string, quoted bool) {
	if len(w.text) == cap(w.text) {
		// A new stretch, twice the last, with the line's words so far:
		// the old one keeps the lines already cut from it.
		w.size = max(2*w.size, 2*len(w.text), 4)
		w.text = append(make([]string, 0, w.size), w.text...)
		w.quoted = append(make([]bool, 0, w.size), w.quoted...)
	}
	w.text = append(w.text, text)
	w.quoted = append(w.quoted, quoted)
}

// line cuts the words added since the last line off as a line's.
func (w *words) line() (text []string, quoted []bool) {
	if len(w.text) == 0 {
		return nil, nil
	}
	text, quoted = w.text[:len(w.text):len(w.text)], w.quoted[:len(w.quoted):len(w.quoted)]
	w.text, w.quoted = w.text[len(w.text):], w.quoted[len(w.quoted):]
	return text, quoted
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
	return lexLine(n, raw, &words{})
}

// lexLine is LexLine, the words kept in w.
func lexLine(n int, raw string, w *words) (Line, error) {
	l := Line{N: n, Raw: raw}
	// A word is raw[from:to]: a bare word up to the space after it, a
	// quoted one between its quotes. Words are cut from raw, not copied.
	from, to := 0, 0
	inWord, inQuote, quoted := false, false, false
	end := len(raw)
	flush := func(i int) {
		if inWord {
			if !quoted {
				to = i
			}
			w.add(raw[from:to], quoted)
		}
		inWord, quoted = false, false
	}
	fail := func(format string, args ...any) (Line, error) {
		w.text, w.quoted = w.text[:0], w.quoted[:0]
		return l, Errorf(n, ErrSyntax, format, args...)
	}
	for i, r := range raw {
		switch {
		case inQuote:
			if r == '"' {
				inQuote, to = false, i
				continue
			}
			if unicode.IsControl(r) {
				return fail("control character in quoted text")
			}
		case r == '"':
			if inWord {
				return fail("quote inside a word")
			}
			inWord, inQuote, quoted, from = true, true, true, i+1
		case r == '#' && !inWord:
			end = i
		case r == ' ' || r == '\t':
			flush(i)
		case unicode.IsControl(r) || unicode.IsSpace(r):
			return fail("unexpected character %q", r)
		default:
			if quoted {
				return fail("text right after a closing quote")
			}
			if !inWord {
				inWord, from = true, i
			}
		}
		if end != len(raw) {
			break
		}
	}
	if inQuote {
		return fail("unterminated quote")
	}
	flush(end)
	l.Words, l.Quoted = w.line()
	if !utf8.ValidString(raw) {
		// A byte that is no UTF-8 reads as U+FFFD, as ranging over the
		// line reads it: Lex refuses such a line, but assembly reads it.
		for k, word := range l.Words {
			l.Words[k] = runesOf(word)
		}
	}
	l.Text = strings.TrimSpace(raw[:end])
	return l, nil
}

// runesOf is w with each byte that is no UTF-8 written as U+FFFD.
func runesOf(w string) string {
	var b strings.Builder
	for _, r := range w {
		b.WriteRune(r)
	}
	return b.String()
}

// KeyValue splits a "key=value" word; ok is false for a bare word (a flag).
func KeyValue(w string) (key, value string, ok bool) {
	k, v, ok := strings.Cut(w, "=")
	if !ok || k == "" {
		return "", "", false
	}
	return k, v, true
}
