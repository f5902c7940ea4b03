package logs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
	if err := checkVersion(int64(b.V)); err != nil {
		return nil, err
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
		return nil, err // a version pbem does not know among them
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
