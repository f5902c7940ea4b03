package render

import (
	"math"
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// picture is the geometry of a drawing: where the board, the boxes beside
// it and the legend below it go. A replay draws the board and the boxes once,
// so a picture is made for the largest content the boxes will hold.
type picture struct {
	board   *scene.HexBoard
	graph   *scene.GraphBoard
	grid    *grid
	cells   map[string]hex.Axial
	classAt map[hex.Axial]string // each cell's terrain class
	nodes   map[string]point     // graph nodes, in pixels
	classes map[string]scene.Class
	// usedBy says what uses each class: "cell", "side" or "road".
	usedBy     map[string]string
	colours    map[string]scene.Colour
	colourList []scene.Colour

	mapArea bounds
	boxes   []boxPlace
	boxAt   map[string]int // box id -> index in boxes
	notesY  float64        // where notes begin in the right column; 0 if none
	legendY float64
	width   float64
	height  float64
}

type boxPlace struct {
	box        scene.Box
	x, y, w, h float64
}

const (
	headerH  = 58.0
	columnW  = boxPad*2 + boxPerRow*slotW - 4
	slotW    = counter + tagW
	slotH    = counter + 8
	noteLine = 14.0
	graphW   = 1400.0
)

// newPicture lays out a drawing of scene s, whose boxes must hold up to
// capacity[box] pieces, with room for notes lines of notes.
func newPicture(s scene.Scene, capacity map[string]int, notes int) *picture {
	p := &picture{board: s.Hex, graph: s.Graph, cells: map[string]hex.Axial{}, classAt: map[hex.Axial]string{}, nodes: map[string]point{},
		classes: map[string]scene.Class{}, usedBy: map[string]string{}, colours: map[string]scene.Colour{}, boxAt: map[string]int{},
		colourList: s.Colours}
	for _, c := range s.Colours {
		p.colours[c.ID] = c
	}
	p.mapArea = bounds{min: point{margin, headerH}, max: point{margin, headerH}}
	switch {
	case s.Hex != nil:
		p.layoutHex(s.Hex)
	case s.Graph != nil:
		p.layoutGraph(s.Graph)
	}
	// Boxes go beside a map that is taller than wide, under a wide one
	// (the campaign's), in columns each box joins the shortest of.
	below := p.mapArea.width() > 1.4*p.mapArea.height()
	top := headerH
	x0 := p.mapArea.max.x + 24
	if s.Hex == nil && s.Graph == nil {
		x0 = margin
	}
	if below {
		x0, top = margin, p.mapArea.max.y+24
	}
	if notes > 0 && !below {
		p.notesY = top
		top += float64(notes)*noteLine + 12
	}
	cols := 1
	if below {
		cols = max(1, int((p.mapArea.width()+16)/(columnW+16)))
	}
	colY := make([]float64, cols)
	for i := range colY {
		colY[i] = top
	}
	limit := math.Max(p.mapArea.max.y, headerH+600)
	for _, b := range s.Boxes {
		rows := max(1, (capacity[b.ID]+boxPerRow-1)/boxPerRow)
		h := boxHead + float64(rows)*slotH + boxPad
		col := 0
		for i := range colY {
			if colY[i] < colY[col] {
				col = i
			}
		}
		if !below && colY[col] > top && colY[col]+h > limit {
			// Beside the map, a column that would pass its foot starts
			// another to the right.
			colY = append(colY, top)
			col = len(colY) - 1
		}
		p.boxAt[b.ID] = len(p.boxes)
		p.boxes = append(p.boxes, boxPlace{box: b, x: x0 + float64(col)*(columnW+16), y: colY[col], w: columnW, h: h})
		colY[col] += h + 10
	}
	bottom := p.mapArea.max.y
	for _, y := range colY {
		if below {
			bottom = math.Max(bottom, y)
		}
	}
	p.legendY = bottom + 24
	p.width = p.mapArea.max.x + margin
	p.height = p.legendY
	for _, b := range p.boxes {
		p.width = math.Max(p.width, b.x+b.w+margin)
		p.height = math.Max(p.height, b.y+b.h+margin)
	}
	return p
}

func (p *picture) layoutHex(b *scene.HexBoard) {
	layout, err := hex.ParseLayout(b.Layout)
	if err != nil {
		return // Check refuses such a scene; draw no map rather than fail
	}
	p.grid = &grid{layout: layout, rotate: b.Rotate, size: hexSize}
	for _, c := range b.Classes {
		p.classes[c.ID] = c
	}
	for _, c := range b.Cells {
		p.usedBy[c.Class], p.usedBy[c.Under] = "cell", "cell"
	}
	for _, sd := range b.Sides {
		p.usedBy[sd.Class] = "side"
	}
	for _, r := range b.Roads {
		p.usedBy[r.Class] = "road"
	}
	box := emptyBounds()
	for _, c := range b.Cells {
		a, err := layout.Parse(c.ID)
		if err != nil {
			continue
		}
		p.cells[c.ID] = a
		p.classAt[a] = c.Class
		for _, q := range p.grid.corners(a) {
			box.add(q)
		}
	}
	if len(p.cells) == 0 {
		return
	}
	p.grid.origin = point{margin - box.min.x, headerH - box.min.y}
	p.mapArea = bounds{min: point{margin, headerH}, max: point{margin + box.width(), headerH + box.height()}}
}

func (p *picture) layoutGraph(g *scene.GraphBoard) {
	k := graphW / float64(max(g.Width, 1))
	for _, n := range g.Nodes {
		p.nodes[n.ID] = point{margin + counter + float64(n.X)*k, headerH + counter + float64(n.Y)*k}
	}
	p.mapArea = bounds{min: point{margin, headerH}, max: point{margin + graphW + 2*counter, headerH + float64(g.Height)*k + 2*counter}}
}

// at is the centre of a cell or node, and whether there is one.
func (p *picture) at(id string) (point, bool) {
	if a, ok := p.cells[id]; ok && p.grid != nil {
		return p.grid.center(a), true
	}
	pt, ok := p.nodes[id]
	return pt, ok
}

// spot is where a piece's counter is drawn: its top left corner.
type spot struct {
	x, y float64
	ok   bool // false for a piece at no place the picture has
}

// place puts every piece: stacks on the board fanned down and to the right
// so each counter's designation shows, bottom of the stack first; boxes in
// rows. The result is index-aligned with pieces.
func (p *picture) place(pieces []scene.Piece) []spot {
	groups := map[string][]int{}
	var order []string
	for i, pc := range pieces {
		if groups[pc.At] == nil {
			order = append(order, pc.At)
		}
		groups[pc.At] = append(groups[pc.At], i)
	}
	out := make([]spot, len(pieces))
	for _, at := range order {
		idx := groups[at]
		if c, ok := p.at(at); ok {
			n := float64(len(idx) - 1)
			x0, y0 := c.x-counter/2-n*fanX/2, c.y-counter/2-n*fanY/2
			for k, i := range idx {
				out[i] = spot{x0 + float64(k)*fanX, y0 + float64(k)*fanY, true}
			}
			continue
		}
		b, ok := p.boxAt[at]
		if !ok {
			continue
		}
		bp := p.boxes[b]
		for k, i := range idx {
			col, row := k%boxPerRow, k/boxPerRow
			out[i] = spot{bp.x + boxPad + float64(col)*slotW, bp.y + boxHead + float64(row)*slotH, true}
		}
	}
	return out
}

// drawOrder lists piece indexes in the order to draw them: higher on the
// picture first, so the lower counters of a fanned stack, which are the
// upper ones, cover the ones beneath.
func drawOrder(spots []spot) []int {
	var idx []int
	for i, s := range spots {
		if s.ok {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		sa, sb := spots[a], spots[b]
		switch {
		case sa.y != sb.y:
			return cmpFloat(sa.y, sb.y)
		}
		return cmpFloat(sa.x, sb.x)
	})
	return idx
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// boxCounts is how many pieces stand in each box.
func boxCounts(pieces []scene.Piece) map[string]int {
	n := map[string]int{}
	for _, pc := range pieces {
		n[pc.At]++
	}
	return n
}
