package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// Legal searches the moves of some forty units a phase, several ways each
// (issue 18), and their searches cross the same hexes: a step checked for
// one unit is checked again, alike, for every other unit that moves the
// same way under the same rules. A game that knows which of its movers
// check steps alike lends them one StepMemo, and Reach checks each step
// once for all of them.
//
// What a step's check reads of the mover beyond the position (its Ctx) and
// its rules: whether it is mechanized, tactical or entering, and its own hex
// (the first step of a move, N44's "first move" hexsides; the friends in
// its hex, Bonds). So movers share a memo only when they have the same
// Board, Ctx, Rules (the same rules of the same unit class: the game
// answers for that), RoadCost, RoadCut and Mech; the memo keeps a tactical
// mover's steps apart (a game makes one by copying a mover and setting
// Tactical: its steps may stop where the others go on, N44 9.10), and
// neither reads nor keeps the steps into or out of the mover's own hex.

// StepMemo keeps the steps checked by the searches of a class of movers,
// on one goroutine at a time: a memo shared by searches on two cores has
// each verdict written by one and read by the other, and costs them more
// waiting than it saves them checks (N44's Legal lends each goroutine its
// own).
type StepMemo struct {
	// steps is each step's verdict, by variant (2 when the path carries the
	// mark, plus 1 for a tactical mover), then by hex number × 6 +
	// direction: bit 0 set once checked, bit 1 the step allowed, bit 2 its
	// mark, bit 3 its stop, its cost in bits 4 to 10, and from bit 11 the
	// generation it was checked in, so that Clear forgets every verdict at
	// once. A variant's verdicts are made when a search first asks for one:
	// most searches are of the unmarked, not tactical variant (in a game
	// whose rules mark no path, all but the tactical ones), so a process
	// just started, whose memos are all new, allocates and faults in a
	// quarter of them, and a warm one keeps the steps from one hex in one
	// cache line. Two bytes a verdict rather than four halve the memory a
	// process just started faults in for them (issue 18).
	steps [4][]uint16
	hexes int    // the board's
	gen   uint16 // 1 to memoGenMax: the generation whose verdicts hold
}

// NewStepMemo is an empty memo for movers on b.
func NewStepMemo(b *Board) *StepMemo {
	return &StepMemo{hexes: b.grid.Len(), gen: 1}
}

// variant is the verdicts of variant v, made on first use.
func (s *StepMemo) variant(v int) []uint16 {
	p := &s.steps[v&3] // v is 0 to 3: the mask spares the bounds check
	if *p == nil {
		*p = make([]uint16, s.hexes*int(hex.DirectionCount))
	}
	return *p
}

// Clear forgets every step, for a memo lent again: a new generation, and
// the verdicts cleared only when the generations wrap round, one Clear in
// memoGenMax. No search may use the memo meanwhile.
func (s *StepMemo) Clear() {
	if s.gen++; s.gen > memoGenMax {
		for _, v := range s.steps {
			clear(v)
		}
		s.gen = 1
	}
}

// Fits reports whether the memo is for a board of b's size.
func (s *StepMemo) Fits(b *Board) bool { return s.hexes == b.grid.Len() }

const (
	memoChecked = 1 << iota
	memoOK
	memoMark
	memoStop
	memoCostShift = 4
	memoCostMax   = 1<<7 - 1 // 21 MP and 1/6; a dearer step is checked every time
	memoGenShift  = 11
	memoGenMax    = 1<<5 - 1
)

// searchStep is the verdict of m.check on a step of a search from the
// mover's hex start (its number): whether the step is allowed, and then its
// mark, whether it stops the unit, and its cost. It asks m.Memo first,
// away from start, and keeps there what it checks.
func (m *Mover) searchStep(f, t int, d hex.Direction, marked bool, start int) (ok, mark, stop bool, cost int) {
	memo := m.Memo
	var steps []uint16
	k := -1
	if memo != nil && f != start && t != start {
		variant := 0
		if marked {
			variant = 2
		}
		if m.Tactical {
			variant++
		}
		steps, k = memo.variant(variant), f*int(hex.DirectionCount)+int(d)
		if v := steps[k]; v>>memoGenShift == memo.gen {
			return v&memoOK != 0, v&memoMark != 0, v&memoStop != 0, int(v>>memoCostShift) & memoCostMax
		}
	}
	ok = m.check(f, t, d, marked).OK()
	s := &m.step
	gen := uint16(0)
	if k >= 0 {
		gen = memo.gen << memoGenShift
	}
	if !ok {
		if k >= 0 {
			steps[k] = gen | memoChecked
		}
		return false, false, false, 0
	}
	if k >= 0 && s.Cost >= 0 && s.Cost <= memoCostMax {
		v := gen | memoChecked | memoOK | uint16(s.Cost)<<memoCostShift
		if s.Mark {
			v |= memoMark
		}
		if s.Stop {
			v |= memoStop
		}
		steps[k] = v
	}
	return true, s.Mark, s.Stop, s.Cost
}
