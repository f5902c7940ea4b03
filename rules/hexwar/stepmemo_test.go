package hexwar

import (
	"maps"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// reachOf is what a search found: each hex reached, with its cost and path.
func reachOf(m *Mover) map[string]reached {
	r := m.Reach()
	out := map[string]reached{}
	for _, a := range r.Hexes() {
		out[m.Board.ID(a)] = reached{r.Cost(a), r.Path(a)}
	}
	return out
}

func sameReach(a, b map[string]reached) bool {
	return maps.EqualFunc(a, b, func(x, y reached) bool { return x.cost == y.cost && slices.Equal(x.path, y.path) })
}

// tacticalOutOfWoods is a rule that reads how the unit moves, in the manner
// of N44 9.10 (Tactical Movement stops on entering a flooded hex): Tactical
// Movement never enters woods.
var tacticalOutOfWoods = StepRule{
	Check: func(m *Mover, s *Step) int {
		if m.Tactical && m.Board.TerrainAt(s.To) == "woods" {
			return 1
		}
		return 0
	},
	Refuse: func(int, hex.Axial, hex.Axial) error {
		return rules.Refuse("R-woods", "no Tactical Movement into woods")
	},
}

// TestStepMemo_AsAlone: movers of one class (here: mechanized or not, a
// memo each) sharing a memo find what each finds alone, from every hex of
// the cost map, the tactical steps apart (the memo keeps them apart from
// the others'); after Clear a memo lent for another position (an enemy unit
// come next to the path) holds nothing of the one before, also when its
// generations wrap round.
func TestStepMemo_AsAlone(t *testing.T) {
	b := costMap.board(t)
	memos := map[bool]*StepMemo{false: NewStepMemo(b), true: NewStepMemo(b)}
	searches := 0
	for _, start := range b.grid.Hexes() {
		for _, mech := range []bool{false, true} {
			q := pos(b, append([]string{"allied " + b.ID(start)}, "german 0306", "german 0505", "allied 0108")...)
			alone, shared := mover(t, b, q, 0, mech, 5), mover(t, b, q, 0, mech, 5)
			alone.Rules, shared.Rules = []StepRule{tacticalOutOfWoods}, []StepRule{tacticalOutOfWoods}
			shared.Memo = memos[mech]
			if !sameReach(reachOf(alone), reachOf(shared)) {
				t.Fatalf("from %s (mech %v): the search with the memo differs from the one alone", b.ID(start), mech)
			}
			alone.Tactical, shared.Tactical = true, true
			if got, want := shared.AppendTactical(nil), alone.AppendTactical(nil); !slices.Equal(got, want) {
				t.Fatalf("from %s (mech %v): tactical paths %v with the memo, %v alone", b.ID(start), mech, got, want)
			}
			searches++
		}
		// The next start is another position: the unit stands elsewhere.
		memos[false].Clear()
		memos[true].Clear()
	}
	if searches < 50 {
		t.Fatalf("only %d searches", searches)
	}
	// A generation's verdicts are gone after Clear, wrapping round or not.
	memo := memos[false]
	for _, gen := range []uint16{1, memoGenMax} {
		memo.gen = gen
		first := pos(b, "allied 0101")
		m := mover(t, b, first, 0, false, 5)
		m.Memo = memo
		m.Reach()
		memo.Clear()
		// An enemy unit next to the first hexes: its ZOC stops the unit.
		second := pos(b, "allied 0101", "german 0303")
		alone, shared := mover(t, b, second, 0, false, 5), mover(t, b, second, 0, false, 5)
		shared.Memo = memo
		if !sameReach(reachOf(alone), reachOf(shared)) {
			t.Fatalf("after Clear from generation %d: the memo kept a verdict of the position before", gen)
		}
	}
}

// TestStepMemo_DearStep: a step dearer than a verdict can hold (memoCostMax)
// is checked every time rather than kept, and a search with the memo finds
// what one alone finds; the memo keeps the cheaper steps still.
func TestStepMemo_DearStep(t *testing.T) {
	b := costMap.board(t)
	// Woods cost memoCostMax + 1 more to enter, a rule's surcharge.
	dear := StepRule{
		Price: func(m *Mover, s *Step) int {
			if m.Board.TerrainAt(s.To) == "woods" {
				s.Cost += memoCostMax + 1
			}
			return 0
		},
		Refuse: func(int, hex.Axial, hex.Axial) error { return nil },
	}
	memo := NewStepMemo(b)
	q := pos(b, "allied 0101")
	for range 2 { // the second search reads what the first kept
		alone, shared := mover(t, b, q, 0, false, 40), mover(t, b, q, 0, false, 40)
		alone.Rules, shared.Rules = []StepRule{dear}, []StepRule{dear}
		shared.Memo = memo
		a, s := reachOf(alone), reachOf(shared)
		if !sameReach(a, s) {
			t.Fatalf("with the memo %v, alone %v", s, a)
		}
		if c := a["0403"].cost; c <= memoCostMax {
			t.Fatalf("woods 0403 cost %d: the test wants a step dearer than %d", c, memoCostMax)
		}
	}
	kept := 0
	for k, v := range memo.variant(0) {
		if v>>memoGenShift != memo.gen {
			continue
		}
		kept++
		f, d := k/int(hex.DirectionCount), hex.Direction(k%int(hex.DirectionCount))
		if to, ok := b.grid.Neighbor(f, d); ok && b.TerrainAt(to) == "woods" && v&memoOK != 0 {
			t.Fatalf("the memo kept the step from %s into woods %s, which costs more than a verdict holds", b.grid.Hex(f), b.grid.Hex(to))
		}
	}
	if kept == 0 {
		t.Fatal("the memo kept no step")
	}
}
