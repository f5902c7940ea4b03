package render

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Where a hex's own print goes, as fractions of the hex size from its
// centre: a counter covers the middle, so the id sits above it, the name
// below, and place symbols and control flags in the side bands.
const (
	idY      = -0.70
	nameY    = 0.82
	placeX   = -0.70
	controlX = 0.70
)

// terrainDefs writes a pattern for every terrain look the map uses, and the
// hatchings of forbidden zones and zones of control.
func (p *picture) terrainDefs(s *svg) {
	if p.board == nil {
		return
	}
	seen := map[scene.Look]bool{}
	for _, c := range p.board.Classes {
		st, ok := terrainStyles[c.Look]
		if !ok || st.pattern == "" || seen[c.Look] {
			continue
		}
		seen[c.Look] = true
		s.f(`<pattern id="t-%s" width="%d" height="%d" patternUnits="userSpaceOnUse"><rect width="%d" height="%d" fill="%s"/>%s</pattern>`,
			c.Look, st.w, st.h, st.w, st.h, st.fill, st.pattern)
	}
	s.raw(`<pattern id="hatch-forbidden" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0v8" stroke="#b3261e" stroke-width="2" opacity=".45"/></pattern>`)
}

// fill is how a class is painted.
func (p *picture) fill(class string) string {
	look := p.classes[class].Look
	st, ok := terrainStyles[look]
	if !ok {
		return unknownTerrain.fill
	}
	if st.pattern != "" {
		return "url(#t-" + string(look) + ")"
	}
	return st.fill
}

func (p *picture) isSea(class string) bool { return p.classes[class].Look == scene.LookSea }

// drawBoard draws the hex map: terrain, coast, hilltops and towns, zones,
// hexside features, roads, places, and each hex's id and name.
func (p *picture) drawBoard(s *svg) {
	b, g := p.board, p.grid
	if b == nil || g == nil || len(p.cells) == 0 {
		return
	}
	s.raw(`<g id="map">`)
	byClass := map[string][]scene.Cell{}
	var classOrder []string
	for _, c := range b.Cells {
		base := c.Class
		if c.Under != "" {
			base = c.Under
		}
		if byClass[base] == nil {
			classOrder = append(classOrder, base)
		}
		byClass[base] = append(byClass[base], c)
	}
	sort.Strings(classOrder)
	for _, cl := range classOrder {
		s.f(`<g fill="%s" stroke="#3b3b2e" stroke-opacity=".35" stroke-width=".6">`, p.fill(cl))
		for _, c := range byClass[cl] {
			cs := g.corners(p.cells[c.ID])
			s.elem("path", ` d="`+path(cs[:], true)+`"`)
		}
		s.raw(`</g>`)
	}
	p.drawEdges(s)
	p.drawMarks(s)
	p.drawZones(s)
	p.drawSides(s)
	p.drawRoads(s)
	p.drawPlaces(s)
	p.drawLabels(s)
	s.raw(`</g>`)
}

// drawEdges draws the coast (between sea and land) and the map's edge.
func (p *picture) drawEdges(s *svg) {
	class := p.classAt
	var coast, border strings.Builder
	for _, c := range p.board.Cells {
		a := p.cells[c.ID]
		for d := range hex.DirectionCount {
			n := a.Neighbor(d)
			nc, ok := class[n]
			switch {
			case !ok:
				q, r := p.grid.edge(a, d)
				border.WriteString("M" + pt(q) + "L" + pt(r))
			case a.Compare(n) < 0 && p.isSea(c.Class) != p.isSea(nc):
				q, r := p.grid.edge(a, d)
				coast.WriteString("M" + pt(q) + "L" + pt(r))
			}
		}
	}
	if coast.Len() > 0 {
		s.f(`<path d="%s" fill="none" stroke="#e8d9a6" stroke-width="4" stroke-linecap="round"/>`, coast.String())
		s.f(`<path d="%s" fill="none" stroke="#2c5f8a" stroke-width="1.3" stroke-linecap="round"/>`, coast.String())
	}
	s.f(`<path d="%s" fill="none" stroke="#222" stroke-width="1.5"/>`, border.String())
}

// townShape is a built-up area around a Town's centre, as maps print it.
var townShape = []point{{-13, -7}, {-6, -13}, {3, -10}, {12, -12}, {14, -2}, {9, 5}, {12, 12}, {1, 13}, {-5, 8}, {-13, 10}, {-10, 1}}

// drawMarks draws towns on their terrain, hilltops and airfields.
func (p *picture) drawMarks(s *svg) {
	for _, c := range p.board.Cells {
		ctr := p.grid.center(p.cells[c.ID])
		if p.classes[c.Class].Look == scene.LookTown {
			ps := make([]point, len(townShape))
			for i, q := range townShape {
				ps[i] = ctr.add(q.scale(hexSize / 40))
			}
			s.f(`<path d="%s" fill="#c8705f" stroke="#7d3a2e" stroke-width="1"/>`, path(ps, true))
		}
		for _, m := range c.Marks {
			switch m {
			case scene.MarkHilltop:
				s.f(`<circle cx="%s" cy="%s" r="%s" fill="#b98a4e" fill-opacity=".18" stroke="#94602b" stroke-width="1.6" stroke-dasharray="5 2"/>`,
					num(ctr.x), num(ctr.y), num(hexSize*0.62))
			case scene.MarkAirfield:
				a := ctr.add(point{-hexSize * 0.45, hexSize * 0.1})
				s.f(`<path d="M%sl14 -8M%sl12 6" stroke="#5f5f5f" stroke-width="2.5" stroke-linecap="round"/>`,
					pt(a), pt(a.add(point{1, -6})))
			}
		}
	}
}

// drawZones draws each zone's edge a little inside it, each zone further in
// than the last, so that edges that coincide stay apart.
func (p *picture) drawZones(s *svg) {
	class := p.classAt
	for zi, z := range p.board.Zones {
		in := map[hex.Axial]bool{}
		for _, id := range z.Cells {
			if a, ok := p.cells[id]; ok {
				in[a] = true
			}
		}
		colour := zoneColours[zi%len(zoneColours)]
		inset := 2.5 + 2.5*float64(zi%4)
		// A zone's edge along the sea or the map's edge says nothing a
		// player needs: only the lines across the land are drawn.
		land := func(a hex.Axial) bool {
			c, ok := class[a]
			return ok && !p.isSea(c)
		}
		var d strings.Builder
		for _, id := range z.Cells {
			a, ok := p.cells[id]
			if !ok {
				continue
			}
			if z.Look == scene.ZoneForbidden {
				cs := p.grid.corners(a)
				s.f(`<path d="%s" fill="url(#hatch-forbidden)"/>`, path(cs[:], true))
			}
			ctr := p.grid.center(a)
			for dir := range hex.DirectionCount {
				if n := a.Neighbor(dir); in[n] || !land(n) {
					continue
				}
				q, r := p.grid.edge(a, dir)
				q, r = q.lerp(ctr, inset/hexSize), r.lerp(ctr, inset/hexSize)
				d.WriteString("M" + pt(q) + "L" + pt(r))
			}
		}
		width, dash := 2.0, "7 4"
		if z.Look == scene.ZoneBoundary {
			width, dash = 2.6, "14 4 3 4"
		}
		if d.Len() == 0 {
			continue
		}
		s.f(`<path class="zone" d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="%s" stroke-opacity=".85">`, d.String(), colour, num(width), dash)
		s.title(z.Label)
		s.raw(`</path>`)
	}
}

// lineStyle is how a side or road class is drawn.
func (p *picture) lineStyle(c scene.Class) lineStyle {
	if p.usedBy[c.ID] == "road" {
		if st, ok := roadStyles[c.Look]; ok {
			return st
		}
		return unknownRoad
	}
	if st, ok := sideStyles[c.Look]; ok {
		return st
	}
	return unknownSide
}

// drawSides draws the hexside features, a class at a time in the legend's
// order; a causeway is a short bar across its hexside.
func (p *picture) drawSides(s *svg) {
	p.strokeClasses(s, "side", func(cl scene.Class, d *strings.Builder) {
		for _, sd := range p.board.Sides {
			a, okA := p.cells[sd.A]
			b, okB := p.cells[sd.B]
			dir, adj := hex.DirectionTo(a, b)
			if sd.Class != cl.ID || !okA || !okB || !adj {
				continue
			}
			if cl.Look == scene.LookCauseway {
				ca, cb := p.grid.center(a), p.grid.center(b)
				m := ca.lerp(cb, 0.5)
				d.WriteString("M" + pt(m.lerp(ca, 0.3)) + "L" + pt(m.lerp(cb, 0.3)))
				continue
			}
			q, r := p.grid.edge(a, dir)
			d.WriteString("M" + pt(q) + "L" + pt(r))
		}
	})
}

// drawRoads draws each road through the centres of its cells.
func (p *picture) drawRoads(s *svg) {
	p.strokeClasses(s, "road", func(cl scene.Class, d *strings.Builder) {
		for _, r := range p.board.Roads {
			var ps []point
			for _, id := range r.Cells {
				if c, ok := p.at(id); ok && r.Class == cl.ID {
					ps = append(ps, c)
				}
			}
			if len(ps) > 1 {
				d.WriteString(path(ps, false))
			}
		}
	})
}

// strokeClasses draws, for each class that what ("side" or "road") uses,
// the path that add writes, in the class's style.
func (p *picture) strokeClasses(s *svg, what string, add func(scene.Class, *strings.Builder)) {
	for _, cl := range p.board.Classes {
		if p.usedBy[cl.ID] != what {
			continue
		}
		var d strings.Builder
		add(cl, &d)
		if d.Len() > 0 {
			strokeLine(s, d.String(), p.lineStyle(cl), cl.Label)
		}
	}
}

func strokeLine(s *svg, d string, st lineStyle, label string) {
	if st.halo != "" {
		s.f(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"/>`, d, st.halo, num(st.width+2.4))
	}
	dash := ""
	if st.dash != "" {
		dash = ` stroke-dasharray="` + st.dash + `"`
	}
	if label == "" {
		s.f(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"%s/>`, d, st.colour, num(st.width), dash)
		return
	}
	s.f(`<path d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"%s>`, d, st.colour, num(st.width), dash)
	s.title(label)
	s.raw(`</path>`)
}

// drawPlaces draws each place's symbol in its hex's left band; a beach's
// name is printed toward the sea.
func (p *picture) drawPlaces(s *svg) {
	class := p.classAt
	for _, pl := range p.board.Places {
		a, ok := p.cells[pl.Cell]
		if !ok {
			continue
		}
		ctr := p.grid.center(a)
		at := ctr.add(point{placeX * hexSize, 0})
		if pl.Kind == scene.PlaceBeach {
			p.drawBeach(s, a, ctr, class, pl.Label)
			continue
		}
		s.f(`<g transform="translate(%s)">`, pt(at))
		s.title(pl.Label)
		placeSymbol(s, pl)
		s.raw(`</g>`)
	}
}

func (p *picture) drawBeach(s *svg, a hex.Axial, ctr point, class map[hex.Axial]string, label string) {
	var d strings.Builder
	toSea := point{}
	for dir := range hex.DirectionCount {
		n := a.Neighbor(dir)
		if nc, ok := class[n]; ok && p.isSea(nc) {
			q, r := p.grid.edge(a, dir)
			d.WriteString("M" + pt(q.lerp(ctr, 0.08)) + "L" + pt(r.lerp(ctr, 0.08)))
			toSea = toSea.add(p.grid.center(n).sub(ctr))
		}
	}
	if d.Len() > 0 {
		s.f(`<path d="%s" stroke="#f3d35b" stroke-width="7" stroke-linecap="round" opacity=".9"/>`, d.String())
	}
	at := ctr
	if n := math.Hypot(toSea.x, toSea.y); n > 0 {
		at = ctr.add(toSea.scale(hexSize * 1.0 / n))
	}
	s.f(`<text x="%s" y="%s" font-size="9" font-weight="bold" text-anchor="middle" fill="#7a5a00" stroke="#fff6cc" stroke-width="2.5" paint-order="stroke">%s<title>%s</title></text>`,
		num(at.x), num(at.y+3), esc(strings.ToUpper(label)), esc(label+" beach"))
}

// placeSymbol draws a place's symbol around (0, 0), about 12 pixels across.
func placeSymbol(s *svg, pl scene.Place) {
	ink := "#222"
	if pl.Colour != "" {
		ink = pl.Colour
	}
	switch pl.Kind {
	case scene.PlaceDrop:
		s.raw(`<path d="M-6 -1a6 6 0 0 1 12 0zM-6 -1l6 8l6 -8M0 -1v8" fill="#fff" stroke="#1d3f8a" stroke-width="1.1"/>`)
	case scene.PlaceGlider:
		s.raw(`<path d="M-7 0h14M0 -3v7M-3 5h6" stroke="#1d3f8a" stroke-width="1.6" stroke-linecap="round"/>`)
	case scene.PlaceEntry:
		s.f(`<path d="M-6 -6l11 6l-11 6z" fill="%s" stroke="#111" stroke-width=".8"/>`, ink)
	case scene.PlaceBattery:
		s.raw(`<circle r="4" fill="#444"/><path d="M0 0l7 -6" stroke="#444" stroke-width="2.2" stroke-linecap="round"/>`)
	case scene.PlacePort:
		s.raw(`<circle r="6.5" fill="#fff" stroke="#1f4fa0" stroke-width="1"/><path d="M0 -4v8M-3.5 1.5q3.5 4 7 0M-2 -2.5h4" fill="none" stroke="#1f4fa0" stroke-width="1.2"/>`)
	case scene.PlaceFort:
		s.raw(`<path d="M0 -7l6.7 4.8l-2.6 7.9h-8.2l-2.6 -7.9z" fill="#6b4a2b" stroke="#2b1d10" stroke-width=".8"/>`)
	case scene.PlaceMobilization:
		s.raw(`<circle r="6" fill="#fff" stroke="#555" stroke-width="1"/><text y="3" font-size="8" font-weight="bold" text-anchor="middle" fill="#555">M</text>`)
	case scene.PlaceObjective:
		s.raw(`<path d="M0 -7l2 5h5l-4 3l1.6 5l-4.6-3l-4.6 3l1.6-5l-4-3h5z" fill="#d4a017" stroke="#5a4300" stroke-width=".7"/>`)
	default:
		s.f(`<circle r="4" fill="%s"/>`, ink)
	}
}

// drawLabels prints each hex's id above its centre and its name below.
func (p *picture) drawLabels(s *svg) {
	s.raw(`<g font-size="6.5" fill="#3a3a3a" text-anchor="middle" opacity=".85">`)
	for _, c := range p.board.Cells {
		ctr := p.grid.center(p.cells[c.ID])
		s.f(`<text x="%s" y="%s">%s</text>`, num(ctr.x), num(ctr.y+idY*hexSize+2), esc(c.ID))
	}
	s.raw(`</g><g text-anchor="middle" fill="#1e1e1e" stroke="#fffbe8" stroke-width="2.4" paint-order="stroke">`)
	for _, c := range p.board.Cells {
		if c.Name == "" {
			continue
		}
		ctr := p.grid.center(p.cells[c.ID])
		look := p.classes[c.Class].Look
		size, weight := "7.5", "normal"
		if look == scene.LookTown || look == scene.LookCity {
			size, weight = "9", "bold"
		}
		s.f(`<text x="%s" y="%s" font-size="%s" font-weight="%s">%s</text>`, num(ctr.x), num(ctr.y+nameY*hexSize+3), size, weight, esc(c.Name))
	}
	s.raw(`</g>`)
}

// drawGraph draws a point-to-point board: its edges in their colours and
// its nodes with their labels.
func (p *picture) drawGraph(s *svg) {
	g := p.graph
	if g == nil {
		return
	}
	s.raw(`<g id="map">`)
	s.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#f3eedb" stroke="#222"/>`,
		num(p.mapArea.min.x), num(p.mapArea.min.y), num(p.mapArea.width()), num(p.mapArea.height()))
	for _, e := range g.Edges {
		a, okA := p.nodes[e.A]
		b, okB := p.nodes[e.B]
		if !okA || !okB {
			continue
		}
		colours := e.Colours
		if len(colours) == 0 {
			colours = []string{""}
		}
		for k, c := range colours {
			off := (float64(k) - float64(len(colours)-1)/2) * 4
			dir := b.sub(a)
			n := math.Hypot(dir.x, dir.y)
			shift := point{-dir.y / n * off, dir.x / n * off}
			s.f(`<path d="M%sL%s" stroke="%s" stroke-width="3"/>`, pt(a.add(shift)), pt(b.add(shift)), p.colourFill(c, "#555"))
		}
	}
	for _, n := range g.Nodes {
		c := p.nodes[n.ID]
		fill := "#fff"
		if len(n.Colours) > 0 {
			fill = p.colourFill(n.Colours[0], fill)
		}
		s.f(`<circle cx="%s" cy="%s" r="10" fill="%s" stroke="#222" stroke-width="1.5"><title>%s</title></circle>`, num(c.x), num(c.y), fill, esc(n.Label))
		label := n.Label
		if len(n.Symbols) > 0 {
			label += " " + strings.Join(n.Symbols, " ")
		}
		s.f(`<text x="%s" y="%s" font-size="10" text-anchor="middle" stroke="#fff" stroke-width="2.5" paint-order="stroke">%s</text>`, num(c.x), num(c.y+22), esc(label))
	}
	s.raw(`</g>`)
}

func (p *picture) colourFill(id, fallback string) string {
	if c, ok := p.colours[id]; ok {
		return c.Fill
	}
	return fallback
}

// describe is a one-line summary of a board, for an SVG's description.
func (p *picture) describe() string {
	switch {
	case p.board != nil:
		return fmt.Sprintf("hex map of %d hexes", len(p.board.Cells))
	case p.graph != nil:
		return fmt.Sprintf("board of %d places", len(p.graph.Nodes))
	}
	return "no board"
}
