package replay

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// post builds, signs and returns seat's next entry of kind, filled by fill,
// without appending it.
func (tb *table) post(seat string, kind logs.Kind, fill func(b *logs.Body)) *logs.Entry {
	tb.t.Helper()
	b := tb.r.NextBody(seat, kind, tb.now())
	fill(b)
	tb.complete(b)
	return tb.sign(b)
}

// undoOne plays a duel's first moves and has both agree to take back all
// after red's first entry, first: entry undone is among those taken back.
func undoOne(tb *table) (first, undone int64) {
	tb.t.Helper()
	tb.do("red", "end")
	first = int64(tb.r.Len() - 1)
	tb.do("blue", "order hold")
	undone = int64(tb.r.Len() - 1)
	tb.do("blue", "end")
	tb.mustAppend(tb.post("red", logs.KindTakeback, func(b *logs.Body) { b.To = first }))
	tb.mustAppend(tb.post("blue", logs.KindAgree, func(b *logs.Body) { b.To = first }))
	return first, undone
}

// An agree whose state hash is wrong is refused like any other entry, and
// leaves the takeback as it was: it panicked when Append restored the steps
// the rewind had cut.
func TestAgreeWithWrongStateIsRefused(t *testing.T) {
	tb := duelTable(t, logs.DiceStrict)
	tb.do("red", "end")
	mark := int64(tb.r.Len() - 1)
	want := tb.r.Game().Hash()
	tb.do("blue", "order hold")
	before := tb.r.Game().Hash()
	tb.mustAppend(tb.post("red", logs.KindTakeback, func(b *logs.Body) { b.To = mark }))
	bad := tb.post("blue", logs.KindAgree, func(b *logs.Body) { b.To = mark })
	bad.State = "sha256:" + strings.Repeat("0", 64)
	wantEntryErr(t, tb.r.Append(tb.sign(&bad.Body)), bad.Seq, ErrState, "computes")
	if tb.r.Game().Hash() != before {
		t.Fatal("a refused agree changed the state")
	}
	// The refused agree counted for nothing: blue can still agree.
	tb.mustAppend(tb.post("blue", logs.KindAgree, func(b *logs.Body) { b.To = mark }))
	if tb.r.Game().Hash() != want {
		t.Fatal("the agreed takeback did not rewind to entry", mark)
	}
}

// A takeback to an entry that an earlier takeback undid is refused: the state
// after that entry is no longer in the game's history. Agreeing to one
// panicked on the entry's stale mark.
func TestTakebackToUndoneEntry(t *testing.T) {
	tb := duelTable(t, logs.DiceStrict)
	_, undone := undoOne(tb)
	agreed := int64(tb.r.Len() - 1)

	// Its state is still the one it had, for anyone looking back.
	if g, err := tb.r.StateAt(undone); err != nil || g.Hash() != tb.r.Entry(undone).State {
		t.Fatalf("StateAt(%d) after the rewind: %v", undone, err)
	}
	b := tb.r.NextBody("red", logs.KindTakeback, tb.now())
	b.To, b.State = undone, tb.r.Game().Hash()
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "taken back")
	// The entries after the rewind, and the rewind itself, are fine targets.
	tb.do("blue", "end")
	tb.mustAppend(tb.post("red", logs.KindTakeback, func(b *logs.Body) { b.To = agreed }))
	tb.mustAppend(tb.post("blue", logs.KindAgree, func(b *logs.Body) { b.To = agreed }))
	if rep := Verify(bytes.NewReader(tb.lines()), duelLoader); !rep.OK() {
		t.Fatal(rep.Problems)
	}
}
