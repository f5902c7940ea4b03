package logs

// A strict JSON parser for entry bodies: it keeps what encoding/json cannot
// report (duplicate keys, key order, escape forms), so that a body that is not
// canonical is refused with the reason.

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

type jvalue struct {
	kind    jkind
	off     int    // byte offset where the value starts
	str     string // string content
	num     int64  // number value; bools as 0/1
	elems   []jvalue
	members []jmember
}

type jmember struct {
	key    string
	keyOff int
	val    jvalue
}

// issue is the first non-canonical feature seen: where, and what.
type issue struct {
	off int
	msg string
}

type parser struct {
	data  []byte
	pos   int
	depth int
	issue issue
}

func (p *parser) errf(off int, format string, args ...any) error {
	return fmt.Errorf("%w: byte %d: %s", ErrMalformed, off, fmt.Sprintf(format, args...))
}

func (p *parser) note(off int, msg string) {
	if p.issue.msg == "" {
		p.issue = issue{off: off, msg: msg}
	}
}

func (p *parser) parse() (*jvalue, error) {
	if len(p.data) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrMalformed)
	}
	var v jvalue
	if err := p.value(&v); err != nil {
		return nil, err
	}
	p.space()
	if p.pos != len(p.data) {
		return nil, p.errf(p.pos, "data after the end of the value")
	}
	return &v, nil
}

func (p *parser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.note(p.pos, "whitespace")
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(v *jvalue) error {
	p.space()
	if p.pos >= len(p.data) {
		return p.errf(p.pos, "unexpected end of input")
	}
	v.off = p.pos
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(v)
	case c == '[':
		return p.array(v)
	case c == '"':
		v.kind = jString
		s, err := p.string()
		v.str = s
		return err
	case c == '-' || ('0' <= c && c <= '9'):
		v.kind = jNumber
		return p.number(v)
	case c == 't':
		v.kind, v.num = jBool, 1
		return p.literal("true")
	case c == 'f':
		v.kind = jBool
		return p.literal("false")
	case c == 'n':
		v.kind = jNull
		return p.literal("null")
	default:
		return p.errf(p.pos, "unexpected %s", quoteByte(c))
	}
}

func quoteByte(c byte) string {
	return strconv.QuoteRune(rune(c))
}

func (p *parser) literal(word string) error {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(word)) {
		return p.errf(p.pos, "invalid literal")
	}
	p.pos += len(word)
	return nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errf(p.pos, "nested deeper than %d", maxDepth)
	}
	return nil
}

func (p *parser) array(v *jvalue) error {
	v.kind = jArray
	if err := p.enter(); err != nil {
		return err
	}
	p.pos++ // [
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		p.depth--
		return nil
	}
	for {
		v.elems = append(v.elems, jvalue{})
		if err := p.value(&v.elems[len(v.elems)-1]); err != nil {
			return err
		}
		p.space()
		if p.pos >= len(p.data) {
			return p.errf(p.pos, "unexpected end of input in array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.depth--
			return nil
		default:
			return p.errf(p.pos, "want ',' or ']' in array, got %s", quoteByte(p.data[p.pos]))
		}
	}
}

func (p *parser) object(v *jvalue) error {
	v.kind = jObject
	if err := p.enter(); err != nil {
		return err
	}
	p.pos++ // {
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		p.depth--
		return nil
	}
	var seen map[string]struct{} // only for large objects; small ones scan
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return p.errf(p.pos, "want a string key in object")
		}
		keyOff := p.pos
		key, err := p.string()
		if err != nil {
			return err
		}
		if dup := p.duplicate(v.members, &seen, key); dup {
			return p.errf(keyOff, "duplicate key %s", strconv.Quote(key))
		}
		if n := len(v.members); n > 0 && compareUTF16(v.members[n-1].key, key) > 0 {
			p.note(keyOff, fmt.Sprintf("key order: %s after %s", strconv.Quote(key), strconv.Quote(v.members[n-1].key)))
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return p.errf(p.pos, "want ':' after object key")
		}
		p.pos++
		v.members = append(v.members, jmember{key: key, keyOff: keyOff})
		if err := p.value(&v.members[len(v.members)-1].val); err != nil {
			return err
		}
		p.space()
		if p.pos >= len(p.data) {
			return p.errf(p.pos, "unexpected end of input in object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			p.depth--
			return nil
		default:
			return p.errf(p.pos, "want ',' or '}' in object, got %s", quoteByte(p.data[p.pos]))
		}
	}
}

// duplicate reports whether key is already among ms, switching to a map once
// an object is large enough that scanning would be quadratic.
func (p *parser) duplicate(ms []jmember, seen *map[string]struct{}, key string) bool {
	const scanLimit = 16
	if len(ms) < scanLimit {
		for i := range ms {
			if ms[i].key == key {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]struct{}, 2*len(ms))
		for i := range ms {
			(*seen)[ms[i].key] = struct{}{}
		}
	}
	if _, ok := (*seen)[key]; ok {
		return true
	}
	(*seen)[key] = struct{}{}
	return false
}

func (p *parser) number(v *jvalue) error {
	start := p.pos
	d := p.data
	i := p.pos
	if d[i] == '-' {
		i++
	}
	digits := i
	for i < len(d) && '0' <= d[i] && d[i] <= '9' {
		i++
	}
	if i == digits {
		return p.errf(start, "invalid number")
	}
	if d[digits] == '0' && i-digits > 1 {
		return p.errf(start, "number with a leading zero")
	}
	if i < len(d) && (d[i] == '.' || d[i] == 'e' || d[i] == 'E') {
		return p.errf(start, "not an integer: bodies hold no fractions or exponents")
	}
	lit := string(d[start:i])
	n, err := strconv.ParseInt(lit, 10, 64)
	if err != nil || checkInt(n) != nil {
		return p.errf(start, "integer %s out of range ±(2^53-1)", lit)
	}
	if lit == "-0" {
		p.note(start, "-0")
	}
	v.num = n
	p.pos = i
	return nil
}

// string reads a quoted string at p.pos, unescaping it and noting any escape
// that the canonical form would write otherwise.
func (p *parser) string() (string, error) {
	start := p.pos
	p.pos++ // opening quote
	d := p.data
	var out []byte // nil until the first escape: most strings have none
	run := p.pos
	for {
		if p.pos >= len(d) {
			return "", p.errf(start, "unterminated string")
		}
		c := d[p.pos]
		switch {
		case c == '"':
			var s string
			if out == nil {
				s = string(d[run:p.pos])
			} else {
				s = string(append(out, d[run:p.pos]...))
			}
			p.pos++
			if !utf8.ValidString(s) {
				return "", p.errf(start, "invalid UTF-8 in string")
			}
			if !norm.NFC.IsNormalString(s) {
				p.note(start, "string not in Unicode NFC")
			}
			return s, nil
		case c < 0x20:
			return "", p.errf(p.pos, "unescaped control character %s in string", quoteByte(c))
		case c == '\\':
			if out == nil {
				out = make([]byte, 0, p.pos-run+16)
			}
			out = append(out, d[run:p.pos]...)
			var err error
			out, err = p.escape(out)
			if err != nil {
				return "", err
			}
			run = p.pos
		default:
			p.pos++
		}
	}
}

// escape decodes the escape sequence at p.pos onto out.
func (p *parser) escape(out []byte) ([]byte, error) {
	d := p.data
	at := p.pos
	if at+1 >= len(d) {
		return nil, p.errf(at, "unterminated escape")
	}
	p.pos += 2
	switch c := d[at+1]; c {
	case '"', '\\':
		return append(out, c), nil
	case '/':
		p.note(at, `escape \/`)
		return append(out, '/'), nil
	case 'b':
		return append(out, '\b'), nil
	case 'f':
		return append(out, '\f'), nil
	case 'n':
		return append(out, '\n'), nil
	case 'r':
		return append(out, '\r'), nil
	case 't':
		return append(out, '\t'), nil
	case 'u':
		r, lower, ok := hex4(d[at+2:])
		if !ok {
			return nil, p.errf(at, `invalid \u escape`)
		}
		p.pos += 4
		if utf16.IsSurrogate(r) {
			var r2 rune
			ok = false
			if r < 0xdc00 && p.pos+1 < len(d) && d[p.pos] == '\\' && d[p.pos+1] == 'u' {
				r2, _, ok = hex4(d[p.pos+2:])
			}
			if !ok || r2 < 0xdc00 || r2 > 0xdfff {
				return nil, p.errf(at, "unpaired surrogate in \\u escape")
			}
			p.pos += 6
			p.note(at, `\u escape of a character that is written as is`)
			return utf8.AppendRune(out, utf16.DecodeRune(r, r2)), nil
		}
		switch {
		case r >= 0x20:
			p.note(at, `\u escape of a character that is written as is`)
		case r == '\b' || r == '\f' || r == '\n' || r == '\r' || r == '\t':
			p.note(at, `\u escape of a character that has a short form`)
		case !lower:
			p.note(at, `\u escape with upper-case hex`)
		}
		return utf8.AppendRune(out, r), nil
	default:
		return nil, p.errf(at, "invalid escape \\%s", string(rune(c)))
	}
}

// hex4 reads four hex digits, reporting whether any letters were lower case only.
func hex4(b []byte) (r rune, lower, ok bool) {
	if len(b) < 4 {
		return 0, false, false
	}
	lower = true
	for _, c := range b[:4] {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
			lower = false
		default:
			return 0, false, false
		}
		r = r<<4 | rune(v)
	}
	return r, lower, true
}
