package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/pbem-referee/pbem/rules/scene"
)

// Options say what a picture shows beyond its scene.
type Options struct {
	// Caption is a line under the title: "after entry 124 of 1,225, by
	// german".
	Caption string
	// ZOC hatches the zones of control, which most positions do not need.
	ZOC bool
}

// SVG draws a scene as one SVG document: the map with its terrain, hexside
// features, roads, zones and places; the counters on it, stacks fanned so
// every designation shows; the boxes beside it; the overlays; and a legend.
// The same scene always gives the same bytes. A scene that fails
// scene.Check is refused.
func SVG(w io.Writer, s scene.Scene, o Options) error {
	if err := scene.Check(s); err != nil {
		return err
	}
	lib := newLibrary()
	colours := colourMap(s.Colours)
	looks := make([]string, len(s.Pieces))
	tagNotes := map[tag]string{}
	for i, pc := range s.Pieces {
		looks[i] = pieceLook(lib, colours, pc, tagNotes)
	}
	layers, layerCells := layersOf(s.Overlays)
	p := newPicture(s, boxCounts(s.Pieces), len(s.Notes))
	leg := p.legendOf(lib, tagNotes, layers, o.ZOC)
	legendW := math.Max(p.mapArea.width(), p.width-2*margin)
	width := math.Max(p.width, margin+legendW+margin)
	height := math.Max(p.height, p.legendY+leg.height(legendW)+margin)

	out := &svg{}
	out.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="%s">`,
		num(width), num(height), num(width), num(height), fontStack)
	out.f(`<desc>%s</desc>`, esc(fmt.Sprintf("%s: %s; %s; %d pieces", s.Title, s.Phase, p.describe(), len(s.Pieces))))
	out.raw(`<defs>`)
	p.defs(out, lib, layers)
	out.raw(`</defs>`)
	out.f(`<rect width="100%%" height="100%%" fill="#fbfaf5"/>`)
	header(out, s.Title, s.Phase, o.Caption)
	p.drawBoard(out)
	p.drawGraph(out)
	p.drawBoxes(out)
	p.drawNotes(out, s.Notes)
	out.raw(`<g id="areas">`)
	for i, l := range layers {
		if l.kind == areaZOC && !o.ZOC {
			continue
		}
		for _, c := range layerCells[i] {
			out.raw(p.areaUse(i, c))
		}
	}
	out.raw(`</g><g id="pieces">`)
	spots := p.place(s.Pieces)
	for _, i := range drawOrder(spots) {
		out.raw(pieceMarkup(s.Pieces[i].ID, spots[i], looks[i]))
	}
	out.raw(`</g><g id="moves">`)
	for _, m := range s.Overlays.Moves {
		out.raw(p.moveMarkup(m))
	}
	if c := s.Overlays.Combat; c != nil {
		out.raw(p.combatMarkup(c))
	}
	out.raw(`</g>`)
	leg.draw(out, margin, p.legendY, legendW)
	out.raw("</svg>\n")
	_, err := w.Write(out.bytes())
	return err
}

// defs writes everything a picture places by reference: terrain patterns,
// arrowheads, overlay templates, counter faces and marker tags.
func (p *picture) defs(s *svg, lib *library, layers []layer) {
	p.terrainDefs(s)
	arrowDefs(s)
	p.layerDefs(s, layers)
	lib.defs(s)
}

func colourMap(cs []scene.Colour) map[string]scene.Colour {
	m := make(map[string]scene.Colour, len(cs))
	for _, c := range cs {
		m[c.ID] = c
	}
	return m
}

// pieceLook is the inside of a piece's group: its face, its marker tags down
// its right edge, and its tooltip.
func pieceLook(lib *library, colours map[string]scene.Colour, pc scene.Piece, notes map[tag]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<use href="#f%d"/>`, lib.face(faceOf(pc, colours)))
	for k, m := range pc.Markers {
		fmt.Fprintf(&b, `<use href="#m%d" x="%s" y="%s"/>`, lib.tag(m), num(counter-4), num(2+float64(k)*tagStep))
		if t := (tag{m.Text, m.Tone}); notes[t] == "" {
			notes[t] = m.Note
		}
	}
	fmt.Fprintf(&b, `<title>%s</title>`, esc(pieceTitle(pc)))
	return b.String()
}

// pieceMarkup is a piece placed at its spot.
func pieceMarkup(id string, at spot, look string) string {
	return fmt.Sprintf(`<g class="pc" data-id="%s" transform="translate(%s)">%s</g>`, esc(id), pt(point{at.x, at.y}), look)
}
