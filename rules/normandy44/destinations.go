package normandy44

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/pbem-referee/pbem/rules/scratch"

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
	at    []int32  // by grid number: the hex's place in list, plus one; 0 if none
	filed []uint64 // by grid number: whether at holds a place, so that the list is read in hex order without a sort
	list  []placed
	paths []int32 // every destination's path, by hex number, end to end
	// The moves' text, their notes and the list in hex order, kept for
	// the next unit.
	text   []byte
	notes  []sharedNote
	sorted []placed
	walk   []hex.Axial // a path to walk, before it is filed
	reach  hexwar.ReachBuffer
}

// placed is a destination and its hex, numbered c; its path is
// paths[start:end].
type placed struct {
	a          hex.Axial
	c          int32
	d          destination
	start, end int32
}

// destScratch keeps destinations between units, their index clean (every
// entry 0): a map of a few thousand hexes, or an index of them, would
// otherwise be allocated and cleared for each one.
var destScratch scratch.Shelf[destinations]

func newDestinations(b *board) *destinations {
	f := destScratch.Get()
	if f == nil || len(f.at) != b.grid.Len() {
		f = &destinations{at: make([]int32, b.grid.Len()), filed: make([]uint64, (b.grid.Len()+63)/64)}
	}
	f.b = b
	return f
}

// place is the place in list of a's destination, or -1.
func (f *destinations) place(a hex.Axial) int {
	if c, ok := f.b.cell(a); ok {
		return int(f.at[c]) - 1
	}
	return -1 // no move reaches off the map (9.2): none is filed there
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

// hasCell is has of the hex numbered c, which a search reached.
func (f *destinations) hasCell(c int) bool { return f.at[c] > 0 }

// put files d for a, in place of any filed before; appendPath appends its
// path, by hex number, to the slice it is given. Every hex a move reaches
// is on the map (9.2), so one off it is a fault in the searches.
func (f *destinations) put(a hex.Axial, d destination, appendPath func([]int32) []int32) {
	c, ok := f.b.cell(a)
	if !ok {
		panic(fmt.Sprintf("normandy44: a move reaches %v, off the map", a))
	}
	f.putCell(c, a, d, appendPath)
}

// putCell is put of a, the hex numbered c.
func (f *destinations) putCell(c int, a hex.Axial, d destination, appendPath func([]int32) []int32) {
	start := len(f.paths)
	f.paths = appendPath(f.paths)
	p := placed{a: a, c: int32(c), d: d, start: int32(start), end: int32(len(f.paths))}
	if k := f.at[c] - 1; k >= 0 {
		f.list[k] = p
		return
	}
	f.list = append(f.list, p)
	f.at[c] = int32(len(f.list))
	f.filed[c/64] |= 1 << (c % 64)
}

// moves turns unit i's destinations into its moves, in hex order (Axial
// order, the grid's), and gives the destinations back for the next unit.
// Every move's command and note are written into one text: a unit has a
// few hundred. Its notes say little more than a cost, so each is written
// once and shared by the moves that have it.
func (f *destinations) moves(g *Game, i int) moveList {
	defer f.release()
	if len(f.list) == 0 {
		return moveList{}
	}
	f.sort()
	id := g.unit(i).ID
	buf := f.text[:0]
	moves := make([]listedMove, 0, len(f.list))
	notes := f.notes[:0]
	// A unit's budget is the same in most of its notes: its words once.
	var budget [32]byte
	lastBudget, budgetText := -1, budget[:0]
	for _, p := range f.list {
		d := p.d
		mv := listedMove{cost: int32((d.cost + mp - 1) / mp)}
		mv.cmd[0] = int32(len(buf))
		buf = append(buf, "move "...)
		buf = append(buf, id...)
		buf = g.b.appendPath(buf, f.paths[p.start:p.end])
		for _, fl := range (Command{SM: d.sm, Trucks: d.trucks}).moveFlags() {
			buf = append(buf, ' ')
			buf = append(buf, fl...)
		}
		mv.cmd[1] = int32(len(buf))
		if k := slices.IndexFunc(notes, func(n sharedNote) bool { return n.d == d }); k >= 0 {
			mv.note = notes[k].at
		} else {
			if !d.tactical && d.budget != lastBudget {
				lastBudget, budgetText = d.budget, hexwar.AppendMPText(budget[:0], d.budget)
			}
			mv.note[0] = int32(len(buf))
			buf = appendMoveNote(buf, d, budgetText)
			mv.note[1] = int32(len(buf))
			notes = append(notes, sharedNote{d, mv.note})
		}
		moves = append(moves, mv)
	}
	f.text, f.notes = buf, notes
	return moveList{piece: id, text: string(buf), moves: moves}
}

// sharedNote is a note written for a destination's cost and way of moving,
// which every destination alike shares.
type sharedNote struct {
	d  destination
	at [2]int32
}

// moveList is one unit's moves as Legal keeps them between calls: their
// words in one text, each move the places of its command and note in it
// and its cost, so that the collector reads one pointer a unit rather than
// three a move (a phase lists thousands, issue 18). choices and appendTo
// make them Legal's choices.
type moveList struct {
	piece string
	text  string
	moves []listedMove
}

// listedMove is a move of a moveList: its command and note, as ends in the
// list's text, and its cost in whole MP.
type listedMove struct {
	cmd, note [2]int32
	cost      int32
}

// appendTo appends the moves to out as choices.
func (l moveList) appendTo(out []rules.Choice) []rules.Choice {
	for _, mv := range l.moves {
		out = append(out, rules.Choice{Command: l.text[mv.cmd[0]:mv.cmd[1]], Piece: l.piece, Cost: int(mv.cost), Note: l.text[mv.note[0]:mv.note[1]]})
	}
	return out
}

// choices are the moves as choices, nil if there are none.
func (l moveList) choices() []rules.Choice {
	if len(l.moves) == 0 {
		return nil
	}
	return l.appendTo(make([]rules.Choice, 0, len(l.moves)))
}

// sort puts the list in hex order: by grid number, which is Axial order,
// read off the bits of the hexes filed.
func (f *destinations) sort() {
	sorted := f.sorted[:0]
	for w, word := range f.filed {
		for word != 0 {
			c := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			sorted = append(sorted, f.list[f.at[c]-1])
		}
	}
	f.list, f.sorted = sorted, f.list
}

// appendMoveNote appends a move's note: its cost of the unit's budget
// (whose words are budget), and the way it moves.
func appendMoveNote(b []byte, d destination, budget []byte) []byte {
	if d.tactical {
		return append(b, "Tactical Movement (9.10)"...)
	}
	b = hexwar.AppendMPText(b, d.cost)
	b = append(b, " of "...)
	b = append(b, budget...)
	b = append(b, " MP"...)
	switch {
	case d.cyclist:
		b = append(b, ", cyclists on the roads (9.9)"...)
	case d.sm:
		b = append(b, ", Strategic Movement (9.8)"...)
	case d.trucks:
		b = append(b, ", on Trucks (9.8.6)"...)
	}
	return b
}

// release cleans f and keeps it for the next unit.
func (f *destinations) release() {
	for _, p := range f.list {
		f.at[p.c] = 0
	}
	clear(f.filed)
	f.b, f.list, f.paths = nil, f.list[:0], f.paths[:0]
	destScratch.Put(f)
}
