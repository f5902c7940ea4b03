package replay

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// TestNormandyFourSeats replays Normandy '44 with players=4 (24.0) in strict
// dice: the seats come from the invite's option, only the seat the rules
// name may act, a seat's command on another seat's unit is refused by the
// rules, and the first dice the random players' commands need once us has
// acted are answered by the three other seats in seat order and keyed over
// all four links. (Which seat plays first depends on the dice, which depend
// on every line of the log: earlier requests are settled as pbem would.)
func TestNormandyFourSeats(t *testing.T) {
	seats := []string{"us", "cw", "german-cw", "german-us"}
	tb := newTableWith(t, "normandy44", "cherbourg", []string{"players=4"}, logs.DiceStrict, games.Shipped, seats...)
	if got := tb.r.Game().Seats(); !slices.Equal(got, []rules.Seat{"us", "cw", "german-cw", "german-us"}) {
		t.Fatalf("seats %v", got)
	}
	tb.settle(9)
	rnd := rand.New(rand.NewPCG(24, 4))
	refused, notPending := false, false
	var req *logs.Entry
	for n := 0; req == nil; n++ {
		if n > 400 {
			t.Fatalf("no dice request by %s", tb.r.Waiting().Text)
		}
		seat := string(tb.r.Game().Pending().Seats[0])
		if !notPending {
			other := seats[(slices.Index(seats, seat)+1)%len(seats)]
			if _, err := tb.r.Build(other, []string{"end"}, tb.next(other), tb.now()); !errors.Is(err, ErrProtocol) {
				t.Fatalf("%s acts in %s's part of the phase: %v", other, seat, err)
			}
			notPending = true
		}
		if seat == "us" && !refused {
			_, err := tb.r.Build("us", []string{"move 1057/91 2808 2807"}, tb.next("us"), tb.now())
			if !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), "24.0: 1057/91 belongs to the german-us seat") {
				t.Fatalf("us moves a German unit: %v", err)
			}
			refused = true
		}
		e := tb.do(seat, normandy.RandomCommand(tb.r.Game(), rules.Seat(seat), rnd))
		switch {
		case e.Request != 0 && refused:
			req = e
		case e.Request != 0:
			tb.settle(9)
		}
	}
	need := tb.r.Game().Pending().Dice
	var answers []*logs.Entry
	for _, s := range seats {
		if s != req.By {
			answers = append(answers, tb.do(s))
		}
	}
	rev := tb.do(req.By)
	if len(rev.Draws) == 0 || rev.Draws[0].For != need.For {
		t.Fatalf("the requester's reveal draws %v, want %q", rev.Draws, need.For)
	}
	byseat := map[string][]byte{req.By: mustLink(rev.Link)}
	for _, a := range answers {
		byseat[a.By] = mustLink(a.Link)
	}
	var links [][]byte
	for _, s := range seats {
		links = append(links, byseat[s])
	}
	want := logs.NewStream(logs.EpochKey(links, "g-test", req.By, req.Request, req.Line)).Draw(need.Sides)
	if !slices.Equal(rev.Draws[0].Values, want) {
		t.Fatalf("the draw %v; the key over the four links in seat order gives %v", rev.Draws[0].Values, want)
	}
	if !refused {
		t.Error("us never acted")
	}
	if rep := Verify(bytes.NewReader(tb.lines()), games.Shipped); !rep.OK() {
		t.Fatal(rep.Problems)
	}
}

// normandy is Normandy '44 as pbem finds it.
var normandy, _ = games.Lookup("normandy44")
