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
// their commands and notes written into one text, and a destination whose
// path is the path of one filed from the same search and one hex more is
// filed as that (Reachable.ParentAt): its path is not copied, and its
// command is written as the other's and one hex, or is the front of a
// longer one (a third of a Movement Phase's command text).
type destinations struct {
	b     *board
	at    []int32  // by grid number: the hex's place in list, plus one; 0 if none
	filed []uint64 // by grid number: whether at holds a place, so that the list is read in hex order without a sort
	// list is every destination filed, in the order filed. One replaced
	// by another to its hex stays, unlisted, as the parent of the paths
	// filed from its search.
	list  []placed
	paths []int32 // the paths of the destinations with no parent, by hex number, end to end
	// search is the search whose hexes are being filed (beginSearch), and
	// from the first place in list of its destinations.
	search hexwar.Reachable
	from   int
	// Kept for the next unit: the moves' text and notes, and what moves
	// works out on the way.
	text  []byte
	notes []sharedNote
	// noteAt is by cost and way of moving (noteSlot): the place in notes
	// of its note, plus one; 0 between units.
	noteAt []int32
	order  []int32   // the places listed, in hex order
	words  []written // by place
	// first and next are by place: its first child's place and its next
	// sibling's, -1 if none (writeCommands).
	first, next []int32
	walk        []hex.Axial // a path to walk, before it is filed
	reach       hexwar.ReachBuffer
}

// placed is a destination and its hex, numbered c. Its path is paths[start:
// end], or, with a parent, the parent's path and its hex.
type placed struct {
	c          int32
	d          destination
	parent     int32 // the parent's place in list, plus one; 0 if none
	k          int32 // its number in its search (Reachable.HexAt) while the search is filed; -1 for a path of its own
	start, end int32
}

// written is where a destination's command lies in the moves' text: from
// cmd, its path ends at path and its flags at end.
type written struct {
	cmd, path, end int32
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

// has reports whether a destination is filed for a.
func (f *destinations) has(a hex.Axial) bool { return f.place(a) >= 0 }

// hasAround reports whether a destination is filed for every hex of the
// map within radius of a, a itself apart.
func (f *destinations) hasAround(a hex.Axial, radius int) bool {
	for dq := -radius; dq <= radius; dq++ {
		for dr := max(-radius, -dq-radius); dr <= min(radius, -dq+radius); dr++ {
			h := hex.Axial{Q: a.Q + dq, R: a.R + dr}
			if c, ok := f.b.cell(h); ok && h != a && f.at[c] == 0 {
				return false
			}
		}
	}
	return true
}

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
	start := len(f.paths)
	f.paths = appendPath(f.paths)
	f.file(placed{c: int32(c), d: d, k: -1, start: int32(start), end: int32(len(f.paths))})
}

// file adds p to the list, in place of its hex's destination if any.
func (f *destinations) file(p placed) {
	f.list = append(f.list, p)
	f.at[p.c] = int32(len(f.list))
	f.filed[p.c/64] |= 1 << (p.c % 64)
}

// beginSearch begins filing the hexes of search r (putAt), until
// endSearch.
func (f *destinations) beginSearch(r hexwar.Reachable) { f.search, f.from = r, len(f.list) }

// putAt files d for the hex numbered c, which is r's hex numbered k (r the
// search of beginSearch), in place of any filed before.
func (f *destinations) putAt(c int, d destination, k int) {
	f.file(placed{c: int32(c), d: d, k: int32(k)})
}

// endSearch ends the search of beginSearch: each destination filed from it takes
// as its parent the one filed from it before its path's last hex, if any;
// the others' paths are copied.
func (f *destinations) endSearch() {
	r := f.search
	for q := f.from; q < len(f.list); q++ {
		p := &f.list[q]
		if p.k < 0 {
			continue
		}
		if pk := r.ParentAt(int(p.k)); pk >= 0 {
			if parent := int(f.at[r.CellAt(pk)]) - 1; parent >= f.from && f.list[parent].k == int32(pk) {
				p.parent = int32(parent + 1)
				continue
			}
		}
		start := len(f.paths)
		f.paths = r.AppendCellPathAt(f.paths, int(p.k))
		p.start, p.end = int32(start), int32(len(f.paths))
	}
	// A later search's destination may take the place of one of these,
	// which stays as their parent: none is matched by its number again.
	for q := f.from; q < len(f.list); q++ {
		f.list[q].k = -1
	}
	f.search = hexwar.Reachable{}
}

// moves turns unit i's destinations into its moves, in hex order (Axial
// order, the grid's), and gives the destinations back for the next unit.
// Every move's command and note are written into one text: a unit has a
// few hundred. Its notes say little more than a cost, so each is written
// once and shared by the moves that have it; a command is written after
// its parent's (endSearch), so that the parent's is its front when the parent
// has no flags, and is otherwise written as the parent's path and one hex.
func (f *destinations) moves(g *Game, i int) moveList {
	defer f.release()
	f.sort()
	if len(f.order) == 0 {
		return moveList{}
	}
	id := g.unit(i).ID
	buf := f.writeCommands(g, id, f.text[:0])
	moves := make([]listedMove, len(f.order))
	notes := f.notes[:0]
	// A unit's budget is the same in most of its notes: its words once.
	var budget [32]byte
	lastBudget, budgetText := -1, budget[:0]
	for n, q := range f.order {
		d := &f.list[q].d
		mv := &moves[n]
		w := &f.words[q]
		mv.cmd = [2]int32{w.cmd, w.end}
		mv.cost = int32((d.cost + mp - 1) / mp)
		slot := f.noteSlot(d)
		k := int(*slot) - 1
		// The slot is by cost and way of moving: the budget may differ.
		if k >= 0 && (notes[k].d.budget != d.budget || notes[k].d.cost != d.cost) {
			// The same cost and way at another budget: rare.
			k = slices.IndexFunc(notes, func(n sharedNote) bool { return n.d == *d })
		}
		if k >= 0 {
			mv.note = notes[k].at
			continue
		}
		if !d.tactical && d.budget != lastBudget {
			lastBudget, budgetText = d.budget, hexwar.AppendMPText(budget[:0], d.budget)
		}
		mv.note[0] = int32(len(buf))
		buf = appendMoveNote(buf, d, budgetText)
		mv.note[1] = int32(len(buf))
		notes = append(notes, sharedNote{*d, mv.note})
		if *slot == 0 {
			*slot = int32(len(notes))
		}
	}
	for k := range notes {
		*f.noteSlot(&notes[k].d) = 0
	}
	f.text, f.notes = buf, notes
	return moveList{piece: id, text: string(buf), moves: moves}
}

// writeCommands appends the destinations' commands to buf, each subtree of
// parents and children depth first, and notes where each lies (words): a
// command is its parent's and one hex, written on from the parent's when
// that ends buf.
func (f *destinations) writeCommands(g *Game, id string, buf []byte) []byte {
	n := len(f.list)
	f.words = slices.Grow(f.words[:0], n)[:n]
	// Each place's children as a chain: its first child, then each
	// child's next, in the order filed. Linked from the last place back,
	// each child goes in front of the ones after it.
	first := slices.Grow(f.first[:0], n)[:n]
	next := slices.Grow(f.next[:0], n)[:n]
	for q := range first {
		first[q] = -1
	}
	for q := n - 1; q >= 0; q-- {
		next[q] = -1
		if parent := f.list[q].parent - 1; parent >= 0 {
			next[q], first[parent] = first[parent], int32(q)
		}
	}
	for root := range f.list {
		if f.list[root].parent > 0 {
			continue
		}
		// Depth first from root, each place before its children: down
		// to a first child, else on to the next child of the nearest
		// place that has one, up to root.
		for q := int32(root); q >= 0; {
			if p := &f.list[q]; f.at[p.c] == q+1 || first[q] >= 0 { // else replaced, and no path goes on from it
				w := &f.words[q]
				switch parent := p.parent - 1; {
				case parent < 0:
					w.cmd = int32(len(buf))
					buf = append(buf, "move "...)
					buf = append(buf, id...)
					buf = g.b.appendPath(buf, f.paths[p.start:p.end])
				case int(f.words[parent].path) == len(buf):
					// The parent's command ends the text so far, without
					// flags: this one goes on from it.
					w.cmd = f.words[parent].cmd
					buf = g.b.appendHex(buf, p.c)
				default:
					w.cmd = int32(len(buf))
					buf = append(buf, buf[f.words[parent].cmd:f.words[parent].path]...)
					buf = g.b.appendHex(buf, p.c)
				}
				w.path = int32(len(buf))
				if p.d.sm { // the flags as Command.moveFlags writes them
					buf = append(buf, " "+flagSM...)
				}
				if p.d.trucks {
					buf = append(buf, " "+flagTrucks...)
				}
				w.end = int32(len(buf))
			}
			if first[q] >= 0 {
				q = first[q]
				continue
			}
			for q != int32(root) && next[q] < 0 {
				q = f.list[q].parent - 1
			}
			if q == int32(root) {
				break
			}
			q = next[q]
		}
	}
	f.first, f.next = first, next
	return buf
}

// noteSlot is where noteAt keeps the place in notes of d's note, plus one:
// a unit's few hundred moves share a few dozen notes, looked up by cost and
// way of moving rather than compared one by one (issue 18). A note found
// there is still compared: its budget may differ.
func (f *destinations) noteSlot(d *destination) *int32 {
	k := max(d.cost, 0)<<4 | bit(d.tactical) | bit(d.cyclist)<<1 | bit(d.sm)<<2 | bit(d.trucks)<<3
	if k >= len(f.noteAt) {
		f.noteAt = append(f.noteAt, make([]int32, k+1-len(f.noteAt))...)
	}
	return &f.noteAt[k]
}

// bit is 1 for true.
func bit(b bool) int {
	if b {
		return 1
	}
	return 0
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

// appendTo appends the moves to out as choices. Each choice is written field
// by field: a choice appended whole is copied through the collector's bulk
// barrier whenever it is marking, which walks the type's pointers for each of
// a phase's thousands of choices (issue 18).
func (l moveList) appendTo(out []rules.Choice) []rules.Choice {
	n := len(out)
	out = slices.Grow(out, len(l.moves))[:n+len(l.moves)]
	for k, mv := range l.moves {
		c := &out[n+k]
		c.Command, c.Piece, c.Cost, c.Note = l.text[mv.cmd[0]:mv.cmd[1]], l.piece, int(mv.cost), l.text[mv.note[0]:mv.note[1]]
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

// sort lists in order the places of the destinations listed, in hex order:
// by grid number, which is Axial order, read off the bits of the hexes
// filed.
func (f *destinations) sort() {
	order := f.order[:0]
	for w, word := range f.filed {
		for word != 0 {
			c := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			order = append(order, f.at[c]-1)
		}
	}
	f.order = order
}

// appendMoveNote appends a move's note: its cost of the unit's budget
// (whose words are budget), and the way it moves.
func appendMoveNote(b []byte, d *destination, budget []byte) []byte {
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
	f.b, f.list, f.paths, f.search = nil, f.list[:0], f.paths[:0], hexwar.Reachable{}
	destScratch.Put(f)
}
