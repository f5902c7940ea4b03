package replay

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

// wantV1Warning checks that a replay warns of its v1 casual dice, naming
// what it must.
func wantV1Warning(t *testing.T, r *Replay, fragments ...string) {
	t.Helper()
	w := r.ProtocolWarning()
	for _, f := range append([]string{"protocol v1", "choose his own rolls by trying chain heads"}, fragments...) {
		if !strings.Contains(w, f) {
			t.Fatalf("the warning %q does not say %q", w, f)
		}
	}
}

// Under protocol v1 (the logs of older releases) a casual draw was keyed by
// the other seat's last line whatever came first: the seat that joins and
// moves first draws straight after its accept, as pbem did then. The log
// verifies, pbem plays on without an acknowledgement, and the warning names
// the entry. The same entry in a game of v2 is refused
// (TestCasualGroundAcceptHeadIsRefused).
func TestV1CasualDrawAfterAcceptVerifies(t *testing.T) {
	tb := v1Table(t, "freeplay", "allied-german", nil, logs.DiceCasual, games.Shipped, "german", "allied", "german")
	if w := tb.r.Waiting(); w.Dice || w.Seats[0] != "allied" {
		t.Fatalf("v1 has no acknowledgement: allied plays at once: %+v", w)
	}
	wantV1Warning(t, tb.r, "no draw of this log so far")
	e := tb.do("allied", bridgeRoll)
	if e.V != 1 || len(e.Draws) != 1 || e.Link == "" {
		t.Fatalf("a v1 game's entries are v1, and allied draws at once: %+v", e.Body)
	}
	// The key's line is the invite, as docs/dice.md 3.3 says without rule 3.
	key := logs.EpochKey([][]byte{mustLink(e.Link), mustLink(tb.players["german"].chain.Head())}, "g-test", "allied", 1, tb.r.Entry(0).Line)
	if got, want := e.Draws[0].Values, logs.NewStream(key).Draw([]int{6, 6}); !slices.Equal(got, want) {
		t.Fatalf("drawn %v; the key over the invite gives %v", got, want)
	}
	wantV1Warning(t, tb.r, "entry 2 drew dice as only v1 allows: allied drew with the dice chain it committed at entry 1, keyed by entry 0, which came before")
	rep := Verify(bytes.NewReader(tb.lines()), games.Shipped)
	if !rep.OK() {
		t.Fatal(rep.Problems)
	}
	wantV1Warning(t, rep.Replay, "entry 2 drew")
}

// The grinding attack of issue 11 passes under v1: that is what the warning
// says. A rotate to a ground head, then two sixes.
func TestV1CasualGroundRotatedHeadIsNamed(t *testing.T) {
	tb := v1Table(t, "freeplay", "allied-german", nil, logs.DiceCasual, games.Shipped, "allied", "allied", "german")
	tb.do("allied", "play 82nd Airborne drops at 2710")
	chain, _ := tb.grind("allied", []int{6, 6}, bridgeRoll)
	rot := tb.post("allied", logs.KindRotate, func(b *logs.Body) { b.Head = chain.Head() })
	tb.mustAppend(rot)
	tb.mustAppend(tb.sign(tb.casualEntry("allied", mustHex(chain.Link(1)), bridgeRoll)))
	if got := tb.r.Last().Draws[0].Values; !slices.Equal(got, []int{6, 6}) {
		t.Fatalf("the ground chain gives %v", got)
	}
	wantV1Warning(t, tb.r, "entry 4 drew dice as only v1 allows", "committed at entry 3")
}

// Three seats with casual dice: v2 refuses the invite (TestCasualNeedsTwoSeats);
// a v1 game plays on, and its warning says a partner could choose the rolls.
func TestV1CasualThreeSeats(t *testing.T) {
	tb := v1Table(t, "normandy44", "cherbourg", []string{"players=3-allied"}, logs.DiceCasual, games.Shipped, "us", "us", "cw", "german")
	wantV1Warning(t, tb.r, "with 3 seats a partner could choose them")
	if strings.Contains(tb.r.ProtocolWarning(), "no draw") {
		t.Fatalf("three seats are what v2 refuses: %q", tb.r.ProtocolWarning())
	}
	need := tb.r.Game().Pending().Dice
	tb.do(string(need.By))
	if tb.r.Epochs() != 1 {
		t.Fatal("the invasion's dice are drawn")
	}
}

// Under v1 whoever gave 'pbem do' drew the dice awaited before anyone
// decides; v2 has their own seat draw them (TestCasualPendingDiceDrawnByTheirSeat).
func TestV1PendingDiceDrawnByAnotherSeat(t *testing.T) {
	tb := v1Table(t, "normandy44", "cherbourg", nil, logs.DiceCasual, games.Shipped, "allied", "allied", "german")
	// pbem itself, even in a v1 game, leaves them to their seat.
	if _, err := tb.r.Build("german", nil, tb.next("german"), tb.now()); err == nil || !strings.Contains(err.Error(), "allied's to draw") {
		t.Fatalf("pbem draws allied's dice for german in a v1 game: %v", err)
	}
	tb.mustAppend(tb.sign(tb.casualEntry("german", mustHex(tb.players["german"].chain.Link(1)))))
	wantV1Warning(t, tb.r, "entry 2 drew dice as only v1 allows: german drew the dice for", "which were allied's to draw")
}

// A game is of its invite's version, every entry of it: neither a v2 entry in
// a v1 game nor a v1 entry in a v2 one is taken, even from the right seat.
func TestEntryKeepsTheInvitesVersion(t *testing.T) {
	for _, v := range []int{1, 2} {
		tb := inviteTableV(t, v, "freeplay", "allied-german", "", nil, logs.DiceStrict, games.Shipped, "allied", "allied", "german")
		tb.acceptAll()
		b, err := tb.r.Build("allied", []string{"pass"}, tb.next("allied"), tb.now())
		if err != nil {
			t.Fatal(err)
		}
		if b.V != v {
			t.Fatalf("pbem writes v%d in a game of v%d", b.V, v)
		}
		b.V = 3 - v
		wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "every entry of a game keeps its invite's")
	}
}

// v1 has no acknowledgement: an empty reveal is refused there, and pbem never
// asks for one.
func TestV1NoAcknowledgement(t *testing.T) {
	tb := v1Table(t, "freeplay", "allied-german", nil, logs.DiceCasual, games.Shipped, "german", "allied", "german")
	b := tb.r.NextBody("german", logs.KindReveal, tb.now())
	wantDiceErr(t, tb.r.Append(tb.sign(b)), b.Seq, "no dice are awaited")
	if _, err := tb.r.Build("german", nil, tb.next("german"), tb.now()); err == nil {
		t.Fatal("pbem made an acknowledgement in a v1 game")
	}
}

// A takeback after a resignation, or to an entry an earlier takeback undid,
// was taken by older releases: v1 logs with one verify. v2 refuses both
// (TestNoTakebackAfterResign, TestTakebackToUndoneEntry). No version agrees
// to a takeback to an undone entry: its state is no longer the game's.
func TestV1Takebacks(t *testing.T) {
	tb := v1Table(t, "duel", "standard", nil, logs.DiceStrict, duelLoader, "red", "red", "blue")
	first, undone := undoOne(tb)
	tb.mustAppend(tb.post("red", logs.KindTakeback, func(b *logs.Body) { b.To = undone }))
	b := tb.r.NextBody("blue", logs.KindAgree, tb.now())
	b.To, b.State = undone, tb.r.Game().Hash()
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "no state after it to return to")

	tb.mustAppend(tb.post("blue", logs.KindResign, func(*logs.Body) {}))
	tb.mustAppend(tb.post("red", logs.KindTakeback, func(b *logs.Body) { b.To = first }))
	if w := tb.r.Waiting(); !w.Over {
		t.Fatal("a takeback proposed after a resignation does not reopen the game")
	}
	if rep := Verify(bytes.NewReader(tb.lines()), duelLoader); !rep.OK() {
		t.Fatal(rep.Problems)
	}
}

// A strict or solo game of v1 plays by the same rules as one of v2, and has
// nothing to warn of.
func TestV1StrictHasNoWarning(t *testing.T) {
	for _, mode := range []logs.DiceMode{logs.DiceStrict, logs.DiceSolo} {
		tb := v1Table(t, "freeplay", "allied-german", nil, mode, games.Shipped, "allied", "allied", "german")
		if w := tb.r.ProtocolWarning(); w != "" {
			t.Fatalf("%s: %q", mode, w)
		}
	}
	tb := newTable(t, "freeplay", "allied-german", logs.DiceCasual, games.Shipped, "allied", "german")
	if w := tb.r.ProtocolWarning(); w != "" || tb.r.Protocol() != logs.Version {
		t.Fatalf("v%d casual: %q", tb.r.Protocol(), w)
	}
}
