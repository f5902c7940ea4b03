package normandy44

import (
	"slices"
	"strings"
	"sync"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// destinations are one unit's reachable hexes as Legal lists them, at most
// one destination a hex. Legal files a few hundred a unit for every unit of
// the side (issue 18), so they are filed by grid number rather than in a map,
// their paths kept end to end in one slice, and their commands and notes
// written into one builder.
type destinations struct {
	b     *board
	at    []int32 // by grid number: the hex's place in list, plus one; 0 if none
	list  []placed
	paths []hex.Axial // every destination's path, end to end
}

// placed is a destination and its hex; its path is paths[start:end].
type placed struct {
	a          hex.Axial
	d          destination
	start, end int
}

// destScratch keeps destinations between units, their index clean (every
// entry 0): a map of a few thousand hexes, or an index of them, would
// otherwise be allocated and cleared for each one.
var destScratch sync.Pool

func newDestinations(b *board) *destinations {
	f, _ := destScratch.Get().(*destinations)
	if f == nil || len(f.at) != b.grid.Len() {
		f = &destinations{at: make([]int32, b.grid.Len())}
	}
	f.b = b
	return f
}

// place is the place in list of a's destination, or -1.
func (f *destinations) place(a hex.Axial) int {
	if c, ok := f.b.cell(a); ok {
		return int(f.at[c]) - 1
	}
	// No search reaches off the grid; look as a map would all the same.
	return slices.IndexFunc(f.list, func(p placed) bool { return p.a == a })
}

// get is a's destination, if one is filed.
func (f *destinations) get(a hex.Axial) (destination, bool) {
	if k := f.place(a); k >= 0 {
		return f.list[k].d, true
	}
	return destination{}, false
}

// has reports whether a destination is filed for a.
func (f *destinations) has(a hex.Axial) bool { return f.place(a) >= 0 }

// put files d for a, in place of any filed before; appendPath appends its
// path to the slice it is given.
func (f *destinations) put(a hex.Axial, d destination, appendPath func([]hex.Axial) []hex.Axial) {
	start := len(f.paths)
	f.paths = appendPath(f.paths)
	p := placed{a: a, d: d, start: start, end: len(f.paths)}
	if k := f.place(a); k >= 0 {
		f.list[k] = p
		return
	}
	f.list = append(f.list, p)
	if c, ok := f.b.cell(a); ok {
		f.at[c] = int32(len(f.list))
	}
}

// choices turns unit i's destinations into Legal's choices, in hex order
// (Axial order, the grid's), and gives the destinations back for the next
// unit.
func (f *destinations) choices(g *Game, i int) []rules.Choice {
	defer f.release()
	if len(f.list) == 0 {
		return nil
	}
	slices.SortFunc(f.list, func(x, y placed) int { return x.a.Compare(y.a) })
	id := g.unit(i).ID
	var text strings.Builder
	// Room for every command (its words, 5 bytes a hex) and note at once:
	// the builder would otherwise copy what it holds each time it grows.
	text.Grow(len(f.list)*(len("move  sm trucks")+len(id)+len(", cyclists on the roads (9.9)")+len("1 1/2 of 10 1/2 MP")) + 5*len(f.paths))
	ids := make([]string, 0, maxPath)
	// Each choice's command and note, as ends in text.
	type ends struct{ cmd, note int }
	at := make([]ends, len(f.list))
	for k, p := range f.list {
		ids = ids[:0]
		for _, h := range f.paths[p.start:p.end] {
			ids = append(ids, g.b.id(h))
		}
		d := p.d
		hexwar.MoveCommand{Unit: id, Path: ids, Flags: Command{SM: d.sm, Trucks: d.trucks}.moveFlags()}.Write(&text)
		at[k].cmd = text.Len()
		writeMoveNote(&text, d)
		at[k].note = text.Len()
	}
	all := text.String()
	out := make([]rules.Choice, len(f.list))
	from := 0
	for k, p := range f.list {
		out[k] = rules.Choice{Command: all[from:at[k].cmd], Piece: id, Cost: (p.d.cost + mp - 1) / mp, Note: all[at[k].cmd:at[k].note]}
		from = at[k].note
	}
	return out
}

// writeMoveNote writes a move's note: its cost of the unit's budget, and
// the way it moves.
func writeMoveNote(b *strings.Builder, d destination) {
	if d.tactical {
		b.WriteString("Tactical Movement (9.10)")
		return
	}
	b.WriteString(mpText(d.cost))
	b.WriteString(" of ")
	b.WriteString(mpText(d.budget))
	b.WriteString(" MP")
	switch {
	case d.cyclist:
		b.WriteString(", cyclists on the roads (9.9)")
	case d.sm:
		b.WriteString(", Strategic Movement (9.8)")
	case d.trucks:
		b.WriteString(", on Trucks (9.8.6)")
	}
}

// release cleans f and keeps it for the next unit.
func (f *destinations) release() {
	for _, p := range f.list {
		if c, ok := f.b.cell(p.a); ok {
			f.at[c] = 0
		}
	}
	f.b, f.list, f.paths = nil, f.list[:0], f.paths[:0]
	destScratch.Put(f)
}
