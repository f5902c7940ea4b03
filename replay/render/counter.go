package render

import (
	"strings"
	"unicode/utf8"

	"github.com/pbem-referee/pbem/rules/scene"
)

// Counters as a player knows them: the nationality's colour, the designation
// on top, the size marks over the NATO unit symbol, the quality and armor
// class either side, the values at the bottom, and one pip per step (filled
// while the step is left). Each distinct face is drawn once in <defs> and
// placed with <use>; markers are small tags on the counter's right edge.

// face is what a counter shows; pieces that look alike share it.
type face struct {
	colour      scene.Colour
	typ         scene.UnitType
	size, label string
	values      string
	left, right string
	rightTone   scene.Tone
	steps, max  int
	note        string
}

// faceOf is a piece's face.
func faceOf(p scene.Piece, colours map[string]scene.Colour) face {
	c, ok := colours[p.Colour]
	if !ok {
		c = defaultColour
	}
	return face{colour: c, typ: p.Type, size: p.Size, label: p.Label, values: p.Values,
		left: p.Left, right: p.Right, rightTone: p.RightTone, steps: p.Steps, max: p.MaxSteps, note: p.Note}
}

type tag struct {
	text string
	tone scene.Tone
}

// numbering gives each distinct value a number, in first-seen order.
type numbering[T comparable] struct {
	list []T
	n    map[T]int
}

func (u *numbering[T]) of(v T) int {
	if k, ok := u.n[v]; ok {
		return k
	}
	if u.n == nil {
		u.n = map[T]int{}
	}
	u.n[v] = len(u.list)
	u.list = append(u.list, v)
	return len(u.list) - 1
}

// library numbers the faces and tags a picture uses, in first-use order.
type library struct {
	faces numbering[face]
	tags  numbering[tag]
}

func newLibrary() *library { return &library{} }

func (l *library) face(f face) int { return l.faces.of(f) }

func (l *library) tag(m scene.Marker) int { return l.tags.of(tag{m.Text, m.Tone}) }

// defs writes every face and tag as a <g> with an id: f0, f1... and m0...
func (l *library) defs(s *svg) {
	for i, f := range l.faces.list {
		s.f(`<g id="f%d">`, i)
		drawFace(s, f)
		s.raw("</g>")
	}
	for i, t := range l.tags.list {
		c := tone(t.tone)
		s.f(`<g id="m%d"><rect width="%s" height="%s" rx="1.5" fill="%s" stroke="#000" stroke-width=".4"/>`, i, num(tagW), num(tagH), c[0])
		s.text(` x="`+num(tagW/2)+`" y="6.3" font-size="6" font-weight="bold" text-anchor="middle" fill="`+c[1]+`"`+fit(t.text, 4, tagW-2), t.text)
		s.raw("</g>")
	}
}

// fit squeezes a text longer than n characters into width pixels.
func fit(text string, n int, width float64) string {
	if utf8.RuneCountInString(text) <= n {
		return ""
	}
	return ` textLength="` + num(width) + `" lengthAdjust="spacingAndGlyphs"`
}

func drawFace(s *svg, f face) {
	ink := f.colour.Ink
	s.f(`<rect x="1.3" y="1.3" width="%s" height="%s" rx="3" fill="#000" opacity=".35"/>`, num(counter), num(counter))
	s.f(`<rect width="%s" height="%s" rx="3" fill="%s" stroke="#1b1b1b" stroke-width=".8"/>`, num(counter), num(counter), f.colour.Fill)
	if f.typ == scene.TypeMarker {
		// A marker's name sits on top, where a stack fanned over it
		// leaves it readable.
		s.text(` x="22" y="10" font-size="9" font-weight="bold" text-anchor="middle" fill="`+ink+`"`+fit(f.label, 7, 38), f.label)
		return
	}
	s.text(` x="22" y="8" font-size="7" font-weight="bold" text-anchor="middle" fill="`+ink+`"`+fit(f.label, 9, 40), f.label)
	if f.size != "" {
		s.text(` x="22" y="14.2" font-size="5.5" text-anchor="middle" fill="`+ink+`"`, f.size)
	}
	symbol(s, f.typ, ink)
	if f.left != "" {
		s.text(` x="6.5" y="25" font-size="6.5" font-weight="bold" text-anchor="middle" fill="`+ink+`"`, f.left)
	}
	if f.right != "" {
		bg := "#8e8e8e"
		if f.rightTone == scene.ToneBad {
			bg = "#c62828"
		}
		s.f(`<rect x="34" y="16.5" width="8" height="9" rx="1" fill="%s" stroke="#1b1b1b" stroke-width=".4"/>`, bg)
		s.text(` x="38" y="23.6" font-size="6.5" font-weight="bold" text-anchor="middle" fill="#fff"`, f.right)
	}
	s.text(` x="20" y="41" font-size="10.5" font-weight="bold" text-anchor="middle" fill="`+ink+`"`+fit(f.values, 5, 24), f.values)
	for k := range f.max {
		fill := ink
		if k >= f.steps {
			fill = "none"
		}
		s.f(`<circle cx="%s" cy="40" r="1.5" fill="%s" stroke="%s" stroke-width=".6"/>`, num(counter-3.5-3.8*float64(k)), fill, ink)
	}
}

// symbol draws the NATO unit symbol in its box, 20 by 13 at (12, 15).
func symbol(s *svg, t scene.UnitType, ink string) {
	stroke := ` fill="none" stroke="` + ink + `" stroke-width="1"`
	if t == scene.TypeHQ {
		s.f(`<rect x="12" y="15" width="20" height="13"%s/>`, stroke)
		s.text(` x="22" y="24.5" font-size="7" font-weight="bold" text-anchor="middle" fill="`+ink+`"`, "HQ")
		return
	}
	if t == scene.TypeFortification {
		s.f(`<path d="M12 28V17h3v-3h3.5v3h3v-3h3.5v3h3v-3H32v14z"%s/>`, stroke)
		return
	}
	s.f(`<rect x="12" y="15" width="20" height="13"%s/>`, stroke)
	cross := `<path d="M12 15L32 28M32 15L12 28"` + stroke + `/>`
	switch t {
	case scene.TypeInfantry, scene.TypeSecurity:
		s.raw(cross)
	case scene.TypeAirborne:
		s.raw(cross)
		s.f(`<path d="M17.5 26.5q4.5-4 9 0"%s/>`, stroke)
	case scene.TypeGlider:
		s.raw(cross)
		s.f(`<path d="M15 25.5q7 4 14 0"%s/>`, stroke)
	case scene.TypeMountain:
		s.raw(cross)
		s.f(`<path d="M19 28l3-4l3 4z" fill="%s"/>`, ink)
	case scene.TypeCyclist:
		s.raw(cross)
		s.f(`<circle cx="18" cy="25.5" r="1.6"%s/><circle cx="26" cy="25.5" r="1.6"%s/>`, stroke, stroke)
	case scene.TypeMotorized:
		s.raw(cross)
		s.f(`<path d="M22 15v13"%s/>`, stroke)
	case scene.TypeMechanized:
		s.raw(cross)
		s.f(`<rect x="15" y="17.5" width="14" height="8" rx="4"%s/>`, stroke)
	case scene.TypeArmor:
		s.f(`<rect x="15" y="17.5" width="14" height="8" rx="4"%s/>`, stroke)
	case scene.TypeRecon:
		s.f(`<path d="M12 28L32 15"%s/>`, stroke)
	case scene.TypeAntiTank:
		s.f(`<path d="M12 28L22 15L32 28"%s/>`, stroke)
	case scene.TypeSPAntiTank:
		s.f(`<path d="M12 28L22 15L32 28"%s/><rect x="16" y="22" width="12" height="5" rx="2.5"%s/>`, stroke, stroke)
	case scene.TypeFlak:
		s.f(`<path d="M14 28q8-10 16 0"%s/>`, stroke)
	case scene.TypeArtillery:
		s.f(`<circle cx="22" cy="21.5" r="2.5" fill="%s"/>`, ink)
	case scene.TypeRocket:
		s.f(`<circle cx="22" cy="23" r="2.2" fill="%s"/><path d="M19 19.5l3-3l3 3"%s/>`, ink, stroke)
	case scene.TypeEngineer:
		s.f(`<path d="M16 25v-5h12v5M22 20v5"%s/>`, stroke)
	case scene.TypeCommando:
		s.raw(cross)
		s.text(` x="22" y="23.2" font-size="5" font-weight="bold" text-anchor="middle" fill="`+ink+`"`, "C")
	default:
		// A type the renderer does not know: the box alone, with its name.
		s.text(` x="22" y="24" font-size="5" text-anchor="middle" fill="`+ink+`"`, strings.ToUpper(shorten(string(t), 5)))
	}
}

func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// pieceTitle is a piece's tooltip: its label, what its counter says beyond
// the face, and its markers.
func pieceTitle(p scene.Piece) string {
	parts := []string{p.Label}
	if p.Values != "" {
		parts[0] += " " + p.Values
	}
	if p.Note != "" {
		parts = append(parts, p.Note)
	}
	for _, m := range p.Markers {
		if m.Note != "" {
			parts = append(parts, m.Note)
		} else {
			parts = append(parts, m.Text)
		}
	}
	return strings.Join(parts, "; ")
}
