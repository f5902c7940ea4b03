package logs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Errors that callers must tell apart when a body is refused.
var (
	// ErrMalformed: the bytes are not a valid body at all (bad JSON, unknown or
	// missing field, wrong type, wrong version, number out of range).
	ErrMalformed = errors.New("malformed body")
	// ErrNotCanonical: a valid body, but not in the one canonical encoding, so its
	// signature and hash would not be reproducible.
	ErrNotCanonical = errors.New("body is not canonical")
)

// MaxSafeInt is the largest integer magnitude a body may hold (2^53-1), the
// range every JSON implementation represents exactly.
const MaxSafeInt = 1<<53 - 1

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 64

// Canonical encodes a generic JSON value in the canonical form of DESIGN.md (an
// RFC 8785 subset): map[string]any, []any, []string, string, bool, nil, Go
// integers and integer json.Numbers. Floats, non-integers, integers beyond
// ±MaxSafeInt, invalid UTF-8 and strings not in NFC are refused.
func Canonical(v any) ([]byte, error) {
	e := &encoder{}
	e.value(v, 0)
	if e.err != nil {
		return nil, e.err
	}
	return e.buf, nil
}

// EncodeBody returns the canonical bytes of b. The eight common fields are always
// present; the others are left out when empty, as their omitempty tags say.
func EncodeBody(b *Body) ([]byte, error) {
	if b.V != Version {
		return nil, fmt.Errorf("%w: field v: version %d, want %d", ErrMalformed, b.V, Version)
	}
	if b.Kind == "" {
		return nil, fmt.Errorf("%w: field kind: empty", ErrMalformed)
	}
	e := &encoder{buf: make([]byte, 0, 256)}
	writeObject(e, bodyFields, b)
	if e.err != nil {
		return nil, e.err
	}
	return e.buf, nil
}

// DecodeBody parses a body strictly and accepts it only in canonical form: it is
// re-encoded and must come out byte for byte as it came in.
func DecodeBody(data []byte) (*Body, error) {
	p := &parser{data: data}
	v, err := p.parse()
	if err != nil {
		return nil, err
	}
	if v.kind != jObject {
		return nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	d := &decoder{issue: p.issue}
	var b Body
	if err := decodeObject(d, "", v, bodyFields, &b); err != nil {
		return nil, err
	}
	if b.V != Version {
		return nil, fmt.Errorf("%w: field v: version %d, want %d", ErrMalformed, b.V, Version)
	}
	if b.Kind == "" {
		return nil, fmt.Errorf("%w: field kind: empty", ErrMalformed)
	}
	enc, err := EncodeBody(&b)
	if err != nil {
		// The only encode failures left are those the parser already noted (a
		// string not in NFC); report them as such.
		if d.issue.msg != "" {
			return nil, fmt.Errorf("%w: %s at byte %d", ErrNotCanonical, d.issue.msg, d.issue.off)
		}
		return nil, err
	}
	if !bytes.Equal(enc, data) {
		at := firstDiff(enc, data)
		if d.issue.msg != "" {
			return nil, fmt.Errorf("%w: %s at byte %d (re-encoding differs from byte %d)", ErrNotCanonical, d.issue.msg, d.issue.off, at)
		}
		return nil, fmt.Errorf("%w: re-encoding differs from byte %d", ErrNotCanonical, at)
	}
	return &b, nil
}

func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// compareUTF16 orders strings by their UTF-16 code units, as RFC 8785 sorts
// object keys. It differs from byte (code point) order only where a character
// above U+FFFF meets one in U+E000..U+FFFF.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return cmpUnits(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// cmpUnits compares two distinct runes by their UTF-16 encodings.
func cmpUnits(ra, rb rune) int {
	ua, la := utf16Units(ra)
	ub, lb := utf16Units(rb)
	if ua != ub {
		return cmpInt(ua, ub)
	}
	return cmpInt(la, lb)
}

func utf16Units(r rune) (hi, lo rune) {
	if r >= 0x10000 {
		return utf16.EncodeRune(r)
	}
	return r, 0
}

func cmpInt(a, b rune) int {
	if a < b {
		return -1
	}
	return 1
}

// checkString refuses what a canonical string may not hold.
func checkString(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("invalid UTF-8")
	}
	if !norm.NFC.IsNormalString(s) {
		return errors.New("string not in Unicode NFC")
	}
	return nil
}

func checkInt(n int64) error {
	if n > MaxSafeInt || n < -MaxSafeInt {
		return fmt.Errorf("integer %d out of range ±(2^53-1)", n)
	}
	return nil
}

// appendString writes s quoted as ECMAScript JSON.stringify does: only '"',
// '\\' and control characters are escaped; '/' and non-ASCII are kept as is.
func appendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// encoder accumulates canonical output and the first error, naming the field.
type encoder struct {
	buf  []byte
	err  error
	path string
}

func (e *encoder) fail(err error) {
	if e.err == nil {
		if e.path != "" {
			err = fmt.Errorf("field %s: %w", e.path, err)
		}
		e.err = fmt.Errorf("%w: %w", ErrMalformed, err)
	}
}

func (e *encoder) str(s string) {
	if err := checkString(s); err != nil {
		e.fail(err)
		return
	}
	e.buf = appendString(e.buf, s)
}

func (e *encoder) int(n int64) {
	if err := checkInt(n); err != nil {
		e.fail(err)
		return
	}
	e.buf = strconv.AppendInt(e.buf, n, 10)
}

func (e *encoder) strs(ss []string) {
	e.buf = append(e.buf, '[')
	for i, s := range ss {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.str(s)
	}
	e.buf = append(e.buf, ']')
}

func (e *encoder) ints(ns []int) {
	e.buf = append(e.buf, '[')
	for i, n := range ns {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.int(int64(n))
	}
	e.buf = append(e.buf, ']')
}

func (e *encoder) value(v any, depth int) {
	if depth > maxDepth {
		e.fail(fmt.Errorf("nested deeper than %d", maxDepth))
		return
	}
	switch v := v.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case bool:
		e.buf = strconv.AppendBool(e.buf, v)
	case string:
		e.str(v)
	case int:
		e.int(int64(v))
	case int8:
		e.int(int64(v))
	case int16:
		e.int(int64(v))
	case int32:
		e.int(int64(v))
	case int64:
		e.int(v)
	case uint:
		e.uint(uint64(v))
	case uint8:
		e.int(int64(v))
	case uint16:
		e.int(int64(v))
	case uint32:
		e.int(int64(v))
	case uint64:
		e.uint(v)
	case json.Number:
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			e.fail(fmt.Errorf("number %q is not an integer in range", string(v)))
			return
		}
		e.int(n)
	case float32, float64:
		e.fail(fmt.Errorf("floating-point value %v: bodies hold integers only", v))
	case []string:
		e.strs(v)
	case []any:
		e.buf = append(e.buf, '[')
		for i, x := range v {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.value(x, depth+1)
		}
		e.buf = append(e.buf, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, compareUTF16)
		e.buf = append(e.buf, '{')
		for i, k := range keys {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.str(k)
			e.buf = append(e.buf, ':')
			e.value(v[k], depth+1)
		}
		e.buf = append(e.buf, '}')
	default:
		e.fail(fmt.Errorf("unsupported type %T", v))
	}
}

func (e *encoder) uint(n uint64) {
	if n > MaxSafeInt {
		e.fail(fmt.Errorf("integer %d out of range ±(2^53-1)", n))
		return
	}
	e.int(int64(n))
}

// field describes one member of a struct encoded as a JSON object. The same
// table drives encoding and decoding so the two cannot drift apart.
type field[T any] struct {
	name string
	// always: emitted even when empty (the common fields); otherwise the field
	// is omitted when empty and must be present when decoding.
	always bool
	set    func(*T) bool // non-empty, for omitempty fields
	enc    func(*encoder, *T)
	dec    func(*decoder, string, *jvalue, *T) error
}

// sortFields puts a table in canonical key order once, at start-up.
func sortFields[T any](fs []field[T]) []field[T] {
	slices.SortFunc(fs, func(a, b field[T]) int { return compareUTF16(a.name, b.name) })
	return fs
}

func writeObject[T any](e *encoder, fs []field[T], v *T) {
	outer := e.path
	e.buf = append(e.buf, '{')
	first := true
	for i := range fs {
		f := &fs[i]
		if !f.always && !f.set(v) {
			continue
		}
		if !first {
			e.buf = append(e.buf, ',')
		}
		first = false
		e.buf = appendString(e.buf, f.name)
		e.buf = append(e.buf, ':')
		e.path = joinPath(outer, f.name)
		f.enc(e, v)
	}
	e.path = outer
	e.buf = append(e.buf, '}')
}

func joinPath(outer, name string) string {
	if outer == "" {
		return name
	}
	return outer + "." + name
}

func decodeObject[T any](d *decoder, path string, v *jvalue, fs []field[T], t *T) error {
	if v.kind != jObject {
		return d.typeErr(path, "object", v)
	}
	seen := make([]bool, len(fs))
	for i := range v.members {
		m := &v.members[i]
		j := slices.IndexFunc(fs, func(f field[T]) bool { return f.name == m.key })
		p := joinPath(path, m.key)
		if j < 0 {
			return fmt.Errorf("%w: unknown field %s", ErrMalformed, strconv.Quote(p))
		}
		seen[j] = true
		f := &fs[j]
		if err := f.dec(d, p, &m.val, t); err != nil {
			return err
		}
		if !f.always && !f.set(t) {
			d.note(m.keyOff, "field "+p+": empty value must be left out")
		}
	}
	for j := range fs {
		if fs[j].always && !seen[j] {
			return fmt.Errorf("%w: missing field %s", ErrMalformed, strconv.Quote(joinPath(path, fs[j].name)))
		}
	}
	return nil
}

// decoder converts parsed values to Go fields and keeps the first sign of a
// non-canonical encoding, to explain a mismatch.
type decoder struct {
	issue issue
}

func (d *decoder) note(off int, msg string) {
	if d.issue.msg == "" || off < d.issue.off {
		d.issue = issue{off: off, msg: msg}
	}
}

func (d *decoder) typeErr(path, want string, v *jvalue) error {
	return fmt.Errorf("%w: field %s: want %s, got %s", ErrMalformed, path, want, v.kind)
}

func (d *decoder) str(path string, v *jvalue) (string, error) {
	if v.kind != jString {
		return "", d.typeErr(path, "string", v)
	}
	return v.str, nil
}

func (d *decoder) int(path string, v *jvalue) (int64, error) {
	if v.kind != jNumber {
		return 0, d.typeErr(path, "integer", v)
	}
	return v.num, nil
}

func (d *decoder) strs(path string, v *jvalue) ([]string, error) {
	if v.kind != jArray {
		return nil, d.typeErr(path, "array of strings", v)
	}
	out := make([]string, len(v.elems))
	for i := range v.elems {
		if v.elems[i].kind != jString {
			return nil, d.typeErr(fmt.Sprintf("%s[%d]", path, i), "string", &v.elems[i])
		}
		out[i] = v.elems[i].str
	}
	return out, nil
}

func (d *decoder) ints(path string, v *jvalue) ([]int, error) {
	if v.kind != jArray {
		return nil, d.typeErr(path, "array of integers", v)
	}
	out := make([]int, len(v.elems))
	for i := range v.elems {
		if v.elems[i].kind != jNumber {
			return nil, d.typeErr(fmt.Sprintf("%s[%d]", path, i), "integer", &v.elems[i])
		}
		out[i] = int(v.elems[i].num)
	}
	return out, nil
}

// Field-table builders for the three kinds of Go field a body uses.

func strField[T any](name string, always bool, get func(*T) *string) field[T] {
	return field[T]{
		name:   name,
		always: always,
		set:    func(t *T) bool { return *get(t) != "" },
		enc:    func(e *encoder, t *T) { e.str(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			s, err := d.str(p, v)
			*get(t) = s
			return err
		},
	}
}

func intField[T any](name string, always bool, get func(*T) *int64) field[T] {
	return field[T]{
		name:   name,
		always: always,
		set:    func(t *T) bool { return *get(t) != 0 },
		enc:    func(e *encoder, t *T) { e.int(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			n, err := d.int(p, v)
			*get(t) = n
			return err
		},
	}
}

func strsField[T any](name string, get func(*T) *[]string) field[T] {
	return field[T]{
		name: name,
		set:  func(t *T) bool { return len(*get(t)) > 0 },
		enc:  func(e *encoder, t *T) { e.strs(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			ss, err := d.strs(p, v)
			*get(t) = ss
			return err
		},
	}
}

func intsField[T any](name string, get func(*T) *[]int) field[T] {
	return field[T]{
		name:   name,
		always: true, // Draw's slices have no omitempty; nil encodes as []
		enc:    func(e *encoder, t *T) { e.ints(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			ns, err := d.ints(p, v)
			*get(t) = ns
			return err
		},
	}
}

// objectsField encodes a slice of structs, omitted when empty.
func objectsField[T, E any](name string, fs *[]field[E], get func(*T) *[]E) field[T] {
	return field[T]{
		name: name,
		set:  func(t *T) bool { return len(*get(t)) > 0 },
		enc: func(e *encoder, t *T) {
			outer := e.path
			e.buf = append(e.buf, '[')
			for i := range *get(t) {
				if i > 0 {
					e.buf = append(e.buf, ',')
				}
				e.path = fmt.Sprintf("%s[%d]", outer, i)
				writeObject(e, *fs, &(*get(t))[i])
			}
			e.path = outer
			e.buf = append(e.buf, ']')
		},
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			if v.kind != jArray {
				return d.typeErr(p, "array of objects", v)
			}
			out := make([]E, len(v.elems))
			for i := range v.elems {
				if err := decodeObject(d, fmt.Sprintf("%s[%d]", p, i), &v.elems[i], *fs, &out[i]); err != nil {
					return err
				}
			}
			*get(t) = out
			return nil
		},
	}
}

var seatFields = sortFields([]field[Seat]{
	strField("seat", true, func(s *Seat) *string { return &s.Seat }),
	strField("key", false, func(s *Seat) *string { return &s.Key }),
	strField("head", false, func(s *Seat) *string { return &s.Head }),
	strField("name", false, func(s *Seat) *string { return &s.Name }),
	strField("mail", false, func(s *Seat) *string { return &s.Mail }),
})

var drawFields = sortFields([]field[Draw]{
	intField("epoch", true, func(d *Draw) *int64 { return &d.Epoch }),
	strField("for", true, func(d *Draw) *string { return &d.For }),
	intsField("sides", func(d *Draw) *[]int { return &d.Sides }),
	intsField("values", func(d *Draw) *[]int { return &d.Values }),
})

var bodyFields = sortFields([]field[Body]{
	{
		name:   "v",
		always: true,
		enc:    func(e *encoder, b *Body) { e.int(int64(b.V)) },
		dec: func(d *decoder, p string, v *jvalue, b *Body) error {
			n, err := d.int(p, v)
			if err == nil && (n < math.MinInt32 || n > math.MaxInt32) {
				return fmt.Errorf("%w: field v: version %d, want %d", ErrMalformed, n, Version)
			}
			b.V = int(n)
			return err
		},
	},
	strField("game", true, func(b *Body) *string { return &b.Game }),
	intField("seq", true, func(b *Body) *int64 { return &b.Seq }),
	strField("prev", true, func(b *Body) *string { return &b.Prev }),
	strField("by", true, func(b *Body) *string { return &b.By }),
	strField("ts", true, func(b *Body) *string { return &b.TS }),
	strField("kind", true, func(b *Body) *string { return (*string)(&b.Kind) }),
	strField("state", true, func(b *Body) *string { return &b.State }),

	strField("rules", false, func(b *Body) *string { return &b.Rules }),
	strField("engine", false, func(b *Body) *string { return &b.Engine }),
	strField("variant", false, func(b *Body) *string { return &b.Variant }),
	strField("scenario", false, func(b *Body) *string { return &b.Scenario }),
	strField("digest", false, func(b *Body) *string { return &b.Digest }),
	strsField("options", func(b *Body) *[]string { return &b.Options }),
	strField("dice", false, func(b *Body) *string { return (*string)(&b.Dice) }),
	objectsField("seats", &seatFields, func(b *Body) *[]Seat { return &b.Seats }),

	strField("key", false, func(b *Body) *string { return &b.Key }),
	strField("head", false, func(b *Body) *string { return &b.Head }),
	strField("name", false, func(b *Body) *string { return &b.Name }),
	strField("mail", false, func(b *Body) *string { return &b.Mail }),

	strsField("commands", func(b *Body) *[]string { return &b.Commands }),

	strField("link", false, func(b *Body) *string { return &b.Link }),
	intField("epoch", false, func(b *Body) *int64 { return &b.Epoch }),
	intField("request", false, func(b *Body) *int64 { return &b.Request }),
	objectsField("draws", &drawFields, func(b *Body) *[]Draw { return &b.Draws }),

	strField("text", false, func(b *Body) *string { return &b.Text }),
	intField("to", false, func(b *Body) *int64 { return &b.To }),
})

// The strict JSON parser. encoding/json cannot report duplicate keys, key order
// or escape forms, so bodies are read by this small RFC 8259 parser instead.

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
