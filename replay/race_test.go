package replay

import (
	"crypto/ed25519"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

// note builds seat's note as the next entry, signed by its key; the log does
// not change.
func (tb *table) note(seat, text string) *logs.Entry {
	tb.t.Helper()
	b := tb.r.NextBody(seat, logs.KindNote, tb.now())
	b.Text = text
	tb.complete(b)
	return tb.sign(b)
}

// next entry by seat, built and signed but not appended.
func (tb *table) build(seat string, commands ...string) *logs.Entry {
	tb.t.Helper()
	b, err := tb.r.Build(seat, commands, tb.next(seat), tb.now())
	if err != nil {
		tb.t.Fatalf("%s %v: %v", seat, commands, err)
	}
	return tb.sign(b)
}

// judge asks for the verdict both ways round: it must not depend on which
// entry this machine happens to hold.
func judge(t *testing.T, r *Replay, a, b *logs.Entry) *Verdict {
	t.Helper()
	v1, err := r.Judge(a, b)
	if err != nil {
		t.Fatal(err)
	}
	v2, err := r.Judge(b, a)
	if err != nil {
		t.Fatal(err)
	}
	if v1.Equivocation || v2.Equivocation || v1.Winner != v2.Winner || v1.Awaited != v2.Awaited {
		t.Fatalf("the verdict depends on the order: %+v, %+v", v1, v2)
	}
	return v1
}

// docs/log.md, Races: the entry of the seat the game awaited stands, whatever
// its kind, and whichever entry a machine saw first.
func TestJudgeAwaitedSeatWins(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	move, note := tb.build("red", "end"), tb.note("blue", "good luck")
	if v := judge(t, tb.r, note, move); v.Winner != move || v.Loser != note || !v.Awaited {
		t.Fatalf("red's move, awaited, stands: %+v", v)
	}
	// A note of the awaited seat wins as well.
	own := tb.note("red", "thinking")
	if v := judge(t, tb.r, note, own); v.Winner != own || !v.Awaited {
		t.Fatalf("red's note, red awaited, stands: %+v", v)
	}
}

// A dice answer is awaited, so it beats a note of the requester written at
// the same time.
func TestJudgeDiceAnswerWins(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	tb.do("red", "attack")
	answer, note := tb.build("blue"), tb.note("red", "come on, sixes")
	if answer.Epoch == 0 {
		t.Fatal("blue's entry is not an answer")
	}
	if v := judge(t, tb.r, note, answer); v.Winner != answer || !v.Awaited {
		t.Fatalf("blue's answer stands: %+v", v)
	}
}

// When neither seat was awaited, the seat first in the invite wins.
func TestJudgeTieBreakSeatOrder(t *testing.T) {
	tb := newTable(t, "freeplay", "three-player", logs.DiceStrict, games.Shipped, "british", "american", "patton")
	if w := tb.r.Waiting(); len(w.Seats) != 1 || w.Seats[0] != "british" {
		t.Fatalf("the british seat plays first: %+v", w)
	}
	a, p := tb.note("american", "go"), tb.note("patton", "faster")
	if v := judge(t, tb.r, p, a); v.Winner != a || v.Awaited {
		t.Fatalf("american (seat 2) beats patton (seat 3) by seat order: %+v", v)
	}
}

// Race on seq 1: the inviter's note crosses the accept; the game waits for the
// seat to join, so the accept stands. Two players accepting one open seat race
// too, and the lower line hash decides.
func TestJudgeRaceOnAccept(t *testing.T) {
	red, blue := newPlayer(t, "red"), newPlayer(t, "blue")
	tb := &table{t: t, players: map[string]*player{"red": red, "blue": blue}, clock: time.Date(2026, 6, 6, 6, 0, 0, 0, time.UTC)}
	d, _ := newDuel([]byte("duel\n"), nil)
	invite, err := logs.SignBody(red.signer, &logs.Body{V: logs.Version, Game: "g-test", By: "red", TS: tb.ts(),
		Kind: logs.KindInvite, State: d.Hash(), Rules: "duel", Engine: "duel/1", Scenario: "standard",
		Digest: Digest([]byte("duel\n")), Dice: logs.DiceStrict,
		Seats: []logs.Seat{{Seat: "red", Key: red.key(), Head: red.chain.Head()}, {Seat: "blue"}}})
	if err != nil {
		t.Fatal(err)
	}
	if tb.r, err = Start(invite, duelLoader); err != nil {
		t.Fatal(err)
	}
	accept := func(p *player) *logs.Entry {
		b := tb.r.NextBody("blue", logs.KindAccept, tb.now())
		b.Key, b.Head = p.key(), p.chain.Head()
		tb.complete(b)
		e, err := logs.SignBody(p.signer, b)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	acc, note := accept(blue), tb.note("red", "welcome")
	if v := judge(t, tb.r, note, acc); v.Winner != acc || !v.Awaited {
		t.Fatalf("the accept stands: %+v", v)
	}
	seed := sha256.Sum256([]byte("key eve"))
	eveSigner, _ := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(seed[:]))
	eve := &player{seat: "blue", signer: eveSigner, chain: blue.chain}
	other := accept(eve)
	want := acc
	if logs.LineHash(other.Line) < logs.LineHash(acc.Line) {
		want = other
	}
	if v := judge(t, tb.r, acc, other); v.Winner != want || v.Awaited {
		t.Fatalf("two accepts of one open seat: the lower line hash stands: %+v", v)
	}
}

// One key, two different entries for one seq: an equivocation, whatever the
// kinds, and never a race.
func TestJudgeEquivocation(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	move, note := tb.build("red", "end"), tb.note("red", "oops")
	v, err := tb.r.Judge(move, note)
	if err != nil || !v.Equivocation || v.Winner != move {
		t.Fatalf("one key, two entries: %+v %v", v, err)
	}
	// The log holds the move; the note appended after it is evidence.
	tb.mustAppend(move)
	var eq *EquivocationError
	if err := tb.r.Append(note); !errors.As(err, &eq) {
		t.Fatalf("append reports the equivocation: %v", err)
	}
}

// An entry that does not verify on the log before it is neither a race nor
// evidence: a forged signature, another seat's key, another prev.
func TestJudgeRefusesBadEntries(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	move := tb.build("red", "end")
	b := tb.r.NextBody("blue", logs.KindNote, tb.now())
	b.Text = "signed by red's key"
	forged, err := logs.SignBody(tb.players["red"].signer, b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.r.Judge(move, forged); !errors.Is(err, ErrSignature) {
		t.Fatalf("blue's note signed by red's key: %v", err)
	}
	b = tb.r.NextBody("blue", logs.KindNote, tb.now())
	b.Text, b.Prev = "elsewhere", logs.LineHash([]byte("another line\n"))
	if _, err := tb.r.Judge(move, tb.sign(b)); !errors.Is(err, ErrChain) {
		t.Fatalf("another prev: %v", err)
	}
	// Blue may not move on red's turn: a race needs two valid entries.
	bad := tb.forge("red", []string{"end"}, func(b *logs.Body) { b.By = "blue" })
	if _, err := tb.r.Judge(move, bad); err == nil {
		t.Fatal("an entry the rules refuse is judged")
	}
	// Appended after the move, blue's note is a conflict, not an equivocation.
	tb.mustAppend(move)
	var eq *EquivocationError
	if err := tb.r.Append(tb.sign(b)); errors.As(err, &eq) || !errors.Is(err, ErrConflict) {
		t.Fatalf("another seat's entry with a stored seq: %v", err)
	}
}
