package replay

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// playSome plays a few strict turns of the duel and returns the table.
func playSome(t testing.TB) *table {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	for range 3 {
		playRound(tb)
	}
	return tb
}

// playRound plays one strict round: each seat attacks (request, answer,
// reveal), the defender yields if it must choose, and the turn passes.
func playRound(tb *table) {
	for _, s := range []string{"red", "blue"} {
		o := map[string]string{"red": "blue", "blue": "red"}[s]
		tb.do(s, "attack")
		tb.do(o)
		tb.do(s)
		if tb.r.Game().(*duel).Need == "choice" {
			tb.do(o, "yield")
		}
		tb.do(s, "end")
	}
}

func wantEntryErr(t *testing.T, err error, seq int64, kind error, fragment string) {
	t.Helper()
	var ee *EntryError
	if !errors.As(err, &ee) || ee.Seq != seq || !errors.Is(err, kind) || !strings.Contains(err.Error(), fragment) {
		t.Fatalf("want %v at entry %d mentioning %q, have %v", kind, seq, fragment, err)
	}
}

func TestChainAndSignatureTampering(t *testing.T) {
	tb := playSome(t)
	n := int64(tb.r.Len())
	cases := []struct {
		name     string
		change   func(b *logs.Body)
		signer   string
		kind     error
		fragment string
	}{
		{"prev altered", func(b *logs.Body) { b.Prev = "sha256:" + strings.Repeat("0", 64) }, "red", ErrChain, "prev is"},
		{"other game", func(b *logs.Body) { b.Game = "g-other" }, "red", ErrChain, `game "g-other"`},
		{"signed by another seat's key", func(b *logs.Body) {}, "blue", ErrSignature, "not signed by seat red's key"},
		{"unknown seat", func(b *logs.Body) { b.By = "green" }, "red", ErrProtocol, `by "green"`},
		{"state hash altered", func(b *logs.Body) { b.State = "sha256:" + strings.Repeat("a", 64) }, "red", ErrState, "duel/1 computes"},
		{"field its kind lacks", func(b *logs.Body) { b.Text = "hello" }, "red", ErrProtocol, `no field "text"`},
		// docs/log.md: ts is UTC, whole seconds, in one spelling.
		{"ts with an offset", func(b *logs.Body) { b.TS = "2026-06-06T08:30:00+02:00" }, "red", ErrProtocol, "want UTC whole seconds"},
		{"ts with a fraction", func(b *logs.Body) { b.TS = "2026-06-06T06:30:00.5Z" }, "red", ErrProtocol, "want UTC whole seconds"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := tb.r.Build("red", []string{"end"}, tb.next("red"), tb.now())
			if err != nil {
				t.Fatal(err)
			}
			c.change(b)
			e, err := logs.SignBody(tb.players[c.signer].signer, b)
			if err != nil {
				t.Fatal(err)
			}
			wantEntryErr(t, tb.r.Append(e), n, c.kind, c.fragment)
			if int64(tb.r.Len()) != n {
				t.Fatal("a refused entry was appended")
			}
		})
	}
}

func TestGapAndDuplicate(t *testing.T) {
	tb := playSome(t)
	last := tb.r.Entry(int64(tb.r.Len() - 1))
	if err := tb.r.Append(last); !errors.Is(err, ErrDuplicate) {
		t.Fatalf("the same line again: want ErrDuplicate, have %v", err)
	}
	b, _ := tb.r.Build("red", []string{"end"}, tb.next("red"), tb.now())
	b.Seq += 2
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrGap, "is next")
}

// DESIGN.md, The log: two signed entries with one seq are proof of
// equivocation; both are kept and reported, neither accepted silently.
func TestEquivocation(t *testing.T) {
	tb := playSome(t)
	seq := int64(tb.r.Len())
	good := tb.do("red", "end")
	// Red signs a second, different entry with the same seq.
	b := *(&good.Body)
	b.TS = "2030-01-01T00:00:00Z"
	other := tb.sign(&b)
	err := tb.r.Append(other)
	var eq *EquivocationError
	if !errors.As(err, &eq) || eq.Seq != seq || !bytes.Equal(eq.Stored, good.Line) || !bytes.Equal(eq.Received, other.Line) {
		t.Fatalf("want an equivocation at %d with both lines, have %v", seq, err)
	}
	// In a file, both lines are reported.
	file := append(tb.lines(), other.Line...)
	rep := Verify(bytes.NewReader(file), duelLoader)
	if rep.OK() || !errors.As(rep.Problems[0], &eq) || !strings.Contains(rep.Problems[0].Error(), string(other.Line)) {
		t.Fatalf("verify must report the equivocation with both entries, have %v", rep.Problems)
	}
}

func TestRulesRefusalNamesRuleAndChangesNothing(t *testing.T) {
	tb := playSome(t)
	before, n := tb.r.Game().Hash(), tb.r.Len()
	_, err := tb.r.Build("red", []string{"fly"}, tb.next("red"), tb.now())
	var ref *rules.Refusal
	if !errors.As(err, &ref) || ref.Rule != "D1" || !errors.Is(err, ErrRules) || !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("want the refusal of rule D1, have %v", err)
	}
	// Forged into a signed entry, it fails the same way on append.
	b, _ := tb.r.Build("red", []string{"end"}, tb.next("red"), tb.now())
	b.Commands = []string{"fly"}
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrRules, `command 1 "fly": D1`)
	if tb.r.Game().Hash() != before || tb.r.Len() != n {
		t.Fatal("a refused entry changed the state")
	}
	// Out of turn is refused as out of place.
	b = tb.r.NextBody("blue", logs.KindAct, tb.now())
	b.Commands, b.State = []string{"attack"}, before
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "not blue's turn")
}

func TestVersionAndScenarioMismatch(t *testing.T) {
	tb := playSome(t)
	inv := tb.r.Invite().Body
	inv.Engine = "duel/2"
	e := tb.sign(&inv)
	if _, err := Start(e, duelLoader); !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "duel/2") {
		t.Fatalf("want a version error naming both versions, have %v", err)
	}
	inv = tb.r.Invite().Body
	changed := testLoader{engines: duelLoader.engines, scenario: func(string, string) ([]byte, error) { return []byte("duel\n# edited\n"), nil }}
	if _, err := Start(tb.sign(&inv), changed); !errors.Is(err, ErrScenario) {
		t.Fatalf("want a scenario digest error, have %v", err)
	}
}

// The determinism check: replaying a log gives the same state hash after every
// entry, and StateAt rebuilds each of them.
func TestReplayDeterministic(t *testing.T) {
	tb := playSome(t)
	rep := Verify(bytes.NewReader(tb.lines()), duelLoader)
	if !rep.OK() {
		t.Fatal(rep.Problems)
	}
	for i := range tb.r.Len() {
		seq := int64(i)
		g, err := rep.Replay.StateAt(seq)
		if err != nil {
			t.Fatal(err)
		}
		if g.Hash() != tb.r.Entry(seq).State {
			t.Fatalf("entry %d: StateAt gives %s; the entry records %s", seq, g.Hash(), tb.r.Entry(seq).State)
		}
	}
}

func TestTakeback(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	tb.do("red", "end")
	mark := int64(tb.r.Len() - 1)
	want := tb.r.Game().Hash()
	tb.do("blue", "order hold")
	tb.do("blue", "end")
	b := tb.r.NextBody("red", logs.KindTakeback, tb.now())
	b.To = mark
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	b = tb.r.NextBody("blue", logs.KindAgree, tb.now())
	b.To = mark
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	if tb.r.Game().Hash() != want {
		t.Fatal("after the agreed takeback the state is not the one after entry", mark)
	}
	// No re-rolls: a takeback over drawn dice is refused.
	before := int64(tb.r.Len() - 1)
	tb.do("blue", "attack")
	tb.do("red")
	tb.do("blue")
	b = tb.r.NextBody("blue", logs.KindTakeback, tb.now())
	b.To = before
	if err := tb.r.Complete(b, tb.next("blue")); !errors.Is(err, ErrDice) || !strings.Contains(err.Error(), "never re-rolled") {
		t.Fatalf("want a takeback over dice refused, have %v", err)
	}
}

func TestThreeSeatsAnswerInSeatOrder(t *testing.T) {
	load := testLoader{engines: games.All(), scenario: func(game, name string) ([]byte, error) { return []byte("seats a b c\n"), nil }}
	tb := newTable(t, "freeplay", "three", logs.DiceStrict, load, "a", "b", "c")
	req := tb.do("a", "roll 2d6 for the bridge")
	// c may not answer before b.
	b := tb.r.NextBody("c", logs.KindReveal, tb.now())
	b.Epoch, b.Link = req.Request, mustHex(tb.players["c"].chain.Link(1))
	wantDiceErr(t, tb.r.Append(tb.sign(b)), b.Seq, "out of turn")
	ab := tb.do("b")
	ac := tb.do("c")
	rev := tb.do("a")
	links := [][]byte{mustLink(rev.Link), mustLink(ab.Link), mustLink(ac.Link)}
	s := logs.NewStream(logs.EpochKey(links, "g-test", "a", 1, req.Line))
	if got, want := rev.Draws[0].Values, s.Draw([]int{6, 6}); got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("three-seat draw %v; the key over links in seat order gives %v", got, want)
	}
}

// A rotate entry, signed with the old key, moves a seat to a new key and a new
// dice chain: later entries must be signed with the new key, and links continue
// from the new head.
func TestRotate(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	old := tb.players["red"]
	fresh := newPlayer(t, "red-2")
	b := tb.r.NextBody("red", logs.KindRotate, tb.now())
	b.Key, b.Head = fresh.key(), fresh.chain.Head()
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	tb.players["red"] = fresh
	// The old key no longer signs for red.
	nb, _ := tb.r.Build("red", []string{"end"}, tb.next("red"), tb.now())
	e, _ := logs.SignBody(old.signer, nb)
	wantEntryErr(t, tb.r.Append(e), nb.Seq, ErrSignature, "not signed by seat red's key")
	// Dice use link 1 of the new chain.
	tb.do("red", "attack")
	tb.do("blue")
	rev := tb.do("red")
	if want, _ := fresh.chain.Link(1); rev.Link != want {
		t.Fatalf("after the rotation red reveals link 1 of its new chain; have %s", rev.Link)
	}
	if rep := Verify(bytes.NewReader(tb.lines()), duelLoader); !rep.OK() {
		t.Fatal(rep.Problems)
	}
}
