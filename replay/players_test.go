package replay

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
	_ "github.com/pbem-referee/pbem/rules/normandy44"
	"github.com/pbem-referee/pbem/scenarios"
)

// TestNormandyFourSeats replays Normandy '44 with players=4 (24.0) in strict
// dice: the seats come from the invite's option, only the seat the rules
// name may act, a seat's command on another seat's unit is refused by the
// rules, and the weather die of turn 2 is answered by the three other seats
// in seat order and keyed over all four links.
func TestNormandyFourSeats(t *testing.T) {
	seats := []string{"us", "cw", "german-cw", "german-us"}
	tb := newTableWith(t, "normandy44", "cherbourg", []string{"players=4"}, logs.DiceStrict, scenarios.Read, seats...)
	if got := tb.r.Game().Seats(); !slices.Equal(got, []rules.Seat{"us", "cw", "german-cw", "german-us"}) {
		t.Fatalf("seats %v", got)
	}
	if _, err := tb.r.Build("cw", []string{"end"}, tb.next("cw"), tb.now()); !errors.Is(err, ErrProtocol) {
		t.Fatalf("cw acts in us's part of the phase: %v", err)
	}
	if _, err := tb.r.Build("us", []string{"move 1057/91 2808 2807"}, tb.next("us"), tb.now()); !errors.Is(err, ErrRules) ||
		!strings.Contains(err.Error(), "24.0: 1057/91 belongs to the german-us seat") {
		t.Fatalf("us moves a German unit: %v", err)
	}
	// Every seat ends its part of every phase until the turn-2 weather die.
	var req *logs.Entry
	for n := 0; req == nil; n++ {
		if n > 60 {
			t.Fatalf("no dice by %s", tb.r.Waiting().Text)
		}
		p := tb.r.Game().Pending()
		e := tb.do(string(p.Seats[0]), "end")
		if e.Request != 0 {
			req = e
		}
	}
	if !strings.Contains(tb.r.Game().Pending().Dice.For, "weather, turn 2") {
		t.Fatalf("the first dice are for %q", tb.r.Game().Pending().Dice.For)
	}
	var answers []*logs.Entry
	for _, s := range seats {
		if s != req.By {
			answers = append(answers, tb.do(s))
		}
	}
	rev := tb.do(req.By)
	if len(rev.Draws) != 1 {
		t.Fatalf("the requester's reveal draws %v", rev.Draws)
	}
	byseat := map[string][]byte{req.By: mustLink(rev.Link)}
	for _, a := range answers {
		byseat[a.By] = mustLink(a.Link)
	}
	var links [][]byte
	for _, s := range seats {
		links = append(links, byseat[s])
	}
	want := logs.NewStream(logs.EpochKey(links, "g-test", req.By, 1, req.Line)).Draw([]int{6})
	if rev.Draws[0].Values[0] != want[0] {
		t.Fatalf("the weather die %v; the key over the four links in seat order gives %v", rev.Draws[0].Values, want)
	}
	if rep := Verify(bytes.NewReader(tb.lines()), scenarios.Read); !rep.OK() {
		t.Fatal(rep.Problems)
	}
}
