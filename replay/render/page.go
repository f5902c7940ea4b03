package render

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

//go:embed page.js
var pageJS string

//go:embed page.css
var pageCSS string

// ReplayOptions say how a replay page is made.
type ReplayOptions struct {
	// Seat is whose view the page shows; "" is what any onlooker may see.
	Seat rules.Seat
}

// ReplayResult says what a replay page holds.
type ReplayResult struct {
	Entries int // the entries it steps through
	Bytes   int
	// Stopped is the error of the first entry that failed verification;
	// the page ends before it and says why. nil when the whole log holds.
	Stopped error
}

// Replay writes a log as one self-contained HTML page that steps through
// every entry, offline: the map is drawn once, and each step moves, adds and
// removes the pieces it changed. The page shows each entry's commands, dice
// and events, the turn and phase, and lets the reader step forward and back,
// jump to a turn and use the keyboard's arrows.
func Replay(w io.Writer, entries []*logs.Entry, load replay.Loader, o ReplayOptions) (ReplayResult, error) {
	st, err := tell(entries, load, o.Seat)
	if err != nil {
		return ReplayResult{}, err
	}
	var b strings.Builder
	if err := st.page(&b); err != nil {
		return ReplayResult{}, err
	}
	n, err := io.WriteString(w, b.String())
	return ReplayResult{Entries: len(st.frames), Bytes: n, Stopped: st.problem}, err
}

// The page's data, read by page.js.
type pageData struct {
	Title   string      `json:"title"`
	Caption string      `json:"caption"`
	Pieces  []string    `json:"pieces"`
	Looks   []string    `json:"looks"`
	Cells   []string    `json:"cells"`
	XY      []float64   `json:"xy"` // x, y of each cell's centre
	Layers  []pageLayer `json:"layers"`
	Combats []string    `json:"combats"`
	Frames  []pageFrame `json:"frames"`
	Stopped string      `json:"stopped,omitempty"`
}

type pageLayer struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

type pageFrame struct {
	Seq    int64      `json:"seq"`
	By     string     `json:"by"`
	Kind   string     `json:"kind"`
	TS     string     `json:"ts"`
	Turn   int        `json:"turn"`
	Phase  string     `json:"phase"`
	Lines  []string   `json:"lines,omitempty"`
	Dice   [][]string `json:"dice,omitempty"`
	Events []string   `json:"events,omitempty"`
	// Notes are given when they differ from the frame before.
	Notes *[]string `json:"notes,omitempty"`
	// P lists the pieces that changed: index, look (-1: gone), x, y.
	P [][4]float64 `json:"p,omitempty"`
	// A lists the areas that changed: layer, cells added, cells removed.
	A     []pageArea `json:"a,omitempty"`
	Moves string     `json:"m,omitempty"`
	// Combat is 1 + the index of the combat shown, 0 for none.
	Combat int  `json:"c,omitempty"`
	Over   bool `json:"over,omitempty"`
}

type pageArea struct {
	Layer int   `json:"l"`
	Add   []int `json:"add,omitempty"`
	Del   []int `json:"del,omitempty"`
}

// page lays the story out and writes the whole HTML page.
func (st *story) page(w io.StringWriter) error {
	p := newPicture(st.first, st.boxMax, 0)
	data := pageData{Title: st.first.Title, Pieces: st.pieces.list, Looks: st.looks.list,
		Caption: st.caption()}
	if st.problem != nil {
		data.Stopped = st.problem.Error()
	}
	cellN := map[string]int{}
	addCell := func(id string, c point) {
		cellN[id] = len(data.Cells)
		data.Cells = append(data.Cells, id)
		data.XY = append(data.XY, round1(c.x), round1(c.y))
	}
	if b := st.first.Hex; b != nil {
		for _, c := range b.Cells {
			if at, ok := p.at(c.ID); ok {
				addCell(c.ID, at)
			}
		}
	}
	if g := st.first.Graph; g != nil {
		for _, n := range g.Nodes {
			addCell(n.ID, p.nodes[n.ID])
		}
	}
	for _, l := range st.layers.list {
		data.Layers = append(data.Layers, pageLayer{Kind: string(l.kind), Label: l.label})
	}
	combatN := map[string]int{}
	type shown struct {
		look int
		x, y float64
	}
	prev := make([]shown, len(st.pieces.list))
	for i := range prev {
		prev[i].look = -1
	}
	prevCells := make([][]int, len(st.layers.list))
	var prevNotes []string
	for fi, fr := range st.frames {
		pf := pageFrame{Seq: fr.seq, By: fr.by, Kind: fr.kind, TS: fr.ts, Turn: fr.turn, Phase: fr.phase,
			Lines: fr.lines, Dice: fr.dice, Events: fr.events, Over: fr.over}
		if fi == 0 || !slices.Equal(fr.notes, prevNotes) {
			n := slices.Clone(fr.notes)
			if n == nil {
				n = []string{}
			}
			pf.Notes = &n
			prevNotes = fr.notes
		}
		pcs := make([]scene.Piece, len(fr.pieces))
		for i, fp := range fr.pieces {
			pcs[i] = scene.Piece{ID: st.pieces.list[fp.piece], At: fp.at}
		}
		spots := p.place(pcs)
		now := make([]shown, len(st.pieces.list))
		for i := range now {
			now[i].look = -1
		}
		for i, fp := range fr.pieces {
			if spots[i].ok {
				now[fp.piece] = shown{fp.look, round1(spots[i].x), round1(spots[i].y)}
			}
		}
		for i := range now {
			if now[i] != prev[i] {
				pf.P = append(pf.P, [4]float64{float64(i), float64(now[i].look), now[i].x, now[i].y})
			}
		}
		prev = now
		for l := range st.layers.list {
			var cells []int
			for _, id := range fr.areas[l] {
				if k, ok := cellN[id]; ok {
					cells = append(cells, k)
				}
			}
			slices.Sort(cells)
			add, del := diffSorted(prevCells[l], cells)
			if len(add) > 0 || len(del) > 0 {
				pf.A = append(pf.A, pageArea{Layer: l, Add: add, Del: del})
			}
			prevCells[l] = cells
		}
		var moves strings.Builder
		for _, m := range fr.moves {
			moves.WriteString(p.moveMarkup(m))
		}
		pf.Moves = moves.String()
		if fr.combat != nil {
			m := p.combatMarkup(fr.combat)
			k, ok := combatN[m]
			if !ok {
				k = len(data.Combats)
				combatN[m] = k
				data.Combats = append(data.Combats, m)
			}
			pf.Combat = k + 1
		}
		data.Frames = append(data.Frames, pf)
	}
	js, err := json.Marshal(data)
	if err != nil {
		return err
	}
	title := html.EscapeString(st.first.Title)
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
	w.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">`)
	w.WriteString("<title>" + title + ": replay</title><style>" + pageCSS + "</style></head><body>")
	w.WriteString(`<header><h1>` + title + `</h1><p id="caption">` + html.EscapeString(data.Caption) + `</p></header><main><div id="board">`)
	w.WriteString(st.pageSVG(p))
	w.WriteString(`</div><aside id="panel">` + panelHTML + `</aside></main>`)
	w.WriteString(`<script type="application/json" id="replay-data">`)
	w.WriteString(string(js))
	w.WriteString("</script><script>" + pageJS + "</script></body></html>\n")
	return nil
}

// caption says what game the page shows and how far its dice can be trusted.
func (st *story) caption() string {
	s := fmt.Sprintf("game %s, %s, %s dice", st.game, st.engine, st.mode)
	switch st.mode {
	case logs.DiceStrict:
		s += ": no player could foresee, fake or re-roll a die"
	case logs.DiceCasual:
		s += ": no player could fake or re-roll a die, but each could foresee its own rolls"
	case logs.DiceSolo:
		s += ": one player held every seat"
	}
	if st.seat != "" {
		s += "; as " + string(st.seat) + " sees it"
	}
	return s
}

// pageSVG is the map, boxes and legend, with empty layers that page.js
// fills: areas, pieces, moves and the combat.
func (st *story) pageSVG(p *picture) string {
	leg := p.legendOf(st.lib, st.notes, st.layers.list, true)
	legendW := math.Max(p.mapArea.width(), p.width-2*margin)
	width := math.Max(p.width, margin+legendW+margin)
	height := math.Max(p.height, p.legendY+leg.height(legendW)+margin)
	out := &svg{}
	out.f(`<svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="%s">`,
		num(width), num(height), num(width), num(height), fontStack)
	out.raw(`<defs>`)
	p.defs(out, st.lib, st.layers.list)
	out.raw(`</defs>`)
	out.f(`<rect width="100%%" height="100%%" fill="#fbfaf5"/>`)
	header(out, st.first.Title, "", "")
	p.drawBoard(out)
	p.drawGraph(out)
	p.drawBoxes(out)
	out.raw(`<g id="areas">`)
	for i, l := range st.layers.list {
		out.f(`<g id="L%d" class="lay lay-%s"></g>`, i, l.kind)
	}
	out.raw(`</g><g id="pieces"></g><g id="moves"></g><g id="combat"></g>`)
	leg.draw(out, margin, p.legendY, legendW)
	out.raw(`</svg>`)
	return string(out.bytes())
}

// diffSorted is what b adds to a and what it removes, both sorted.
func diffSorted(a, b []int) (add, del []int) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			del = append(del, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			add = append(add, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return add, del
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// panelHTML is the side panel page.js fills: controls, where the game
// stands, the entry, the notes and what a click on the map found.
const panelHTML = `<div id="controls">
<button id="first" title="first entry (Home)">|◀</button><button id="prev" title="previous entry (←)">◀</button>` +
	`<button id="play" title="play (space)">▶ play</button><button id="next" title="next entry (→)">▶</button><button id="last" title="last entry (End)">▶|</button>
<input id="slider" type="range" min="0" value="0" aria-label="entry">
<div class="row"><label>Turn <select id="turn"></select></label> <span id="count"></span></div>
<div class="row"><button id="zoomout" title="zoom out (-)">−</button><button id="zoomfit" title="fit the map">fit</button><button id="zoomin" title="zoom in (+)">+</button>
<label><input type="checkbox" id="show-zoc"> ZOC</label> <label><input type="checkbox" id="show-control" checked> control</label>
<label><input type="checkbox" id="show-supply" checked> supply</label> <label><input type="checkbox" id="show-moves" checked> moves</label>
<label><input type="checkbox" id="show-combat" checked> combat</label></div>
</div>
<div id="stopped" hidden></div>
<h2 id="where"></h2>
<div id="entry"></div>
<div id="stack"></div>
<h3>Position</h3><ul id="notes"></ul>
<p class="help">Keys: ← → step, ↑ ↓ turn, Home End, space plays. Click a counter to read its stack.</p>`
