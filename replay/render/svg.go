package render

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// svg builds markup in memory. Numbers are printed with at most one decimal,
// so the same scene always gives the same bytes (golden files hold them).
type svg struct{ b bytes.Buffer }

func (s *svg) raw(text string)              { s.b.WriteString(text) }
func (s *svg) f(format string, args ...any) { fmt.Fprintf(&s.b, format, args...) }
func (s *svg) bytes() []byte                { return s.b.Bytes() }
func (s *svg) elem(tag, attrs string)       { s.f("<%s%s/>", tag, attrs) }
func (s *svg) text(attrs, text string)      { s.f("<text%s>%s</text>", attrs, esc(text)) }
func (s *svg) title(text string)            { s.f("<title>%s</title>", esc(text)) }

// num prints a coordinate: rounded to a tenth, without a trailing ".0".
func num(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0" // never "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// pt prints a point as "x,y".
func pt(p point) string { return num(p.x) + "," + num(p.y) }

// path is an SVG path through points, closed when closed is set.
func path(ps []point, closed bool) string {
	var b strings.Builder
	for i, p := range ps {
		if i == 0 {
			b.WriteString("M")
		} else {
			b.WriteString("L")
		}
		b.WriteString(pt(p))
	}
	if closed {
		b.WriteString("Z")
	}
	return b.String()
}

// esc escapes text for XML content and attribute values. Control characters
// (never in a checked scene) are dropped: XML 1.0 cannot carry most of them.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0xfffe || r == 0xffff:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
