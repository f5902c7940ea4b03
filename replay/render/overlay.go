package render

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Overlays over the board: areas (zones of control hatched in the side's
// colour, control flags, supply rings), move arrows and the last combat.
// Each area kind is one template placed on each of its cells, so that a
// replay can add and remove cells one by one.

type areaKind string

const (
	areaZOC     areaKind = "zoc"
	areaControl areaKind = "control"
	areaSupply  areaKind = "supply"
)

// layer is one area of the overlays: what it marks and for whom.
type layer struct {
	kind   areaKind
	colour string
	tone   scene.Tone
	label  string
}

// layersOf lists a scene's areas as layers, with the cells of each.
func layersOf(o scene.Overlays) ([]layer, [][]string) {
	var ls []layer
	var cells [][]string
	for _, set := range []struct {
		kind  areaKind
		areas []scene.Area
	}{{areaZOC, o.ZOC}, {areaControl, o.Control}, {areaSupply, o.Supply}} {
		for _, a := range set.areas {
			ls = append(ls, layer{kind: set.kind, colour: a.Colour, tone: a.Tone, label: a.Label})
			cells = append(cells, a.Cells)
		}
	}
	return ls, cells
}

// hexShape is a hex's outline around (0, 0), shrunk by inset pixels.
func (p *picture) hexShape(inset float64) string {
	if p.grid == nil {
		return ""
	}
	a := hex.Axial{}
	c := p.grid.center(a)
	cs := p.grid.corners(a)
	ps := make([]point, 6)
	for i, q := range cs {
		ps[i] = q.sub(c).scale((hexSize - inset) / hexSize)
	}
	return path(ps, true)
}

// layerDefs writes each layer's template, a0, a1...
func (p *picture) layerDefs(s *svg, ls []layer) {
	for i, l := range ls {
		col := p.colourFill(l.colour, "#555555")
		switch l.kind {
		case areaZOC:
			s.f(`<pattern id="zh%d" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(%d)"><path d="M0 0v9" stroke="%s" stroke-width="1.6" opacity=".55"/></pattern>`,
				i, 45+90*(i%2), col)
			s.f(`<path id="a%d" d="%s" fill="url(#zh%d)"/>`, i, p.hexShape(1), i)
		case areaControl:
			s.f(`<g id="a%d"><path d="M%s v-13" stroke="#222" stroke-width="1"/><path d="M%s h10 l-2.5 3.5 l2.5 3.5 h-10z" fill="%s" stroke="#222" stroke-width=".7"/></g>`,
				i, pt(point{controlX * hexSize, 2}), pt(point{controlX * hexSize, -11}), col)
		case areaSupply:
			c := tone(l.tone)[0]
			s.f(`<path id="a%d" d="%s" fill="none" stroke="%s" stroke-width="3.5" stroke-opacity=".8"/>`, i, p.hexShape(4), c)
		}
	}
}

// areaUse places layer i's template on a cell.
func (p *picture) areaUse(i int, cell string) string {
	c, ok := p.at(cell)
	if !ok {
		return ""
	}
	return fmt.Sprintf(`<use href="#a%d" x="%s" y="%s"/>`, i, num(c.x), num(c.y))
}

// moveColours: a move in dark blue, a retreat in red, an advance in orange.
var moveColours = map[scene.MoveKind]string{
	scene.MoveNormal: "#1a237e", scene.MoveRetreat: "#c62828", scene.MoveAdvance: "#e65100",
}

// arrowDefs writes the arrowheads of moves.
func arrowDefs(s *svg) {
	for _, k := range []scene.MoveKind{scene.MoveNormal, scene.MoveRetreat, scene.MoveAdvance} {
		s.f(`<marker id="ar-%s" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="%s"/></marker>`,
			k, moveColours[k])
	}
}

// moveMarkup draws a move as an arrow through the centres of its path.
func (p *picture) moveMarkup(m scene.Move) string {
	var ps []point
	for _, id := range m.Path {
		if c, ok := p.at(id); ok {
			ps = append(ps, c)
		}
	}
	if len(ps) == 0 {
		return ""
	}
	kind := m.Kind
	if _, ok := moveColours[kind]; !ok {
		kind = scene.MoveNormal
	}
	title := fmt.Sprintf("<title>%s %s %s</title>", esc(strings.Join(m.Pieces, ", ")), kind, esc(strings.Join(m.Path, " ")))
	if len(ps) == 1 {
		return fmt.Sprintf(`<circle cx="%s" cy="%s" r="9" fill="none" stroke="%s" stroke-width="3">%s</circle>`, num(ps[0].x), num(ps[0].y), moveColours[kind], title)
	}
	d := path(ps, false)
	dash := ""
	if kind == scene.MoveRetreat {
		dash = ` stroke-dasharray="8 4"`
	}
	return fmt.Sprintf(`<path d="%s" fill="none" stroke="#fff" stroke-width="7" stroke-opacity=".8" stroke-linecap="round" stroke-linejoin="round"/>`+
		`<path d="%s" fill="none" stroke="%s" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"%s marker-end="url(#ar-%s)">%s</path>`,
		d, d, moveColours[kind], dash, kind, title)
}

// combatMarkup draws a combat: a ring on the defenders' hex, an arrow from
// each hex attacked from, and a label with the odds and the result.
func (p *picture) combatMarkup(c *scene.Combat) string {
	at, ok := p.at(c.Cell)
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, from := range c.From {
		f, ok := p.at(from)
		if !ok {
			continue
		}
		fmt.Fprintf(&b, `<path d="M%sL%s" stroke="#b71c1c" stroke-width="4" stroke-opacity=".85" marker-end="url(#ar-retreat)"/>`, pt(f.lerp(at, 0.3)), pt(f.lerp(at, 0.78)))
	}
	fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#b71c1c" stroke-width="3.5"/>`, num(at.x), num(at.y), num(hexSize*0.8))
	for _, m := range append(append([]scene.Move{}, c.Retreats...), c.Advances...) {
		b.WriteString(p.moveMarkup(m))
	}
	label := combatLabel(c)
	w := 7 + 5.6*float64(len([]rune(label)))
	x, y := at.x+hexSize*0.55, at.y-hexSize*0.95
	fmt.Fprintf(&b, `<g><rect x="%s" y="%s" width="%s" height="15" rx="3" fill="#fff8e1" stroke="#b71c1c" stroke-width="1.2"/><text x="%s" y="%s" font-size="10" font-weight="bold" fill="#7f0000">%s</text><title>%s</title></g>`,
		num(x), num(y), num(w), num(x+4), num(y+11), esc(label), esc(c.Text))
	return b.String()
}

// combatLabel is a combat in a few characters: "Combat 3: 2-1, die 5: DR".
func combatLabel(c *scene.Combat) string {
	s := fmt.Sprintf("Combat %d: %s", c.N, c.Column)
	switch {
	case c.Die > 0:
		s += fmt.Sprintf(", die %d: %s", c.Die, c.Result)
	case c.Result != "":
		s += ": " + c.Result
	}
	return s
}
