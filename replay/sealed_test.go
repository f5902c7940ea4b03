package replay

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// Sealed draws (docs/dice.md part 4), on the cards test game: ann, bob and
// cy in strict dice.

func cardsTable(t *testing.T, scenario string) *table {
	seats := []string{"ann", "bob", "cy"}
	if scenario == "two" {
		seats = seats[:2]
	}
	return newTable(t, "cards", scenario, logs.DiceStrict, cardsLoader, seats...)
}

// peekTop is what seat's own machine shows of the top card (Peek with its
// seed), as its View line.
func peekTop(t *testing.T, tb *table, seat string) string {
	t.Helper()
	g, problems := tb.r.Peek(seat, [][]byte{tb.players[seat].seed})
	if len(problems) > 0 {
		t.Fatalf("%s's peek: %v", seat, problems)
	}
	return g.View(rules.Seat(seat)).Lines[0]
}

func cardsOf(tb *table) *cards { return tb.r.Game().(*cards) }

// A look, a second look and the card taken: the request commits, the others
// answer, the drawer's next entry seals it; only the drawer, then the seat it
// shares with, sees the card; when the card is taken, the drawer's entry
// reveals the secret and every machine checks it.
func TestSealedLookShareAndTake(t *testing.T) {
	tb := cardsTable(t, "three")
	req := tb.do("ann", "look")
	if req.Request != 1 || logs.CheckCommit(req.Seal) != nil {
		t.Fatalf("the look's entry: request %d, seal %q", req.Request, req.Seal)
	}
	if w := tb.r.Waiting(); !w.Dice || !slices.Equal(w.Seats, []string{"bob"}) {
		t.Fatalf("after the request: %+v", w)
	}
	tb.settle(5)
	entries := tb.r.Entries()
	take := entries[len(entries)-1]
	if take.By != "ann" || take.Link != "" || len(take.Draws) != 1 || len(take.Draws[0].Values) != 0 || take.Draws[0].Epoch != 1 {
		t.Fatalf("the entry that takes the sealed draw: %s", take.Line)
	}
	c := cardsOf(tb)
	if c.Sealed != SealToken(1) || c.Top != 0 || c.Need != "" {
		t.Fatalf("the game after the seal: %+v", c)
	}
	annSees := peekTop(t, tb, "ann")
	if !strings.HasPrefix(annSees, "top: card ") {
		t.Fatalf("ann's own machine shows %q", annSees)
	}
	for _, seat := range []string{"bob", "cy"} {
		if got := peekTop(t, tb, seat); got != "top: sealed, seen by ann" {
			t.Errorf("%s's machine shows %q", seat, got)
		}
	}
	tb.do("ann", "end")

	// bob looks too: his entry carries his box key; ann's box follows.
	look := tb.do("bob", "look")
	if look.BoxKey == "" || look.Request != 0 || look.Seal != "" {
		t.Fatalf("bob's second look: %s", look.Line)
	}
	if w := tb.r.Waiting(); !slices.Equal(w.Seats, []string{"ann"}) || !strings.Contains(w.Text, "shows sealed draw 1 to bob") {
		t.Fatalf("after bob's key: %+v", w)
	}
	tb.settle(3)
	box := tb.r.Last()
	if box.By != "ann" || box.Box == "" || box.BoxKey == "" || len(box.Draws) != 1 || len(box.Draws[0].Values) != 0 {
		t.Fatalf("ann's box: %s", box.Line)
	}
	if got := peekTop(t, tb, "bob"); got != annSees {
		t.Errorf("bob is shown %q; ann saw %q", got, annSees)
	}
	if got := peekTop(t, tb, "cy"); got != "top: sealed, seen by ann bob" {
		t.Errorf("cy's machine shows %q", got)
	}

	// bob takes the card: ann must reveal her secret, and does.
	tb.do("bob", "take")
	if w := tb.r.Waiting(); !w.Dice || !slices.Equal(w.Seats, []string{"ann"}) || !strings.Contains(w.Text, "reveals the secret of sealed draw 1") {
		t.Fatalf("after the take: %+v", w)
	}
	tb.settle(3)
	reveal := tb.r.Last()
	if reveal.By != "ann" || reveal.Secret == "" || len(reveal.Draws) != 1 || reveal.Draws[0].Epoch != 1 {
		t.Fatalf("ann's reveal: %s", reveal.Line)
	}
	if got, want := "top: card "+strconv.Itoa(reveal.Draws[0].Values[0]), annSees; got != want {
		t.Errorf("the revealed card is %q; ann had seen %q", got, want)
	}
	c = cardsOf(tb)
	if c.Taken != 1 || c.Score[1] != reveal.Draws[0].Values[0] || c.Sealed != "" {
		t.Errorf("after the reveal: %+v", c)
	}
	sd := tb.r.SealedDraws()
	if len(sd) != 1 || sd[0].RevealedAt != reveal.Seq || !slices.Equal(sd[0].Shown, []string{"bob"}) || sd[0].Drawer != "ann" {
		t.Errorf("SealedDraws: %+v", sd)
	}
	rep := Verify(bytes.NewReader(tb.lines()), cardsLoader)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	if got := rep.Replay.SealedDraws(); len(got) != 1 || !slices.Equal(got[0].Values, reveal.Draws[0].Values) {
		t.Errorf("verify's sealed draws: %+v", got)
	}
}
