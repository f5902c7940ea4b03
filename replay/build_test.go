package replay

import (
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
