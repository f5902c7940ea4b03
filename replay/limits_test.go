package replay

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// noteBody is seat's next note entry with text, completed as pbem note does.
func noteBody(tb *table, seat, text string) (*logs.Body, error) {
	b := tb.r.NextBody(seat, logs.KindNote, tb.now())
	b.Text = text
	return b, tb.r.Complete(b, tb.next(seat))
}

// docs/log.md, Limits: a note of MaxNote bytes is taken, one byte more is
// refused with the entry, its size and the limit named, whether pbem makes
// the entry (pbem note) or receives it signed from a modified client.
func TestLimitNoteText(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	b, err := noteBody(tb, "red", strings.Repeat("é", MaxNote/2))
	if err != nil {
		t.Fatalf("a note of %d bytes: %v", MaxNote, err)
	}
	tb.mustAppend(tb.sign(b))
	long := strings.Repeat("a", MaxNote+1)
	seq := int64(tb.r.Len())
	_, err = noteBody(tb, "blue", long)
	wantEntryErr(t, err, seq, ErrLimit, fmt.Sprintf("the note's text is %d bytes; at most %d", MaxNote+1, MaxNote))
	// A modified client signs it all the same (a note leaves the state as
	// it is, so NextBody's state hash is the right one).
	forged := tb.r.NextBody("blue", logs.KindNote, tb.now())
	forged.Text = long
	wantEntryErr(t, tb.r.Append(tb.sign(forged)), seq, ErrLimit, "the note's text")
}

// Commands per entry, and each command's length, are bounded before the rules
// see them; so are draws, dice per draw, and the fields of seats.
func TestLimitFields(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	seq := int64(tb.r.Len())
	cases := []struct {
		name   string
		change func(b *logs.Body)
		want   string
	}{
		{"commands", func(b *logs.Body) { b.Commands = make([]string, MaxCommands+1) }, "257 commands; at most 256"},
		{"a command", func(b *logs.Body) { b.Commands = []string{"end", strings.Repeat("x", MaxCommand+1)} }, "command 2 is 1025 bytes"},
		{"draws", func(b *logs.Body) { b.Draws = make([]logs.Draw, MaxDraws+1) }, "1025 draws"},
		{"dice", func(b *logs.Body) { b.Draws = []logs.Draw{{Epoch: 1, For: "x", Sides: make([]int, MaxDice+1)}} }, "draw 1 has 1025 dice"},
		{"a name", func(b *logs.Body) { b.Name = strings.Repeat("n", MaxName+1) }, "seat red's name is 257 bytes"},
		{"a mail address", func(b *logs.Body) { b.Mail = strings.Repeat("m", MaxMail+1) }, "mail address is 255 bytes"},
		{"a key", func(b *logs.Body) { b.Key = strings.Repeat("k", MaxKey+1) }, "seat red's key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := tb.forge("red", []string{"end"}, c.change)
			wantEntryErr(t, tb.r.Append(e), seq, ErrLimit, c.want)
		})
	}
	// A line beyond MaxLine is refused for its size before anything else.
	e := tb.forge("red", []string{"end"}, func(b *logs.Body) {
		b.Draws = make([]logs.Draw, MaxDraws)
		for i := range b.Draws {
			b.Draws[i] = logs.Draw{Epoch: 1, For: strings.Repeat("f", MaxLine/MaxDraws)}
		}
	})
	wantEntryErr(t, tb.r.Append(e), seq, ErrLimit, fmt.Sprintf("at most %d are allowed", MaxLine))
}

// An invite whose game id or options exceed their bounds starts no replay.
func TestLimitInvite(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	inv := tb.r.Invite().Body
	inv.Game = strings.Repeat("g", MaxGameID+1)
	wantEntryErr(t, startErr(tb.sign(&inv)), 0, ErrLimit, "the game id is 129 bytes")
	inv = tb.r.Invite().Body
	inv.Options = make([]string, MaxOptions+1)
	wantEntryErr(t, startErr(tb.sign(&inv)), 0, ErrLimit, "33 options")
}

func startErr(e *logs.Entry) error {
	_, err := Start(e, duelLoader)
	return err
}

// Verify reads a log entry by entry and keeps only the last; VerifyEach hands
// every verified entry over in order, with what it made happen.
func TestVerifyStreams(t *testing.T) {
	tb := playSome(t)
	var seen []int64
	var events int
	rep := VerifyEach(bytes.NewReader(tb.lines()), duelLoader, func(e *logs.Entry, ev []rules.Event) {
		seen = append(seen, e.Seq)
		events += len(ev)
	})
	if !rep.OK() || len(seen) != tb.r.Len() || rep.Read != tb.r.Len() || events == 0 {
		t.Fatalf("%d entries handed over of %d (%d events): %v", len(seen), tb.r.Len(), events, rep.Problems)
	}
	for i, seq := range seen {
		if seq != int64(i) {
			t.Fatalf("entry %d handed over as number %d", seq, i)
		}
	}
	r := rep.Replay
	last := int64(r.Len() - 1)
	if r.First() != last || r.Entry(last) == nil || r.Entry(last-1) != nil || len(r.Entries()) != 1 {
		t.Fatalf("the verified replay keeps entries from %d", r.First())
	}
	// Duplicates are still told from equivocations by the hashes kept.
	if err := r.Append(tb.r.Entry(3)); !strings.Contains(fmt.Sprint(err), ErrDuplicate.Error()) {
		t.Fatalf("an old entry again: %v", err)
	}
	// So are equivocations from races and other branches, by the prev and the
	// signer kept of every entry, though entry 3 itself is no longer kept.
	stored := tb.r.Entry(3)
	forge := func(seat, prev string) *logs.Entry {
		b := tb.r.NextBody(seat, logs.KindNote, tb.now())
		b.Seq, b.Prev, b.Text = 3, prev, "another"
		return tb.sign(b)
	}
	var eq *EquivocationError
	if err := r.Append(forge(stored.By, stored.Prev)); !errors.As(err, &eq) || eq.Stored != nil || eq.Seq != 3 {
		t.Fatalf("another entry 3 by %s: %v", stored.By, err)
	}
	if !strings.Contains(eq.Error(), "a streaming check does not keep") {
		t.Errorf("the equivocation does not say its stored line was let go: %v", eq)
	}
	other := map[string]string{"red": "blue", "blue": "red"}[stored.By]
	if err := r.Append(forge(other, stored.Prev)); !errors.Is(err, ErrConflict) {
		t.Fatalf("a race for entry 3 (by %s): %v", other, err)
	}
	if err := r.Append(forge(stored.By, tb.r.Entry(2).Prev)); !errors.Is(err, ErrConflict) {
		t.Fatalf("an entry 3 of another branch: %v", err)
	}
}
