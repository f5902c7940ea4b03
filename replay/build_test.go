package replay

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// Complete folds a body that no one has checked yet: it must refuse what
// Append would refuse before folding, not panic on it (found by
// FuzzReplayLog: an unknown seat, a seq that is not the next).
func TestCompleteRefusesWhatAppendWould(t *testing.T) {
	tb := duelTable(t, logs.DiceCasual)
	b := tb.r.NextBody("green", logs.KindAccept, tb.now())
	b.Key, b.Head = tb.players["red"].key(), tb.players["red"].chain.Head()
	wantEntryErr(t, tb.r.Complete(b, tb.next("red")), b.Seq, ErrProtocol, `by "green"`)
	b = tb.r.NextBody("red", logs.KindAct, tb.now())
	b.Seq += 70
	b.Commands = []string{"attack"}
	wantEntryErr(t, tb.r.Complete(b, tb.next("red")), b.Seq, ErrGap, "is next")
}

// The inviter's chain head is checked like an accept's: a malformed one
// panicked when another seat's casual epoch hashed it (found by
// FuzzReplayLog).
func TestInviteHeadChecked(t *testing.T) {
	tb := duelTable(t, logs.DiceCasual)
	b := tb.r.Invite().Body
	b.Seats = append([]logs.Seat(nil), b.Seats...)
	b.Seats[0].Head = "sha256:" + strings.Repeat("g", 64)
	_, err := Start(tb.sign(&b), duelLoader)
	wantEntryErr(t, err, 0, ErrDice, "seat red: chain head")
}

// An invite's fields are checked like any entry's: one its kind does not use,
// or a variant no engine plays, would otherwise be signed and ignored.
func TestInviteFieldsChecked(t *testing.T) {
	tb := duelTable(t, logs.DiceStrict)
	for _, c := range []struct {
		change   func(b *logs.Body)
		kind     error
		fragment string
	}{
		{func(b *logs.Body) { b.Text = "hello" }, ErrProtocol, `no field "text"`},
		{func(b *logs.Body) { b.To = 3 }, ErrProtocol, `no field "to"`},
		{func(b *logs.Body) { b.Variant = "ed1" }, ErrVersion, `variant "ed1"`},
	} {
		b := tb.r.Invite().Body
		c.change(&b)
		_, err := Start(tb.sign(&b), duelLoader)
		wantEntryErr(t, err, 0, c.kind, c.fragment)
	}
}

// A resignation is final: no takeback undoes it.
func TestNoTakebackAfterResign(t *testing.T) {
	tb := duelTable(t, logs.DiceStrict)
	tb.do("red", "end")
	tb.mustAppend(tb.post("blue", logs.KindResign, func(*logs.Body) {}))
	b := tb.r.NextBody("red", logs.KindTakeback, tb.now())
	b.To, b.State = 2, tb.r.Game().Hash()
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "blue resigned")
}

// Building an entry, and judging two for one place, apply them to forks of
// the replay, which share the replay's histories, spare room and all (fork):
// the replay must be left as it was, the window of entries it keeps too, and
// go on as if nothing had been built; a log played with entries built and
// judged between its own verifies to the same state.
func TestBuildLeavesTheReplayAsItWas(t *testing.T) {
	// With 2 or 5 kept, a fork that records an entry trims its window: a
	// slice of 5 entries has room for a sixth, which the fork fills.
	for _, keep := range []int{0, 2, 5} {
		tb := duelTable(t, logs.DiceStrict)
		tb.r.Retain(keep)
		type view struct {
			n            int
			head, state  string
			steps, marks int
			window       []*logs.Entry
		}
		look := func() view {
			r := tb.r
			return view{r.Len(), r.Head(), r.Game().Hash(), len(r.steps), len(r.marks), slices.Clone(r.Entries())}
		}
		for round := range 8 {
			seat := tb.r.Waiting().Seats[0]
			before := look()
			// Two entries built for the same place, each on a fork; then
			// one of them and another seat's note, appended to a fork each
			// (Judge): forks in turn write the same spare room.
			choices := [][]string{{"attack"}, {"end"}}
			if tb.r.Game().(*duel).Need == "choice" {
				choices = [][]string{{"yield"}, {"hold"}}
			}
			var built []*logs.Entry
			for _, cmds := range choices {
				b, err := tb.r.BuildWith(seat, cmds, tb.own(seat), tb.now())
				if err != nil {
					t.Fatalf("keep %d: build %v: %v", keep, cmds, err)
				}
				built = append(built, tb.sign(b))
			}
			other := map[string]string{"red": "blue", "blue": "red"}[seat]
			if _, err := tb.r.Judge(built[0], tb.note(other, "mine first")); err != nil {
				t.Fatalf("keep %d: judge: %v", keep, err)
			}
			if after := look(); !reflect.DeepEqual(after, before) {
				t.Fatalf("keep %d: building changed the replay:\n%+v\nwas\n%+v", keep, after, before)
			}
			tb.do(seat, choices[round%2]...)
			tb.settle(10)
		}
		if keep > 0 {
			if w := tb.r.Entries(); len(w) != keep || w[keep-1].Seq != int64(tb.r.Len()-1) {
				t.Fatalf("keep %d: the window holds %d entries, the last %d, after %d", keep, len(w), w[len(w)-1].Seq, tb.r.Len())
			}
			continue
		}
		rep := Verify(bytes.NewReader(tb.lines()), duelLoader)
		if !rep.OK() {
			t.Fatalf("the log played between builds: %v", rep.Problems)
		}
		if rep.Replay.Head() != tb.r.Head() || rep.Replay.Game().Hash() != tb.r.Game().Hash() {
			t.Fatalf("verified afresh: head %s, state %s; the replay that built entries: %s, %s",
				rep.Replay.Head(), rep.Replay.Game().Hash(), tb.r.Head(), tb.r.Game().Hash())
		}
	}
}
