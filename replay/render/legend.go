package render

import (
	"math"
	"slices"

	"github.com/pbem-referee/pbem/rules/scene"
)

// The legend under the map, the header over it, the notes and the boxes
// beside it.

const (
	legendItemW = 230.0
	legendItemH = 20.0
)

// legend collects the legend's items, each drawn at (0, 0) by a function.
type legend struct {
	items []legendItem
}

type legendItem struct {
	label string
	draw  func(s *svg)
}

func (l *legend) add(label string, draw func(s *svg)) {
	l.items = append(l.items, legendItem{label, draw})
}

// placeWords name the kinds of places in the legend.
var placeWords = map[scene.PlaceKind]string{
	scene.PlaceDrop: "Parachute drop zone", scene.PlaceGlider: "Glider landing zone",
	scene.PlaceEntry: "Entry hex, in its zone's colour", scene.PlaceBattery: "Coastal battery",
	scene.PlacePort: "Port, Mulberry", scene.PlaceFort: "Fort", scene.PlaceMobilization: "Mobilization hex",
	scene.PlaceObjective: "Objective",
}

// legendOf lists what the picture shows: terrain, hexsides, roads, zones,
// places, counter colours, markers and overlays.
func (p *picture) legendOf(lib *library, tagNotes map[tag]string, ls []layer, zoc bool) *legend {
	l := &legend{}
	if b := p.board; b != nil {
		shape := p.hexShape(0)
		for _, c := range b.Classes {
			if p.usedBy[c.ID] != "cell" {
				continue
			}
			fill := p.fill(c.ID)
			town := c.Look == scene.LookTown
			l.add(c.Label, func(s *svg) {
				s.f(`<g transform="translate(9 0) scale(.22)"><path d="%s" fill="%s" stroke="#333" stroke-width="3"/>`, shape, fill)
				if town {
					s.f(`<path d="%s" fill="#c8705f" stroke="#7d3a2e" stroke-width="3"/>`, path(townShape, true))
				}
				s.raw(`</g>`)
			})
		}
		for _, c := range b.Classes {
			if u := p.usedBy[c.ID]; u != "side" && u != "road" {
				continue
			}
			st := p.lineStyle(c)
			look := c.Look
			l.add(c.Label, func(s *svg) {
				if look == scene.LookCauseway {
					s.raw(`<path d="M0 0h18" stroke="#3a7fd5" stroke-width="3"/>`)
					s.f(`<path d="M9 -6v12" stroke="%s" stroke-width="%s"/>`, st.colour, num(st.width))
					return
				}
				strokeLine(s, "M0 0h18", st, "")
			})
		}
		for zi, z := range b.Zones {
			colour := zoneColours[zi%len(zoneColours)]
			z := z
			l.add(z.Label, func(s *svg) {
				width, dash := 2.0, "7 4"
				if z.Look == scene.ZoneBoundary {
					width, dash = 2.6, "14 4 3 4"
				}
				if z.Look == scene.ZoneForbidden {
					s.raw(`<rect x="0" y="-6" width="18" height="12" fill="url(#hatch-forbidden)"/>`)
				}
				s.f(`<path d="M0 0h18" stroke="%s" stroke-width="%s" stroke-dasharray="%s"/>`, colour, num(width), dash)
			})
		}
		var kinds []scene.PlaceKind
		for _, pl := range b.Places {
			if pl.Kind == scene.PlaceBeach || slices.Contains(kinds, pl.Kind) {
				continue
			}
			kinds = append(kinds, pl.Kind)
			pl := pl
			label := placeWords[pl.Kind]
			if label == "" {
				label = string(pl.Kind)
			}
			l.add(label, func(s *svg) {
				s.raw(`<g transform="translate(9 0)">`)
				placeSymbol(s, scene.Place{Kind: pl.Kind, Colour: pl.Colour})
				s.raw(`</g>`)
			})
		}
		if slices.ContainsFunc(b.Places, func(pl scene.Place) bool { return pl.Kind == scene.PlaceBeach }) {
			l.add("Beach", func(s *svg) { s.raw(`<path d="M0 0h18" stroke="#f3d35b" stroke-width="7"/>`) })
		}
	}
	for _, c := range p.colourList {
		c := c
		l.add(c.Label, func(s *svg) {
			s.f(`<rect x="1" y="-7" width="16" height="14" rx="2" fill="%s" stroke="#222" stroke-width=".6"/>`, c.Fill)
		})
	}
	for i, t := range lib.tags.list {
		i, t := i, t
		label := t.text
		if n := tagNotes[t]; n != "" {
			label = n
		}
		l.add(label, func(s *svg) { s.f(`<use href="#m%d" x="-2" y="-4"/>`, i) })
	}
	for i, ly := range ls {
		if ly.kind == areaZOC && !zoc {
			continue
		}
		i := i
		l.add(ly.label, func(s *svg) { s.f(`<g transform="translate(9 0) scale(.45)"><use href="#a%d"/></g>`, i) })
	}
	for _, k := range []scene.MoveKind{scene.MoveNormal, scene.MoveRetreat, scene.MoveAdvance} {
		k := k
		l.add("Last "+string(k), func(s *svg) {
			s.raw((&picture{}).arrow(k))
		})
	}
	return l
}

// arrow is a legend sample of a move's arrow.
func (p *picture) arrow(k scene.MoveKind) string {
	dash := ""
	if k == scene.MoveRetreat {
		dash = ` stroke-dasharray="5 3"`
	}
	return `<path d="M0 0h14" stroke="` + moveColours[k] + `" stroke-width="3"` + dash + ` marker-end="url(#ar-` + string(k) + `)"/>`
}

// legendHeight is the height the legend takes in width w.
func (l *legend) height(w float64) float64 {
	per := max(1, int(w/legendItemW))
	rows := (len(l.items) + per - 1) / per
	return 24 + float64(rows)*legendItemH
}

func (l *legend) draw(s *svg, x, y, w float64) {
	per := max(1, int(math.Floor(w/legendItemW)))
	s.f(`<g id="legend" font-size="10" fill="#222">`)
	s.f(`<text x="%s" y="%s" font-size="12" font-weight="bold">Legend</text>`, num(x), num(y+12))
	for i, it := range l.items {
		ix := x + float64(i%per)*legendItemW
		iy := y + 30 + float64(i/per)*legendItemH
		s.f(`<g transform="translate(%s)">`, pt(point{ix, iy}))
		it.draw(s)
		s.f(`<text x="26" y="3.5">%s</text></g>`, esc(it.label))
	}
	s.raw(`</g>`)
}

// boxFills tint each kind of box.
var boxFills = map[scene.BoxKind]string{
	scene.BoxHolding: "#f4f0e2", scene.BoxApproach: "#dcebf7", scene.BoxWaiting: "#eef2e4", scene.BoxEliminated: "#ece6e6",
}

func (p *picture) drawBoxes(s *svg) {
	s.raw(`<g id="boxes">`)
	for _, b := range p.boxes {
		fill, ok := boxFills[b.box.Kind]
		if !ok {
			fill = boxFills[scene.BoxHolding]
		}
		s.f(`<rect x="%s" y="%s" width="%s" height="%s" rx="5" fill="%s" stroke="#555" stroke-width="1"/>`, num(b.x), num(b.y), num(b.w), num(b.h), fill)
		label := b.box.Label
		if label == "" {
			label = b.box.ID
		}
		s.f(`<text x="%s" y="%s" font-size="11" font-weight="bold" fill="#222">%s</text>`, num(b.x+boxPad), num(b.y+14), esc(label))
		if b.box.Note != "" {
			s.f(`<text x="%s" y="%s" font-size="8.5" font-style="italic" fill="#444">%s</text>`, num(b.x+boxPad), num(b.y+24), esc(b.box.Note))
		}
	}
	s.raw(`</g>`)
}

// header draws the title, the phase and the caption.
func header(s *svg, title, phase, caption string) {
	s.f(`<text x="%s" y="%s" font-size="20" font-weight="bold" fill="#1b1b1b">%s</text>`, num(margin), num(margin+14), esc(title))
	line := phase
	if caption != "" {
		if line != "" {
			line += " · "
		}
		line += caption
	}
	s.f(`<text id="phase" x="%s" y="%s" font-size="13" fill="#333">%s</text>`, num(margin), num(margin+34), esc(line))
}

func (p *picture) drawNotes(s *svg, notes []string) {
	if p.notesY == 0 || len(p.boxes) == 0 && len(notes) == 0 {
		return
	}
	x := p.mapArea.max.x + 24
	if p.board == nil && p.graph == nil {
		x = margin
	}
	s.raw(`<g id="notes" font-size="11" fill="#222">`)
	for i, n := range notes {
		s.f(`<text x="%s" y="%s">%s</text>`, num(x), num(p.notesY+10+float64(i)*noteLine), esc(n))
	}
	s.raw(`</g>`)
}
